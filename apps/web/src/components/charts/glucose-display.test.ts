import { describe, expect, it } from 'vitest';
import { STANDARD_RANGE } from '@glucosuivi/domain/glucose/bands';
import {
  bandLimits,
  chartPoints,
  formatGlucoseValue,
  fromLocalInputValue,
  parseDecimal,
  timeAxisLabels,
  toLocalInputValue,
  unitOfSetting,
} from './glucose-display';
import { overlayByDay } from './DailyOverlayChart';


describe('glucose formatting', () => {
  it('shows mg/dL as integers and mmol/L with one decimal, with the reader’s separator', () => {
    expect(formatGlucoseValue(65, 'mg/dL', 'fr')).toBe('65');
    expect(formatGlucoseValue(65, 'mmol/L', 'fr')).toBe('3,6');
    expect(formatGlucoseValue(65, 'mmol/L', 'en')).toBe('3.6');
    expect(formatGlucoseValue(180.4, 'mg/dL', 'fr')).toBe('180');
    expect(formatGlucoseValue(90, 'mmol/L', 'es')).toBe('5,0');
  });

  it('maps the settings unit to the clinical spelling', () => {
    expect(unitOfSetting('mmol/l')).toBe('mmol/L');
    expect(unitOfSetting('mg/dl')).toBe('mg/dL');
    expect(unitOfSetting(undefined)).toBe('mg/dL');
  });

  it('labels the consensus bands in both units', () => {
    expect(bandLimits(STANDARD_RANGE, 'mg/dL').map((b) => [b.from, b.to])).toEqual([
      [null, 54],
      [54, 69],
      [70, 180],
      [181, 250],
      [null, 250],
    ]);
    expect(bandLimits(STANDARD_RANGE, 'mmol/L').map((b) => [b.from, b.to])).toEqual([
      [null, 3],
      [3, 3.8],
      [3.9, 10],
      [10.1, 13.9],
      [null, 13.9],
    ]);
  });
});

describe('parseDecimal', () => {
  it('accepts a decimal comma or point', () => {
    expect(parseDecimal('5,4')).toBe(5.4);
    expect(parseDecimal('5.4')).toBe(5.4);
    expect(parseDecimal(' 65 ')).toBe(65);
    expect(parseDecimal('1 000')).toBe(1000);
    expect(parseDecimal(',5')).toBe(0.5);
  });
  it('refuses anything else', () => {
    for (const bad of ['', 'abc', '5,4,3', '5..4', '5,4a', '-']) expect(parseDecimal(bad)).toBeNull();
  });
});

describe('chartPoints', () => {
  it('keeps every low when decimating 90 days of CGM into a few hundred points', () => {
    const n = 90 * 288;
    const t = new Float64Array(n);
    const v = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      t[i] = 1_700_000_000_000 + i * 300_000;
      v[i] = 140 + 40 * Math.sin(i / 20);
    }
    const lows = [1234, 9000, 20_000];
    for (const i of lows) v[i] = 45;
    const points = chartPoints(t, v, 300);
    expect(points.t.length).toBeLessThan(2000);
    for (const i of lows) expect(Array.from(points.t)).toContain(t[i]);
    expect(Math.min(...Array.from(points.v).filter((x) => x === x))).toBe(45);
  });
  it('breaks the line at gaps', () => {
    const points = chartPoints([0, 300_000, 10 * 3_600_000], [100, 110, 120], 300);
    expect(Array.from(points.v).some((x) => Number.isNaN(x))).toBe(true);
  });
});

describe('local times', () => {
  it('round-trips a datetime-local value in Paris, summer and winter', () => {
    const summer = Date.parse('2025-07-01T06:30:00Z');
    expect(toLocalInputValue(summer, 'Europe/Paris')).toBe('2025-07-01T08:30');
    expect(fromLocalInputValue('2025-07-01T08:30', 'Europe/Paris')).toBe(summer);
    const winter = Date.parse('2025-01-15T22:05:00Z');
    expect(toLocalInputValue(winter, 'Europe/Paris')).toBe('2025-01-15T23:05');
    expect(fromLocalInputValue('2025-01-15T23:05', 'Europe/Paris')).toBe(winter);
    expect(fromLocalInputValue('nope', 'Europe/Paris')).toBeNull();
  });
  it('cuts a series into local days for the overlay, keeping the lower of two readings in a bin', () => {
    const t = [Date.parse('2025-01-15T22:00:00Z'), Date.parse('2025-01-15T22:01:00Z'), Date.parse('2025-01-15T23:30:00Z')];
    const overlay = overlayByDay(t, [120, 60, 130], 'Europe/Paris');
    expect(overlay.dates).toEqual(['2025-01-15', '2025-01-16']);
    expect(overlay.columns[0]?.[(23 * 60) / 5]).toBe(60);
    expect(overlay.columns[1]?.[(30) / 5]).toBe(130);
  });
});

describe('timeAxisLabels', () => {
  const aug4 = Date.UTC(2026, 7, 4, 12, 0);
  it('writes day and month in the reader’s order on long periods', () => {
    expect(timeAxisLabels([aug4], 90 * 86_400_000, 'fr', 'Europe/Paris')).toEqual(['4 août']);
    expect(timeAxisLabels([aug4], 90 * 86_400_000, 'en', 'Europe/Paris')).toEqual(['Aug 4']);
    expect(timeAxisLabels([aug4], 90 * 86_400_000, 'es', 'Europe/Paris')).toEqual(['4 ago']);
  });
  it('writes 24-hour times in the patient zone within a day', () => {
    expect(timeAxisLabels([aug4], 86_400_000, 'fr', 'Europe/Paris')).toEqual(['14:00']);
    expect(timeAxisLabels([aug4], 86_400_000, 'en', 'America/New_York')).toEqual(['08:00']);
  });
});
