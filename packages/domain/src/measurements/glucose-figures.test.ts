import { describe, expect, it } from 'vitest';
import { generateCgmDays } from '../demo/cgm-generator';
import { generateManualReadings } from '../demo/manual-generator';
import { targetsForPreset } from '../glucose/bands';
import { lastLocalDays } from '../glucose/timezone';
import { comparePeriods, glucoseBasis, glucoseFigures, type GlucoseFigures } from './glucose-figures';
import { summarizeGlucosePeriod, type PeriodReadings } from './glucose-period';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const ZONE = 'Europe/Paris';
const targets = targetsForPreset('standard');
const period = lastLocalDays(NOW, 14, ZONE);
const options = { periodStart: period.from, periodEnd: period.to, periodDays: period.days, timeZone: ZONE, targets };

/** Readings of [period.from, period.to) merged in time order, each marked device or not. */
function columns(parts: Array<{ t: number[]; v: number[]; device: boolean }>): PeriodReadings {
  const all = parts.flatMap((p) => p.t.map((t, i) => ({ t, v: p.v[i] as number, device: p.device })));
  const kept = all.filter((r) => r.t >= period.from && r.t < period.to).sort((a, b) => a.t - b.t);
  return { t: kept.map((r) => r.t), v: kept.map((r) => r.v), device: kept.map((r) => r.device) };
}

const meterDiary = (days = 14, seed = 7) => {
  const { glucose } = generateManualReadings({ seed, days, endAt: NOW - 60_000 });
  return { t: glucose.map((g) => g.measuredAt), v: glucose.map((g) => g.mgdl), device: false };
};
const sensor = (days: number, seed = 3) => ({ ...generateCgmDays({ seed, days, endAt: NOW - 5 * 60_000 }), device: true });

describe('glucose figures by what was measured', () => {
  it('decides the basis from the readings counted by kind', () => {
    expect([glucoseBasis(0, 0), glucoseBasis(3, 0), glucoseBasis(0, 3), glucoseBasis(3, 3)]).toEqual(['none', 'cgm', 'meter', 'mixed']);
  });

  it('a generated meter diary (type 2, 14 days) shows counted meter figures and no GMI, GRI, sensor time or AGP', () => {
    const readings = columns([meterDiary()]);
    const p = summarizeGlucosePeriod(readings, options);
    expect(p.basis).toBe('meter');
    expect(p.figures).toEqual({ basis: 'meter', cgm: false, cgmWithheld: 'no_cgm', enough: true });
    expect(p.metrics).not.toBeNull();
    expect({ gmi: p.metrics?.gmi, gri: p.metrics?.gri, zone: p.metrics?.griZone, active: p.metrics?.activePercent }).toEqual({ gmi: null, gri: null, zone: null, active: null });
    expect(p.agp).toBeNull();
    expect(p.metrics?.sufficiency.sufficient).toBe(false);
    const v = Array.from(readings.v);
    expect(p.meter).toEqual({
      readingsPerDay: Math.round((v.length / 14) * 10) / 10,
      lows: v.filter((x) => x < 70).length,
      veryLows: v.filter((x) => x < 54).length,
      highs: v.filter((x) => x > 180).length,
      veryHighs: v.filter((x) => x > 250).length,
    });
  });

  it('one meter reading: no CGM figure and not enough to compare with anything', () => {
    const p = summarizeGlucosePeriod({ t: [NOW - 3_600_000], v: [112], device: [false] }, options);
    expect(p.metrics?.gmi).toBeNull();
    expect(p.metrics?.gri).toBeNull();
    expect(p.metrics?.activePercent).toBeNull();
    expect(p.figures.enough).toBe(false);
    const empty = summarizeGlucosePeriod({ t: [], v: [], device: [] }, options);
    expect(comparePeriods(p.figures, empty.figures)).toEqual({ comparable: false, reason: 'current_too_little' });
  });

  it('a generated CGM fortnight shows GMI, GRI, sensor time and the AGP', () => {
    const p = summarizeGlucosePeriod(columns([sensor(14)]), options);
    expect(p.basis).toBe('cgm');
    expect(p.figures.cgm).toBe(true);
    expect(p.metrics?.gmi).toEqual(expect.any(Number));
    expect(p.metrics?.gri).toEqual(expect.any(Number));
    expect(p.metrics?.activePercent).toBeGreaterThanOrEqual(70);
    expect(p.agp).not.toBeNull();
    expect(p.meter).toBeNull();
  });

  it('a sensor worn 3 days of 14 withholds GMI, GRI, sensor time and the AGP, and says why', () => {
    const p = summarizeGlucosePeriod(columns([sensor(3)]), options);
    expect(p.figures).toEqual({ basis: 'cgm', cgm: false, cgmWithheld: 'cgm_too_little', enough: false });
    expect([p.metrics?.gmi, p.metrics?.gri, p.metrics?.activePercent, p.agp]).toEqual([null, null, null, null]);
  });

  it('a mixed period is read from its sensor: CGM figures when it covers the period, withheld when not', () => {
    const full = summarizeGlucosePeriod(columns([sensor(14), meterDiary()]), options);
    expect(full.basis).toBe('mixed');
    expect(full.figures.cgm).toBe(true);
    expect(full.metrics?.gmi).toEqual(expect.any(Number));
    const short = summarizeGlucosePeriod(columns([sensor(2), meterDiary()]), options);
    expect(short.basis).toBe('mixed');
    expect(short.figures.cgmWithheld).toBe('cgm_too_little');
    expect(short.metrics?.gmi).toBeNull();
  });

  it('compares two periods only when both are read the same way with enough data each', () => {
    const of = (basis: GlucoseFigures['basis'], active: number | null, readings: number) => glucoseFigures({ basis, cgmActivePercent: active, readings, periodDays: 7 });
    expect(comparePeriods(of('cgm', 90, 2000), of('mixed', 80, 1800))).toEqual({ comparable: true, reason: null });
    expect(comparePeriods(of('meter', null, 14), of('meter', null, 7))).toEqual({ comparable: true, reason: null });
    expect(comparePeriods(of('meter', null, 14), of('meter', null, 6))).toEqual({ comparable: false, reason: 'previous_too_little' });
    expect(comparePeriods(of('cgm', 69.9, 1900), of('cgm', 95, 2000))).toEqual({ comparable: false, reason: 'current_too_little' });
    expect(comparePeriods(of('meter', null, 14), of('cgm', 95, 2000))).toEqual({ comparable: false, reason: 'basis_changed' });
    expect(comparePeriods(of('meter', null, 1), of('none', null, 0))).toEqual({ comparable: false, reason: 'current_too_little' });
  });
});
