import { describe, expect, it } from 'vitest';
import { targetsForPreset } from '../glucose/bands';
import { classifyBloodPressure } from '../glucose/episodes';
import { computeAdvice } from './advice.engine';
import { cut, flatTrace, inputFor, localPeriod } from './advice.fixtures';
import { BLOOD_PRESSURE_RULE } from './advice.labs';
import type { AdviceInput } from './advice.context';
import type { AdviceKind, FindingOf } from './advice.schemas';

const PARIS = 'Europe/Paris';
const DAY = 86_400_000;
const period = localPeriod(PARIS, '2026-11-26', 14);
const base = flatTrace(period.start, period.end, PARIS, 120);
const daysBefore = (days: number) => period.end - days * DAY;

function only<K extends AdviceKind>(
  kind: K,
  extra: Partial<AdviceInput>,
): FindingOf<K> | undefined {
  return computeAdvice(inputFor(base, period, extra)).find(
    (f): f is FindingOf<K> => f.kind === kind,
  );
}

const hba1c = (...percents: number[]) =>
  percents.map((percent, i) => ({ at: daysBefore(90 * (percents.length - i)), percent }));

describe('hba1c_rising', () => {
  it('reports two increases in a row, even below the target', () => {
    const found = only('hba1c_rising', { hba1c: hba1c(6.2, 6.6, 7.0) });
    expect(found?.evidence).toMatchObject({
      reason: 'two_increases',
      targetPercent: 7,
      changePoints: 0.4,
    });
    expect(found?.evidence.results.map((r) => r.percent)).toEqual([6.2, 6.6, 7.0]);
  });

  it('reports one increase when the latest result is above the target', () => {
    expect(only('hba1c_rising', { hba1c: hba1c(6.9, 7.4) })?.evidence).toMatchObject({
      reason: 'above_target_and_rising',
      changePoints: 0.5,
    });
    expect(
      only('hba1c_rising', { hba1c: hba1c(7.8, 7.2, 7.6) })?.evidence.results.map((r) => r.percent),
    ).toEqual([7.2, 7.6]);
    expect(only('hba1c_rising', { hba1c: hba1c(6.4, 6.8) })).toBeUndefined();
  });

  it('counts an increase from 0.2 points: 0.1 is within the assay variation', () => {
    expect(only('hba1c_rising', { hba1c: hba1c(7.2, 7.3) })).toBeUndefined();
    expect(only('hba1c_rising', { hba1c: hba1c(6.5, 6.6, 6.7) })).toBeUndefined();
    expect(only('hba1c_rising', { hba1c: hba1c(6.5, 6.7, 6.9) })).toBeDefined();
    expect(only('hba1c_rising', { hba1c: hba1c(7.5, 7.2, 6.9) })).toBeUndefined();
  });

  it("uses the patient's HbA1c target: older or high-risk 8 %, or the one given", () => {
    expect(only('hba1c_rising', { hba1c: hba1c(7.6, 7.9) })).toBeDefined();
    expect(
      only('hba1c_rising', {
        hba1c: hba1c(7.6, 7.9),
        targets: targetsForPreset('older_high_risk'),
      }),
    ).toBeUndefined();
    expect(
      only('hba1c_rising', { hba1c: hba1c(6.3, 6.6), hba1cTargetPercent: 6.5 })?.evidence
        .targetPercent,
    ).toBe(6.5);
  });

  it('ignores results after the period, so a past report says what was known then', () => {
    const results = [...hba1c(7.0, 7.6), { at: period.end + DAY, percent: 8.4 }];
    expect(
      only('hba1c_rising', { hba1c: results })?.evidence.results.map((r) => r.percent),
    ).toEqual([7.0, 7.6]);
    expect(
      only('hba1c_rising', { hba1c: [...hba1c(7.6, 7.0), { at: period.end + DAY, percent: 8.4 }] }),
    ).toBeUndefined();
  });
});

describe('blood_pressure_high', () => {
  const bp = (...values: Array<[number, number]>) =>
    values.map(([systolic, diastolic], i) => ({
      at: daysBefore(values.length - i),
      systolic,
      diastolic,
    }));

  it('uses the alerts threshold of 140/90', () => {
    expect(classifyBloodPressure(BLOOD_PRESSURE_RULE.systolicLimit, 0)).not.toBeNull();
    expect(classifyBloodPressure(0, BLOOD_PRESSURE_RULE.diastolicLimit)).not.toBeNull();
    expect(
      classifyBloodPressure(
        BLOOD_PRESSURE_RULE.systolicLimit - 1,
        BLOOD_PRESSURE_RULE.diastolicLimit - 1,
      ),
    ).toBeNull();
  });

  it('needs 2 of the last 5 readings at or above 140 systolic or 90 diastolic', () => {
    expect(
      only('blood_pressure_high', {
        bloodPressure: bp([128, 80], [140, 85], [139, 89], [131, 82], [125, 79]),
      }),
    ).toBeUndefined();
    const found = only('blood_pressure_high', {
      bloodPressure: bp([128, 80], [140, 85], [139, 89], [130, 90], [125, 79]),
    });
    expect(found?.evidence.highCount).toBe(2);
    expect(found?.evidence.readings.map((r) => r.high)).toEqual([false, true, false, true, false]);
  });

  it('looks at the last 5 readings of the last 30 days only', () => {
    expect(
      only('blood_pressure_high', {
        bloodPressure: bp(
          [150, 95],
          [152, 96],
          [128, 80],
          [127, 81],
          [126, 80],
          [125, 79],
          [124, 78],
        ),
      }),
    ).toBeUndefined();
    const old = [31, 35, 40].map((d) => ({ at: daysBefore(d), systolic: 160, diastolic: 100 }));
    expect(
      only('blood_pressure_high', { bloodPressure: [...old, ...bp([150, 80])] }),
    ).toBeUndefined();
  });

  it('is returned even without enough glucose data', () => {
    const thin = flatTrace(period.start, period.end, PARIS, 120);
    cut(thin, period.start, period.start + 7 * DAY);
    const kinds = computeAdvice(
      inputFor(thin, period, { bloodPressure: bp([150, 95], [152, 96]) }),
    ).map((f) => f.kind);
    expect(kinds).toEqual(['blood_pressure_high', 'insufficient_data']);
  });
});

describe('ldl_above_target', () => {
  const ldl = (...values: number[]) =>
    values.map((mgdl, i) => ({ at: daysBefore(100 * (values.length - i)), mgdl }));

  it('compares the latest LDL with the target (100 mg/dL unless given)', () => {
    expect(only('ldl_above_target', { ldl: ldl(100) })).toBeUndefined();
    expect(only('ldl_above_target', { ldl: ldl(101) })?.evidence).toMatchObject({
      latestMgdl: 101,
      targetMgdl: 100,
    });
    expect(only('ldl_above_target', { ldl: ldl(85), ldlTargetMgdl: 70 })?.evidence.targetMgdl).toBe(
      70,
    );
    expect(only('ldl_above_target', { ldl: ldl(150, 90) })).toBeUndefined();
    expect(only('ldl_above_target', { ldl: ldl(90, 150) })?.evidence.latestMgdl).toBe(150);
  });
});
