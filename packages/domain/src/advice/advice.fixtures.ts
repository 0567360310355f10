import { generateCgmDays, type CgmProfile } from '../demo/cgm-generator';
import { generateManualReadings } from '../demo/manual-generator';
import { createRng } from '../demo/random';
import {
  DAY_MS,
  getZoneOffsetResolver,
  localDayNumber,
  localToUtc,
  MINUTE_MS,
} from '../glucose/timezone';
import { targetsForPreset } from '../glucose/bands';
import { lowerBound, type AdviceInput } from './advice.context';

/**
 * Test data for the advice engine, built from the demo generator and then shaped so that each
 * pattern is present or absent by construction: the generator's own night hypos, meal peaks and
 * dawn drift are random, so a label could not be trusted on its raw output. Used by the rule
 * tests, the labelled set and the safety sweep; never by production code.
 */

export const STEP_MS = 5 * MINUTE_MS;

/** A mutable 5-minute CGM trace in one time zone. */
export interface Trace {
  t: number[];
  v: number[];
  timeZone: string;
}

/** Instant of a local wall-clock time: `day` local days after the local date `isoDate`, at `minute`. */
export function localAt(timeZone: string, isoDate: string, day: number, minute: number): number {
  const offsetOf = getZoneOffsetResolver(timeZone);
  const dayNumber = Math.round(Date.parse(`${isoDate}T00:00:00Z`) / DAY_MS) + day;
  return localToUtc(offsetOf, dayNumber * DAY_MS + minute * MINUTE_MS);
}

/** `days` whole local days ending with the local date `lastDay`: [its first midnight, the midnight after it). */
export function localPeriod(
  timeZone: string,
  lastDay: string,
  days: number,
): { start: number; end: number } {
  return { start: localAt(timeZone, lastDay, 1 - days, 0), end: localAt(timeZone, lastDay, 1, 0) };
}

export interface CalmOptions {
  seed: number;
  start: number;
  end: number;
  timeZone: string;
  profile?: CgmProfile;
  /** Values are held inside [low, high]: no lows and no highs unless a test adds them. */
  low?: number;
  high?: number;
  /** Keep the 03:00–08:00 window flat (default), so a dawn rise exists only when added. */
  flatMornings?: boolean;
}

/**
 * A well-controlled trace on the full 5-minute grid of [start, end): the generator's curve
 * (sensor gaps filled by interpolation), held inside [low, high], mornings flattened.
 */
export function calmTrace(options: CalmOptions): Trace {
  const { start, end, timeZone } = options;
  const low = options.low ?? 80;
  const high = options.high ?? 170;
  const days = Math.ceil((end - start) / DAY_MS) + 1;
  const raw = generateCgmDays({
    seed: options.seed,
    days,
    endAt: end - STEP_MS,
    profile: options.profile ?? 'well_controlled',
    timeZone,
  });
  const t: number[] = [];
  const v: number[] = [];
  let k = 0;
  for (let at = start; at < end; at += STEP_MS) {
    while (k + 1 < raw.t.length && (raw.t[k + 1] as number) <= at) k++;
    const t0 = raw.t[k] as number;
    const t1 = raw.t[Math.min(k + 1, raw.t.length - 1)] as number;
    const v0 = raw.v[k] as number;
    const v1 = raw.v[Math.min(k + 1, raw.v.length - 1)] as number;
    const value = t1 > t0 && at > t0 ? v0 + ((v1 - v0) * (at - t0)) / (t1 - t0) : v0;
    t.push(at);
    v.push(Math.min(high, Math.max(low, Math.round(value))));
  }
  const trace = { t, v, timeZone };
  if (options.flatMornings !== false) flattenMornings(trace, options.seed, low);
  return trace;
}

/** Holds 03:00–08:00 local at the 03:00 value, with ± 2 mg/dL of seeded sensor noise. */
export function flattenMornings(trace: Trace, seed: number, low = 80): void {
  const offsetOf = getZoneOffsetResolver(trace.timeZone);
  const rng = createRng(seed ^ 0x5eed);
  let day = Number.NaN;
  let level = 0;
  for (let i = 0; i < trace.t.length; i++) {
    const at = trace.t[i] as number;
    const local = at + offsetOf(at);
    const minute = (local - Math.floor(local / DAY_MS) * DAY_MS) / MINUTE_MS;
    if (minute < 180 || minute >= 480) continue;
    const d = localDayNumber(offsetOf, at);
    if (d !== day) {
      day = d;
      level = Math.max(low + 10, trace.v[i] as number);
    }
    trace.v[i] = Math.round(level + rng.normal(0, 2));
  }
}

/**
 * Pulls the trace towards `target` from `at`: a raised-cosine ramp of `rampMinutes`, `holdMinutes`
 * at the target, and a ramp back — the shape the generator gives its hypos. A low, a meal peak or
 * any excursion is one call.
 */
