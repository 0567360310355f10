import { describe, expect, it } from 'vitest';
import { generateSlots, localTimeOf, slotAt, type Schedule } from './slots';

/*
 * Slots on every clock change of 2026 and 2027 in three zones, northern and southern hemisphere.
 * Each row is the tz database's fact; expected instants come from it by plain arithmetic. A slot
 * whose wall time is skipped by a gap does not exist; a wall time repeated by an overlap is a slot
 * once, at its first instant; a slot never runs past the end of its opening on the wall clock.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface ClockChange {
  zone: string;
  day: string;
  kind: 'gap' | 'overlap';
  /** The wall hour skipped (gap) or repeated (overlap): [hour, hour + 1). */
  hour: number;
  /** UTC offsets before and after, in hours. */
  before: number;
  after: number;
}

const CHANGES: ClockChange[] = [
  { zone: 'Europe/Paris', day: '2026-03-29', kind: 'gap', hour: 2, before: 1, after: 2 },
  { zone: 'Europe/Paris', day: '2026-10-25', kind: 'overlap', hour: 2, before: 2, after: 1 },
  { zone: 'Europe/Paris', day: '2027-03-28', kind: 'gap', hour: 2, before: 1, after: 2 },
  { zone: 'Europe/Paris', day: '2027-10-31', kind: 'overlap', hour: 2, before: 2, after: 1 },
  { zone: 'America/New_York', day: '2026-03-08', kind: 'gap', hour: 2, before: -5, after: -4 },
  { zone: 'America/New_York', day: '2026-11-01', kind: 'overlap', hour: 1, before: -4, after: -5 },
  { zone: 'America/New_York', day: '2027-03-14', kind: 'gap', hour: 2, before: -5, after: -4 },
  { zone: 'America/New_York', day: '2027-11-07', kind: 'overlap', hour: 1, before: -4, after: -5 },
  { zone: 'Australia/Sydney', day: '2026-04-05', kind: 'overlap', hour: 2, before: 11, after: 10 },
  { zone: 'Australia/Sydney', day: '2026-10-04', kind: 'gap', hour: 2, before: 10, after: 11 },
  { zone: 'Australia/Sydney', day: '2027-04-04', kind: 'overlap', hour: 2, before: 11, after: 10 },
  { zone: 'Australia/Sydney', day: '2027-10-03', kind: 'gap', hour: 2, before: 10, after: 11 },
];

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (hour: number, minute = 0) => `${pad(hour)}:${pad(minute)}`;
const iso = (ms: number) => new Date(ms).toISOString();

function instant(change: ClockChange, hour: number, minute: number, offset: number, days = 0): number {
  const [y, m, d] = change.day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d + days, hour, minute) - offset * HOUR;
}

/** All of these clock changes happen on a Sunday (ISO weekday 7). */
const SUNDAY = 7;

function sundays(change: ClockChange, start: string, end: string, slotMinutes: number): Schedule {
  return {
    timezone: change.zone,
    rules: [{ weekday: SUNDAY, start, end, slotMinutes, mode: 'video', address: null }],
    exceptions: [],
  };
}

/** The slots of the change's local day (asked over a wide UTC window). */
const slotsOfDay = (schedule: Schedule, change: ClockChange) =>
  generateSlots(schedule, instant(change, 0, 0, 0, -1), instant(change, 0, 0, 0, 2)).filter(
    (s) => s.startMs >= instant(change, 0, 0, change.before) && s.startMs < instant(change, 0, 0, change.after, 1),
  );

const label = (c: ClockChange) => `${c.zone} ${c.day} (${c.kind} at ${pad(c.hour)}:00)`;

describe.each(CHANGES.map((c) => [label(c), c] as const))('slots on %s', (_, change) => {
  const { zone, hour, before, after } = change;

  it('is a Sunday', () => {
    expect(new Date(`${change.day}T12:00:00Z`).getUTCDay()).toBe(0);
  });

  it('gives each wall hour of a night opening once: none in a gap, the first instant in an overlap', () => {
    const slots = slotsOfDay(sundays(change, '00:00', '06:00', 60), change);
    const hours = [0, 1, 2, 3, 4, 5].filter((h) => change.kind === 'overlap' || h !== hour);
    expect(slots.map((s) => localTimeOf(s.startMs, zone))).toEqual(hours.map((h) => hhmm(h)));
    expect(slots.map((s) => iso(s.startMs))).toEqual(
      hours.map((h) => iso(instant(change, h, 0, h <= hour ? before : after))),
    );
    for (const slot of slots) {
      expect(slot.endMs - slot.startMs).toBe(HOUR);
      expect(slotAt(sundays(change, '00:00', '06:00', 60), slot.startMs)).toEqual(slot);
    }
    for (let i = 1; i < slots.length; i++) expect(slots[i]!.startMs).toBeGreaterThanOrEqual(slots[i - 1]!.endMs);
  });

  it('offers no slot at the second instant of a repeated hour; after a gap, the next hour is a slot', () => {
    const schedule = sundays(change, '00:00', '06:00', 60);
    if (change.kind === 'overlap') {
      expect(slotAt(schedule, instant(change, hour, 0, after))).toBeUndefined();
    } else {
      // The instant a skipped `hour` would be shifted to is the next hour's own slot.
      const shifted = instant(change, hour, 0, before);
      expect(localTimeOf(slotAt(schedule, shifted)!.startMs, zone)).toBe(hhmm(hour + 1));
    }
  });

  it('never lets a slot run past the end of its opening on the wall clock', () => {
    // An opening [hour − 0:30, hour + 1:00) of one-hour slots: on a gap day the first slot would
    // end at hour + 1:30 on the wall clock, past the closing time, so there is none; on an
    // overlap day it ends at the second `hour` + 0:30, before the closing time.
    const schedule = sundays(change, hhmm(hour - 1, 30), hhmm(hour + 1), 60);
    const slots = slotsOfDay(schedule, change);
    const closing = instant(change, hour + 1, 0, after);
    for (const slot of slots) expect(slot.endMs, iso(slot.startMs)).toBeLessThanOrEqual(closing);
    expect(slots.map((s) => localTimeOf(s.startMs, zone))).toEqual(
      change.kind === 'gap' ? [] : [hhmm(hour - 1, 30)],
    );
  });

  it('keeps a 09:00 slot at 09:00 local the day before, the day of and the day after', () => {
    const schedule: Schedule = {
      timezone: zone,
      rules: [6, 7, 1].map((weekday) => ({
        weekday,
        start: '09:00',
        end: '09:30',
        slotMinutes: 30,
        mode: 'video' as const,
        address: null,
      })),
      exceptions: [],
    };
    const slots = generateSlots(schedule, instant(change, 0, 0, 0, -2), instant(change, 0, 0, 0, 3));
    expect(slots.map((s) => iso(s.startMs))).toEqual(
      [iso(instant(change, 9, 0, before, -1)), iso(instant(change, 9, 0, after)), iso(instant(change, 9, 0, after, 1))],
    );
    expect(slots[2]!.startMs - slots[1]!.startMs).toBe(DAY);
    expect(slots[1]!.startMs - slots[0]!.startMs).toBe(DAY - (after - before) * HOUR);
  });
});
