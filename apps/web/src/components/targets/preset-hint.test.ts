import { describe, expect, it } from 'vitest';
import { createI18n } from '@/lib/i18n';
import { presetHintValues } from './preset-hint';

async function hint(language: 'fr' | 'en', preset: 'standard' | 'older_high_risk' | 'pregnancy', unit: 'mg/dL' | 'mmol/L') {
  const { i18n, ready } = createI18n(language);
  await ready;
  await i18n.loadNamespaces('profile');
  return i18n.t(`profile:presetHints.${preset}`, presetHintValues(preset, unit, language));
}

describe('preset summaries', () => {
  it('read in the unit of the reader', async () => {
    expect(await hint('fr', 'standard', 'mg/dL')).toBe('Plus de 70 % entre 70 et 180 mg/dL, moins de 4 % sous 70, moins de 1 % sous 54.');
    expect(await hint('fr', 'standard', 'mmol/L')).toBe('Plus de 70 % entre 3,9 et 10,0 mmol/L, moins de 4 % sous 3,9, moins de 1 % sous 3,0.');
    expect(await hint('fr', 'pregnancy', 'mmol/L')).toBe('Plus de 70 % entre 3,5 et 7,8 mmol/L, moins de 4 % sous 3,5, moins de 1 % sous 3,0.');
    expect(await hint('en', 'older_high_risk', 'mmol/L')).toBe('Over 50% in range, under 1% below 3.9 mmol/L, under 10% above 13.9.');
  });
});
