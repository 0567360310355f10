import { describe, expect, it } from 'vitest';
import { getI18n } from '@/lib/i18n';
import { formatWeeklyFigure, verdict, weeklyAlertsSentence } from './weekly-view';

describe('verdict', () => {
  it('reads more time in range and less time below as better', () => {
    expect(verdict('inRange', 5)).toBe('better');
    expect(verdict('inRange', -5)).toBe('worse');
    expect(verdict('belowRange', -2)).toBe('better');
    expect(verdict('mean', 1)).toBe('stable');
    expect(verdict('gmi', null)).toBe('unknown');
  });
});

describe('formatWeeklyFigure and weeklyAlertsSentence', () => {
  const fr = getI18n().getFixedT('fr', 'reports');
  const en = getI18n().getFixedT('en', 'reports');
  const change = (t: typeof fr, key: 'inRange' | 'belowRange', x: number, language: string) =>
    formatWeeklyFigure(t, key, x, { unit: 'mg/dL', language, signed: true }).replace(/\s/g, ' ');

  it('says a change of one percentage point in the singular, more in the plural', () => {
    expect(change(fr, 'inRange', -1, 'fr')).toBe('−1 point');
    expect(change(fr, 'inRange', 1, 'fr')).toBe('+1 point');
    expect(change(fr, 'inRange', 0.96, 'fr')).toBe('+1 point');
    expect(change(fr, 'inRange', 2, 'fr')).toBe('+2 points');
    expect(change(en, 'inRange', -1, 'en')).toBe('−1 point');
    expect(change(en, 'inRange', 3, 'en')).toBe('+3 points');
  });

  it('agrees each alert count with its noun, 0 and 1 singular in French', () => {
    expect(weeklyAlertsSentence(fr, 1, 0).replace(/\s/g, ' ')).toBe(
      'Alertes cette semaine : 1 hypoglycémie, 0 hyperglycémie.',
    );
    expect(weeklyAlertsSentence(fr, 2, 3).replace(/\s/g, ' ')).toBe(
      'Alertes cette semaine : 2 hypoglycémies, 3 hyperglycémies.',
    );
    expect(weeklyAlertsSentence(en, 1, 0)).toBe(
      'Alerts this week: 1 hypoglycaemia, 0 hyperglycaemias.',
    );
  });
});
