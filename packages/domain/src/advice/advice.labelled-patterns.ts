import type { TargetPreset } from '../glucose/bands';
import { climb, cut, pull, setSpan } from './advice.fixtures';
import { scene, someDays, type LabelledCase } from './advice.labelled-scene';
import type { AdviceKind } from './advice.schemas';

/** The labelled cases about meal, morning, variability and time-in-range patterns. */

const MIN = 60_000;

function postMeal(): LabelledCase[] {
  const build = (
    seed: number,
    slots: Array<{ minute: number; days: number }>,
    options: {
      tagged: boolean;
      holdMinutes?: number;
      delayMinutes?: number;
      preset?: TargetPreset;
      peak?: number;
    },
    expected: AdviceKind[],
    name: string,
  ): LabelledCase => {
    const s = scene(seed, { preset: options.preset });
    const meals: number[] = [];
    for (const slot of slots) {
      for (const day of someDays(s, slot.days)) {
        const meal = s.at(day, slot.minute + s.rng.int(-15, 15));
        meals.push(meal);
        pull(
          s.trace,
          meal + (options.delayMinutes ?? 10) * MIN,
          options.peak ?? 245,
          options.holdMinutes ?? 140,
          25,
        );
      }
    }
    const extra = options.tagged ? { meals } : {};
    return {
      name,
      family: expected.length > 0 ? 'pattern_present' : 'pattern_absent',
      input: s.input(extra),
      expected,
    };
  };
  const lunch = 12 * 60 + 30;
  const meals = (minute: number, days: number) => [{ minute, days }];
  return [
    build(
      60,
      meals(lunch, 4),
      { tagged: true },
      ['post_meal_high'],
      'tagged lunches, high 2 h 45 on 4 days',
    ),
    build(
      61,
      meals(19 * 60 + 30, 5),
      { tagged: false },
      ['post_meal_high'],
      'untagged dinners, high on 5 days',
    ),
    build(
      62,
      meals(7 * 60 + 30, 3),
      { tagged: true },
      ['post_meal_high'],
      'tagged breakfasts, high on 3 days',
    ),
    build(
      63,
      [
        { minute: lunch, days: 3 },
        { minute: 20 * 60, days: 4 },
      ],
      { tagged: true },
      ['post_meal_high'],
      'lunch and dinner',
    ),
    build(64, meals(14 * 60 + 45, 3), { tagged: true }, ['post_meal_high'], 'late lunch at 14:45'),
    build(
      65,
      meals(8 * 60, 4),
      { tagged: true, preset: 'pregnancy', peak: 170 },
      ['post_meal_high'],
      'pregnancy, above 140 after breakfast',
    ),
    build(66, meals(lunch, 2), { tagged: true }, [], 'high after lunch on 2 days only'),
    build(
      67,
      meals(lunch, 6),
      { tagged: true, holdMinutes: 50 },
      [],
      'highs of about 75 minutes after lunch',
    ),
    build(
      68,
      [
        { minute: 8 * 60, days: 1 },
        { minute: lunch, days: 1 },
        { minute: 20 * 60, days: 1 },
      ],
      { tagged: true },
      [],
      'one high at each meal',
    ),
    build(
      69,
      meals(12 * 60, 3),
      { tagged: true, delayMinutes: 210 },
      [],
      'highs 3 h 30 after the tagged lunch',
    ),
    slowAfternoonClimb(),
  ];
}

/** 150 → 210 mg/dL from 13:00 to 16:00, held until 18:30, on 4 days: above 180 for hours, but no meal-like climb. */
function slowAfternoonClimb(): LabelledCase {
  const s = scene(59);
  for (const day of someDays(s, 4)) {
    setSpan(s.trace, s.at(day, 13 * 60), s.at(day, 18 * 60 + 30), 150);
    climb(s.trace, s.at(day, 13 * 60), s.at(day, 16 * 60), 60);
    setSpan(s.trace, s.at(day, 16 * 60), s.at(day, 18 * 60 + 30), 210);
  }
  return {
    name: 'slow untagged afternoon climb above 180 on 4 days',
    family: 'pattern_absent',
    input: s.input(),
    expected: [],
  };
}

