import type { ColumnSeries } from './series';
import { DAY_MS, getZoneOffsetResolver, localDayNumber, localToUtc } from './timezone';

/** A local calendar day: its number (days since 1970-01-01, local) and its UTC bounds [startAt, endAt). */
export interface LocalDayBounds {
  day: number;
  startAt: number;
  endAt: number;
}

/**
 * Walks an ascending series (NaN values skipped) one local calendar day at a time, from local
 * midnight to the next (23 or 25 hours on DST days): `reading` for every value, then `endDay` when
 * a day that held readings closes. The zone is asked for offsets only when a reading leaves the
 * current day (see timezone.ts); within a day each reading costs two comparisons.
 */
export function walkLocalDays(
  series: ColumnSeries,
  timeZone: string,
  reading: (value: number, at: number) => void,
  endDay: (bounds: LocalDayBounds) => void,
): void {
  const offsetOf = getZoneOffsetResolver(timeZone);
  const { t, v } = series;
  const len = Math.min(t.length, v.length);
  let current: LocalDayBounds | null = null;
  let dayEnd = Number.NEGATIVE_INFINITY;
  let prevT = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < len; i++) {
    const x = v[i] as number;
    if (x !== x) continue;
    const ti = t[i] as number;
    if (ti < prevT) throw new RangeError('glucose series must be sorted by time');
    prevT = ti;
    if (ti >= dayEnd) {
      if (current) endDay(current);
      const day = localDayNumber(offsetOf, ti);
      current = { day, startAt: localToUtc(offsetOf, day * DAY_MS), endAt: localToUtc(offsetOf, (day + 1) * DAY_MS) };
      dayEnd = current.endAt;
    }
    reading(x, ti);
  }
  if (current) endDay(current);
}
