import { describe, expect, it } from 'vitest';
import { targetsForPreset } from '@glucosuivi/domain/glucose/bands';
import { thresholdValues } from '@/components/targets/target-fields';
import { buildProfile, type ProfileValues } from './profile-form';

const base: ProfileValues = {
  birthYear: '1980',
  diabetesType: 'type1',
  diagnosisYear: '1995',
  treatment: 'insulin_pump',
  heightCm: '172,5',
  deviceKind: 'none',
  deviceModel: '',
  preset: 'standard',
  ...thresholdValues(targetsForPreset('standard'), 'mmol/L', 'fr'),
};

describe('profile form', () => {
  it('sends a preset by name and reads decimal commas', () => {
    const result = buildProfile(base, 'mmol/L');
    expect(result).toMatchObject({ ok: true, body: { birthYear: 1980, heightCm: 172.5, glucoseDevice: null, targets: { preset: 'standard' } } });
  });

  it('converts custom thresholds typed in mmol/L to mg/dL, as the professional form does', () => {
    const result = buildProfile({ ...base, preset: 'custom', lowBelow: '4,4' }, 'mmol/L');
    expect(result).toMatchObject({ ok: true, body: { targets: { preset: 'custom', range: { lowBelow: expect.closeTo(79.3, 0) } } } });
  });

  it('names the field at fault: a missing threshold, thresholds out of order, a diagnosis before birth, a year to come', () => {
    expect(buildProfile({ ...base, preset: 'custom', highAbove: '' }, 'mmol/L')).toEqual({ ok: false, errors: { highAbove: 'required' } });
    const disordered = buildProfile({ ...base, preset: 'custom', lowBelow: '12' }, 'mmol/L');
    expect(disordered.ok ? [] : Object.values(disordered.errors)).toContain('thresholdsOrder');
    expect(buildProfile({ ...base, diagnosisYear: '1975' }, 'mmol/L')).toEqual({ ok: false, errors: { diagnosisYear: 'diagnosisBeforeBirth' } });
    expect(buildProfile({ ...base, birthYear: String(new Date().getFullYear() + 1) }, 'mmol/L')).toMatchObject({ ok: false, errors: { birthYear: 'yearFuture' } });
  });
});
