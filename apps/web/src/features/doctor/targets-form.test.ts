import { describe, expect, it } from 'vitest';
import { targetsForPreset } from '@glucosuivi/domain/glucose/bands';
import { noteError } from './PatientNotes';
import { buildTargets, valuesFromTargets } from './targets-form';

describe('targets form', () => {
  it('sends a preset by name only', () => {
    const values = { ...valuesFromTargets(targetsForPreset('standard'), 'mg/dL', 'fr'), preset: 'pregnancy' as const };
    expect(buildTargets(values, 'mg/dL')).toEqual({ ok: true, body: { preset: 'pregnancy' } });
  });

  it('converts custom thresholds typed in mmol/L to mg/dL', () => {
    const values = { ...valuesFromTargets(targetsForPreset('standard'), 'mmol/L', 'fr'), preset: 'custom' as const, lowBelow: '4,4' };
    const result = buildTargets(values, 'mmol/L');
    expect(result).toMatchObject({ ok: true, body: { preset: 'custom', range: { lowBelow: expect.closeTo(79.3, 0) } } });
  });

  it('names the field that is not a number, missing, or out of order', () => {
    const base = { ...valuesFromTargets(targetsForPreset('standard'), 'mg/dL', 'fr'), preset: 'custom' as const };
    expect(buildTargets({ ...base, lowBelow: 'abc' }, 'mg/dL')).toEqual({ ok: false, errors: { lowBelow: 'number' } });
    expect(buildTargets({ ...base, highAbove: ' ' }, 'mg/dL')).toEqual({ ok: false, errors: { highAbove: 'required' } });
    const disordered = buildTargets({ ...base, lowBelow: '200' }, 'mg/dL');
    expect(disordered.ok ? [] : Object.values(disordered.errors)).toContain('thresholdsOrder');
    const tooHigh = buildTargets({ ...base, inRangeMinPercent: '140' }, 'mg/dL');
    expect(tooHigh).toEqual({ ok: false, errors: { inRangeMinPercent: 'outOfRange' } });
  });
});

describe('note text', () => {
  it('refuses an empty or blank note and one over 10 000 characters', () => {
    expect(noteError('')).toBe('required');
    expect(noteError('   ')).toBe('required');
    expect(noteError('x'.repeat(10_001))).toBe('tooLong');
    expect(noteError('Revoir le basal')).toBeNull();
  });
});
