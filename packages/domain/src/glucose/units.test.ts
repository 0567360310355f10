import { describe, expect, it } from 'vitest';
import { quantileSorted, roundHalfEven, roundHalfUp } from './stats';
import {
  formatGlucose,
  formatHba1c,
  formatLipid,
  glucoseMgdlToMmol,
  glucoseMmolToMgdl,
  hba1cMmolMolToPercent,
  hba1cPercentToMmolMol,
  lipidToMgdl,
  parseGlucose,
  parseHba1c,
} from './units';
import { formatGlucoseNumber } from './units';

describe('glucose units', () => {
  it('converts with 18.01559', () => {
    expect(glucoseMgdlToMmol(180.1559)).toBeCloseTo(10, 12);
    expect(glucoseMmolToMgdl(5.5)).toBeCloseTo(99.085745, 9);
    expect(glucoseMmolToMgdl(glucoseMgdlToMmol(123.4))).toBeCloseTo(123.4, 12);
  });
  it('formats mmol/L with one decimal and mg/dL as integers', () => {
    expect(formatGlucose(70, 'mmol/L')).toBe(3.9);
    expect(formatGlucose(180, 'mmol/L')).toBe(10);
    expect(formatGlucose(54, 'mmol/L')).toBe(3);
    expect(formatGlucose(99.5, 'mg/dL')).toBe(100);
    expect(formatGlucose(99.4, 'mg/dL')).toBe(99);
  });
  it('parses entries into mg/dL with one decimal', () => {
    expect(parseGlucose(5.5, 'mmol/L')).toBe(99.1);
    expect(parseGlucose(112, 'mg/dL')).toBe(112);
  });
});

describe('HbA1c and lipids', () => {
  it('converts HbA1c % ↔ mmol/mol (IFCC)', () => {
    expect(hba1cPercentToMmolMol(7)).toBeCloseTo(53.00565, 9);
    expect(formatHba1c(7, 'mmol/mol')).toBe(53);
    expect(formatHba1c(6.5, 'mmol/mol')).toBe(48);
    expect(hba1cMmolMolToPercent(hba1cPercentToMmolMol(8.2))).toBeCloseTo(8.2, 12);
    expect(parseHba1c(53, 'mmol/mol')).toBe(7);
    expect(formatHba1c(7.04, '%')).toBe(7);
  });
  it('converts cholesterol, triglycerides and g/L', () => {
    expect(formatLipid(200, 'total', 'mmol/L')).toBe(5.17);
    expect(formatLipid(150, 'triglycerides', 'mmol/L')).toBe(1.69);
    expect(formatLipid(130, 'ldl', 'g/L')).toBe(1.3);
    expect(formatLipid(129.6, 'ldl', 'mg/dL')).toBe(130);
    expect(lipidToMgdl(1, 'hdl', 'mmol/L')).toBe(38.67);
    expect(lipidToMgdl(1, 'triglycerides', 'mmol/L')).toBe(88.57);
    expect(lipidToMgdl(1.85, 'total', 'g/L')).toBeCloseTo(185, 12);
  });
});

describe('numeric helpers', () => {
  it('rounds half up without binary artefacts', () => {
    expect(roundHalfUp(1.005, 2)).toBe(1.01);
    expect(roundHalfUp(2.5)).toBe(3);
    expect(roundHalfUp(-2.5)).toBe(-3);
    expect(roundHalfUp(0.35, 1)).toBe(0.4);
  });
  it('rounds half to even like R', () => {
    expect([0.5, 1.5, 2.5, -2.5, 2.6, 2.4].map(roundHalfEven)).toEqual([0, 2, 2, -2, 3, 2]);
  });
  it('computes R type-7 quantiles', () => {
    // R: quantile(1:10, c(.05, .25, .5, .95)) → 1.45 3.25 5.50 9.55
    const x = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(quantileSorted(x, 0.05)).toBeCloseTo(1.45, 12);
    expect(quantileSorted(x, 0.25)).toBeCloseTo(3.25, 12);
    expect(quantileSorted(x, 0.5)).toBeCloseTo(5.5, 12);
    expect(quantileSorted(x, 0.95)).toBeCloseTo(9.55, 12);
    expect(quantileSorted([1, 2, 3, 4, 10], 0.75)).toBe(4);
    expect(quantileSorted([], 0.5)).toBeNaN();
    expect(quantileSorted([7], 0.95)).toBe(7);
  });
});

describe('formatGlucoseNumber', () => {
  it('writes mg/dL whole and mmol/L with one decimal, in the reader’s locale', () => {
    expect(formatGlucoseNumber(65.4, 'mg/dL', 'fr')).toBe('65');
    expect(formatGlucoseNumber(65, 'mmol/L', 'fr')).toBe('3,6');
    expect(formatGlucoseNumber(65, 'mmol/L', 'es-ES')).toBe('3,6');
    expect(formatGlucoseNumber(65, 'mmol/L', 'en-GB')).toBe('3.6');
    expect(formatGlucoseNumber(90, 'mmol/L', 'fr')).toBe('5,0');
  });
});
