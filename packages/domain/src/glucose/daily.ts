import {
  BAND_VERY_LOW,
  bandIndex,
  GLUCOSE_BANDS,
  STANDARD_RANGE,
  type GlucoseBand,
  type GlucoseRange,
} from './bands';
import type { ColumnSeries } from './series';
import { walkLocalDays } from './local-days';
import { dayNumberToIsoDate, HOUR_MS } from './timezone';

/**
 * Statistics per local calendar day. A day runs from local midnight to the next local
 * midnight in the patient's zone, so it lasts 23 or 25 hours on DST days (walkLocalDays). Band shares are count-based: within one day the
 * difference from time weighting is negligible and counts are what a patient can check.
 * Only days holding at least one reading are returned.
 */

export interface DailyStats {
  /** Local date, YYYY-MM-DD. */
  date: string;
  /** UTC instants of the local day's bounds, [startAt, endAt). */
  startAt: number;
  endAt: number;
  /** Length of the local day: 24, or 23/25 on DST changes. */
  hours: number;
  n: number;
  mean: number;
  min: number;
  max: number;
  /** Share of readings per band, in %. */
  bands: Record<GlucoseBand, number>;
}

export interface DailyStatsOptions {
  /** IANA zone; default Europe/Paris. */
  timeZone?: string;
  range?: GlucoseRange;
}

/** Daily statistics of an ascending series (NaN values skipped), one entry per local day with data. */
export function computeDailyStats(
  series: ColumnSeries,
  options: DailyStatsOptions = {},
): DailyStats[] {
  const range = options.range ?? STANDARD_RANGE;
  const out: DailyStats[] = [];
  const counts = new Float64Array(5);
  let n = 0;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  walkLocalDays(
    series,
    options.timeZone ?? 'Europe/Paris',
    (x) => {
      n++;
      sum += x;
      if (x < min) min = x;
      if (x > max) max = x;
      const b = bandIndex(x, range);
      counts[b] = (counts[b] as number) + 1;
    },
    ({ day, startAt, endAt }) => {
      const bands = {} as Record<GlucoseBand, number>;
      for (let b = BAND_VERY_LOW; b < 5; b++) bands[GLUCOSE_BANDS[b] as GlucoseBand] = (100 * (counts[b] as number)) / n;
      out.push({ date: dayNumberToIsoDate(day), startAt, endAt, hours: (endAt - startAt) / HOUR_MS, n, mean: sum / n, min, max, bands });
      counts.fill(0);
      n = 0;
      sum = 0;
      min = Number.POSITIVE_INFINITY;
      max = Number.NEGATIVE_INFINITY;
    },
  );
  return out;
}
