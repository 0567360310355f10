import { describe, expect, it } from 'vitest';
import { availability } from '@/test/appointments-fixtures';
import { fieldErrors, newClosed, newOpening, newRule, toAvailabilityInput, valuesFromAvailability, type AvailabilityValues } from './availability-form';

const values = (patch: Partial<AvailabilityValues> = {}): AvailabilityValues => ({ timezone: 'Europe/Paris', rules: [], exceptions: [], ...patch });

describe('availability form', () => {
  it('turns the inputs into the save body: numbers, no address for video, trimmed address in person', () => {
    const rule = { ...newRule(), weekday: 2, start: '08:30', end: '12:00', slotMinutes: '20', address: '  3 place du Marché ' };
    const video = { ...newRule(rule), mode: 'video' as const, address: 'ignored' };
    const result = toAvailabilityInput(values({ rules: [rule, video], exceptions: [{ ...newClosed('2026-12-24'), to: '2026-12-26' } as never] }));
    expect(result).toEqual({
      input: {
        timezone: 'Europe/Paris',
        rules: [
          { weekday: 2, start: '08:30', end: '12:00', slotMinutes: 20, mode: 'in_person', address: '3 place du Marché' },
          { weekday: 3, start: '08:30', end: '12:00', slotMinutes: 20, mode: 'video', address: null },
        ],
        exceptions: [{ kind: 'closed', from: '2026-12-24', to: '2026-12-26' }],
      },
    });
  });

  it("names each refused field with the domain rule's text", () => {
    const result = toAvailabilityInput(
      values({
        rules: [
          { ...newRule(), start: '12:00', end: '09:00', address: 'Cabinet' },
          { ...newRule(), start: '09:00', end: '09:20', slotMinutes: '30', address: 'Cabinet' },
          { ...newRule(), address: '   ' },
          { ...newRule(), slotMinutes: '', address: 'Cabinet' },
        ],
        exceptions: [{ ...newClosed('2026-12-26'), to: '2026-12-24' } as never, { ...newOpening('2026-12-27', 'Cabinet'), start: '' } as never],
      }),
    );
    expect('errors' in result && result.errors).toEqual({
      'rules.0.end': 'errors:issues.appointmentEndBeforeStart',
      'rules.1.slotMinutes': 'errors:issues.appointmentSlotLongerThanRange',
      'rules.2.address': 'errors:issues.appointmentAddressRequired',
      'rules.3.slotMinutes': 'appointments:availability.errors.slotMinutes',
      'exceptions.0.to': 'errors:issues.appointmentRangeReversed',
      'exceptions.1.start': 'errors:issues.appointmentTimeInvalid',
    });
  });

  it('names a missing in-person address even when another field of the same range is refused too', () => {
    const result = toAvailabilityInput(
      values({
        rules: [{ ...newRule(), slotMinutes: '', address: '' }],
        exceptions: [{ ...newOpening('2026-12-27'), start: '', address: '  ' } as never],
      }),
    );
    expect('errors' in result && result.errors).toEqual({
      'rules.0.slotMinutes': 'appointments:availability.errors.slotMinutes',
      'rules.0.address': 'errors:issues.appointmentAddressRequired',
      'exceptions.0.start': 'errors:issues.appointmentTimeInvalid',
      'exceptions.0.address': 'errors:issues.appointmentAddressRequired',
    });
  });

  it("reads the server's issues the same way (their path starts with 'body')", () => {
    expect(fieldErrors([{ path: ['body', 'rules', 0, 'address'], message: 'appointmentAddressRequired' }, { path: ['body', 'timezone'], message: 'timezoneInvalid' }])).toEqual({
      'rules.0.address': 'errors:issues.appointmentAddressRequired',
      timezone: 'appointments:availability.errors.timezone',
    });
  });

  it('loads a saved schedule and continues a week from the last range', () => {
    const loaded = valuesFromAvailability(
      availability({
        timezone: 'America/Montreal',
        rules: [{ weekday: 7, start: '14:00', end: '18:00', slotMinutes: 45, mode: 'video', address: null }],
        exceptions: [{ kind: 'open', date: '2026-11-02', start: '10:00', end: '11:00', slotMinutes: 15, mode: 'in_person', address: 'Cabinet' }],
      }),
    );
    expect(loaded.rules[0]).toMatchObject({ weekday: 7, start: '14:00', slotMinutes: '45', mode: 'video', address: '' });
    expect(loaded.exceptions[0]).toMatchObject({ kind: 'open', date: '2026-11-02', slotMinutes: '15', address: 'Cabinet' });
    // Sunday is followed by Monday.
    expect(newRule(loaded.rules[0]).weekday).toBe(1);
    expect(new Set([...loaded.rules, ...loaded.exceptions].map((r) => r.key)).size).toBe(2);
  });
});
