import { describe, expect, it } from 'vitest';
import type { WeeklyReport } from '@glucosuivi/domain/reports/reports.schemas';
import { getI18n } from '@/lib/i18n';
import { formatWeeklyFigure, verdict, weeklyAlertsSentence, weeklyClaims } from './weekly-view';

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

type Week = WeeklyReport['current'];
const metrics = (over: Partial<NonNullable<Week['metrics']>>): NonNullable<Week['metrics']> => ({
  n: 14,
  firstAt: '2026-10-26T07:00:00.000Z',
  lastAt: '2026-11-01T20:00:00.000Z',
  mean: 150,
  median: 148,
  sd: 30,
  cv: 20,
  gmi: null,
  bands: { very_low: 0, low: 0, in_range: 90, high: 10, very_high: 0 },
  belowRange: 0,
  aboveRange: 10,
  gri: null,
  griZone: null,
  activePercent: null,
  daysOfData: 7,
  intervalMinutes: 720,
  sufficiency: { enoughDays: false, enoughActive: false, sufficient: false },
  ...over,
});
const meterWeek = (readings: number, m: Week['metrics']): Week => ({
  from: '2026-10-26T00:00:00.000Z',
  to: '2026-11-02T00:00:00.000Z',
  basis: readings > 0 ? 'meter' : 'none',
  figures: { basis: readings > 0 ? 'meter' : 'none', cgm: false, cgmWithheld: readings > 0 ? 'no_cgm' : null, enough: readings >= 7 },
  meter: null,
  readings,
  metrics: m,
  hypoAlerts: 0,
  hyperAlerts: 0,
});
const noDeltas = { mean: null, gmi: null, cv: null, inRange: null, belowRange: null, aboveRange: null, gri: null, activePercent: null };

describe('weeklyClaims', () => {
  it('claims no trend and no stability for one reading against an empty week, and says why', () => {
    const claims = weeklyClaims({
      glucoseUnit: 'mg/dL',
      timeZone: 'Europe/Paris',
      current: meterWeek(1, metrics({ n: 1, sd: null, cv: null })),
      previous: meterWeek(0, null),
      comparison: { comparable: false, reason: 'current_too_little' },
      deltas: noDeltas,
    });
    expect(claims).toMatchObject({ changes: [], stable: false, notComparable: 'current_too_little' });
  });

  it('shows a meter fortnight without GMI, GRI or sensor rows, its shares as shares of readings, and its real changes', () => {
    const claims = weeklyClaims({
      glucoseUnit: 'mg/dL',
      timeZone: 'Europe/Paris',
      current: meterWeek(14, metrics({})),
      previous: meterWeek(14, metrics({ bands: { very_low: 0, low: 0, in_range: 77, high: 23, very_high: 0 }, aboveRange: 23 })),
      comparison: { comparable: true, reason: null },
      deltas: { ...noDeltas, mean: 0, cv: 0, inRange: 13, belowRange: 0, aboveRange: -13 },
    });
    expect(claims.rows).toEqual(['inRange', 'belowRange', 'aboveRange', 'mean', 'cv']);
    expect(claims.readingShares('inRange')).toBe(true);
    expect(claims.readingShares('mean')).toBe(false);
    expect(claims.changes).toEqual([
      { key: 'inRange', verdict: 'better' },
      { key: 'aboveRange', verdict: 'better' },
    ]);
    expect(claims.notComparable).toBeNull();
  });
});
