import {
  BAND_HIGH,
  BAND_IN_RANGE,
  BAND_LOW,
  BAND_VERY_HIGH,
  BAND_VERY_LOW,
  bandIndex,
  bandPercents,
  sameRange,
  STANDARD_RANGE,
  type GlucoseBand,
  type GlucoseRange,
  type GlucoseTargets,
} from './bands';
import type { ColumnSeries } from './series';
import { medianOf, roundHalfEven, roundHalfUp } from './stats';
import { DAY_MS, MINUTE_MS } from './timezone';

/**
 * Standard CGM metrics (International Consensus 2019, Bergenstal 2018 GMI, Klonoff 2022 GRI).
 *
 * Weighting of the bands. In the default `time` mode each reading weighs the time to the
 * next reading, because a share of readings is only a share of time when readings are evenly
 * spaced (a Libre scanned by hand, or a pump that buffers, is not). An interval longer than
 * `maxGapMinutes` (default 15) is a gap, not a long reading: the reading before it, like the
 * last reading of the series, weighs one nominal interval. On a regular series every reading
 * weighs the nominal interval, so the shares equal the count-based ones exactly. The `count`
 * mode reproduces iglu and most published tools. Mean, SD, CV, GMI and median are always
 * count-based, as in the consensus and in iglu.
 */

export type MetricsWeighting = 'time' | 'count';
export type GriZone = 'A' | 'B' | 'C' | 'D' | 'E';

export interface GlucoseMetricsOptions {
  /** Default `time`; see the module comment. */
  weighting?: MetricsWeighting;
  /** Nominal sampling interval; default: detected as the median interval (whole minutes). */
  intervalMinutes?: number;
  /** Longest interval still credited to the reading before it (time mode). Default 15. */
  maxGapMinutes?: number;
  /** Thresholds of the five bands; default 54/70/180/250. GRI always uses 54/70/180/250. */
  range?: GlucoseRange;
  /**
   * Report period for active time and days of data ([start, end), epoch ms). Default: from the
   * first to the last reading, which reproduces iglu's `active_percent`. Readings must lie inside.
   */
  periodStart?: number;
  periodEnd?: number;
  /**
   * Calendar days the period covers (lastLocalDays): reported as `daysOfData` instead of the
   * elapsed time, so "14 days" still means 14 while today is under way.
   */
  periodDays?: number;
}

export interface GlucoseMetrics {
  n: number;
  firstAt: number;
  lastAt: number;
  mean: number;
  median: number;
  /** Sample SD (n − 1); null with fewer than two readings. */
  sd: number | null;
  /** SD / mean in %; null with fewer than two readings. */
  cv: number | null;
  /** Glucose management indicator, % = 3.31 + 0.02392 × mean mg/dL. */
  gmi: number;
  /** Share of time (or of readings) per band, in %, summing to 100. */
  bands: Record<GlucoseBand, number>;
  /** very_low + low (iglu's below_70 with the default range). */
  belowRange: number;
  /** high + very_high (iglu's above_180 with the default range). */
  aboveRange: number;
  /** Glycaemia Risk Index, 0–100. */
  gri: number;
  griZone: GriZone;
  /** CGM active time, % of the expected readings at the nominal interval over the period. */
  activePercent: number;
  /** Length of the period in days (first to last reading plus one interval by default). */
  daysOfData: number;
  intervalMinutes: number;
  weighting: MetricsWeighting;
  sufficiency: { enoughDays: boolean; enoughActive: boolean; sufficient: boolean };
}

/** Minimum days and active time for a CGM report to be representative (consensus). */
export const SUFFICIENT_DAYS = 14;
export const SUFFICIENT_ACTIVE_PERCENT = 70;

// Rounded-minute intervals up to this are kept in a histogram (median interval, gap minutes).
const HIST_MAX = 1440;

/** GRI (Klonoff 2022) from band shares in %: 3.0·VLow + 2.4·Low + 1.6·VHigh + 0.8·High, capped at 100. */
export function computeGri(veryLow: number, low: number, high: number, veryHigh: number): number {
  return Math.min(100, 3.0 * veryLow + 2.4 * low + 1.6 * veryHigh + 0.8 * high);
}

