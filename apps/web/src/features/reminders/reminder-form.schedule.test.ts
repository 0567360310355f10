import { describe, expect, it } from 'vitest';
import { checkSchedule } from '@glucosuivi/domain/reminders/schedule';
import { buildReminderInput, emptyValues, type ReminderFormValues } from './reminder-form';

/**
 * The form against the domain's real schedule helper: the same verdicts as the server, before
 * anything is sent (the other form tests stub it). A helper that throws fails these tests: it
 * would also fail every reminder the server checks.
 */
const values = (patch: Partial<ReminderFormValues>): ReminderFormValues => ({
  ...emptyValues('2026-03-10', 'Europe/Paris'),
  label: 'Glycémie',
  ...patch,
});

describe('reminder form with the real schedule helper', () => {
  it('the helper accepts a plain weekly schedule', () => {
    expect(checkSchedule({ type: 'weekly', times: ['08:00'], days: [1] }, 'Europe/Paris', '2026-03-10', null)).toBe('ok');
  });

  it('refuses a rule firing every minute, on the rule, nothing to send', () => {
    const result = buildReminderInput(values({ mode: 'rrule', rule: 'FREQ=MINUTELY' }));
    expect(result).toEqual({ ok: false, errors: { fields: { rule: 'reminders:issues.reminderTooFrequent' }, badTimes: [] } });
  });

  it('refuses a rule that never fires (30 February)', () => {
    const result = buildReminderInput(values({ mode: 'rrule', rule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30;BYHOUR=8;BYMINUTE=0' }));
    expect(result).toEqual({ ok: false, errors: { fields: { rule: 'reminders:issues.reminderNeverFires' }, badTimes: [] } });
  });

  it('refuses a one-day period on a day the weekly schedule skips (a Tuesday, Mondays only)', () => {
    const result = buildReminderInput(values({ days: [1], startsOn: '2026-03-10', endsOn: '2026-03-10' }));
    expect(result).toEqual({ ok: false, errors: { fields: { times: 'reminders:issues.reminderNeverFires' }, badTimes: [] } });
  });

  it('refuses two times 3 minutes apart, and a rule syntax it cannot read', () => {
    expect(buildReminderInput(values({ times: ['08:00', '08:03'] }))).toMatchObject({ ok: false, errors: { fields: { times: 'reminders:issues.reminderTooFrequent' } } });
    expect(buildReminderInput(values({ mode: 'rrule', rule: 'TOUS LES JOURS' }))).toMatchObject({ ok: false, errors: { fields: { rule: 'reminders:issues.reminderRuleInvalid' } } });
  });

  it('accepts a weekly rule and a daily schedule', () => {
    expect(buildReminderInput(values({ mode: 'rrule', rule: 'FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=8;BYMINUTE=30' })).ok).toBe(true);
    expect(buildReminderInput(values({ times: ['08:00', '12:30'] })).ok).toBe(true);
  });
});
