import { describe, expect, it } from 'vitest';
import { targetsForPreset, type TargetPreset } from '../glucose/bands';
import { computeAdvice } from './advice.engine';
import {
  cut,
  flatTrace,
  inputFor,
  localAt,
  localPeriod,
  meterDiary,
  pull,
  setSpan,
  STEP_MS,
  type Trace,
} from './advice.fixtures';
import type { AdviceFinding, AdviceKind, FindingOf } from './advice.schemas';

const PARIS = 'Europe/Paris';
const period = localPeriod(PARIS, '2026-11-26', 14);
const at = (day: number, minute: number) => localAt(PARIS, '2026-11-13', day, minute);
const READINGS = 14 * 288;

function findingOf<K extends AdviceKind>(
  findings: AdviceFinding[],
  kind: K,
): FindingOf<K> | undefined {
  return findings.find((f): f is FindingOf<K> => f.kind === kind);
}

/** Sets `count` daytime readings (from 14:00, day after day) to `mgdl`. */
function daytime(trace: Trace, count: number, mgdl: number): void {
  let left = count;
  for (let day = 0; left > 0; day++) {
    const n = Math.min(left, 36);
    setSpan(trace, at(day, 14 * 60), at(day, 14 * 60) + n * STEP_MS, mgdl);
    left -= n;
  }
}

const advise = (trace: Trace, preset: TargetPreset = 'standard', extra = {}) =>
  computeAdvice(inputFor(trace, period, { targets: targetsForPreset(preset), ...extra }));

describe('insufficient_data', () => {
  it('is reported below 70 % CGM active time (the metrics definition), and silences every other glucose finding', () => {
    const trace = flatTrace(period.start, period.end, PARIS, 110);
    daytime(trace, 400, 60);
    const missing = Math.ceil(READINGS * 0.3);
    const justEnough = { ...trace, t: [...trace.t], v: [...trace.v] };
    cut(justEnough, at(8, 0), at(8, 0) + (missing - 1) * STEP_MS);
    expect(findingOf(advise(justEnough), 'insufficient_data')).toBeUndefined();
    expect(findingOf(advise(justEnough), 'time_below_range')).toBeDefined();

    cut(trace, at(8, 0), at(8, 0) + missing * STEP_MS);
    const bp = [1, 2].map((d) => ({ at: at(d, 8 * 60), systolic: 150, diastolic: 95 }));
    const findings = advise(trace, 'standard', { bloodPressure: bp });
    // Not enough data is information; the blood pressure asks for attention, so it comes first.
    expect(findings.map((f) => f.kind)).toEqual(['blood_pressure_high', 'insufficient_data']);
    const evidence = findingOf(findings, 'insufficient_data')!.evidence;
    expect(evidence.source).toBe('cgm');
    expect(evidence.activePercent).toBeLessThan(70);
    expect(evidence.activePercent).toBe(69.9);
    expect(evidence.minActivePercent).toBe(70);
    expect(evidence.periodDays).toBe(14);
  });

  it('asks a meter for one reading a day on average', () => {
    const thin = meterDiary({
      seed: 5,
      start: period.start,
      end: period.end,
      timeZone: PARIS,
      count: 13,
    });
    const found = findingOf(advise(thin, 'standard', { source: 'meter' }), 'insufficient_data');
    expect(found?.evidence).toMatchObject({
      source: 'meter',
      readingCount: 13,
      minReadingCount: 14,
      activePercent: null,
    });
    const enough = meterDiary({
      seed: 5,
      start: period.start,
      end: period.end,
      timeZone: PARIS,
      count: 14,
    });
    expect(advise(enough, 'standard', { source: 'meter' })).toEqual([]);
  });

  it('treats an empty period as no data at all', () => {
    const empty = { t: [], v: [], timeZone: PARIS };
    expect(advise(empty)).toEqual([
      expect.objectContaining({
        kind: 'insufficient_data',
        evidence: expect.objectContaining({ activePercent: 0, readingCount: 0 }),
      }),
    ]);
  });
});

describe('time_below_range', () => {
  it('compares the share below 70 with 4 % as printed: 4.0 % meets the target, 4.1 % does not', () => {
    const met = flatTrace(period.start, period.end, PARIS, 120);
    daytime(met, 163, 62); // 4.04 %
    expect(findingOf(advise(met), 'time_below_range')).toBeUndefined();
    const over = flatTrace(period.start, period.end, PARIS, 120);
    daytime(over, 165, 62); // 4.09 %
    const found = findingOf(advise(over), 'time_below_range');
    expect(found?.severity).toBe('attention');
    expect(found?.evidence).toMatchObject({
      basis: 'time',
      belowRangePercent: 4.1,
      belowRangeMaxPercent: 4,
      lowBelowMgdl: 70,
      veryLowPercent: 0,
      exceeded: ['below_range'],
    });
    expect(found?.showHypoTreatment).toBe(false);
  });

  it('is urgent above 1 % below 54, and then shows the 15/15 rule and the emergency numbers', () => {
    const met = flatTrace(period.start, period.end, PARIS, 120);
    daytime(met, 42, 50); // 1.04 %
    expect(findingOf(advise(met), 'time_below_range')).toBeUndefined();
    const over = flatTrace(period.start, period.end, PARIS, 120);
    daytime(over, 43, 50); // 1.07 %
    const found = findingOf(advise(over), 'time_below_range');
    expect(found).toMatchObject({
      severity: 'urgent',
      showHypoTreatment: true,
      showEmergencyNumbers: true,
    });
    expect(found?.evidence.exceeded).toEqual(['very_low']);
  });

  it('takes the thresholds from the targets: older or high-risk < 1 % below 70, pregnancy < 4 % below 63', () => {
    const older = flatTrace(period.start, period.end, PARIS, 120);
    daytime(older, 45, 65); // 1.1 %
    expect(findingOf(advise(older, 'standard'), 'time_below_range')).toBeUndefined();
    expect(findingOf(advise(older, 'older_high_risk'), 'time_below_range')?.evidence).toMatchObject(
      { belowRangeMaxPercent: 1, veryLowMaxPercent: null },
    );

    const pregnancy = flatTrace(period.start, period.end, PARIS, 110);
    daytime(pregnancy, 400, 65); // 9.9 % below 70, none below 63
    expect(findingOf(advise(pregnancy, 'standard'), 'time_below_range')).toBeDefined();
    expect(findingOf(advise(pregnancy, 'pregnancy'), 'time_below_range')).toBeUndefined();
    daytime(pregnancy, 170, 60); // 4.2 % below 63
    expect(findingOf(advise(pregnancy, 'pregnancy'), 'time_below_range')?.evidence).toMatchObject({
      lowBelowMgdl: 63,
      belowRangePercent: 4.2,
    });
  });

  it('counts readings for a meter', () => {
    const diary = meterDiary({
      seed: 8,
      start: period.start,
      end: period.end,
      timeZone: PARIS,
      count: 30,
    });
    diary.v[4] = 62;
    diary.v[17] = 66;
    expect(
      findingOf(advise(diary, 'standard', { source: 'meter' }), 'time_below_range')?.evidence,
    ).toMatchObject({ basis: 'readings', belowRangePercent: 6.7 });
  });
});