/** GRI zone: A 0–20, B 20–40, C 40–60, D 60–80, E 80–100 (an upper bound belongs to the better zone). */
export function griZone(gri: number): GriZone {
  if (gri <= 20) return 'A';
  if (gri <= 40) return 'B';
  if (gri <= 60) return 'C';
  if (gri <= 80) return 'D';
  return 'E';
}

/** Nominal interval: median of the rounded intervals, as iglu's round(median(diff)); 5 min for a single reading. */
function medianRoundedInterval(histCount: Float64Array, diffs: number): number {
  if (diffs <= 0) return 5;
  const half = (diffs + 1) / 2;
  let acc = 0;
  for (let r = 0; r <= HIST_MAX; r++) {
    acc += histCount[r] as number;
    if (acc >= half) return Math.max(1, r);
  }
  return HIST_MAX;
}

/** Each band's share (%) of the time (or of the readings, weighted by count). */
function bandShares(short: Float64Array, nominal: Float64Array, weighting: 'time' | 'count', intervalMs: number): number[] {
  const w = [0, 0, 0, 0, 0];
  let total = 0;
  for (let b = 0; b < 5; b++) {
    const wb = weighting === 'count' ? (nominal[b] as number) : (short[b] as number) + (nominal[b] as number) * intervalMs;
    w[b] = wb;
    total += wb;
  }
  return w.map((x) => (total > 0 ? (100 * x) / total : 0));
}

/**
 * Active time, iglu's active_percent: expected slots on the grid from first to last reading (or
 * over the period), minus the slots inside every interval whose rounded length exceeds the grid step.
 */
function activeTime(
  gaps: { histCount: Float64Array; histSum: Float64Array; bigGapCount: number; bigGapSum: number; first: number; last: number; interval: number },
  options: GlucoseMetricsOptions,
): { activePercent: number; daysOfData: number } {
  const { histCount, histSum, first, last, interval } = gaps;
  const intervalMs = interval * MINUTE_MS;
  let gapMinutes = gaps.bigGapSum;
  let gapCount = gaps.bigGapCount;
  for (let r = Math.floor(interval) + 1; r <= HIST_MAX; r++) {
    gapMinutes += histSum[r] as number;
    gapCount += histCount[r] as number;
  }
  let expected: number;
  let daysOfData: number;
  if (options.periodStart !== undefined && options.periodEnd !== undefined) {
    const ps = options.periodStart;
    const pe = options.periodEnd;
    expected = roundHalfEven((pe - ps) / intervalMs);
    // Time before the first and after the last reading is missing too. Both edges together are
    // one gap (as if the period wrapped around): their sum depends only on the span of the
    // readings, never on where the readings fall against the clock, so a perfect series is 100 %
    // whatever its phase.
    const edges = (first - ps) / MINUTE_MS + (pe - last) / MINUTE_MS;
    if (roundHalfEven(edges) > interval) {
      gapMinutes += edges;
      gapCount++;
    }
    daysOfData = options.periodDays ?? (pe - ps) / DAY_MS;
  } else {
    expected = roundHalfEven(roundHalfEven((last - first) / MINUTE_MS) / interval) + 1;
    daysOfData = (expected * intervalMs) / DAY_MS;
  }
  const missing = roundHalfEven((gapMinutes - gapCount * interval) / interval);
  const activePercent = expected > 0 ? Math.min(100, Math.max(0, (100 * (expected - missing)) / expected)) : 0;
  return { activePercent, daysOfData };
}

/**
 * Computes the standard CGM metrics of an ascending series in one pass (plus one over the
 * values for the median, see medianOf); NaN values are skipped. Returns null when there is no reading.
 */
