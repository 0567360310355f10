import { targetsForPreset, type GlucoseTargets, type TargetPreset } from '../glucose/bands';
import {
  cut,
  inputFor,
  insertReading,
  meterDiary,
  pull,
  setSpan,
  STEP_MS,
} from './advice.fixtures';
import { nightLows, scene, someDays, type LabelledCase, type Scene } from './advice.labelled-scene';
import type { AdviceKind } from './advice.schemas';

/** The labelled cases about glucose data and lows: well-controlled, sparse, meter, night and daytime lows. */

const DAY = 86_400_000;

function wellControlled(): LabelledCase[] {
  const presets: TargetPreset[] = [
    'standard',
    'older_high_risk',
    'custom',
    'pregnancy',
    'standard',
    'standard',
    'older_high_risk',
    'standard',
  ];
  return presets.map((preset, k) => {
    const s = scene(1 + k, {
      preset,
      previous: k % 3 === 0,
      profile: k % 2 === 0 ? 'well_controlled' : 'average',
    });
    return {
      name: `well-controlled ${k + 1} (${preset})`,
      family: 'well_controlled',
      input: s.input(),
      expected: [],
    };
  });
}

function sparse(): LabelledCase[] {
  const out: LabelledCase[] = [];
  for (let k = 0; k < 4; k++) {
    const s = scene(11 + k);
    nightLows(s, [1, 3, 5]);
    const gone = 5 + (k % 2);
    cut(s.trace, s.at(7, 12 * 60), s.at(7, 12 * 60) + gone * DAY);
    const bp =
      k === 3
        ? { bloodPressure: [2, 4].map((d) => ({ at: s.at(d, 480), systolic: 152, diastolic: 91 })) }
        : {};
    out.push({
      name: `CGM worn ${14 - gone} of 14 days`,
      family: 'sparse',
      input: s.input(bp),
      expected: k === 3 ? ['insufficient_data', 'blood_pressure_high'] : ['insufficient_data'],
    });
  }
  const worn = scene(15);
  nightLows(worn, [1, 3, 5]);
  cut(worn.trace, worn.at(8, 12 * 60), worn.at(8, 12 * 60) + 3.5 * DAY);
  out.push({
    name: 'CGM worn 75 % with night lows',
    family: 'pattern_present',
    input: worn.input(),
    expected: ['night_hypo'],
  });
  for (const [k, count] of [8, 10, 13].entries()) {
    const s = scene(16 + k);
    const diary = meterDiary({
      seed: 16 + k,
      start: s.period.start,
      end: s.period.end,
      timeZone: s.trace.timeZone,
      count,
    });
    out.push({
      name: `meter, ${count} readings in 14 days`,
      family: 'sparse',
      input: inputFor(diary, s.period, { source: 'meter' }),
      expected: ['insufficient_data'],
    });
  }
  return out;
}

function meter(): LabelledCase[] {
  const cases: Array<{
    name: string;
    count: number;
    night: number[];
    day: number[];
    expected: AdviceKind[];
  }> = [
    { name: 'meter, 30 readings, all in range', count: 30, night: [], day: [], expected: [] },
    { name: 'meter, 36 readings, all in range', count: 36, night: [], day: [], expected: [] },
    {
      name: 'meter, lows at 03:00 on two nights',
      count: 30,
      night: [62, 65],
      day: [],
      expected: ['night_hypo', 'time_below_range'],
    },
    {
      name: 'meter, three daytime lows',
      count: 30,
      night: [],
      day: [60, 61, 64],
      expected: ['time_below_range'],
    },
    { name: 'meter, one night low among 33', count: 32, night: [63], day: [], expected: [] },
  ];
  return cases.map((c, k) => {
    const s = scene(20 + k);
    const diary = meterDiary({
      seed: 20 + k,
      start: s.period.start,
      end: s.period.end,
      timeZone: s.trace.timeZone,
      count: c.count,
    });
    c.night.forEach((mgdl, i) => insertReading(diary, s.at(2 + 5 * i, 3 * 60), mgdl));
    c.day.forEach((mgdl, i) => insertReading(diary, s.at(1 + 4 * i, 16 * 60 + 10), mgdl));
    return {
      name: c.name,
      family: c.expected.length > 0 ? 'pattern_present' : 'pattern_absent',
      input: inputFor(diary, s.period, { source: 'meter' }),
      expected: c.expected,
    };
  });
}

