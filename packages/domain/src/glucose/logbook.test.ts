import { describe, expect, it } from 'vitest';
import { ADA_MEAL_TARGETS, localMinuteOfDay, mealStatistics, readingsByTimeOfDay } from './logbook';

describe('meter logbook: meal groups against their own targets', () => {
  it('counts fasting and before-meal readings against 80–130 and after-meal ones against < 180', () => {
    const rows = mealStatistics([
      { v: 79.4, context: 'fasting' }, // 79 → below 80: out
      { v: 79.5, context: 'fasting' }, // rounds to 80: in
      { v: 130.4, context: 'before_meal' }, // 130: in
      { v: 131, context: 'before_meal' }, // out
      { v: 179.4, context: 'after_meal' }, // 179: in
      { v: 180, context: 'after_meal' }, // not below 180: out
      { v: 150, context: 'after_meal' },
      { v: 140, context: 'bedtime' },
      { v: 100, context: null },
      { v: 120, context: 'random' },
    ]);
    expect(rows).toEqual([
      { group: 'before_meal', n: 4, mean: 105.1, min: 79.4, max: 131, inTarget: 2, inTargetPercent: 50 },
      { group: 'after_meal', n: 3, mean: 169.8, min: 150, max: 180, inTarget: 2, inTargetPercent: 66.7 },
      { group: 'bedtime', n: 1, mean: 140, min: 140, max: 140, inTarget: null, inTargetPercent: null },
      { group: 'other', n: 2, mean: 110, min: 100, max: 120, inTarget: null, inTargetPercent: null },
    ]);
  });

  it("uses the patient's own targets when given", () => {
    const rows = mealStatistics([{ v: 95, context: 'before_meal' }, { v: 150, context: 'after_meal' }], { beforeMeal: { min: 100, max: 140 }, afterMealBelow: 140 });
    expect(rows?.map((r) => r.inTarget)).toEqual([0, 0]);
    expect(mealStatistics([{ v: 95, context: 'before_meal' }, { v: 150, context: 'after_meal' }], ADA_MEAL_TARGETS)?.map((r) => r.inTarget)).toEqual([1, 1]);
  });

  it('has no table when no reading carries a meal tag', () => {
    expect(mealStatistics([{ v: 100, context: null }, { v: 140, context: 'bedtime' }])).toBeNull();
    expect(mealStatistics([])).toBeNull();
  });
});

describe('meter logbook: readings by time of day', () => {
  it('places readings in the local slots of the patient’s zone, lows and highs with the bands’ rounding', () => {
    // Paris in November is UTC+1: 05:30Z is 06:30 local (morning), 22:30Z is 23:30 (evening).
    const t = ['2026-11-02T05:30:00Z', '2026-11-02T04:00:00Z', '2026-11-02T12:00:00Z', '2026-11-02T22:30:00Z', '2026-11-02T23:30:00Z'].map(Date.parse);
    const v = [69.4, 65, 181, 250, 100];
    expect(localMinuteOfDay(t, 'Europe/Paris')).toEqual([390, 300, 780, 1410, 30]);
    expect(readingsByTimeOfDay({ t, v }, 'Europe/Paris')).toEqual([
      { slot: 'night', n: 2, mean: 82.5, lows: 1, highs: 0 },
      { slot: 'morning', n: 1, mean: 69.4, lows: 1, highs: 0 },
      { slot: 'afternoon', n: 1, mean: 181, lows: 0, highs: 1 },
      { slot: 'evening', n: 1, mean: 250, lows: 0, highs: 1 },
    ]);
  });
});