export function computeGlucoseMetrics(
  series: ColumnSeries,
  options: GlucoseMetricsOptions = {},
): GlucoseMetrics | null {
  const { t, v } = series;
  const len = Math.min(t.length, v.length);
  const weighting = options.weighting ?? 'time';
  const maxGapMs = (options.maxGapMinutes ?? 15) * MINUTE_MS;
  const range = options.range ?? STANDARD_RANGE;
  const customRange = !sameRange(range, STANDARD_RANGE);

  // Per band: summed short intervals (ms) and number of readings weighing a nominal interval.
  const stdShort = new Float64Array(5);
  const stdNominal = new Float64Array(5);
  const rngShort = customRange ? new Float64Array(5) : stdShort;
  const rngNominal = customRange ? new Float64Array(5) : stdNominal;
  const histCount = new Float64Array(HIST_MAX + 1);
  const histSum = new Float64Array(HIST_MAX + 1);
  const values = new Float64Array(len);

  let n = 0;
  let mean = 0;
  let m2 = 0;
  let first = Number.NaN;
  let prevT = Number.NaN;
  let prevStd = -1;
  let prevRng = -1;
  let bigGapCount = 0;
  let bigGapSum = 0;

  for (let i = 0; i < len; i++) {
    const x = v[i] as number;
    if (x !== x) continue;
    const ti = t[i] as number;
    const stdBand = bandIndex(x, STANDARD_RANGE);
    const rngBand = customRange ? bandIndex(x, range) : stdBand;
    if (n === 0) {
      first = ti;
    } else {
      const d = ti - prevT;
      if (d < 0) throw new RangeError('glucose series must be sorted by time');
      if (weighting === 'count' || d > maxGapMs) {
        stdNominal[prevStd] = (stdNominal[prevStd] as number) + 1;
        if (customRange) rngNominal[prevRng] = (rngNominal[prevRng] as number) + 1;
      } else {
        stdShort[prevStd] = (stdShort[prevStd] as number) + d;
        if (customRange) rngShort[prevRng] = (rngShort[prevRng] as number) + d;
      }
      const dm = d / MINUTE_MS;
      const r = roundHalfEven(dm);
      if (r <= HIST_MAX) {
        histCount[r] = (histCount[r] as number) + 1;
        histSum[r] = (histSum[r] as number) + dm;
      } else {
        bigGapCount++;
        bigGapSum += dm;
      }
    }
    values[n] = x;
    n++;
    // Welford: stable running mean and sum of squared deviations.
    const delta = x - mean;
    mean += delta / n;
    m2 += delta * (x - mean);
    prevT = ti;
    prevStd = stdBand;
    prevRng = rngBand;
  }
  if (n === 0) return null;
  stdNominal[prevStd] = (stdNominal[prevStd] as number) + 1;
  if (customRange) rngNominal[prevRng] = (rngNominal[prevRng] as number) + 1;

  const interval = options.intervalMinutes !== undefined && options.intervalMinutes > 0 ? options.intervalMinutes : medianRoundedInterval(histCount, n - 1);
  const intervalMs = interval * MINUTE_MS;
  const std = bandShares(stdShort, stdNominal, weighting, intervalMs);
  const rng = customRange ? bandShares(rngShort, rngNominal, weighting, intervalMs) : std;
  const share = (a: number[], i: number): number => a[i] as number;
  const last = prevT;
  const { activePercent, daysOfData } = activeTime({ histCount, histSum, bigGapCount, bigGapSum, first, last, interval }, options);

  const median = medianOf(values.subarray(0, n));
  const sd = n >= 2 ? Math.sqrt(m2 / (n - 1)) : null;
  const gri = computeGri(
    share(std, BAND_VERY_LOW),
    share(std, BAND_LOW),
    share(std, BAND_HIGH),
    share(std, BAND_VERY_HIGH),
  );
  const enoughDays = daysOfData >= SUFFICIENT_DAYS;
  const enoughActive = activePercent >= SUFFICIENT_ACTIVE_PERCENT;
  return {
    n,
    firstAt: first,
    lastAt: last,
    mean,
    median,
    sd,
    cv: sd === null ? null : (100 * sd) / mean,
    gmi: gmiPercent(mean),
    bands: {
      very_low: share(rng, BAND_VERY_LOW),
      low: share(rng, BAND_LOW),
      in_range: share(rng, BAND_IN_RANGE),
      high: share(rng, BAND_HIGH),
      very_high: share(rng, BAND_VERY_HIGH),
    },
    belowRange: share(rng, BAND_VERY_LOW) + share(rng, BAND_LOW),
    aboveRange: share(rng, BAND_HIGH) + share(rng, BAND_VERY_HIGH),
    gri,
    griZone: griZone(gri),
    activePercent,
    daysOfData,
    intervalMinutes: interval,
    weighting,
    sufficiency: { enoughDays, enoughActive, sufficient: enoughDays && enoughActive },
  };
}

