import { BAND_LOW, BAND_VERY_LOW, bandIndex, STANDARD_RANGE, type GlucoseRange } from './bands';
import type { ColumnSeries } from './series';
import { quantileSorted } from './stats';
import { walkLocalDays } from './local-days';
import { dayNumberToIsoDate } from './timezone';

/**
 * The distribution of each local calendar day, for the daily summary of long periods (30 and 90
 * days): the median, the 25–75 % and 5–95 % ranges and the lows of each day. Days are walked by
 * walkLocalDays — from local midnight to the next, 23 or 25 hours on DST days — and each day's
 * values are sorted once in a reused buffer, so 90 days cost 90 sorts of about 288 values.
 * Percentiles use R's type 7, as the AGP. Lows are counted with the bands' rounding (bands.ts),
 * so a day marked here has the same lows as the time-in-range bar counts.
 * Columns, not objects: entry i of every array describes the i-th day with data.
 */

export interface DailyDistribution {
  /** Local date, YYYY-MM-DD. */
  date: string[];
  /** Local day number (days since 1970-01-01 local), for axes and week arithmetic. */
  day: number[];
  /** UTC instants of the local day's bounds, [startAt, endAt). */
  startAt: number[];
  endAt: number[];
  n: number[];
  p5: number[];
  p25: number[];
  median: number[];
  p75: number[];
  p95: number[];
  min: number[];
  /** Readings below the range (under `lowBelow`), very low ones included. */
  lowCount: number[];
  /** Readings under `veryLowBelow`. */
  veryLowCount: number[];
}

export interface DailyDistributionOptions {
  /** IANA zone; default Europe/Paris. */
  timeZone?: string;
  range?: GlucoseRange;
}

/** Per-day percentiles and lows of an ascending series (NaN values skipped), one entry per local day with data. */
export function computeDailyDistribution(series: ColumnSeries, options: DailyDistributionOptions = {}): DailyDistribution {
  const range = options.range ?? STANDARD_RANGE;
  const out: DailyDistribution = {
    date: [],
    day: [],
    startAt: [],
    endAt: [],
    n: [],
    p5: [],
    p25: [],
    median: [],
    p75: [],
    p95: [],
    min: [],
    lowCount: [],
    veryLowCount: [],
  };
  // A 5-minute CGM fills 300 slots on a 25-hour day; a 1-minute one grows the buffer once.
  let buffer = new Float64Array(300);
  let n = 0;
  let low = 0;
  let veryLow = 0;
  walkLocalDays(
    series,
    options.timeZone ?? 'Europe/Paris',
    (x) => {
      if (n === buffer.length) {
        const grown = new Float64Array(buffer.length * 2);
        grown.set(buffer);
        buffer = grown;
      }
      buffer[n++] = x;
      const band = bandIndex(x, range);
      if (band <= BAND_LOW) low++;
      if (band === BAND_VERY_LOW) veryLow++;
    },
    ({ day, startAt, endAt }) => {
      const sorted = buffer.subarray(0, n).sort();
      out.date.push(dayNumberToIsoDate(day));
      out.day.push(day);
      out.startAt.push(startAt);
      out.endAt.push(endAt);
      out.n.push(n);
      out.p5.push(quantileSorted(sorted, 0.05));
      out.p25.push(quantileSorted(sorted, 0.25));
      out.median.push(quantileSorted(sorted, 0.5));
      out.p75.push(quantileSorted(sorted, 0.75));
      out.p95.push(quantileSorted(sorted, 0.95));
      out.min.push(sorted[0] as number);
      out.lowCount.push(low);
      out.veryLowCount.push(veryLow);
      n = 0;
      low = 0;
      veryLow = 0;
    },
  );
  return out;
}
