import type { AdviceInput } from './advice.context';
import { climb, cut, inputFor, insertReading, meterDiary, pull } from './advice.fixtures';
import { glucoseAndLowCases } from './advice.labelled-glucose';
import { patternCases } from './advice.labelled-patterns';
import { scene, type LabelledCase } from './advice.labelled-scene';
import type { AdviceKind } from './advice.schemas';

/** The labelled set: the glucose and pattern cases, lab results, and patients with several findings at once. */

export type { LabelledCase } from './advice.labelled-scene';

const MIN = 60_000;

function labs(): LabelledCase[] {
  const s = scene(100);
  const before = (days: number, minute = 8 * 60) => s.at(13 - days, minute);
  const a1c = (...values: number[]) =>
    values.map((percent, i) => ({ at: before(90 * (values.length - i)), percent }));
  const bp = (...values: Array<[number, number]>) =>
    values.map(([systolic, diastolic], i) => ({
      at: before(values.length - i),
      systolic,
      diastolic,
    }));
  const ldl = (...values: number[]) =>
    values.map((mgdl, i) => ({ at: before(120 * (values.length - i), 10 * 60), mgdl }));
  const cases: Array<[string, Partial<AdviceInput>, AdviceKind[]]> = [
    ['HbA1c 6.2, 6.6, 7.0', { hba1c: a1c(6.2, 6.6, 7.0) }, ['hba1c_rising']],
    ['HbA1c 6.9 then 7.4', { hba1c: a1c(6.9, 7.4) }, ['hba1c_rising']],
    ['HbA1c 7.8, 7.2, 7.6', { hba1c: a1c(7.8, 7.2, 7.6) }, ['hba1c_rising']],
    ['HbA1c 7.5, 7.2, 6.9', { hba1c: a1c(7.5, 7.2, 6.9) }, []],
    ['HbA1c 6.4 then 6.8', { hba1c: a1c(6.4, 6.8) }, []],
    ['HbA1c 7.2 then 7.3', { hba1c: a1c(7.2, 7.3) }, []],
    ['HbA1c 6.5, 6.6, 6.7', { hba1c: a1c(6.5, 6.6, 6.7) }, []],
    [
      'BP high on 2 of 5',
      { bloodPressure: bp([128, 80], [150, 85], [132, 82], [135, 94], [126, 78]) },
      ['blood_pressure_high'],
    ],
    [
      'BP high on 3 of 4, diastolic only',
      { bloodPressure: bp([128, 92], [131, 91], [135, 94], [126, 78]) },
      ['blood_pressure_high'],
    ],
    [
      'BP high on 1 of 5',
      { bloodPressure: bp([128, 80], [150, 85], [132, 82], [135, 84], [126, 78]) },
      [],
    ],
    [
      'BP high only more than 30 days ago',
      {
        bloodPressure: [40, 35, 32].map((d) => ({ at: before(d), systolic: 160, diastolic: 100 })),
      },
      [],
    ],
    ['LDL 130', { ldl: ldl(130) }, ['ldl_above_target']],
    ['LDL 85 with a target of 70', { ldl: ldl(85), ldlTargetMgdl: 70 }, ['ldl_above_target']],
    ['LDL 95', { ldl: ldl(95) }, []],
    ['LDL 150 then 90', { ldl: ldl(150, 90) }, []],
  ];
  return cases.map(([name, extra, expected]) => ({
    name,
    family: 'labs',
    input: s.input(extra),
    expected,
  }));
}

function combined(): LabelledCase[] {
  const s = scene(110);
  for (const day of [2, 6, 11]) pull(s.trace, s.at(day, 60), 60, 30);
  const meals = [1, 4, 8, 12].map((day) => s.at(day, 12 * 60 + 30));
  for (const meal of meals) pull(s.trace, meal + 10 * MIN, 245, 140, 25);
  for (let day = 0; day < 14; day++) climb(s.trace, s.at(day, 4 * 60), s.at(day, 8 * 60), 35);

  const m = scene(111);
  const diary = meterDiary({
    seed: 111,
    start: m.period.start,
    end: m.period.end,
    timeZone: m.trace.timeZone,
    count: 32,
  });
  insertReading(diary, m.at(3, 2 * 60 + 40), 58);
  insertReading(diary, m.at(9, 4 * 60 + 5), 64);
  const meterInput = inputFor(diary, m.period, {
    source: 'meter',
    bloodPressure: [5, 3, 1].map((d) => ({ at: m.at(13 - d, 480), systolic: 146, diastolic: 88 })),
    ldl: [{ at: m.at(2, 600), mgdl: 122 }],
  });

  const thin = scene(112);
  cut(thin.trace, thin.at(3, 0), thin.at(9, 0));
  const thinInput = thin.input({
    hba1c: [
      { at: thin.at(-200, 480), percent: 6.1 },
      { at: thin.at(-100, 480), percent: 6.5 },
      { at: thin.at(5, 480), percent: 6.9 },
    ],
    ldl: [{ at: thin.at(1, 600), mgdl: 140 }],
  });
  return [
    {
      name: 'night lows, lunch highs and a dawn rise',
      family: 'combined',
      input: s.input({ meals }),
      expected: ['night_hypo', 'post_meal_high', 'dawn_rise'],
    },
    {
      name: 'meter: night lows, blood pressure, LDL',
      family: 'combined',
      input: meterInput,
      expected: ['night_hypo', 'time_below_range', 'blood_pressure_high', 'ldl_above_target'],
    },
    {
      name: 'CGM worn 8 of 14 days, HbA1c and LDL',
      family: 'combined',
      input: thinInput,
      expected: ['insufficient_data', 'hba1c_rising', 'ldl_above_target'],
    },
  ];
}

export function labelledCases(): LabelledCase[] {
  return [...glucoseAndLowCases(), ...patternCases(), ...labs(), ...combined()];
}