export function pull(
  trace: Trace,
  at: number,
  target: number,
  holdMinutes: number,
  rampMinutes = 20,
): void {
  const end = at + (2 * rampMinutes + holdMinutes) * MINUTE_MS;
  for (let i = lowerBound(trace.t, at); i < trace.t.length && (trace.t[i] as number) < end; i++) {
    const ti = trace.t[i] as number;
    const tau = (ti - at) / MINUTE_MS;
    let s = 1;
    if (tau < rampMinutes) s = 0.5 - 0.5 * Math.cos((Math.PI * tau) / rampMinutes);
    else if (tau >= rampMinutes + holdMinutes)
      s = 0.5 + 0.5 * Math.cos((Math.PI * (tau - rampMinutes - holdMinutes)) / rampMinutes);
    trace.v[i] = Math.round((trace.v[i] as number) * (1 - s) + target * s);
  }
}

/** Adds a linear climb of `amount` mg/dL from `from` to `to` (a dawn rise). */
export function climb(trace: Trace, from: number, to: number, amount: number): void {
  for (let i = lowerBound(trace.t, from); i < trace.t.length && (trace.t[i] as number) < to; i++) {
    const ti = trace.t[i] as number;
    trace.v[i] = Math.round((trace.v[i] as number) + (amount * (ti - from)) / (to - from));
  }
}

/** Removes the readings of [from, to): a sensor off the skin. */
export function cut(trace: Trace, from: number, to: number): void {
  const keep = trace.t.map((ti) => ti < from || ti >= to);
  trace.t = trace.t.filter((_, i) => keep[i]);
  trace.v = trace.v.filter((_, i) => keep[i]);
}

/**
 * A meter diary of exactly `count` readings in [start, end) from the generator's type-2 diary
 * (fasting, before and after lunch, bedtime), held inside [low, high].
 */
export function meterDiary(options: {
  seed: number;
  start: number;
  end: number;
  timeZone: string;
  count: number;
  low?: number;
  high?: number;
}): Trace {
  const { start, end, timeZone } = options;
  // A diary holds 1–4 readings a day; a busier patient is two diaries of the same days.
  const inside: Array<{ measuredAt: number; mgdl: number }> = [];
  for (let k = 0; inside.length < options.count && k < 4; k++) {
    const diary = generateManualReadings({
      seed: options.seed + 1000 * k,
      days: Math.ceil((end - start) / DAY_MS),
      endAt: end - 1,
      profile: 'well_controlled',
      timeZone,
    });
    const known = new Set(inside.map((g) => g.measuredAt));
    inside.push(
      ...diary.glucose.filter(
        (g) => g.measuredAt >= start && g.measuredAt < end && !known.has(g.measuredAt),
      ),
    );
  }
  inside.sort((a, b) => a.measuredAt - b.measuredAt);
  if (inside.length < options.count)
    throw new RangeError(`the diaries have ${inside.length} readings, ${options.count} asked`);
  // Evenly thinned, so a short diary still spans the whole period.
  const picked = Array.from(
    { length: options.count },
    (_, k) => inside[Math.floor((k * inside.length) / options.count)]!,
  );
  return {
    t: picked.map((g) => g.measuredAt),
    v: picked.map((g) => Math.min(options.high ?? 200, Math.max(options.low ?? 80, g.mgdl))),
    timeZone,
  };
}

/** Inserts one reading (a meter measurement) in time order. */
export function insertReading(trace: Trace, at: number, mgdl: number): void {
  const i = lowerBound(trace.t, at);
  if (trace.t[i] === at) {
    trace.v[i] = mgdl;
    return;
  }
  trace.t.splice(i, 0, at);
  trace.v.splice(i, 0, mgdl);
}

/** A constant trace on the 5-minute grid of [start, end), for exact edge cases. */
export function flatTrace(start: number, end: number, timeZone: string, mgdl: number): Trace {
  const t: number[] = [];
  for (let at = start; at < end; at += STEP_MS) t.push(at);
  return { t, v: t.map(() => mgdl), timeZone };
}

/** Sets every reading of [from, to) to `mgdl`. */
export function setSpan(trace: Trace, from: number, to: number, mgdl: number): void {
  for (let i = lowerBound(trace.t, from); i < trace.t.length && (trace.t[i] as number) < to; i++)
    trace.v[i] = mgdl;
}

/** The engine's input for a trace over a period, standard targets unless `extra` says otherwise. */
export function inputFor(
  trace: Trace,
  period: { start: number; end: number },
  extra: Partial<AdviceInput> = {},
): AdviceInput {
  return {
    readings: { t: trace.t, v: trace.v },
    source: 'cgm',
    period,
    timeZone: trace.timeZone,
    targets: targetsForPreset('standard'),
    ...extra,
  };
}
