import { describe, expect, it } from 'vitest';
import type { TriageRow } from '../doctor/doctor.schemas';
import { buildDepartment, controlCategory, daysSince, departmentRow, gmiBins, summarizeDepartment, tbrBins, tirBins } from './department.rules';
import { departmentSchema } from './department.schemas';

const NOW = Date.parse('2026-11-23T09:00:00.000Z');
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

interface Glucose {
  inRange?: number | null;
  belowRange?: number | null;
  veryLow?: number | null;
  gmi?: number | null;
  activePercent?: number;
  readings?: number;
  lastReadingAt?: string | null;
}

const row = (name: string, glucose: Glucose | 'not_shared'): TriageRow => ({
  patientId: `id-${name}`,
  firstName: name,
  lastName: 'X',
  categories: glucose === 'not_shared' ? ['hba1c'] : ['glucose'],
  glucose:
    glucose === 'not_shared'
      ? { notShared: true }
      : {
          lastReadingAt: glucose.lastReadingAt === undefined ? iso(NOW - 60_000) : glucose.lastReadingAt,
          readings: glucose.readings ?? 4000,
          inRange: glucose.inRange === undefined ? 80 : glucose.inRange,
          belowRange: glucose.belowRange === undefined ? 2 : glucose.belowRange,
          veryLow: glucose.veryLow === undefined ? 0.5 : glucose.veryLow,
          aboveRange: 10,
          gmi: glucose.gmi === undefined ? 6.8 : glucose.gmi,
          cv: 30,
          daysWithData: 14,
          activePercent: glucose.activePercent ?? 95,
          sufficient: true,
        },
  alerts: { notShared: true },
  hba1c: { notShared: true },
  advice: null,
});

describe('control categories', () => {
  it('puts each patient in one category, in the documented priority order', () => {
    expect(controlCategory(row('a', 'not_shared'))).toBe('not_shared');
    expect(controlCategory(row('a', { readings: 0, inRange: null, belowRange: null, veryLow: null, gmi: null, activePercent: 0, lastReadingAt: null }))).toBe('insufficient_data');
    expect(controlCategory(row('a', { veryLow: 1.1, belowRange: 1.1 }))).toBe('hypo_risk');
    expect(controlCategory(row('a', { veryLow: 0, belowRange: 4.1 }))).toBe('hypo_risk');
    // A hypo signal wins over low CGM wear and over a low time in range.
    expect(controlCategory(row('a', { belowRange: 6, activePercent: 20, inRange: 40 }))).toBe('hypo_risk');
    expect(controlCategory(row('a', { activePercent: 69.9, inRange: 95 }))).toBe('insufficient_data');
    expect(controlCategory(row('a', { inRange: 69.9 }))).toBe('above_target');
    expect(controlCategory(row('a', { inRange: 70, belowRange: 3.9 }))).toBe('on_target');
  });

  it('flags only shares strictly above the thresholds (Tidepool style): 4.0 % below and 1.0 % very low are on target', () => {
    expect(controlCategory(row('a', { veryLow: 1, belowRange: 4, inRange: 70, activePercent: 70 }))).toBe('on_target');
    expect(controlCategory(row('a', { veryLow: 1, belowRange: 4.05 }))).toBe('hypo_risk');
  });
});

describe('bins', () => {
  it('TIR: ten bins holding their lower bound, 100 % in the last one', () => {
    const bins = tirBins([0, 9.9, 10, 69.9, 70, 99.9, 100]);
    expect(bins.map((b) => [b.from, b.to])).toEqual(Array.from({ length: 10 }, (_, i) => [i * 10, i * 10 + 10]));
    expect(bins.map((b) => b.count)).toEqual([2, 1, 0, 0, 0, 0, 1, 1, 0, 2]);
  });

  it('TBR: ≤ 1, (1, 4], (4, 10], > 10, the upper bound in its bin', () => {
    const bins = tbrBins([0, 1, 1.1, 4, 4.1, 10, 10.1, 55]);
    expect(bins).toEqual([
      { from: 0, to: 1, count: 2 },
      { from: 1, to: 4, count: 2 },
      { from: 4, to: 10, count: 2 },
      { from: 10, to: null, count: 2 },
    ]);
  });

  it('GMI: half-point bins from the lowest to the highest value, empty ones between kept', () => {
    expect(gmiBins([])).toEqual([]);
    expect(gmiBins([6.9, 6.5, 7.0, 8.2])).toEqual([
      { from: 6.5, to: 7, count: 2 },
      { from: 7, to: 7.5, count: 1 },
      { from: 7.5, to: 8, count: 0 },
      { from: 8, to: 8.5, count: 1 },
    ]);
    // Values whose half-point count is not exact in binary (6.9 × 2 = 13.799…) stay in their bin.
    expect(gmiBins([5.9, 6.1]).map((b) => [b.from, b.count])).toEqual([[5.5, 1], [6, 1]]);
  });
});

