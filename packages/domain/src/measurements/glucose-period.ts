import { computeAgp } from '../glucose/agp';
import type { GlucoseTargets } from '../glucose/bands';
import { computeDailyStats } from '../glucose/daily';
import { computeGlucoseMetrics, evaluateTargets, SUFFICIENT_DAYS, type GlucoseMetrics } from '../glucose/metrics';
import { roundHalfUp } from '../glucose/stats';
import type { AgpDto, GlucoseMetricsDto, GlucosePeriod } from './measurements.schemas';

/**
 * The glucose picture of one period, from the stored readings, with the glucose module's
 * functions (never re-implemented here). Device readings (CGM, import, Nightscout) make a CGM
 * report; without any, manual and meter readings make a meter summary with count-weighted bands
 * and no AGP or active time worth the name (AGP needs dense data).
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

/** Metrics as the API sends them (ISO times). */
export function metricsToDto(m: GlucoseMetrics): GlucoseMetricsDto {
  return {
    n: m.n,
    firstAt: iso(m.firstAt),
    lastAt: iso(m.lastAt),
    mean: m.mean,
    median: m.median,
    sd: m.sd,
    cv: m.cv,
    gmi: m.gmi,
    bands: m.bands,
    belowRange: m.belowRange,
    aboveRange: m.aboveRange,
    gri: m.gri,
    griZone: m.griZone,
    activePercent: m.activePercent,
    daysOfData: m.daysOfData,
    intervalMinutes: m.intervalMinutes,
    sufficiency: m.sufficiency,
  };
}

/** Metrics, target checks, AGP and daily stats of the readings of [periodStart, periodEnd). */
export function summarizeGlucosePeriod(
  readings: PeriodReadings,
  options: { periodStart: number; periodEnd: number; timeZone: string; targets: GlucoseTargets; periodDays?: number },
): GlucosePeriod {
  let deviceCount = 0;
  for (let i = 0; i < readings.device.length; i++) if (readings.device[i]) deviceCount++;
  const basis = deviceCount > 0 ? 'cgm' : readings.t.length > 0 ? 'meter' : 'none';
  if (basis === 'none') return { basis, readings: 0, metrics: null, targetChecks: [], agp: null, daily: [] };
  const series = pick(readings, basis === 'cgm');
  const range = options.targets.range;
  const metrics =
    basis === 'cgm'
      ? computeGlucoseMetrics(series, { range, periodStart: options.periodStart, periodEnd: options.periodEnd, periodDays: options.periodDays })
      : computeGlucoseMetrics(series, { range, weighting: 'count' });
  let agp: AgpDto | null = null;
  if (basis === 'cgm') {
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
  // few minutes between its first and last reading.
  if (metrics && basis === 'meter') {
    metrics.daysOfData = daily.length;
    const enoughDays = daily.length >= SUFFICIENT_DAYS;
    metrics.sufficiency = { enoughDays, enoughActive: metrics.sufficiency.enoughActive, sufficient: enoughDays && metrics.sufficiency.enoughActive };
  }
  return {
    basis,
    readings: series.t.length,
    metrics: metrics ? metricsToDto(metrics) : null,
    targetChecks: metrics ? evaluateTargets(metrics, options.targets) : [],
    agp,
    daily,
  };
}
