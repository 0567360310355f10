import { describe, expect, it } from 'vitest';
import {
  quietHoursSchema,
  REMINDER_ISSUES,
  REMINDER_RULE_MAX,
  reminderInputSchema,
} from './reminders.schemas';

const valid = {
  kind: 'measurement',
  label: 'Glycémie du matin',
  schedule: { type: 'weekly', times: ['08:00'], days: [1, 2, 3, 4, 5, 6, 7] },
  timeZone: 'Europe/Paris',
  startsOn: '2026-06-01',
};

/** The issues of a refused input, as [path, message]. */
function issuesOf(input: unknown): [string, string][] {
  const result = reminderInputSchema.safeParse(input);
  expect(result.success).toBe(false);
  return result.success
    ? []
    : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('reminderInputSchema', () => {
  it('accepts a reminder and fills the defaults', () => {
    const result = reminderInputSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      medicationName: null,
      instructions: null,
      endsOn: null,
      sendPush: false,
      sendEmail: false,
    });
    expect(
      reminderInputSchema.safeParse({
        ...valid,
        schedule: { type: 'rrule', rule: 'FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=8;BYMINUTE=30' },
      }).success,
    ).toBe(true);
  });

  it('refuses an unknown time zone, on that field only', () => {
    expect(issuesOf({ ...valid, timeZone: 'Mars/Olympus' })).toEqual([
      ['timeZone', 'timezoneInvalid'],
    ]);
  });

  it('refuses 25:00, on that time only', () => {
    expect(
      issuesOf({ ...valid, schedule: { type: 'weekly', times: ['08:00', '25:00'], days: [1] } }),
    ).toEqual([['schedule.times.1', REMINDER_ISSUES.timeInvalid]]);
    expect(
      issuesOf({ ...valid, schedule: { type: 'weekly', times: ['08:00', '08:00'], days: [1] } }),
    ).toEqual([['schedule.times', REMINDER_ISSUES.timesRepeat]]);
  });

  it('requires a medication name for a medication reminder', () => {
    expect(issuesOf({ ...valid, kind: 'medication' })).toEqual([
      ['medicationName', REMINDER_ISSUES.medicationNameRequired],
    ]);
    expect(issuesOf({ ...valid, kind: 'medication', medicationName: '   ' })).toEqual([
      ['medicationName', REMINDER_ISSUES.medicationNameRequired],
    ]);
    expect(
      reminderInputSchema.safeParse({ ...valid, kind: 'medication', medicationName: 'Metformine' })
        .success,
    ).toBe(true);
  });

  it('refuses a last day before the first day', () => {
    expect(issuesOf({ ...valid, endsOn: '2026-05-31' })).toEqual([
      ['endsOn', REMINDER_ISSUES.endsBeforeStart],
    ]);
    expect(reminderInputSchema.safeParse({ ...valid, endsOn: '2026-06-01' }).success).toBe(true);
  });

  it('gives the schedule verdict on the schedule', () => {
    const withRule = (rule: string) => ({ ...valid, schedule: { type: 'rrule', rule } });
    expect(issuesOf(withRule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'))).toEqual([
      ['schedule', REMINDER_ISSUES.neverFires],
    ]);
    expect(issuesOf(withRule('FREQ=MINUTELY'))).toEqual([
      ['schedule', REMINDER_ISSUES.tooFrequent],
    ]);
    expect(issuesOf(withRule('DTSTART:20260101T080000Z\nRRULE:FREQ=DAILY'))).toEqual([
      ['schedule', REMINDER_ISSUES.ruleInvalid],
    ]);
    expect(issuesOf(withRule(`FREQ=DAILY;BYHOUR=${'8,'.repeat(REMINDER_RULE_MAX)}8`))).toEqual([
      ['schedule.rule', REMINDER_ISSUES.ruleInvalid],
    ]);
    expect(
      issuesOf({ ...valid, schedule: { type: 'weekly', times: ['08:00', '08:03'], days: [1] } }),
    ).toEqual([['schedule', REMINDER_ISSUES.tooFrequent]]);
    // 1 June 2026 is a Monday: a Saturday reminder ending on the 3rd never fires.
    expect(
      issuesOf({
        ...valid,
        schedule: { type: 'weekly', times: ['08:00'], days: [6] },
        endsOn: '2026-06-03',
      }),
    ).toEqual([['schedule', REMINDER_ISSUES.neverFires]]);
  });

  it('still judges the schedule when only another field is wrong', () => {
    expect(
      issuesOf({ ...valid, label: '', schedule: { type: 'rrule', rule: 'FREQ=MINUTELY' } }),
    ).toEqual([
      ['label', 'textRequired'],
      ['schedule', REMINDER_ISSUES.tooFrequent],
    ]);
  });
});

describe('quietHoursSchema', () => {
  it('takes both ends or neither', () => {
    expect(quietHoursSchema.safeParse({ start: '22:00', end: '07:00' }).success).toBe(true);
    expect(quietHoursSchema.safeParse({ start: null, end: null }).success).toBe(true);
    const half = quietHoursSchema.safeParse({ start: '22:00', end: null });
    expect(half.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['end', REMINDER_ISSUES.quietHoursIncomplete],
    ]);
  });
});
