import type { ColumnSeries } from '@glucosuivi/domain/glucose/series';
import { DAY_MS, getZoneOffsetResolver, localDayNumber, localToUtc } from '@glucosuivi/domain/glucose/timezone';

/**
 * The span a daily summary zooms into: the chosen day, or its week (Monday to Sunday, as weeks
 * run in France and Spain). `anchor` is a local day number; previous/next move it by the span.
 */
export interface DailyZoom {
  anchor: number;
  span: 'day' | 'week';
}

/** First local day and the day after the last one, [start, end), of a zoom. */
export function zoomDays(zoom: DailyZoom): { start: number; end: number } {
  if (zoom.span === 'day') return { start: zoom.anchor, end: zoom.anchor + 1 };
  // Day 0 (1970-01-01) was a Thursday: Monday is 3 days before it.
  const monday = zoom.anchor - ((((zoom.anchor + 3) % 7) + 7) % 7);
  return { start: monday, end: monday + 7 };
}

/** The zoom moved by one span, backwards (−1) or forwards (1). */
export function shiftZoom(zoom: DailyZoom, direction: -1 | 1): DailyZoom {
  return { ...zoom, anchor: zoom.anchor + direction * (zoom.span === 'day' ? 1 : 7) };
}

/** The UTC bounds of a zoom's local days, [from, to), 23 or 25 hours for a DST day. */
export function zoomInstants(zoom: DailyZoom, timeZone: string): { from: number; to: number } {
  const offsetOf = getZoneOffsetResolver(timeZone);
  const { start, end } = zoomDays(zoom);
  return { from: localToUtc(offsetOf, start * DAY_MS), to: localToUtc(offsetOf, end * DAY_MS) };
}

/** The local day numbers of a period's first and last days. */
export function periodDays(from: string, to: string, timeZone: string): { first: number; last: number } {
  const offsetOf = getZoneOffsetResolver(timeZone);
  const first = localDayNumber(offsetOf, Date.parse(from));
  return { first, last: Math.max(first, localDayNumber(offsetOf, Date.parse(to) - 1)) };
}

/** Index of the first time ≥ `at` in an ascending column. */
function lowerBound(t: ArrayLike<number>, at: number): number {
  let lo = 0;
  let hi = t.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((t[mid] as number) < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The readings of [from, to), copied into their own columns. */
export function sliceColumns(columns: ColumnSeries, from: number, to: number): { t: Float64Array; v: Float64Array } {
  const lo = lowerBound(columns.t, from);
  const hi = lowerBound(columns.t, to);
  return { t: Float64Array.from({ length: hi - lo }, (_, i) => columns.t[lo + i] as number), v: Float64Array.from({ length: hi - lo }, (_, i) => columns.v[lo + i] as number) };
}
