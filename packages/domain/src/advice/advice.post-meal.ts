import type { GlucoseTargets } from '../glucose/bands';
import { DAY_MS, dayNumberToIsoDate, MINUTE_MS } from '../glucose/timezone';
import { localDateTime, lowerBound, wholeMgdl, type PeriodGlucose } from './advice.context';
import { makeFinding } from './advice.finding';
import { MEAL_SLOTS, type FindingOf, type MealSlot, type PostMealDay } from './advice.schemas';

/**
 * Post-meal highs: after a meal, readings above the top of the patient's range (180 mg/dL, the
 * ADA's peak postprandial goal; 140 in pregnancy) without a break for more than 2 hours, on at
 * least 3 days at the same meal. CGM only: a meter cannot show how long a high lasted.
 *
 * The meal is the one the patient tagged. A meal slot of a day without a tagged meal uses a
 * detected rise: glucose crossing the threshold upwards as part of a climb of at least 40 mg/dL
 * within 90 minutes (from the lowest reading of the 90 minutes before the crossing to the
 * highest of the 90 minutes after that low), the meal taken to be at the foot of the climb.
 * Food raises glucose by 50–100 mg/dL within an hour; the dawn phenomenon or a slow drift climbs
 * a few mg/dL per hour, so they are not taken for meals, nor is a reading hovering around the
 * threshold.
 */
export const POST_MEAL_RULE = {
  minMinutes: 120,
  minDays: 3,
  /** The high must begin within this long after the meal. */
  startWithinMinutes: 120,
  detectLookbackMinutes: 90,
  detectMinRiseMgdl: 40,
} as const;

/**
 * Meals by local time: 05:00–10:59 breakfast, 11:00–16:59 lunch (a Spanish lunch at 15:00
 * included), 17:00–23:59 dinner; between midnight and 05:00 a snack is no meal of the pattern.
 */
export const MEAL_SLOT_STARTS: Readonly<Record<MealSlot, number>> = {
  breakfast: 5 * 60,
  lunch: 11 * 60,
  dinner: 17 * 60,
};

export function mealSlotOf(minuteOfDay: number): MealSlot | null {
  if (minuteOfDay >= MEAL_SLOT_STARTS.dinner) return 'dinner';
  if (minuteOfDay >= MEAL_SLOT_STARTS.lunch) return 'lunch';
  if (minuteOfDay >= MEAL_SLOT_STARTS.breakfast) return 'breakfast';
  return null;
}

interface Meal {
  at: number;
  day: number;
  slot: MealSlot;
  source: 'tagged' | 'detected';
}

const slotKey = (day: number, slot: MealSlot): number => day * 4 + MEAL_SLOTS.indexOf(slot);

function mealAt(g: PeriodGlucose, at: number, source: Meal['source']): Meal | null {
  const local = at + g.offsetOf(at);
  const day = Math.floor(local / DAY_MS);
  const slot = mealSlotOf((local - day * DAY_MS) / MINUTE_MS);
  return slot ? { at, day, slot, source } : null;
}

function detectedMeals(g: PeriodGlucose, threshold: number, maxGapMs: number): Meal[] {
  const meals: Meal[] = [];
  const lookbackMs = POST_MEAL_RULE.detectLookbackMinutes * MINUTE_MS;
  for (let i = 1; i < g.t.length; i++) {
    const ti = g.t[i] as number;
    const vi = wholeMgdl(g.v[i] as number);
    if (
      !(vi > threshold) ||
      !(wholeMgdl(g.v[i - 1] as number) <= threshold) ||
      ti - (g.t[i - 1] as number) > maxGapMs
    )
      continue;
    let foot = i;
    for (let j = i - 1; j >= 0 && ti - (g.t[j] as number) <= lookbackMs; j--) {
      const vj = g.v[j] as number;
      if (vj !== vj || (g.t[j + 1] as number) - (g.t[j] as number) > maxGapMs) break;
      if (vj < (g.v[foot] as number)) foot = j;
    }
    // The climb is measured from the foot to the highest reading within the same 90 minutes,
    // so a meal eaten at 170 mg/dL is recognised by where it goes, not by where it crosses.
    const climbEnd = (g.t[foot] as number) + lookbackMs;
    let top = vi;
    for (
      let j = i + 1;
      j < g.t.length &&
      (g.t[j] as number) <= climbEnd &&
      (g.t[j] as number) - (g.t[j - 1] as number) <= maxGapMs;
      j++
    ) {
      const vj = g.v[j] as number;
      if (vj > top) top = vj;
    }
    if (top - (g.v[foot] as number) < POST_MEAL_RULE.detectMinRiseMgdl) continue;
    const meal = mealAt(g, g.t[foot] as number, 'detected');
    if (meal) meals.push(meal);
  }
  return meals;
}

