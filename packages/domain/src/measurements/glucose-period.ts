import { computeAgp } from '../glucose/agp';
import { BAND_HIGH, BAND_LOW, BAND_VERY_HIGH, BAND_VERY_LOW, bandIndex, type GlucoseRange, type GlucoseTargets } from '../glucose/bands';
import { computeDailyStats } from '../glucose/daily';
import { computeGlucoseMetrics, evaluateTargets, SUFFICIENT_DAYS, type GlucoseMetrics } from '../glucose/metrics';
import { roundHalfUp } from '../glucose/stats';
import { DAY_MS } from '../glucose/timezone';
import { glucoseBasis, glucoseFigures } from './glucose-figures';
import type { AgpDto, GlucoseMetricsDto, GlucosePeriod, MeterFigures } from './summary.schemas';

/**
 * The glucose picture of one period, from the stored readings, with the glucose module's
 * functions (never re-implemented here). Device readings (CGM, import, Nightscout) make a CGM
 * report; without any, manual and meter readings make a meter summary with count-weighted bands
 * and readings counted. Which CGM-only figures show is glucose-figures.ts's decision.
 */

export interface PeriodReadings {
  /** Epoch ms, ascending. */
  t: ArrayLike<number>;
  /** mg/dL. */
  v: ArrayLike<number>;
  /** True (or 1, from a typed column) for a device reading. */
  device: ArrayLike<boolean | number>;
}

/**
 * A window's glucose as typed columns, whichever table it was read from (the readings, or the
 * days' packed readings): epoch ms ascending, mg/dL, and 1 for a device reading (CGM, import,
 * Nightscout), 0 otherwise. One concrete shape for every reader keeps the metrics' loops on a
 * single kind of array.
 */
export interface GlucoseColumns extends PeriodReadings {
  t: Float64Array;
  v: Float64Array;
  device: Uint8Array;
}

/**
 * The readings a report is drawn from: the device readings only, or all of them, two readings at
 * the same instant (two uploaders, one sensor) counting once. Typed columns, so the metrics, the
 * AGP and the daily figures all loop over one kind of array.
 */
function pick(readings: PeriodReadings, deviceOnly: boolean): { t: Float64Array; v: Float64Array } {
  const n = readings.t.length;
  // The usual CGM period — device readings only, no instant twice — is its own series, as is.
  if (readings.t instanceof Float64Array && readings.v instanceof Float64Array && keepsEveryReading(readings, deviceOnly)) return { t: readings.t, v: readings.v };
  const t = new Float64Array(n);
  const v = new Float64Array(n);
  let kept = 0;
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    if (deviceOnly && !readings.device[i]) continue;
    const ti = readings.t[i] as number;
    if (ti === previous) continue;
    previous = ti;
    t[kept] = ti;
    v[kept] = readings.v[i] as number;
    kept++;
  }
  return { t: t.subarray(0, kept), v: v.subarray(0, kept) };
}

function keepsEveryReading(readings: PeriodReadings, deviceOnly: boolean): boolean {
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < readings.t.length; i++) {
    if (deviceOnly && !readings.device[i]) return false;
    const ti = readings.t[i] as number;
    if (ti === previous) return false;
    previous = ti;
  }
  return true;
}

const iso = (ms: number): string => new Date(ms).toISOString();
const nullIfNaN = (x: number): number | null => (x === x ? roundHalfUp(x, 1) : null);

/** Metrics as the API sends them (ISO times), without the CGM-only figures the period's figures forbid. */
export function metricsToDto(m: GlucoseMetrics, cgmFigures: boolean): GlucoseMetricsDto {
  return {
    n: m.n,
    firstAt: iso(m.firstAt),
    lastAt: iso(m.lastAt),
    mean: m.mean,
    median: m.median,
    sd: m.sd,
    cv: m.cv,
    gmi: cgmFigures ? m.gmi : null,
    bands: m.bands,
    belowRange: m.belowRange,
    aboveRange: m.aboveRange,
    gri: cgmFigures ? m.gri : null,
    griZone: cgmFigures ? m.griZone : null,
    activePercent: cgmFigures ? m.activePercent : null,
    daysOfData: m.daysOfData,
    intervalMinutes: m.intervalMinutes,
    sufficiency: m.sufficiency,
  };
}

