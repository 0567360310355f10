import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ScheduleVerdict } from '@glucosuivi/domain/reminders/schedule';
import { buildQuietHours, buildReminderInput, emptyValues, issuesToErrors, toInput, type ReminderFormValues } from './reminder-form';

// The schedule's verdict (never fires, too frequent) is the domain's schedule helper, still a
// placeholder on this branch: here it is stubbed, to check what the form does with each verdict.
// reminder-form.schedule.test.ts checks real rules against the real helper.
const verdict = vi.hoisted(() => ({ next: 'ok' as ScheduleVerdict, calls: 0 }));
vi.mock('@glucosuivi/domain/reminders/schedule', () => ({
  checkSchedule: () => {
    verdict.calls++;
    return verdict.next;
  },
}));

beforeEach(() => {
  verdict.next = 'ok';
  verdict.calls = 0;
});

const base = (patch: Partial<ReminderFormValues> = {}): ReminderFormValues => ({
  ...emptyValues('2026-03-10', 'Europe/Paris'),
  label: 'Glycémie du matin',
  ...patch,
});

function refused(values: ReminderFormValues) {
  const result = buildReminderInput(values);
  if (result.ok) throw new Error('expected a refusal');
  return result.errors;
}

describe('buildReminderInput, times and days', () => {
  it('accepts the defaults: every day at 08:00, from today, in the settings zone, in-app only', () => {
    const result = buildReminderInput(base());
    expect(result).toEqual({
      ok: true,
      body: {
        kind: 'measurement',
        label: 'Glycémie du matin',
        medicationName: null,
        instructions: null,
        schedule: { type: 'weekly', times: ['08:00'], days: [1, 2, 3, 4, 5, 6, 7] },
        timeZone: 'Europe/Paris',
        startsOn: '2026-03-10',
        endsOn: null,
        sendPush: false,
        sendEmail: false,
      },
    });
  });

  it("refuses '25:00' and '7:5' on the times, marking those inputs, before judging the schedule", () => {
    const errors = refused(base({ times: ['08:00', '25:00', '7:5'] }));
    expect(errors.fields.times).toBe('reminders:issues.reminderTimeInvalid');
    expect(errors.badTimes).toEqual([1, 2]);
    expect(verdict.calls).toBe(0);
  });

  it('asks for a time left empty, and for at least one time', () => {
    const empty = refused(base({ times: ['08:00', ''] }));
    expect(empty.fields.times).toBe('reminders:issues.timeRequired');
    expect(empty.badTimes).toEqual([1]);
    expect(refused(base({ times: [] })).fields.times).toBe('reminders:issues.timesRequired');
  });

  it('refuses a time given twice, and no day ticked', () => {
    expect(refused(base({ times: ['08:00', '08:00'] })).fields.times).toBe('reminders:issues.reminderTimesRepeat');
    expect(refused(base({ days: [] })).fields.days).toBe('reminders:issues.daysRequired');
  });

  it('says the shared text rules the shared way: an empty label is required', () => {
    expect(refused(base({ label: '   ' })).fields.label).toBe('errors:issues.textRequired');
  });

  it('sends the days in week order, and the medication fields only for a medication', () => {
    const body = toInput(base({ days: [7, 1, 3], medicationName: 'Metformine', instructions: 'Au repas' }));
    expect(body.schedule).toEqual({ type: 'weekly', times: ['08:00'], days: [1, 3, 7] });
    expect(body.medicationName).toBeNull();
    expect(body.instructions).toBeNull();
    const medication = toInput(base({ kind: 'medication', medicationName: 'Metformine', instructions: '' }));
    expect(medication).toMatchObject({ medicationName: 'Metformine', instructions: null });
  });
});

