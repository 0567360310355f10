import { describe, expect, it } from 'vitest';
import { generateSlots, localTimeOf, slotAt, type Schedule } from './slots';
import { availabilityInputSchema } from './appointments.schemas';

const PARIS = 'Europe/Paris';
const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

const mondayMornings: Schedule = {
  timezone: PARIS,
  rules: [
    {
      weekday: 1,
      start: '09:00',
      end: '10:00',
      slotMinutes: 30,
      mode: 'in_person',
      address: '1 rue de la Paix, Paris',
    },
  ],
  exceptions: [],
};

describe('generateSlots', () => {
  it('cuts a weekly opening into slots of its length, in UTC', () => {
    // Monday 2026-11-02 (winter time, UTC+1).
    const slots = generateSlots(
      mondayMornings,
      at('2026-11-02T00:00:00Z'),
      at('2026-11-03T00:00:00Z'),
    );
    expect(slots.map((s) => iso(s.startMs))).toEqual([
      '2026-11-02T08:00:00.000Z',
      '2026-11-02T08:30:00.000Z',
    ]);
    expect(slots.map((s) => iso(s.endMs))).toEqual([
      '2026-11-02T08:30:00.000Z',
      '2026-11-02T09:00:00.000Z',
    ]);
    expect(slots[0]).toMatchObject({ mode: 'in_person', address: '1 rue de la Paix, Paris' });
  });

  it('keeps 09:00 Paris at 09:00 Paris across the end of daylight saving time (2026-10-25)', () => {
    const schedule: Schedule = {
      timezone: PARIS,
      rules: [
        { weekday: 6, start: '09:00', end: '09:30', slotMinutes: 30, mode: 'video', address: null },
        { weekday: 1, start: '09:00', end: '09:30', slotMinutes: 30, mode: 'video', address: null },
      ],
      exceptions: [],
    };
    // Saturday 24 October (UTC+2) to Monday 26 October (UTC+1).
    const slots = generateSlots(schedule, at('2026-10-24T00:00:00Z'), at('2026-10-27T00:00:00Z'));
    expect(slots.map((s) => iso(s.startMs))).toEqual([
      '2026-10-24T07:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
    ]);
    expect(slots.map((s) => localTimeOf(s.startMs, PARIS))).toEqual(['09:00', '09:00']);
    // A patient in New York, whose clocks change a week later (1 November), sees the same two
    // slots one hour apart in their own time: 03:00, then 04:00.
    expect(slots.map((s) => localTimeOf(s.startMs, 'America/New_York'))).toEqual([
      '03:00',
      '04:00',
    ]);
  });

  it('gives a 25-hour day (end of DST) exactly its slots, none doubled by the repeated hour', () => {
    const schedule: Schedule = {
      timezone: PARIS,
      rules: [
        { weekday: 7, start: '01:00', end: '04:00', slotMinutes: 60, mode: 'video', address: null },
      ],
      exceptions: [],
    };
    const slots = generateSlots(schedule, at('2026-10-24T00:00:00Z'), at('2026-10-26T00:00:00Z'));
    expect(slots.map((s) => localTimeOf(s.startMs, PARIS))).toEqual(['01:00', '02:00', '03:00']);
    // 02:00 happens twice that night: the slot is its first (summer time) occurrence.
    expect(iso(slots[1]!.startMs)).toBe('2026-10-25T00:00:00.000Z');
  });

  it('drops a wall time that the start of DST skips (2026-03-29, 02:00–03:00 does not exist)', () => {
    const schedule: Schedule = {
      timezone: PARIS,
      rules: [
        { weekday: 7, start: '01:00', end: '04:00', slotMinutes: 60, mode: 'video', address: null },
      ],
      exceptions: [],
    };
    const slots = generateSlots(schedule, at('2026-03-28T00:00:00Z'), at('2026-03-30T00:00:00Z'));
    expect(slots.map((s) => localTimeOf(s.startMs, PARIS))).toEqual(['01:00', '03:00']);
  });

  it('skips closed ranges (both days included) and adds one-off openings', () => {
    const schedule: Schedule = {
      ...mondayMornings,
      exceptions: [
        { kind: 'closed', from: '2026-11-02', to: '2026-11-02' },
        {
          kind: 'open',
          date: '2026-11-04',
          start: '14:00',
          end: '14:20',
          slotMinutes: 20,
          mode: 'video',
          address: null,
        },
      ],
    };
    const slots = generateSlots(schedule, at('2026-11-01T00:00:00Z'), at('2026-11-10T00:00:00Z'));
    expect(slots.map((s) => iso(s.startMs))).toEqual([
      '2026-11-04T13:00:00.000Z',
      '2026-11-09T08:00:00.000Z',
      '2026-11-09T08:30:00.000Z',
    ]);
  });

  it('never returns two overlapping slots when rules overlap', () => {
    const schedule: Schedule = {
      timezone: PARIS,
      rules: [
        { weekday: 1, start: '09:00', end: '10:00', slotMinutes: 60, mode: 'video', address: null },
        { weekday: 1, start: '09:30', end: '10:30', slotMinutes: 30, mode: 'video', address: null },
      ],
      exceptions: [],
    };
    const slots = generateSlots(schedule, at('2026-11-02T00:00:00Z'), at('2026-11-03T00:00:00Z'));
    expect(slots.map((s) => localTimeOf(s.startMs, PARIS))).toEqual(['09:00', '10:00']);
  });

  it('finds the slot of an exact instant, and none off the grid or outside the schedule', () => {
    expect(slotAt(mondayMornings, at('2026-11-02T08:30:00Z'))?.endMs).toBe(
      at('2026-11-02T09:00:00Z'),
    );
    expect(slotAt(mondayMornings, at('2026-11-02T08:15:00Z'))).toBeUndefined();
    expect(slotAt(mondayMornings, at('2026-11-03T08:00:00Z'))).toBeUndefined();
  });

  it('reads days in the professional zone, not in UTC (Pacific/Auckland, UTC+13)', () => {
    const schedule: Schedule = {
      timezone: 'Pacific/Auckland',
      rules: [
        { weekday: 1, start: '08:00', end: '08:30', slotMinutes: 30, mode: 'video', address: null },
      ],
      exceptions: [],
    };
    // Monday 2 November 08:00 in Auckland is Sunday 1 November 19:00 UTC.
    const slots = generateSlots(schedule, at('2026-11-01T00:00:00Z'), at('2026-11-03T00:00:00Z'));
    expect(slots.map((s) => iso(s.startMs))).toEqual(['2026-11-01T19:00:00.000Z']);
  });
});