/** A meter period's counts of readings outside the range, and its readings per day. */
export function meterFigures(series: { v: ArrayLike<number> }, range: GlucoseRange, periodDays: number): MeterFigures {
  let lows = 0;
  let veryLows = 0;
  let highs = 0;
  let veryHighs = 0;
  let n = 0;
  for (let i = 0; i < series.v.length; i++) {
    const x = series.v[i] as number;
    if (x !== x) continue;
    n++;
    // The same band edges as the metrics' shares (bands.ts): below the low limit, above the high one.
    const band = bandIndex(x, range);
    if (band <= BAND_LOW) lows++;
    if (band === BAND_VERY_LOW) veryLows++;
    if (band >= BAND_HIGH) highs++;
    if (band === BAND_VERY_HIGH) veryHighs++;
  }
  return { readingsPerDay: periodDays > 0 ? roundHalfUp(n / periodDays, 1) : 0, lows, veryLows, highs, veryHighs };
}

/** Metrics, target checks, AGP and daily stats of the readings of [periodStart, periodEnd). */
export function summarizeGlucosePeriod(
  readings: PeriodReadings,
  options: { periodStart: number; periodEnd: number; timeZone: string; targets: GlucoseTargets; periodDays?: number },
): GlucosePeriod {
  let deviceCount = 0;
  for (let i = 0; i < readings.device.length; i++) if (readings.device[i]) deviceCount++;
  const basis = glucoseBasis(deviceCount, readings.t.length - deviceCount);
  const periodDays = options.periodDays ?? (options.periodEnd - options.periodStart) / DAY_MS;
  if (basis === 'none') {
    const figures = glucoseFigures({ basis, cgmActivePercent: null, readings: 0, periodDays });
    return { basis, figures, meter: null, readings: 0, metrics: null, targetChecks: [], agp: null, daily: [] };
  }
  const fromSensor = basis !== 'meter';
  const series = pick(readings, fromSensor);
  const range = options.targets.range;
  const metrics = fromSensor
    ? computeGlucoseMetrics(series, { range, periodStart: options.periodStart, periodEnd: options.periodEnd, periodDays: options.periodDays })
    : computeGlucoseMetrics(series, { range, weighting: 'count' });
  const figures = glucoseFigures({ basis, cgmActivePercent: fromSensor ? (metrics?.activePercent ?? null) : null, readings: series.t.length, periodDays });
  let agp: AgpDto | null = null;
  if (figures.cgm) {
    const profile = computeAgp(series, { timeZone: options.timeZone });
    agp = {
      binMinutes: profile.binMinutes,
      minuteOfDay: profile.minuteOfDay,
      p5: profile.p5.map(nullIfNaN),
      p25: profile.p25.map(nullIfNaN),
      p50: profile.p50.map(nullIfNaN),
      p75: profile.p75.map(nullIfNaN),
      p95: profile.p95.map(nullIfNaN),
    };
  }
  const daily = computeDailyStats(series, { timeZone: options.timeZone, range }).map((d) => ({
    date: d.date,
    n: d.n,
    mean: d.mean,
    min: d.min,
    max: d.max,
    bands: d.bands,
  }));
  // A meter summary spans the local days that have readings ("1 mesure sur 1 jour"), not the
  // few minutes between its first and last reading; it has no sensor, so no active time to be
  // sufficient (the span between finger-sticks is not "time the sensor was active").
  if (metrics && !fromSensor) {
    metrics.daysOfData = daily.length;
    metrics.sufficiency = { enoughDays: daily.length >= SUFFICIENT_DAYS, enoughActive: false, sufficient: false };
  }
  return {
    basis,
    figures,
    meter: fromSensor ? null : meterFigures(series, range, periodDays),
    readings: series.t.length,
    metrics: metrics ? metricsToDto(metrics, figures.cgm) : null,
    targetChecks: metrics ? evaluateTargets(metrics, options.targets) : [],
    agp,
    daily,
  };
}