describe('buildReminderInput, rules across fields (the whole schema)', () => {
  it('asks for the medication name of a medication reminder', () => {
    expect(refused(base({ kind: 'medication' })).fields.medicationName).toBe('reminders:issues.reminderMedicationNameRequired');
  });

  it('names every refusal at once when the schedule is well formed: an empty label and no medication name', () => {
    const errors = refused(base({ kind: 'medication', label: '' }));
    expect(errors.fields).toEqual({ label: 'errors:issues.textRequired', medicationName: 'reminders:issues.reminderMedicationNameRequired' });
  });

  it('refuses a last day before the first one, on the last day', () => {
    expect(refused(base({ endsOn: '2026-03-09' })).fields.endsOn).toBe('reminders:issues.reminderEndsBeforeStart');
  });

  it('puts a schedule that never fires on the times, and a rule too frequent on the rule', () => {
    verdict.next = 'neverFires';
    expect(refused(base()).fields.times).toBe('reminders:issues.reminderNeverFires');
    verdict.next = 'tooFrequent';
    const rule = refused(base({ mode: 'rrule', rule: 'FREQ=MINUTELY' }));
    expect(rule.fields).toEqual({ rule: 'reminders:issues.reminderTooFrequent' });
  });

  it('refuses an empty rule before judging it', () => {
    expect(refused(base({ mode: 'rrule', rule: '  ' })).fields.rule).toBe('reminders:issues.reminderRuleInvalid');
    expect(verdict.calls).toBe(0);
  });
});

describe("issuesToErrors (the server's validation_failed issues)", () => {
  it('puts each issue on its field, translated, the first one per field', () => {
    const errors = issuesToErrors(
      [
        { path: ['body', 'label'], code: 'too_big', message: 'textTooLong' },
        { path: ['body', 'schedule', 'times', 1], code: 'invalid_format', message: 'reminderTimeInvalid' },
        { path: ['body', 'schedule', 'times', 2], code: 'invalid_format', message: 'reminderTimeInvalid' },
        { path: ['body', 'timeZone'], code: 'custom', message: 'timezoneInvalid' },
        { path: ['body', 'endsOn'], code: 'custom', message: 'reminderEndsBeforeStart' },
        { path: ['body', 'startsOn'], code: 'custom', message: 'dateOutOfRange' },
        { path: ['body', 'sendPush'], code: 'invalid_type', message: 'Invalid input' },
      ],
      base(),
    );
    expect(errors.fields).toEqual({
      label: 'errors:issues.textTooLong',
      times: 'reminders:issues.reminderTimeInvalid',
      timeZone: 'reminders:issues.timezoneInvalid',
      endsOn: 'reminders:issues.reminderEndsBeforeStart',
      startsOn: 'errors:issues.dateOutOfRange',
      form: 'reminders:issues.invalid',
    });
    expect(errors.badTimes).toEqual([1, 2]);
  });

  it("puts the schedule's verdict where the person wrote it: the times or the rule", () => {
    const issue = { path: ['body', 'schedule'], code: 'custom', message: 'reminderNeverFires' };
    expect(issuesToErrors([issue], base()).fields).toEqual({ times: 'reminders:issues.reminderNeverFires' });
    expect(issuesToErrors([issue], base({ mode: 'rrule' })).fields).toEqual({ rule: 'reminders:issues.reminderNeverFires' });
  });
});

describe('buildQuietHours', () => {
  it('sends both times, or none', () => {
    expect(buildQuietHours({ enabled: true, start: '22:00', end: '07:00' })).toEqual({ ok: true, body: { start: '22:00', end: '07:00' } });
    expect(buildQuietHours({ enabled: false, start: '22:00', end: '07:00' })).toEqual({ ok: true, body: { start: null, end: null } });
  });

  it('asks for a missing time and refuses an impossible one', () => {
    expect(buildQuietHours({ enabled: true, start: '22:00', end: '' })).toEqual({ ok: false, errors: { end: 'reminders:issues.timeRequired' } });
    expect(buildQuietHours({ enabled: true, start: '24:00', end: '07:00' })).toEqual({ ok: false, errors: { start: 'reminders:issues.reminderTimeInvalid' } });
  });
});
