import { describe, expect, it } from 'vitest';
import { canonicalGlucose, canonicalHba1c, canonicalLipid, glucoseLimitsIn, hba1cLimitsIn, lipidLimitsIn } from './measurement-limits';
import { glucoseInputSchema, measurementInputSchema } from './measurements.schemas';

describe('entry limits in the unit typed', () => {
  it('rounds canonical limits inwards so every announced value converts into the canonical range', () => {
    expect(glucoseLimitsIn('mmol/L')).toEqual({ min: 1.2, max: 33.3 });
    expect(glucoseLimitsIn('mg/dL')).toEqual({ min: 20, max: 600 });
    expect(hba1cLimitsIn('mmol/mol')).toEqual({ min: 10, max: 195 });
    expect(lipidLimitsIn('total', 'g/L')).toEqual({ min: 0.5, max: 5 });
    expect(lipidLimitsIn('triglycerides', 'mmol/L')).toEqual({ min: 0.23, max: 33.87 });
    for (const unit of ['mmol/L', 'mg/dL'] as const) {
      const { min, max } = glucoseLimitsIn(unit);
      expect(canonicalGlucose(min, unit)).toBeGreaterThanOrEqual(20);
      expect(canonicalGlucose(max, unit)).toBeLessThanOrEqual(600);
    }
    expect(canonicalHba1c(10, 'mmol/mol')).toBeGreaterThanOrEqual(3);
    expect(canonicalHba1c(195, 'mmol/mol')).toBeLessThanOrEqual(20);
    expect(canonicalLipid(33.87, 'triglycerides', 'mmol/L')).toBeLessThanOrEqual(3000);
  });

  it('converts entries to canonical values with one decimal', () => {
    expect(canonicalGlucose(3.6, 'mmol/L')).toBe(64.9);
    expect(canonicalHba1c(53, 'mmol/mol')).toBe(7);
    expect(canonicalLipid(1.9, 'total', 'g/L')).toBe(190);
    expect(canonicalLipid(5, 'total', 'mmol/L')).toBe(193.4);
  });

  it('reports an out-of-range value with the limits in the unit used', () => {
    const result = glucoseInputSchema.safeParse({ kind: 'glucose', measuredAt: '2026-11-02T09:00:00Z', value: 40, unit: 'mmol/L' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['value'], rule: 'out_of_range', min: 1.2, max: 33.3, unit: 'mmol/L' }),
    ]);
  });

  it('accepts an offset time and refuses unknown fields and NUL characters', () => {
    const base = { kind: 'weight', measuredAt: '2026-11-02T10:00:00+01:00', kg: 70 };
    expect(measurementInputSchema.safeParse(base).success).toBe(true);
    expect(measurementInputSchema.safeParse({ ...base, extra: 1 }).success).toBe(false);
    expect(measurementInputSchema.safeParse({ ...base, note: 'a\u0000b' }).success).toBe(false);
  });
});
