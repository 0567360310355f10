import { bandPercents, type GlucoseTargets } from '../glucose/bands';
import { evaluateTargets, SUFFICIENT_ACTIVE_PERCENT, type TargetCheck } from '../glucose/metrics';
import { cgmCoverageSufficient, meterMinReadings } from '../measurements/glucose-figures';
import type { ColumnSeries } from '../glucose/series';
import { roundHalfUp } from '../glucose/stats';
import { localDaysOf } from '../glucose/timezone';
import { periodMetrics, sliceSeries, type PeriodGlucose } from './advice.context';
import { makeFinding } from './advice.finding';
import type { FindingOf } from './advice.schemas';

/**
 * The rules read from the period's metrics (glucose/metrics.ts, the dashboard's own numbers):
 * enough data, time below range, variability, and the change in time in range. Shares are
 * compared as printed (evaluateTargets), so a finding never contradicts the dashboard's figure.
 */

/** The meter's minimum is the figures' rule (glucose-figures.ts), kept importable from here. */
export { METER_MIN_READINGS_PER_DAY } from '../measurements/glucose-figures';

/** Points of time in range the consensus calls a clinically meaningful change. */
export const TIR_CHANGE_MIN_POINTS = 5;

const tenths = (x: number): number => roundHalfUp(x, 1);

/**
 * CGM worn less than 70 % of the period, or a meter used less than once a day on average: the
 * rules every surface applies before showing CGM figures or a trend (glucose-figures.ts).
 */
export function findInsufficientData(g: PeriodGlucose): FindingOf<'insufficient_data'> | null {
  if (g.source === 'cgm') {
    const active = g.metrics?.activePercent ?? 0;
    if (cgmCoverageSufficient(active)) return null;
    return makeFinding('insufficient_data', 'info', {
      source: 'cgm',
      periodDays: g.periodDays,
      readingCount: g.count,
      // Rounded down: 69.96 % must not read "70.0 %, minimum 70 %".
      activePercent: Math.floor(active * 10) / 10,
      minActivePercent: SUFFICIENT_ACTIVE_PERCENT,
      minReadingCount: null,
    });
  }
  const minReadings = meterMinReadings(g.periodDays);
  if (g.count >= minReadings) return null;
  return makeFinding('insufficient_data', 'info', {
    source: 'meter',
    periodDays: g.periodDays,
    readingCount: g.count,
    activePercent: null,
    minActivePercent: null,
    minReadingCount: minReadings,
  });
}

const checkOf = (checks: TargetCheck[], key: TargetCheck['key']): TargetCheck | undefined =>
  checks.find((c) => c.key === key);

/**
 * Time (CGM) or share of readings (meter) below the patient's range above its target: < 4 %
 * below 70 and < 1 % below 54 by default, < 1 % below 70 for older or high-risk patients,
 * < 4 % below 63 and < 1 % below 54 in pregnancy — all read from the patient's targets.
 */
export function findTimeBelowRange(
  g: PeriodGlucose,
  targets: GlucoseTargets,
): FindingOf<'time_below_range'> | null {
  if (!g.metrics) return null;
  const checks = evaluateTargets(g.metrics, targets);
  const below = checkOf(checks, 'belowRange');
  const veryLow = checkOf(checks, 'veryLow');
  const exceeded: Array<'below_range' | 'very_low'> = [];
  if (below && !below.met) exceeded.push('below_range');
  if (veryLow && !veryLow.met) exceeded.push('very_low');
  if (exceeded.length === 0) return null;
  const shown = bandPercents(g.metrics.bands);
  // Level 2 lows above their target are the consensus's first priority.
  return makeFinding('time_below_range', veryLow && !veryLow.met ? 'urgent' : 'attention', {
    basis: g.source === 'cgm' ? 'time' : 'readings',
    lowBelowMgdl: targets.range.lowBelow,
    belowRangePercent: tenths(shown.very_low + shown.low),
    belowRangeMaxPercent: targets.belowRangeMaxPercent,
    veryLowBelowMgdl: targets.range.veryLowBelow,
    veryLowPercent: shown.very_low,
    veryLowMaxPercent: targets.veryLowMaxPercent,
    exceeded,
  });
}

/**
 * Coefficient of variation above the patient's limit (36 % by default). CGM only: the limit is
 * defined on continuous data, and meter readings taken at chosen moments (fasting, after meals)
 * spread for reasons other than the patient's variability.
 */
export function findHighVariability(
  g: PeriodGlucose,
  targets: GlucoseTargets,
): FindingOf<'high_variability'> | null {
  if (g.source !== 'cgm' || !g.metrics || g.metrics.sd === null) return null;
  const cv = checkOf(evaluateTargets(g.metrics, targets), 'cv');
  if (!cv || cv.met) return null;
  return makeFinding('high_variability', 'attention', {
    cvPercent: cv.value,
    cvMaxPercent: cv.limit,
    meanMgdl: Math.round(g.metrics.mean),
    sdMgdl: Math.round(g.metrics.sd),
  });
}

/**
 * Time in range of this period against the period of the same length just before: a change of
 * 5 points or more either way, when both periods are CGM periods with 70 % of their readings.
 * The period's length is not required to be 14 days, so a weekly report compares two weeks.
 */
export function findTirChange(
  g: PeriodGlucose,
  previousReadings: ColumnSeries | undefined,
  targets: GlucoseTargets,
  timeZone: string,
): FindingOf<'tir_change'> | null {
  if (g.source !== 'cgm' || !previousReadings || !g.metrics) return null;
  if (!cgmCoverageSufficient(g.metrics.activePercent)) return null;
  const previousEnd = g.start;
  const previousStart = g.start - (g.end - g.start);
  const previousSeries = sliceSeries(previousReadings, previousStart, previousEnd);
  if (previousSeries.t.length === 0) return null;
  const days = localDaysOf(previousStart, previousEnd, timeZone).days;
  const previous = periodMetrics(previousSeries, 'cgm', targets, {
    start: previousStart,
    end: previousEnd,
    days,
  });
  if (!previous || !cgmCoverageSufficient(previous.activePercent)) return null;
  const currentPercent = bandPercents(g.metrics.bands).in_range;
  const previousPercent = bandPercents(previous.bands).in_range;
  const changePoints = tenths(currentPercent - previousPercent);
  if (Math.abs(changePoints) < TIR_CHANGE_MIN_POINTS) return null;
  const improving = changePoints > 0;
  return makeFinding('tir_change', improving ? 'info' : 'attention', {
    direction: improving ? 'improving' : 'worsening',
    currentPercent,
    previousPercent,
    changePoints,
    rangeLowMgdl: targets.range.lowBelow,
    rangeHighMgdl: targets.range.highAbove,
    previousStart,
    previousEnd,
  });
}