describe('summary', () => {
  it('counts categories, no-data patients and distributions, leaving out patients who do not share glucose', () => {
    const rows = [
      row('onTarget', { inRange: 85, belowRange: 1, veryLow: 0, gmi: 6.4 }),
      row('above', { inRange: 45, belowRange: 0.5, veryLow: 0, gmi: 8.1, lastReadingAt: iso(NOW - 8 * DAY) }),
      row('hypo', { inRange: 72, belowRange: 9, veryLow: 3, gmi: 6.2, lastReadingAt: iso(NOW - 15 * DAY) }),
      row('stale', { inRange: 66, belowRange: 2, veryLow: 0, gmi: 7.3, activePercent: 30, lastReadingAt: iso(NOW - 31 * DAY) }),
      row('never', { readings: 0, inRange: null, belowRange: null, veryLow: null, gmi: null, activePercent: 0, lastReadingAt: null }),
      // Not shared: its numbers must show nowhere, whatever the row might carry.
      row('hidden', 'not_shared'),
    ];
    const summary = summarizeDepartment(rows, NOW);
    expect(summary.patients).toBe(6);
    expect(summary.glucoseShared).toBe(5);
    expect(summary.categories).toEqual({ not_shared: 1, hypo_risk: 1, insufficient_data: 2, above_target: 1, on_target: 1 });
    // ≥ 7 days: above (8), hypo (15), stale (31), never; ≥ 14: hypo, stale, never; ≥ 30: stale, never.
    expect(summary.noData).toEqual({ days7: 4, days14: 3, days30: 2 });
    expect(summary.tir.patients).toBe(4);
    expect(summary.tir.bins.reduce((n, b) => n + b.count, 0)).toBe(4);
    // Sorted TIR 45, 66, 72, 85: median 69, quartiles at h = 0.75 and 2.25.
    expect(summary.tir).toMatchObject({ median: 69, q1: 60.8, q3: 75.3 });
    expect(summary.tbr.bins.map((b) => b.count)).toEqual([2, 1, 1, 0]);
    expect(summary.gmi).toMatchObject({ patients: 4, median: 6.9, q1: 6.4, q3: 7.5 });
    expect(summary.gmi.bins.map((b) => [b.from, b.count])).toEqual([[6, 2], [6.5, 0], [7, 1], [7.5, 0], [8, 1]]);
  });

  it('answers zeros and empty distributions for an empty list', () => {
    const summary = summarizeDepartment([], NOW);
    expect(summary).toMatchObject({ patients: 0, glucoseShared: 0, noData: { days7: 0, days14: 0, days30: 0 } });
    expect(Object.values(summary.categories).every((n) => n === 0)).toBe(true);
    expect(summary.tir).toEqual({ patients: 0, bins: tirBins([]), median: null, q1: null, q3: null });
    expect(summary.tir.bins.every((b) => b.count === 0)).toBe(true);
    expect(summary.gmi).toEqual({ patients: 0, bins: [], median: null, q1: null, q3: null });
    expect(summary.tbr.patients).toBe(0);
  });

  it('counts days since the last reading in whole 24-hour steps', () => {
    expect(daysSince(null, NOW)).toBeNull();
    expect(daysSince(iso(NOW - 7 * DAY + 1), NOW)).toBe(6);
    expect(daysSince(iso(NOW - 7 * DAY), NOW)).toBe(7);
    expect(daysSince(iso(NOW + 60_000), NOW)).toBe(0);
  });
});

describe('rows', () => {
  it('never carries a value of a category the patient does not share', () => {
    const hidden = departmentRow(row('hidden', 'not_shared'), NOW);
    expect(hidden).toEqual({ patientId: 'id-hidden', firstName: 'hidden', lastName: 'X', category: 'not_shared', glucose: { notShared: true } });
    expect(departmentRow(row('seen', { lastReadingAt: iso(NOW - 3 * DAY) }), NOW).glucose).toMatchObject({ inRange: 80, daysSinceLastData: 3 });
  });

  it('lists those who need a look first, then by name, and validates against the schema', () => {
    const period = { from: iso(NOW - 13 * DAY), to: iso(NOW), days: 14 };
    const department = buildDepartment(
      [row('Zoé', { inRange: 90 }), row('Hidden', 'not_shared'), row('Anna', { inRange: 90 }), row('Low', { belowRange: 12 }), row('High', { inRange: 30 })],
      period,
    );
    expect(department.items.map((i) => [i.firstName, i.category])).toEqual([
      ['Low', 'hypo_risk'],
      ['High', 'above_target'],
      ['Anna', 'on_target'],
      ['Zoé', 'on_target'],
      ['Hidden', 'not_shared'],
    ]);
    expect(departmentSchema.parse(department)).toEqual(department);
  });
});
