import { describe, expect, it } from 'vitest';
import { computeDailyDistribution } from './daily-distribution';

const MIN = 60_000;
const HOUR = 3_600_000;

function fiveMinutes(from: number, to: number, value: (t: number, i: number) => number): { t: number[]; v: number[] } {
  const t: number[] = [];
  const v: number[] = [];
  for (let x = from, i = 0; x < to; x += 5 * MIN, i++) {
    t.push(x);
    v.push(value(x, i));
  }
  return { t, v };
}

/** R type 7 written out from its definition, on a fresh sort: the reference the fast path must match. */
function naiveQuantile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, s.length - 1);
  return s[lo]! + (h - lo) * (s[hi]! - s[lo]!);
}

describe('computeDailyDistribution', () => {
  it('gives the percentiles, minimum and lows of a small day by hand', () => {
    // 09:00–09:40 in Paris (UTC+2 in June): 100, 40, 60, 80, 69.4, 120, 200, 69.5, 53.6.
    const values = [100, 40, 60, 80, 69.4, 120, 200, 69.5, 53.6];
    const t = values.map((_, i) => Date.UTC(2026, 5, 2, 7, 5 * i));
    const d = computeDailyDistribution({ t, v: values }, { timeZone: 'Europe/Paris' });
    // Sorted: 40, 53.6, 60, 69.4, 69.5, 80, 100, 120, 200 (n = 9, h = 8p).
    expect(d.date).toEqual(['2026-06-02']);
    expect(d.n).toEqual([9]);
    expect(d.median[0]).toBe(69.5);
    expect(d.p25[0]).toBe(60);
    expect(d.p75[0]).toBe(100);
    expect(d.p5[0]).toBeCloseTo(40 + 0.4 * 13.6, 10);
    expect(d.p95[0]).toBeCloseTo(120 + 0.6 * 80, 10);
    expect(d.min).toEqual([40]);
    // Rounded half up as the bands do: 69.5 is in range, 69.4 and 53.6 (→ 54) are low, 40 very low.
    expect(d.lowCount).toEqual([4]);
    expect(d.veryLowCount).toEqual([1]);
    expect(d.startAt).toEqual([Date.UTC(2026, 5, 1, 22)]);
    expect(d.endAt).toEqual([Date.UTC(2026, 5, 2, 22)]);
  });

  it('cuts days at local midnight, 23 and 25 hours long on the Europe/Paris DST days', () => {
    const flat = () => 120;
    const spring = computeDailyDistribution(fiveMinutes(Date.UTC(2026, 2, 27, 23), Date.UTC(2026, 2, 30, 22), flat), { timeZone: 'Europe/Paris' });
    expect(spring.date).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    expect(spring.n).toEqual([288, 276, 288]);
    expect(spring.startAt[1]).toBe(Date.UTC(2026, 2, 28, 23));
    expect(spring.endAt[1]).toBe(Date.UTC(2026, 2, 29, 22));
    expect(spring.endAt[1]! - spring.startAt[1]!).toBe(23 * HOUR);

    const autumn = computeDailyDistribution(fiveMinutes(Date.UTC(2026, 9, 23, 22), Date.UTC(2026, 9, 26, 23), flat), { timeZone: 'Europe/Paris' });
    expect(autumn.date).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
    expect(autumn.n).toEqual([288, 300, 288]);
    expect(autumn.endAt[1]! - autumn.startAt[1]!).toBe(25 * HOUR);
    expect(autumn.day[1]! - autumn.day[0]!).toBe(1);
  });

  it('returns empty columns for an empty or all-NaN series', () => {
    for (const series of [{ t: [], v: [] }, { t: [0, 1], v: [Number.NaN, Number.NaN] }]) {
      const d = computeDailyDistribution(series);
      expect(d.date).toEqual([]);
      expect(d.median).toEqual([]);
      expect(d.lowCount).toEqual([]);
    }
  });

  it('skips NaN readings and days without data', () => {
    const t = [Date.UTC(2026, 0, 5, 8), Date.UTC(2026, 0, 5, 9), Date.UTC(2026, 0, 5, 10), Date.UTC(2026, 0, 8, 8)];
    const d = computeDailyDistribution({ t, v: [100, Number.NaN, 200, 50] }, { timeZone: 'UTC' });
    expect(d.date).toEqual(['2026-01-05', '2026-01-08']);
    expect(d.n).toEqual([2, 1]);
    expect(d.median).toEqual([150, 50]);
    expect(d.lowCount).toEqual([0, 1]);
    expect(d.veryLowCount).toEqual([0, 1]);
  });

  it('counts lows against the range it is given', () => {
    const t = [Date.UTC(2026, 0, 5, 8), Date.UTC(2026, 0, 5, 9)];
    const pregnancy = { veryLowBelow: 54, lowBelow: 63, highAbove: 140, veryHighAbove: 250 };
    expect(computeDailyDistribution({ t, v: [65, 62] }, { timeZone: 'UTC' }).lowCount).toEqual([2]);
    expect(computeDailyDistribution({ t, v: [65, 62] }, { timeZone: 'UTC', range: pregnancy }).lowCount).toEqual([1]);
  });

  it('matches a naive sort-based computation on a random 1-minute series', () => {
    let seed = 20;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    // Ten days of 1-minute readings (1,440 a day, more than the starting buffer) with gaps.
    const series = { t: [] as number[], v: [] as number[] };
    for (let x = Date.UTC(2026, 2, 25, 3); x < Date.UTC(2026, 3, 4, 3); x += MIN) {
      series.t.push(x);
      series.v.push(random() < 0.05 ? Number.NaN : 40 + random() * 300);
    }
    const d = computeDailyDistribution(series, { timeZone: 'Europe/Paris' });
    expect(d.date.length).toBe(11);
    for (let i = 0; i < d.date.length; i++) {
      const values: number[] = [];
      for (let j = 0; j < series.t.length; j++) {
        const x = series.v[j]!;
        if (x === x && series.t[j]! >= d.startAt[i]! && series.t[j]! < d.endAt[i]!) values.push(x);
      }
      expect(d.n[i]).toBe(values.length);
      expect(d.p5[i]).toBeCloseTo(naiveQuantile(values, 0.05), 9);
      expect(d.p25[i]).toBeCloseTo(naiveQuantile(values, 0.25), 9);
      expect(d.median[i]).toBeCloseTo(naiveQuantile(values, 0.5), 9);
      expect(d.p75[i]).toBeCloseTo(naiveQuantile(values, 0.75), 9);
      expect(d.p95[i]).toBeCloseTo(naiveQuantile(values, 0.95), 9);
      expect(d.min[i]).toBe(Math.min(...values));
      expect(d.lowCount[i]).toBe(values.filter((x) => Math.floor(x + 0.5) < 70).length);
      expect(d.veryLowCount[i]).toBe(values.filter((x) => Math.floor(x + 0.5) < 54).length);
    }
  });

  it('refuses an unsorted series', () => {
    expect(() => computeDailyDistribution({ t: [2, 1], v: [100, 100] })).toThrow(RangeError);
  });
});