describe('availabilityInputSchema', () => {
  it('refuses an end before the start, a slot longer than its range and an in-person rule without address', () => {
    const result = availabilityInputSchema.safeParse({
      timezone: PARIS,
      rules: [
        { weekday: 1, start: '10:00', end: '09:00', slotMinutes: 30, mode: 'video', address: null },
        { weekday: 2, start: '09:00', end: '09:20', slotMinutes: 30, mode: 'video', address: null },
        {
          weekday: 3,
          start: '09:00',
          end: '10:00',
          slotMinutes: 30,
          mode: 'in_person',
          address: null,
        },
      ],
      exceptions: [{ kind: 'closed', from: '2026-12-31', to: '2026-12-24' }],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message).sort()).toEqual([
      'appointmentAddressRequired',
      'appointmentEndBeforeStart',
      'appointmentRangeReversed',
      'appointmentSlotLongerThanRange',
    ]);
  });

  it('refuses an unknown time zone and a weekday outside 1–7', () => {
    expect(
      availabilityInputSchema.safeParse({ timezone: 'Mars/Olympus', rules: [], exceptions: [] })
        .success,
    ).toBe(false);
    expect(
      availabilityInputSchema.safeParse({
        timezone: PARIS,
        rules: [
          {
            weekday: 0,
            start: '09:00',
            end: '10:00',
            slotMinutes: 30,
            mode: 'video',
            address: null,
          },
        ],
        exceptions: [],
      }).success,
    ).toBe(false);
  });
});
