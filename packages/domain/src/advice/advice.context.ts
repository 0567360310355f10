import type { GlucoseTargets } from '../glucose/bands';
import { computeGlucoseMetrics, type GlucoseMetrics } from '../glucose/metrics';
import type { ColumnSeries, NumericColumn } from '../glucose/series';
import {
  DAY_MS,
  dayNumberToIsoDate,
  getZoneOffsetResolver,
  localDayNumber,
  localDaysOf,
  MINUTE_MS,
  type ZoneOffsetResolver,
} from '../glucose/timezone';

/** What the engine reads: the readings of one period and what else the patient recorded. */
export interface AdviceInput {
  /** Ascending epoch ms and mg/dL (NaN = missing); readings outside `period` are ignored. */
  readings: ColumnSeries;
  source: 'cgm' | 'meter';
  /** [start, end) epoch ms, e.g. `lastLocalDays(now, 14, timeZone)`; its end stands for "now". */
  period: { start: number; end: number };
  /**
   * Readings of the period of the same length just before, for the change in time in range; only
   * [start − length, start) is read, so one series holding both periods may be passed twice.
   */
  previousReadings?: ColumnSeries;
  /** IANA zone: nights, mornings and meals are wall-clock times of the patient. */
  timeZone: string;
  /** The patient's targets; their range and shares set the glucose thresholds. */
  targets: GlucoseTargets;
  /** Epoch ms of the meals the patient tagged. */
  meals?: ArrayLike<number>;
  /** Epoch ms of the readings the patient flagged as felt (symptoms). */
  symptomaticLows?: ArrayLike<number>;
  hba1c?: ReadonlyArray<{ at: number; percent: number }>;
  bloodPressure?: ReadonlyArray<{ at: number; systolic: number; diastolic: number }>;
  ldl?: ReadonlyArray<{ at: number; mgdl: number }>;
  /** Default 100 mg/dL. */
  ldlTargetMgdl?: number;
  /** Default: the targets' HbA1c limit, else 7 %. */
  hba1cTargetPercent?: number;
}

/** The period's readings with their wall-clock position, computed once for every rule. */
export interface PeriodGlucose {
  source: 'cgm' | 'meter';
  start: number;
  end: number;
  periodDays: number;
  t: Float64Array;
  v: Float64Array;
  /** Local calendar day number and minute of the day (0 ≤ minute < 1440) of each reading. */
  day: Int32Array;
  minute: Float64Array;
  /** Readings that are not NaN. */
  count: number;
  metrics: GlucoseMetrics | null;
  /** Nominal minutes each reading covers (the metrics' detected interval; 5 without metrics). */
  intervalMinutes: number;
  offsetOf: ZoneOffsetResolver;
}

/** Index of the first element of an ascending column that is ≥ x. */
export function lowerBound(column: NumericColumn, x: number): number {
  let lo = 0;
  let hi = column.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((column[mid] as number) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The readings of [from, to), copied into typed columns. */
export function sliceSeries(
  series: ColumnSeries,
  from: number,
  to: number,
): { t: Float64Array; v: Float64Array } {
  const first = lowerBound(series.t, from);
  const last = lowerBound(series.t, to);
  const n = Math.max(0, last - first);
  const t = new Float64Array(n);
  const v = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    t[i] = series.t[first + i] as number;
    v[i] = series.v[first + i] as number;
  }
  return { t, v };
}

/** A value as a meter shows it, the rounding every glucose threshold of the app applies. */
export const wholeMgdl = (mgdl: number): number => Math.floor(mgdl + 0.5);

/**
 * The metrics of a period, computed as the dashboard computes them (glucose-period.ts): a CGM
 * against the period for its active time, a meter with every reading weighing the same.
 */
export function periodMetrics(
  series: { t: Float64Array; v: Float64Array },
  source: 'cgm' | 'meter',
  targets: GlucoseTargets,
  period: { start: number; end: number; days: number },
): GlucoseMetrics | null {
  const range = targets.range;
  return source === 'cgm'
    ? computeGlucoseMetrics(series, {
        range,
        periodStart: period.start,
        periodEnd: period.end,
        periodDays: period.days,
      })
    : computeGlucoseMetrics(series, { range, weighting: 'count' });
}

export function preparePeriod(input: AdviceInput): PeriodGlucose {
  const { start, end } = input.period;
  const offsetOf = getZoneOffsetResolver(input.timeZone);
  const periodDays = localDaysOf(start, end, input.timeZone).days;
  const { t, v } = sliceSeries(input.readings, start, end);
  const n = t.length;
  const day = new Int32Array(n);
  const minute = new Float64Array(n);
  let count = 0;
  for (let i = 0; i < n; i++) {
    const ti = t[i] as number;
    const local = ti + offsetOf(ti);
    const d = Math.floor(local / DAY_MS);
    day[i] = d;
    minute[i] = (local - d * DAY_MS) / MINUTE_MS;
    if ((v[i] as number) === (v[i] as number)) count++;
  }
  const metrics =
    count > 0
      ? periodMetrics({ t, v }, input.source, input.targets, { start, end, days: periodDays })
      : null;
  return {
    source: input.source,
    start,
    end,
    periodDays,
    t,
    v,
    day,
    minute,
    count,
    metrics,
    intervalMinutes: metrics?.intervalMinutes ?? 5,
    offsetOf,
  };
}

const pad2 = (x: number): string => (x < 10 ? `0${x}` : String(x));

/** 'HH:mm' of a minute of the day. */
export function clockTime(minuteOfDay: number): string {
  const m = Math.floor(minuteOfDay);
  return `${pad2(Math.floor(m / 60))}:${pad2(m % 60)}`;
}

/** Local date and 'HH:mm' of an instant. */
export function localDateTime(
  offsetOf: ZoneOffsetResolver,
  at: number,
): { date: string; time: string; day: number } {
  const day = localDayNumber(offsetOf, at);
  const local = at + offsetOf(at);
  return {
    date: dayNumberToIsoDate(day),
    time: clockTime((local - day * DAY_MS) / MINUTE_MS),
    day,
  };
}

/** Ascending copy of a list of instants. */
export function sortedTimes(times: ArrayLike<number> | undefined): Float64Array {
  const out = Float64Array.from(times ?? []);
  out.sort();
  return out;
}

/** True when an ascending list holds an instant in [from, to). */
export function hasTimeIn(sorted: Float64Array, from: number, to: number): boolean {
  const i = lowerBound(sorted, from);
  return i < sorted.length && (sorted[i] as number) < to;
}