function dawn(): LabelledCase[] {
  const build = (
    seed: number,
    nights: number,
    amount: number,
    expected: AdviceKind[],
    name: string,
    mealAt?: number,
  ): LabelledCase => {
    const s = scene(seed);
    for (const day of someDays(s, nights))
      climb(s.trace, s.at(day, 4 * 60), s.at(day, 8 * 60), amount + s.rng.int(0, 10));
    const extra =
      mealAt === undefined
        ? {}
        : { meals: Array.from({ length: 14 }, (_, day) => s.at(day, mealAt)) };
    return {
      name,
      family: expected.length > 0 ? 'pattern_present' : 'pattern_absent',
      input: s.input(extra),
      expected,
    };
  };
  return [
    build(70, 14, 30, ['dawn_rise'], 'morning climb on every night'),
    build(71, 10, 30, ['dawn_rise'], 'morning climb on 10 of 14 nights'),
    build(72, 8, 35, ['dawn_rise'], 'morning climb on 8 of 14 nights'),
    build(75, 12, 30, ['dawn_rise'], 'morning climb on 12 nights, New York'),
    build(76, 14, 5, [], 'morning climb of about 10 mg/dL'),
    build(77, 2, 35, [], 'morning climb on 2 nights'),
    build(78, 5, 35, [], 'morning climb on 5 of 14 nights'),
    build(79, 14, 35, [], 'morning climb after a meal tagged at 05:30', 5 * 60 + 30),
  ];
}

function variability(): LabelledCase[] {
  const build = (
    seed: number,
    peak: number,
    holdMinutes: number,
    expected: AdviceKind[],
    name: string,
  ): LabelledCase => {
    const s = scene(seed);
    for (let day = 0; day < 14; day++)
      for (let minute = 9 * 60; minute <= 22 * 60 + 30; minute += 90)
        pull(s.trace, s.at(day, minute), peak, holdMinutes, 10);
    return {
      name,
      family: expected.length > 0 ? 'pattern_present' : 'pattern_absent',
      input: s.input(),
      expected,
    };
  };
  return [
    build(80, 290, 30, ['high_variability'], 'daytime swings to 290 every 90 minutes'),
    build(81, 310, 35, ['high_variability'], 'daytime swings to 310'),
    build(82, 330, 25, ['high_variability'], 'daytime swings to 330'),
    build(83, 200, 20, [], 'daytime swings to 200'),
    build(84, 300, 30, ['high_variability'], 'daytime swings to 300'),
    build(85, 350, 20, ['high_variability'], 'daytime swings to 350, short'),
    build(86, 210, 25, [], 'daytime swings to 210'),
  ];
}

function tirChange(): LabelledCase[] {
  const build = (
    seed: number,
    where: 'current' | 'previous',
    holdMinutes: number,
    expected: AdviceKind[],
    name: string,
    thinPrevious = false,
  ): LabelledCase => {
    const s = scene(seed, { previous: true });
    const first = where === 'current' ? 0 : -14;
    for (let day = first; day < first + 14; day++)
      pull(s.trace, s.at(day, 15 * 60), 240, holdMinutes);
    if (thinPrevious) cut(s.trace, s.at(-13, 0), s.at(-7, 0));
    return {
      name,
      family: expected.length > 0 ? 'pattern_present' : 'pattern_absent',
      input: s.input(),
      expected,
    };
  };
  return [
    build(90, 'current', 80, ['tir_change'], 'daily highs of about 1 h 40 this period only'),
    build(91, 'previous', 80, ['tir_change'], 'daily highs of about 1 h 40 the period before only'),
    build(92, 'current', 20, [], 'daily highs of about 40 minutes this period only'),
    build(93, 'current', 80, [], 'daily highs this period, the period before worn 57 %', true),
    build(94, 'previous', 80, [], 'daily highs the period before, worn 57 %', true),
    build(95, 'current', 70, ['tir_change'], 'daily highs of about 1 h 30 this period only'),
    build(96, 'previous', 90, ['tir_change'], 'daily highs of about 1 h 50 the period before only'),
    build(97, 'previous', 15, [], 'daily highs of about 35 minutes the period before only'),
  ];
}

export function patternCases(): LabelledCase[] {
  return [...postMeal(), ...dawn(), ...variability(), ...tirChange()];
}
