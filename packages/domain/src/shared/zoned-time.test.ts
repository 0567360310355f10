import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from './local-clock';
import {
  instantToWall,
  isClearOfChanges,
  localDayBounds,
  localTimeOf,
  wallTimeExists,
  wallToInstant,
} from './zoned-time';

/*
 * The cached spans must never change an answer: every conversion is checked against Temporal
 * asked directly, in an order that jumps around (so the cache is in many states), densely around
 * each offset change of 2026–2027 and sparsely elsewhere. Zones: both hemispheres, a 30-minute
 * change (Lord Howe), a +13:45 zone (Chatham), changes at midnight (Santiago), none (Tokyo).
 */

const ZONES = [
  'Europe/Paris',
  'America/New_York',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/Santiago',
  'Asia/Tokyo',
];
const FROM = Date.UTC(2026, 0, 1);
const TO = Date.UTC(2028, 0, 1);

function temporalWallToInstant(wall: number, zone: string): number {
  const d = new Date(wall);
  return new Temporal.PlainDateTime(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes())
    .toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;
}

function temporalOffset(ms: number, zone: string): number {
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone).offsetNanoseconds / 1e6;
}

function transitionsOf(zone: string): number[] {
  const out: number[] = [];
  let at: Temporal.ZonedDateTime | null = Temporal.Instant.fromEpochMilliseconds(FROM).toZonedDateTimeISO(zone);
  while ((at = at.getTimeZoneTransition('next')) !== null && at.epochMilliseconds < TO) out.push(at.epochMilliseconds);
  return out;
}

/** Instants to probe: every 193 minutes over the two years, every 20 minutes within 3 days of a change. */
function probes(zone: string): number[] {
  const out: number[] = [];
  for (let t = FROM; t < TO; t += 193 * MINUTE_MS) out.push(t);
  for (const change of transitionsOf(zone))
    for (let t = change - 3 * DAY_MS; t < change + 3 * DAY_MS; t += 20 * MINUTE_MS) out.push(t);
  // A fixed shuffle (linear congruential), so the cache is met cold, warm and stale.
  let seed = 12345;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('zoned time agrees with Temporal asked directly', () => {
  it.each(ZONES)('%s: instant → wall time, wall time → instant (compatible), near changes and far', (zone) => {
    const changes = transitionsOf(zone);
    expect(changes.length).toBe(zone === 'Asia/Tokyo' ? 0 : 4);
    let mismatches = 0;
    for (const t of probes(zone)) {
      const offset = temporalOffset(t, zone);
      if (instantToWall(t, zone) !== t + offset) mismatches++;
      // The same number read as a wall time: covers walls in gaps, overlaps and plain hours.
      if (wallToInstant(t, zone) !== temporalWallToInstant(t, zone)) mismatches++;
    }
    expect(mismatches).toBe(0);
  }, 60_000);

  it('says which wall times exist (none inside a gap) and keeps clear of changes by two days', () => {
    // Paris, 29 March 2026: 02:00–03:00 does not exist; 25 October: 02:00–03:00 happens twice.
    const wall = (text: string) => Date.parse(`${text}Z`);
    expect(wallTimeExists(wall('2026-03-29T02:30'), 'Europe/Paris')).toBe(false);
    expect(wallTimeExists(wall('2026-03-29T03:00'), 'Europe/Paris')).toBe(true);
    expect(wallTimeExists(wall('2026-10-25T02:30'), 'Europe/Paris')).toBe(true);
    const change = Date.parse('2026-03-29T01:00:00Z');
    expect(isClearOfChanges(change - 2 * DAY_MS + 1, 'Europe/Paris')).toBe(false);
    expect(isClearOfChanges(change + 2 * DAY_MS - 1, 'Europe/Paris')).toBe(false);
    expect(isClearOfChanges(change - 2 * DAY_MS - 1, 'Europe/Paris')).toBe(true);
    expect(isClearOfChanges(change + 2 * DAY_MS, 'Europe/Paris')).toBe(true);
    expect(isClearOfChanges(0, 'Asia/Tokyo')).toBe(true);
  });

  it('starts a day where Temporal does, and reads local times', () => {
    for (const zone of ZONES) {
      for (const day of ['2026-04-04', '2026-04-05', '2026-09-06', '2026-10-04', '2027-03-28', '2027-09-05']) {
        const start = Temporal.PlainDate.from(day).toZonedDateTime({ timeZone: zone });
        const { startMs, endMs } = localDayBounds(day, zone);
        expect(startMs, `${zone} ${day}`).toBe(start.epochMilliseconds);
        expect(endMs, `${zone} ${day}`).toBe(start.add({ days: 1 }).startOfDay().epochMilliseconds);
      }
    }
    expect(localTimeOf(Date.parse('2026-10-25T00:30:00Z'), 'Europe/Paris')).toBe('02:30');
    expect(localTimeOf(Date.parse('2026-10-25T01:30:00Z'), 'Europe/Paris')).toBe('02:30');
  });

  it('refuses an unknown zone', () => {
    expect(() => instantToWall(0, 'Mars/Olympus')).toThrow(RangeError);
    expect(() => wallToInstant(0, 'Mars/Olympus')).toThrow(RangeError);
  });
});
