import { bandIndex, BAND_HIGH, BAND_LOW, BAND_VERY_HIGH, BAND_VERY_LOW, STANDARD_RANGE, type GlucoseRange } from './bands';
import { roundHalfUp } from './stats';
import { getZoneOffsetResolver, MINUTE_MS, DAY_MS } from './timezone';

/**
 * A meter user's logbook figures: readings grouped by their meal tag, each group against its own
 * target, and readings by time of day. Tags are the patient's (GLUCOSE_CONTEXTS); fasting counts
 * as before a meal, as the ADA counts it.
 */

/**
 * ADA Standards of Care (glycemic goals for many non-pregnant adults): 80–130 mg/dL before a
 * meal, under 180 mg/dL one to two hours after its start. A patient's own targets replace them.
 */
export interface MealTargets {
  beforeMeal: { min: number; max: number };
  /** After a meal: a reading in target is below this value. */
  afterMealBelow: number;
}
export const ADA_MEAL_TARGETS: MealTargets = Object.freeze({ beforeMeal: Object.freeze({ min: 80, max: 130 }), afterMealBelow: 180 });

export const MEAL_GROUPS = ['before_meal', 'after_meal', 'bedtime', 'night', 'other'] as const;
export type MealGroup = (typeof MEAL_GROUPS)[number];

export interface MealGroupStats {
  group: MealGroup;
  n: number;
  /** mg/dL, one decimal. */
  mean: number;
  min: number;
  max: number;
  /** Readings in the group's own target and their share (one decimal); null where the group has none (bedtime, night, other). */
  inTarget: number | null;
  inTargetPercent: number | null;
}

export interface TaggedReading {
  /** mg/dL. */
  v: number;
  /** The reading's tag (fasting, before_meal, after_meal, bedtime, night, random) or null. */
  context: string | null;
}

function groupOf(context: string | null): MealGroup {
  switch (context) {
    case 'fasting':
    case 'before_meal':
      return 'before_meal';
    case 'after_meal':
      return 'after_meal';
    case 'bedtime':
      return 'bedtime';
    case 'night':
      return 'night';
    default:
      return 'other';
  }
}

/** Whether a reading meets its group's target; values are rounded to a whole mg/dL first, as the bands do. */
function inTarget(group: MealGroup, mgdl: number, targets: MealTargets): boolean | null {
  const r = Math.floor(mgdl + 0.5);
  if (group === 'before_meal') return r >= targets.beforeMeal.min && r <= targets.beforeMeal.max;
  if (group === 'after_meal') return r < targets.afterMealBelow;
  return null;
}

/**
 * The logbook table: one row per group holding readings, in MEAL_GROUPS order. Null when no
 * reading carries a meal tag (before or after a meal, fasting): without tags there is nothing to
 * hold against a meal target, and an "other" row alone would only repeat the period's figures.
 */
export function mealStatistics(readings: readonly TaggedReading[], targets: MealTargets = ADA_MEAL_TARGETS): MealGroupStats[] | null {
  const groups = new Map<MealGroup, number[]>();
  for (const reading of readings) {
    if (!Number.isFinite(reading.v)) continue;
    const group = groupOf(reading.context);
    const values = groups.get(group) ?? [];
    values.push(reading.v);
    groups.set(group, values);
  }
  if (!groups.has('before_meal') && !groups.has('after_meal')) return null;
  const rows: MealGroupStats[] = [];
  for (const group of MEAL_GROUPS) {
    const values = groups.get(group);
    if (!values) continue;
    let sum = 0;
    let min = Infinity;
    let max = -Infinity;
    let met = 0;
    for (const v of values) {
      sum += v;
      min = Math.min(min, v);
      max = Math.max(max, v);
      if (inTarget(group, v, targets)) met++;
    }
    const hasTarget = group === 'before_meal' || group === 'after_meal';
    rows.push({
      group,
      n: values.length,
      mean: roundHalfUp(sum / values.length, 1),
      min: roundHalfUp(min, 1),
      max: roundHalfUp(max, 1),
      inTarget: hasTarget ? met : null,
      inTargetPercent: hasTarget ? roundHalfUp((met / values.length) * 100, 1) : null,
    });
  }
  return rows;
}

/** Four slots of the local day, the usual split of a meter logbook. */
export const DAY_SLOTS = [
  { slot: 'night', fromHour: 0, toHour: 6 },
  { slot: 'morning', fromHour: 6, toHour: 12 },
  { slot: 'afternoon', fromHour: 12, toHour: 18 },
  { slot: 'evening', fromHour: 18, toHour: 24 },
] as const;
export type DaySlot = (typeof DAY_SLOTS)[number]['slot'];

export interface DaySlotStats {
  slot: DaySlot;
  n: number;
  /** mg/dL, one decimal; null without readings. */
  mean: number | null;
  /** Readings below the range (very low included), and above it (very high included). */
  lows: number;
  highs: number;
}

/** Minute of the local day of each reading (0–1439), for a time-of-day plot. */
export function localMinuteOfDay(t: ArrayLike<number>, timeZone: string): number[] {
  const offsetOf = getZoneOffsetResolver(timeZone);
  const out: number[] = [];
  for (let i = 0; i < t.length; i++) {
    const ti = t[i] as number;
    const local = ti + offsetOf(ti);
    out.push(Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS));
  }
  return out;
}

/** Readings by slot of the local day, lows and highs counted with the bands' rounding. */
export function readingsByTimeOfDay(series: { t: ArrayLike<number>; v: ArrayLike<number> }, timeZone: string, range: GlucoseRange = STANDARD_RANGE): DaySlotStats[] {
  const minutes = localMinuteOfDay(series.t, timeZone);
  const acc = DAY_SLOTS.map(() => ({ n: 0, sum: 0, lows: 0, highs: 0 }));
  for (let i = 0; i < minutes.length; i++) {
    const v = series.v[i] as number;
    if (!Number.isFinite(v)) continue;
    const slot = Math.min(DAY_SLOTS.length - 1, Math.floor(minutes[i]! / 360));
    const a = acc[slot]!;
    a.n++;
    a.sum += v;
    const band = bandIndex(v, range);
    if (band === BAND_LOW || band === BAND_VERY_LOW) a.lows++;
    if (band === BAND_HIGH || band === BAND_VERY_HIGH) a.highs++;
  }
  return DAY_SLOTS.map(({ slot }, i) => {
    const a = acc[i]!;
    return { slot, n: a.n, mean: a.n > 0 ? roundHalfUp(a.sum / a.n, 1) : null, lows: a.lows, highs: a.highs };
  });
}
