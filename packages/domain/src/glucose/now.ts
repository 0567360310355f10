/**
 * The "now" of a glucose picture: how fast the glucose is moving and whether the latest reading is
 * still recent enough to be read as the current value. Pure; the caller passes the time.
 */

/** A reading older than this is no longer "now": the card says there is no recent reading. */
export const RECENT_READING_MINUTES = 15;

/**
 * The rate is taken over the readings of this window ending at the latest one: a CGM gives three or
 * four, enough to smooth one noisy reading; a meter's readings are hours apart, so they give no trend.
 */
export const TREND_WINDOW_MINUTES = 15;

export const GLUCOSE_TRENDS = [
  'rising_fast',
  'rising',
  'stable',
  'falling',
  'falling_fast',
] as const;
export type GlucoseTrend = (typeof GLUCOSE_TRENDS)[number];

const MINUTE_MS = 60_000;

/**
 * mg/dL per minute over the readings of the last TREND_WINDOW_MINUTES up to the latest reading
 * (least-squares slope), or null when that window holds a single reading. `t` in ms ascending,
 * `v` in mg/dL; NaN values are gaps and are skipped.
 */
export function glucoseRate(t: ArrayLike<number>, v: ArrayLike<number>): number | null {
  let last = -1;
  for (let i = t.length - 1; i >= 0; i--) {
    if (!Number.isNaN(v[i] as number)) {
      last = i;
      break;
    }
  }
  if (last < 0) return null;
  const end = t[last] as number;
  const start = end - TREND_WINDOW_MINUTES * MINUTE_MS;
  // Sums over minutes relative to the latest reading keep the numbers small.
  let n = 0;
  let sumX = 0;
  let sumY = 0;
  let sumXX = 0;
  let sumXY = 0;
  for (let i = last; i >= 0 && (t[i] as number) >= start; i--) {
    const y = v[i] as number;
    if (Number.isNaN(y)) continue;
    const x = ((t[i] as number) - end) / MINUTE_MS;
    n++;
    sumX += x;
    sumY += y;
    sumXX += x * x;
    sumXY += x * y;
  }
  const spread = n * sumXX - sumX * sumX;
  // One reading, or several at the same instant: no direction can be read.
  if (n < 2 || spread <= 0) return null;
  return (n * sumXY - sumX * sumY) / spread;
}

/** The arrow of a rate, with the CGM convention's steps: beyond 1 mg/dL/min moving, beyond 2 fast. */
export function trendOfRate(ratePerMinute: number): GlucoseTrend {
  if (ratePerMinute > 2) return 'rising_fast';
  if (ratePerMinute > 1) return 'rising';
  if (ratePerMinute < -2) return 'falling_fast';
  if (ratePerMinute < -1) return 'falling';
  return 'stable';
}

/** The trend of the latest reading, or null when the readings say nothing about it (fingersticks, a gap). */
export function glucoseTrend(t: ArrayLike<number>, v: ArrayLike<number>): GlucoseTrend | null {
  const rate = glucoseRate(t, v);
  return rate === null ? null : trendOfRate(rate);
}

/** Whole minutes since a reading (0 for a reading stamped a little ahead of the clock). */
export function minutesSince(measuredAtMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - measuredAtMs) / MINUTE_MS));
}

/** Whether a reading is recent enough to be shown as the current glucose. */
export function isRecentReading(measuredAtMs: number, nowMs: number): boolean {
  return nowMs - measuredAtMs <= RECENT_READING_MINUTES * MINUTE_MS;
}