interface HighRun {
  start: number;
  end: number;
  minutes: number;
  peak: number;
  peakAt: number;
}

/** The longest unbroken run above the threshold starting within the window after the meal. */
function highAfter(
  g: PeriodGlucose,
  at: number,
  threshold: number,
  maxGapMs: number,
): HighRun | null {
  const intervalMs = g.intervalMinutes * MINUTE_MS;
  const until = at + POST_MEAL_RULE.startWithinMinutes * MINUTE_MS;
  const n = g.t.length;
  let best: HighRun | null = null;
  let i = lowerBound(g.t, at);
  while (i < n && (g.t[i] as number) < until) {
    if (!(wholeMgdl(g.v[i] as number) > threshold)) {
      i++;
      continue;
    }
    let j = i;
    let peak = i;
    while (
      j + 1 < n &&
      (g.t[j + 1] as number) - (g.t[j] as number) <= maxGapMs &&
      wholeMgdl(g.v[j + 1] as number) > threshold
    ) {
      j++;
      if ((g.v[j] as number) > (g.v[peak] as number)) peak = j;
    }
    const start = g.t[i] as number;
    const end = (g.t[j] as number) + intervalMs;
    const minutes = (end - start) / MINUTE_MS;
    if (!best || minutes > best.minutes)
      best = { start, end, minutes, peak: g.v[peak] as number, peakAt: g.t[peak] as number };
    i = j + 1;
  }
  return best;
}

/** The post_meal_high finding of a period, or null. */
export function findPostMealHighs(
  g: PeriodGlucose,
  targets: GlucoseTargets,
  taggedMeals: Float64Array,
): FindingOf<'post_meal_high'> | null {
  if (g.source !== 'cgm' || g.count === 0) return null;
  const threshold = targets.range.highAbove;
  const maxGapMs = Math.max(15, g.intervalMinutes) * MINUTE_MS;
  const meals: Meal[] = [];
  const taggedSlots = new Set<number>();
  for (
    let k = lowerBound(taggedMeals, g.start);
    k < taggedMeals.length && (taggedMeals[k] as number) < g.end;
    k++
  ) {
    const meal = mealAt(g, taggedMeals[k] as number, 'tagged');
    if (!meal) continue;
    meals.push(meal);
    taggedSlots.add(slotKey(meal.day, meal.slot));
  }
  for (const meal of detectedMeals(g, threshold, maxGapMs))
    if (!taggedSlots.has(slotKey(meal.day, meal.slot))) meals.push(meal);

  const bySlot = new Map<MealSlot, Map<number, PostMealDay>>();
  for (const meal of meals) {
    const run = highAfter(g, meal.at, threshold, maxGapMs);
    if (!run || !(run.minutes > POST_MEAL_RULE.minMinutes)) continue;
    const days = bySlot.get(meal.slot) ?? new Map<number, PostMealDay>();
    bySlot.set(meal.slot, days);
    const known = days.get(meal.day);
    if (known && known.minutesAbove >= run.minutes) continue;
    days.set(meal.day, {
      date: dayNumberToIsoDate(meal.day),
      mealAt: meal.at,
      mealTime: localDateTime(g.offsetOf, meal.at).time,
      mealSource: meal.source,
      start: run.start,
      end: run.end,
      minutesAbove: run.minutes,
      peakMgdl: wholeMgdl(run.peak),
      peakTime: localDateTime(g.offsetOf, run.peakAt).time,
    });
  }
  const slots = MEAL_SLOTS.flatMap((slot) => {
    const days = bySlot.get(slot);
    if (!days || days.size < POST_MEAL_RULE.minDays) return [];
    return [{ slot, days: [...days.entries()].sort((a, b) => a[0] - b[0]).map(([, day]) => day) }];
  });
  if (slots.length === 0) return null;
  return makeFinding('post_meal_high', 'attention', {
    thresholdMgdl: threshold,
    minMinutes: POST_MEAL_RULE.minMinutes,
    minDays: POST_MEAL_RULE.minDays,
    slots,
  });
}
