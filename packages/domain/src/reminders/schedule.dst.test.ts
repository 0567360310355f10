import { describe, expect, it } from 'vitest';
import type { ReminderSchedule } from './reminders.schemas';
import { localDayBounds, localDayOf } from '../shared/zoned-time';
import {
  isInQuietHours,
  nextOccurrence,
  occurrencesBetween,
} from './schedule';

/*
 * Every clock change of 2026 and 2027 in three zones, northern and southern hemisphere. Each row
 * is the tz database's fact (local day, the wall hour skipped or repeated, the offsets before and
 * after); the expected instants are derived from those facts by plain arithmetic, not by the code
 * under test. The rule checked everywhere: a wall time skipped by a gap fires once, shifted
 * forward by the gap; a wall time repeated by an overlap fires once, at its first instant — both
 * are the instant "wall time − offset before the change" (Temporal's 'compatible').
 */

const HOUR = 3_600_000;
const MINUTE = 60_000;

interface ClockChange {
  zone: string;
  /** The local day of the change. */
  day: string;
  kind: 'gap' | 'overlap';
  /** The wall hour that is skipped (gap) or happens twice (overlap): [hour, hour + 1). */
  hour: number;
  /** UTC offsets before and after the change, in hours. */
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
  // Southern hemisphere: summer time ends in April and starts in October.
  { zone: 'Australia/Sydney', day: '2026-04-05', kind: 'overlap', hour: 2, before: 11, after: 10 },
  { zone: 'Australia/Sydney', day: '2026-10-04', kind: 'gap', hour: 2, before: 10, after: 11 },
  { zone: 'Australia/Sydney', day: '2027-04-04', kind: 'overlap', hour: 2, before: 11, after: 10 },
  { zone: 'Australia/Sydney', day: '2027-10-03', kind: 'gap', hour: 2, before: 10, after: 11 },
];

const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (hour: number, minute: number) => `${pad(hour)}:${pad(minute)}`;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The instant of a wall time of the change's day read with a given offset (hours). */
function instant(change: ClockChange, hour: number, minute: number, offset: number): number {
  const [y, m, d] = change.day.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d, hour, minute) - offset * HOUR;
}

/** The day `n` days after a 'YYYY-MM-DD' day. */
function dayAfter(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 24 * HOUR).toISOString().slice(0, 10);
}

const weekly = (times: string[]): ReminderSchedule => ({
  type: 'weekly',
  times,
  days: [1, 2, 3, 4, 5, 6, 7],
});
const rrule = (rule: string): ReminderSchedule => ({ type: 'rrule', rule });

/** nextOccurrence, called from each occurrence in turn, over [fromMs, toMs). */
function chain(schedule: ReminderSchedule, zone: string, startsOn: string, fromMs: number, toMs: number) {
  const out: number[] = [];
  let t = nextOccurrence(schedule, zone, startsOn, null, fromMs - 1);
  while (t !== null && t < toMs) {
    out.push(t);
    t = nextOccurrence(schedule, zone, startsOn, null, t);
  }
  return out;
}

const label = (c: ClockChange) => `${c.zone} ${c.day} (${c.kind} at ${pad(c.hour)}:00)`;