/** One decimal, as every percentage is printed. */
const tenths = (x: number) => roundHalfUp(x, 1);

/** Glucose management indicator (%) of a mean glucose in mg/dL: 3.31 + 0.02392 × mean. */
export function gmiPercent(meanMgdl: number): number {
  return 3.31 + 0.02392 * meanMgdl;
}

/**
 * Key figures from stored sums (count, sum, sum of squares and readings per band), as the
 * professional's list reads them from the daily aggregates: the same definitions as
 * computeGlucoseMetrics with every reading weighing the same, and the shares printed as
 * `bandPercents` prints them (one decimal, adding up to 100).
 */
export function figuresFromSums(sums: {
  n: number;
  sumMgdl: number;
  sumSquares: number;
  bandCounts: Record<GlucoseBand, number>;
}): { inRange: number; belowRange: number; veryLow: number; aboveRange: number; gmi: number; cv: number | null } | null {
  const { n } = sums;
  if (n <= 0) return null;
  const mean = sums.sumMgdl / n;
  const variance = n > 1 ? Math.max(0, (sums.sumSquares - n * mean * mean) / (n - 1)) : null;
  const shares = Object.fromEntries(Object.entries(sums.bandCounts).map(([band, count]) => [band, (count / n) * 100])) as Record<GlucoseBand, number>;
  const shown = bandPercents(shares);
  return {
    inRange: shown.in_range,
    belowRange: tenths(shown.very_low + shown.low),
    veryLow: shown.very_low,
    aboveRange: tenths(shown.high + shown.very_high),
    gmi: tenths(gmiPercent(mean)),
    cv: variance !== null && mean > 0 ? tenths((Math.sqrt(variance) / mean) * 100) : null,
  };
}

export type TargetKey = 'veryLow' | 'belowRange' | 'inRange' | 'aboveRange' | 'veryHigh' | 'cv';

export interface TargetCheck {
  key: TargetKey;
  /** The value as the reader sees it (one decimal; band shares as `bandPercents` prints them). */
  value: number;
  /** The limit; `max` targets are met at or below it (≤), `min` targets at or above it (≥). */
  limit: number;
  kind: 'max' | 'min';
  met: boolean;
}

/**
 * Compares metrics with a patient's targets; targets set to null are skipped. The verdict is
 * taken on the value as printed (band shares rounded together so they add up to 100, the CV to
 * one decimal), so a reader never sees "1,0 %" beside "objectif ≤ 1 %" judged not met, or the
 * reverse. A value equal to the limit counts as met (the consensus limits are themselves
 * rounded percentages). The metrics must have been computed with the targets' range for the
 * shares to mean anything.
 */
export function evaluateTargets(metrics: GlucoseMetrics, targets: GlucoseTargets): TargetCheck[] {
  const out: TargetCheck[] = [];
  const shown = bandPercents(metrics.bands);
  const add = (key: TargetKey, value: number | null, limit: number | null, kind: 'max' | 'min'): void => {
    if (limit === null || value === null) return;
    const printed = tenths(value);
    out.push({ key, value: printed, limit, kind, met: kind === 'max' ? printed <= limit : printed >= limit });
  };
  add('veryLow', shown.very_low, targets.veryLowMaxPercent, 'max');
  add('belowRange', shown.very_low + shown.low, targets.belowRangeMaxPercent, 'max');
  add('inRange', shown.in_range, targets.inRangeMinPercent, 'min');
  add('aboveRange', shown.high + shown.very_high, targets.aboveRangeMaxPercent, 'max');
  add('veryHigh', shown.very_high, targets.veryHighMaxPercent, 'max');
  add('cv', metrics.cv, targets.cvMaxPercent, 'max');
  return out;
}
