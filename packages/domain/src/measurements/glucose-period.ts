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
  /** True for a device reading. */
  device: ArrayLike<boolean>;
}

function pick(readings: PeriodReadings, keep: (i: number) => boolean): { t: number[]; v: number[] } {
  const t: number[] = [];
  const v: number[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < readings.t.length; i++) {
    if (!keep(i)) continue;
    const ti = readings.t[i] as number;
    // Two readings at the same instant (two uploaders, one sensor) count once.
    if (ti === previous) continue;
    previous = ti;
    t.push(ti);
    v.push(readings.v[i] as number);
  }
  return { t, v };
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
  const series = basis === 'cgm' ? pick(readings, (i) => readings.device[i] === true) : pick(readings, () => true);
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
