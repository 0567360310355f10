import { describe, expect, it } from 'vitest';
import { computeDailyDistribution } from '@glucosuivi/domain/glucose/daily-distribution';
import { dailySummaryPoints } from './DailySummaryChart';

const HOUR = 3_600_000;

describe('dailySummaryPoints', () => {
  it('puts one x per calendar day, an empty day as a gap, values in the reader unit', () => {
    // 5 and 7 January with readings, nothing on the 6th (UTC days).
    const t = [Date.UTC(2026, 0, 5, 8), Date.UTC(2026, 0, 5, 9), Date.UTC(2026, 0, 7, 8)];
    const distribution = computeDailyDistribution({ t, v: [90, 180, 54] }, { timeZone: 'UTC' });
    const { data, entry } = dailySummaryPoints(distribution, 'mmol/L');
    const day5 = Date.UTC(2026, 0, 5) / (24 * HOUR);
    expect(data[0]).toEqual([day5, day5 + 1, day5 + 2]);
    expect(entry).toEqual([0, -1, 1]);
    // Medians: 135 mg/dL → 7.5 mmol/L; 54 → 3.0; the empty day is null, not a zero.
    expect(data[3]).toEqual([7.5, null, 3]);
    expect(data[1]?.[1]).toBeNull();
  });

  it('draws nothing for an empty distribution', () => {
    const { data, entry } = dailySummaryPoints(computeDailyDistribution({ t: [], v: [] }), 'mg/dL');
    expect(data[0]).toEqual([]);
    expect(entry).toEqual([]);
  });
});
