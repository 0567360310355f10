import { describe, expect, it } from 'vitest';
import {
  classifyGlucose,
  DEFAULT_GLUCOSE_TARGETS,
  glucoseTargetsSchema,
  PREGNANCY_RANGE,
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