describe('high_variability', () => {
  /** Readings alternate between 100 and `peak`: CV = (peak − 100) / (peak + 100). */
  function alternating(peak: number): Trace {
    const trace = flatTrace(period.start, period.end, PARIS, 100);
    trace.v = trace.v.map((x, i) => (i % 2 === 0 ? x : peak));
    return trace;
  }

  it('is reported above a CV of 36 % as printed', () => {
    expect(findingOf(advise(alternating(212)), 'high_variability')).toBeUndefined(); // 35.9 %
    const found = findingOf(advise(alternating(213)), 'high_variability'); // 36.1 %
    // Mean 156.5; sample SD 56.5 · √(n / (n − 1)).
    expect(found?.evidence).toEqual({
      cvPercent: 36.1,
      cvMaxPercent: 36,
      meanMgdl: 157,
      sdMgdl: Math.round(56.5 * Math.sqrt(READINGS / (READINGS - 1))),
    });
  });

  it('is CGM only', () => {
    const diary = meterDiary({
      seed: 2,
      start: period.start,
      end: period.end,
      timeZone: PARIS,
      count: 20,
    });
    diary.v = diary.v.map((x, i) => (i % 2 === 0 ? 80 : 200));
    expect(
      findingOf(advise(diary, 'standard', { source: 'meter' }), 'high_variability'),
    ).toBeUndefined();
  });
});

describe('tir_change', () => {
  const previousPeriod = { start: period.start - (period.end - period.start), end: period.start };

  /** Previous period with `aboveCount` readings at 200 in daily blocks shorter than 2 hours. */
  function previous(aboveCount: number): Trace {
    const trace = flatTrace(previousPeriod.start, previousPeriod.end, PARIS, 120);
    let left = aboveCount;
    for (let day = 0; left > 0; day++) {
      const n = Math.min(left, 20);
      setSpan(
        trace,
        localAt(PARIS, '2026-10-30', day, 15 * 60),
        localAt(PARIS, '2026-10-30', day, 15 * 60) + n * STEP_MS,
        200,
      );
      left -= n;
    }
    return trace;
  }
  const withPrevious = (current: Trace, before: Trace) =>
    advise(current, 'standard', { previousReadings: { t: before.t, v: before.v } });

  it('reports a gain of 5 points or more as improving (info), 4.9 as nothing', () => {
    const current = flatTrace(period.start, period.end, PARIS, 120);
    expect(findingOf(withPrevious(current, previous(198)), 'tir_change')).toBeUndefined(); // 95.1 %
    const found = findingOf(withPrevious(current, previous(202)), 'tir_change'); // 95.0 %
    expect(found).toMatchObject({
      severity: 'info',
      evidence: {
        direction: 'improving',
        currentPercent: 100,
        previousPercent: 95,
        changePoints: 5,
      },
    });
    expect(found?.evidence.previousStart).toBe(previousPeriod.start);
  });

  it('reports a loss as worsening (attention)', () => {
    const current = flatTrace(period.start, period.end, PARIS, 120);
    for (let day = 0; day < 14; day++) pull(current, at(day, 15 * 60), 240, 60);
    const before = flatTrace(previousPeriod.start, previousPeriod.end, PARIS, 120);
    const found = findingOf(withPrevious(current, before), 'tir_change');
    expect(found).toMatchObject({
      severity: 'attention',
      evidence: { direction: 'worsening', previousPercent: 100 },
    });
    expect(found!.evidence.changePoints).toBeLessThanOrEqual(-5);
    expect(findingOf(withPrevious(current, before), 'post_meal_high')).toBeUndefined();
  });

  it('needs enough data in both periods', () => {
    const current = flatTrace(period.start, period.end, PARIS, 120);
    const before = previous(800);
    expect(findingOf(withPrevious(current, before), 'tir_change')).toBeDefined();
    cut(before, previousPeriod.start, previousPeriod.start + 5 * 86_400_000);
    expect(findingOf(withPrevious(current, before), 'tir_change')).toBeUndefined();
    expect(findingOf(advise(current), 'tir_change')).toBeUndefined();
  });
});
