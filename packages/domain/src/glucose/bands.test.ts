import { describe, expect, it } from 'vitest';
import {
  bandLimits,
  bandPercents,
  bandWidths,
  classifyGlucose,
  DEFAULT_GLUCOSE_TARGETS,
  glucoseTargetsSchema,
  PREGNANCY_RANGE,
  STANDARD_RANGE,
  TARGET_PRESET_VALUES,
  targetsForPreset,
} from './bands';

describe('classifyGlucose', () => {
  it('uses the consensus limits on values rounded half up', () => {
    const cases: Array<[number, string]> = [
      [40, 'very_low'],
      [53, 'very_low'],
      [53.4, 'very_low'],
      [53.5, 'low'],
      [54, 'low'],
      [69, 'low'],
      [69.5, 'in_range'],
      [70, 'in_range'],
      [180, 'in_range'],
      [180.4, 'in_range'],
      [180.5, 'high'],
      [250, 'high'],
      [250.5, 'very_high'],
      [400, 'very_high'],
    ];
    for (const [v, band] of cases) expect(classifyGlucose(v)).toBe(band);
  });
  it('supports the pregnancy range', () => {
    expect(classifyGlucose(62, PREGNANCY_RANGE)).toBe('low');
    expect(classifyGlucose(63, PREGNANCY_RANGE)).toBe('in_range');
    expect(classifyGlucose(141, PREGNANCY_RANGE)).toBe('high');
  });
});

describe('targets', () => {
  it('validates every preset and has the consensus defaults', () => {
    for (const t of Object.values(TARGET_PRESET_VALUES))
      expect(glucoseTargetsSchema.parse(t)).toEqual(t);
    expect(DEFAULT_GLUCOSE_TARGETS).toMatchObject({
      veryLowMaxPercent: 1,
      belowRangeMaxPercent: 4,
      inRangeMinPercent: 70,
      aboveRangeMaxPercent: 25,
      veryHighMaxPercent: 5,
    });
    expect(TARGET_PRESET_VALUES.older_high_risk).toMatchObject({
      inRangeMinPercent: 50,
      belowRangeMaxPercent: 1,
      veryHighMaxPercent: 10,
    });
    expect(TARGET_PRESET_VALUES.pregnancy.range).toMatchObject({ lowBelow: 63, highAbove: 140 });
  });
  it('lets a professional customise, and rejects incoherent ranges', () => {
    const t = targetsForPreset('standard');
    t.preset = 'custom';
    t.inRangeMinPercent = 60;
    expect(glucoseTargetsSchema.safeParse(t).success).toBe(true);
    expect(TARGET_PRESET_VALUES.standard.inRangeMinPercent).toBe(70);
    t.range.lowBelow = 200;
    expect(glucoseTargetsSchema.safeParse(t).success).toBe(false);
    expect(
      glucoseTargetsSchema.safeParse({ ...targetsForPreset('standard'), inRangeMinPercent: 120 })
        .success,
    ).toBe(false);
  });
});

describe('bandLimits', () => {
  it('starts each band one display step after the one below, in mmol/L as in mg/dL', () => {
    expect(bandLimits(STANDARD_RANGE, 'mmol/L')).toEqual([
      { band: 'very_low', from: null, to: 3 },
      { band: 'low', from: 3, to: 3.8 },
      { band: 'in_range', from: 3.9, to: 10 },
      { band: 'high', from: 10.1, to: 13.9 },
      { band: 'very_high', from: null, to: 13.9 },
    ]);
    expect(bandLimits(STANDARD_RANGE, 'mg/dL').find((b) => b.band === 'high')).toEqual({ band: 'high', from: 181, to: 250 });
  });
});

const sum = (o: Record<string, number>) => Math.round(Object.values(o).reduce((a, b) => a + b, 0) * 10) / 10;

describe('bandPercents', () => {
  it('prints one decimal per band, adding up to exactly 100 where rounding each alone would not', () => {
    const bands = { very_low: 0.26, low: 3.36, in_range: 70.06, high: 20.06, very_high: 6.26 };
    // Each rounded alone: 0.3 + 3.4 + 70.1 + 20.1 + 6.3 = 100.2.
    expect(sum(Object.fromEntries(Object.entries(bands).map(([k, v]) => [k, Math.round(v * 10) / 10])))).toBe(100.2);
    const shown = bandPercents(bands);
    expect(sum(shown)).toBe(100);
    for (const [band, value] of Object.entries(shown)) expect(Math.abs(value - bands[band as keyof typeof bands])).toBeLessThan(0.1 + 1e-9);
  });
  it('never prints 0 for a share that is not 0', () => {
    const shown = bandPercents({ very_low: 0.01, low: 0, in_range: 99.99, high: 0, very_high: 0 });
    expect(shown).toEqual({ very_low: 0.1, low: 0, in_range: 99.9, high: 0, very_high: 0 });
  });
});

describe('bandWidths', () => {
  it('sums to exactly 100', () => {
    const cases = [
      { very_low: 0.33, low: 3.33, in_range: 70.01, high: 20.0, very_high: 6.33 },
      { very_low: 0, low: 0, in_range: 100, high: 0, very_high: 0 },
      { very_low: 33.333, low: 33.333, in_range: 33.334, high: 0, very_high: 0 },
      { very_low: 0.01, low: 0, in_range: 99.99, high: 0, very_high: 0 },
      { very_low: 12.5, low: 12.5, in_range: 25, high: 25, very_high: 25 },
    ];
    for (const bands of cases) expect(sum(bandWidths(bands))).toBe(100);
  });
  it('keeps a visible sliver for a rare low', () => {
    const widths = bandWidths({ very_low: 0.01, low: 0, in_range: 99.99, high: 0, very_high: 0 });
    expect(widths.very_low).toBeGreaterThanOrEqual(0.5);
    expect(widths.low).toBe(0);
  });
  it('is all zero without data', () => {
    expect(sum(bandWidths({ very_low: 0, low: 0, in_range: 0, high: 0, very_high: 0 }))).toBe(0);
  });
});
