import { describe, expect, it } from 'vitest';
import { targetsForPreset } from '../glucose/bands';
import { computeAdvice } from './advice.engine';
import {
  climb,
  flatTrace,
  inputFor,
  localAt,
  localPeriod,
  meterDiary,
  setSpan,
  STEP_MS,
  type Trace,
} from './advice.fixtures';
import { mealSlotOf } from './advice.post-meal';
import type { AdviceInput } from './advice.context';
import type { FindingOf } from './advice.schemas';

const PARIS = 'Europe/Paris';
const MIN = 60_000;
const period = localPeriod(PARIS, '2026-11-26', 14);
const at = (day: number, minute: number) => localAt(PARIS, '2026-11-13', day, minute);

function postMeal(
  trace: Trace,
  extra: Partial<AdviceInput> = {},
): FindingOf<'post_meal_high'> | undefined {
  return computeAdvice(inputFor(trace, period, extra)).find(
    (f): f is FindingOf<'post_meal_high'> => f.kind === 'post_meal_high',
  );
}

/** `readings` readings at `mgdl` from `delayMinutes` after the meal: a run of (readings × 5) minutes. */
function highAfter(
  trace: Trace,
  meal: number,
  delayMinutes: number,
  readings: number,
  mgdl = 250,
): void {
  const from = meal + delayMinutes * MIN;
  setSpan(trace, from, from + readings * STEP_MS, mgdl);
}

describe('meal slots', () => {
  it('splits the day at 05:00, 11:00 and 17:00 local', () => {
    expect([0, 299, 300, 659, 660, 1019, 1020, 1439].map(mealSlotOf)).toEqual([
      null,
      null,
      'breakfast',
      'breakfast',
      'lunch',
      'lunch',
      'dinner',
      'dinner',
    ]);
  });
});

describe('post_meal_high', () => {
  it('needs more than 2 hours above 180 after a tagged meal on 3 days of the same meal', () => {
    const trace = flatTrace(period.start, period.end, PARIS, 120);
    const meals = [2, 5, 9].map((d) => at(d, 12 * 60 + 30));
    for (const meal of meals.slice(0, 2)) highAfter(trace, meal, 20, 26);
    highAfter(trace, meals[2]!, 20, 24); // exactly 120 minutes: not more than 2 hours
    expect(postMeal(trace, { meals })).toBeUndefined();
    highAfter(trace, meals[2]!, 20, 25);
    const found = postMeal(trace, { meals });
    expect(found).toMatchObject({
      severity: 'attention',
      premium: true,
      reference: 'ada_standards_2024_glycemic',
    });
    expect(found?.evidence.slots).toHaveLength(1);
    const lunch = found!.evidence.slots[0]!;
    expect(lunch.slot).toBe('lunch');
    expect(
      lunch.days.map((d) => [d.date, d.mealTime, d.mealSource, d.minutesAbove, d.peakMgdl]),
    ).toEqual([
      ['2026-11-15', '12:30', 'tagged', 130, 250],
      ['2026-11-18', '12:30', 'tagged', 130, 250],
      ['2026-11-22', '12:30', 'tagged', 125, 250],
    ]);
    expect(lunch.days[0]!.start).toBe(meals[0]! + 20 * MIN);
  });

  it('wants the high to start within 2 hours of the meal', () => {
    const trace = flatTrace(period.start, period.end, PARIS, 120);
    const meals = [2, 5, 9].map((d) => at(d, 12 * 60));
    for (const meal of meals) highAfter(trace, meal, 125, 30);
    expect(postMeal(trace, { meals })).toBeUndefined();
    for (const meal of meals) highAfter(trace, meal, 115, 30);
    expect(postMeal(trace, { meals })?.evidence.slots[0]?.days).toHaveLength(3);
  });

  it('does not add up different meals or two days', () => {
    const trace = flatTrace(period.start, period.end, PARIS, 120);
    const meals = [at(1, 8 * 60), at(3, 13 * 60), at(6, 20 * 60), at(8, 13 * 60)];
    for (const meal of meals) highAfter(trace, meal, 20, 30);
    expect(postMeal(trace, { meals })).toBeUndefined();
  });

  it('detects untagged meals from a fast rise, not from a slow climb', () => {
    const fast = flatTrace(period.start, period.end, PARIS, 120);
    for (const day of [1, 4, 7, 10]) setSpan(fast, at(day, 19 * 60 + 30), at(day, 22 * 60), 250);
    const found = postMeal(fast);
    expect(found?.evidence.slots.map((s) => s.slot)).toEqual(['dinner']);
    expect(found?.evidence.slots[0]!.days.map((d) => [d.mealTime, d.mealSource])).toEqual(
      Array(4).fill(['19:25', 'detected']),
    );

    const slow = flatTrace(period.start, period.end, PARIS, 150);
    for (const day of [1, 4, 7, 10]) {
      climb(slow, at(day, 13 * 60), at(day, 16 * 60), 60);
      setSpan(slow, at(day, 16 * 60), at(day, 19 * 60), 210);
    }
    expect(postMeal(slow)).toBeUndefined();
    const tagged = [1, 4, 7, 10].map((day) => at(day, 15 * 60));
    expect(postMeal(slow, { meals: tagged })?.evidence.slots[0]?.slot).toBe('lunch');
  });

  it('uses the tagged meal of a day and meal rather than a detected rise', () => {
    const trace = flatTrace(period.start, period.end, PARIS, 120);
    for (const day of [1, 4, 7]) setSpan(trace, at(day, 15 * 60), at(day, 18 * 60), 250);
    expect(postMeal(trace)?.evidence.slots[0]?.slot).toBe('lunch');
    const earlyLunches = [1, 4, 7].map((day) => at(day, 12 * 60));
    expect(postMeal(trace, { meals: earlyLunches })).toBeUndefined();
  });

  it('uses the top of the patient range: 140 mg/dL in pregnancy', () => {
    const trace = flatTrace(period.start, period.end, PARIS, 110);
    const meals = [2, 5, 9].map((d) => at(d, 8 * 60));
    for (const meal of meals) highAfter(trace, meal, 20, 30, 160);
    expect(postMeal(trace, { meals })).toBeUndefined();
    expect(
      postMeal(trace, { meals, targets: targetsForPreset('pregnancy') })?.evidence,
    ).toMatchObject({ thresholdMgdl: 140, slots: [{ slot: 'breakfast' }] });
  });

  it('is CGM only', () => {
    const diary = meterDiary({
      seed: 4,
      start: period.start,
      end: period.end,
      timeZone: PARIS,
      count: 30,
    });
    diary.v = diary.v.map(() => 260);
    expect(postMeal(diary, { source: 'meter', meals: diary.t })).toBeUndefined();
  });
});