describe.each(CHANGES.map((c) => [label(c), c] as const))('reminders on %s', (_, change) => {
  const { zone, day, hour, before, after } = change;
  const startsOn = dayAfter(day, -40);
  const inside = hhmm(hour, 30);
  // An hour clear of the change on each side.
  const early = hhmm(hour - 1 < 0 ? 0 : hour - 1, 0);
  const late = '08:00';
  const expectedInside = instant(change, hour, 30, before);
  const expectedEarly = instant(change, hour - 1, 0, before);
  const expectedLate = instant(change, 8, 0, after);

  it('has a local day of 23 or 25 hours', () => {
    const { startMs, endMs } = localDayBounds(day, zone);
    expect(startMs).toBe(instant(change, 0, 0, before));
    expect(endMs - startMs).toBe((24 - (after - before)) * HOUR);
  });

  it('fires a weekly time inside the change once, at wall time − offset before', () => {
    const { startMs, endMs } = localDayBounds(day, zone);
    const schedule = weekly([early, inside, late]);
    const onDay = occurrencesBetween(schedule, zone, startsOn, null, startMs, endMs);
    expect(onDay.map(iso)).toEqual([expectedEarly, expectedInside, expectedLate].map(iso));
    expect(chain(schedule, zone, startsOn, startMs, endMs)).toEqual(onDay);
    for (const at of onDay) expect(localDayOf(at, zone)).toBe(day);
  });

  it('fires the same daily RRULE, monthly RRULE and yearly RRULE at the same instant', () => {
    const [, month, date] = day.split('-').map(Number) as [number, number, number];
    const { startMs, endMs } = localDayBounds(day, zone);
    for (const rule of [
      `FREQ=DAILY;BYHOUR=${hour};BYMINUTE=30`,
      `FREQ=MONTHLY;BYMONTHDAY=${date};BYHOUR=${hour};BYMINUTE=30`,
      `FREQ=YEARLY;BYMONTH=${month};BYMONTHDAY=${date};BYHOUR=${hour};BYMINUTE=30`,
    ]) {
      expect(occurrencesBetween(rrule(rule), zone, startsOn, null, startMs, endMs).map(iso), rule).toEqual([
        iso(expectedInside),
      ]);
      expect(iso(nextOccurrence(rrule(rule), zone, startsOn, null, startMs - 1)), rule).toBe(
        iso(expectedInside),
      );
    }
  });

  it('fires the time inside the change once, even when asked during the change', () => {
    // 15 minutes after the change: a gap's wall clock already reads past `inside` (the shifted
    // time is still ahead); an overlap's first `inside` has passed and its second must not fire.
    const changeInstant = instant(change, change.kind === 'gap' ? hour : hour + 1, 0, before);
    const next = nextOccurrence(weekly([inside]), zone, startsOn, null, changeInstant + 15 * MINUTE);
    if (change.kind === 'gap') expect(iso(next)).toBe(iso(expectedInside));
    else expect(localDayOf(next!, zone)).toBe(dayAfter(day, 1));
  });

  it('fires an hourly RRULE once per wall hour that exists, 23 or 24 times, in order', () => {
    const { startMs, endMs } = localDayBounds(day, zone);
    const hourly = occurrencesBetween(rrule('FREQ=HOURLY'), zone, startsOn, null, startMs, endMs);
    expect(hourly).toHaveLength(change.kind === 'gap' ? 23 : 24);
    expect(new Set(hourly).size).toBe(hourly.length);
    expect(hourly).toEqual([...hourly].sort((a, b) => a - b));
    expect(chain(rrule('FREQ=HOURLY'), zone, startsOn, startMs, endMs)).toEqual(hourly);
  });

  it('walks the fortnight around the change the same way with nextOccurrence and occurrencesBetween', () => {
    const from = localDayBounds(dayAfter(day, -7), zone).startMs;
    const to = localDayBounds(dayAfter(day, 7), zone).startMs;
    for (const schedule of [
      weekly(['00:15', inside, '23:45']),
      rrule(`FREQ=DAILY;BYHOUR=${hour},${hour + 1};BYMINUTE=0,45`),
      rrule('FREQ=HOURLY;INTERVAL=5'),
      rrule('FREQ=MINUTELY;INTERVAL=25'),
    ]) {
      const all = occurrencesBetween(schedule, zone, startsOn, null, from, to);
      expect(all.length).toBeGreaterThan(13);
      expect(new Set(all).size).toBe(all.length);
      expect(chain(schedule, zone, startsOn, from, to), JSON.stringify(schedule)).toEqual(all);
    }
  });

  it('reads quiet hours on the wall clock of both offsets', () => {
    // Quiet 22:00–07:00: the whole night of the change is quiet, whatever the offset.
    for (let t = localDayBounds(day, zone).startMs; t < instant(change, 7, 0, after); t += 10 * MINUTE)
      expect(isInQuietHours(t, zone, '22:00', '07:00'), iso(t)!).toBe(true);
    expect(isInQuietHours(instant(change, 7, 0, after), zone, '22:00', '07:00')).toBe(false);
    expect(isInQuietHours(instant(change, 6, 59, after), zone, '22:00', '07:00')).toBe(true);
  });
});