function nightHypo(): LabelledCase[] {
  const present = [2, 3, 4, 2, 3, 4].map((nights, k): LabelledCase => {
    const s = scene(30 + k);
    nightLows(s, someDays(s, nights), k % 2 === 1);
    return {
      name: `night lows on ${nights} nights${k % 2 === 1 ? ', one below 54' : ''}`,
      family: 'pattern_present',
      input: s.input(),
      expected: ['night_hypo'],
    };
  });
  const one = scene(40);
  nightLows(one, [6]);
  const sameNight = scene(41);
  pull(sameNight.trace, sameNight.at(4, 60), 60, 30);
  pull(sameNight.trace, sameNight.at(4, 270), 62, 30);
  const morning = scene(42);
  for (const day of [2, 6, 9]) pull(morning.trace, morning.at(day, 6 * 60 + 10), 60, 40);
  const dips = scene(43);
  for (const day of [1, 4, 7, 10])
    setSpan(dips.trace, dips.at(day, 3 * 60), dips.at(day, 3 * 60) + 2 * STEP_MS, 61);
  const old = scene(44, { days: 28 });
  for (const day of [8, 12]) pull(old.trace, old.at(day, 120), 60, 30);
  const absent: Array<[string, Scene]> = [
    ['night low on one night only', one],
    ['two lows in the same night', sameNight],
    ['lows after 06:00 on three mornings', morning],
    ['10-minute CGM dips on four nights', dips],
    ['two night lows more than 14 days ago (28-day period)', old],
  ];
  return [
    ...present,
    ...absent.map(([name, s]): LabelledCase => ({
      name,
      family: 'pattern_absent',
      input: s.input(),
      expected: [],
    })),
  ];
}

function belowRange(): LabelledCase[] {
  const build = (
    seed: number,
    preset: TargetPreset,
    events: number,
    mgdl: number,
    holdMinutes: number,
    expected: AdviceKind[],
    name: string,
    targets?: GlucoseTargets,
  ): LabelledCase => {
    const s = scene(seed, { preset });
    for (const day of someDays(s, events)) pull(s.trace, s.at(day, 14 * 60), mgdl, holdMinutes, 15);
    return {
      name,
      family: expected.length > 0 ? 'pattern_present' : 'pattern_absent',
      input: s.input(targets ? { targets } : {}),
      expected,
    };
  };
  const custom = { ...targetsForPreset('custom'), belowRangeMaxPercent: 2 };
  return [
    build(50, 'standard', 8, 60, 120, ['time_below_range'], 'about 5.5 % below 70'),
    build(51, 'standard', 4, 48, 70, ['time_below_range'], 'about 1.6 % below 54'),
    build(
      52,
      'older_high_risk',
      4,
      62,
      60,
      ['time_below_range'],
      'older patient, about 1.6 % below 70',
    ),
    build(53, 'pregnancy', 8, 58, 120, ['time_below_range'], 'pregnancy, about 4.9 % below 63'),
    build(
      54,
      'custom',
      8,
      62,
      60,
      ['time_below_range'],
      'custom target 2 %, about 2.7 % below 70',
      custom,
    ),
    build(55, 'standard', 5, 62, 60, [], 'about 1.6 % below 70'),
    build(56, 'pregnancy', 8, 65, 120, [], 'pregnancy, lows of 65 (above 63)'),
    build(57, 'older_high_risk', 1, 62, 30, [], 'older patient, about 0.3 % below 70'),
  ];
}

export function glucoseAndLowCases(): LabelledCase[] {
  return [...wellControlled(), ...sparse(), ...meter(), ...nightHypo(), ...belowRange()];
}
