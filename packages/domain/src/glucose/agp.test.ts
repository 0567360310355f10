import { describe, expect, it } from 'vitest';
import { computeAgp } from './agp';
import { histogramScale, quantileSorted } from './stats';
import { zoneOffsetAt } from './timezone';

const MIN = 60_000;
const DAY = 86_400_000;

describe('computeAgp', () => {
  it('gives the exact type-7 percentiles of a known distribution per time of day (no smoothing)', () => {
    // 100 days; at each 5-minute slot the values are base(slot) + a permutation of 0..99.
    const t: number[] = [];
    const v: number[] = [];
    const base = (slot: number): number => 100 + slot / 4;
    const t0 = Date.UTC(2026, 0, 1);
    for (let d = 0; d < 100; d++) {
      for (let s = 0; s < 288; s++) {
        t.push(t0 + d * DAY + s * 5 * MIN);
        v.push(base(s) + ((d * 37 + s) % 100));
      }
    }
    const agp = computeAgp({ t, v }, { timeZone: 'UTC', windowMinutes: 0 });
    expect(agp.minuteOfDay.length).toBe(288);
    expect(agp.halfWindowBins).toBe(0);
    // R: quantile(0:99, c(.05,.25,.5,.75,.95)) → 4.95 24.75 49.5 74.25 94.05
    let worst = 0;
    for (let s = 0; s < 288; s++) {
      expect(agp.n[s]).toBe(100);
      worst = Math.max(
        worst,
        Math.abs(agp.p5[s]! - base(s) - 4.95),
        Math.abs(agp.p25[s]! - base(s) - 24.75),
        Math.abs(agp.p50[s]! - base(s) - 49.5),
        Math.abs(agp.p75[s]! - base(s) - 74.25),
        Math.abs(agp.p95[s]! - base(s) - 94.05),
      );
    }
    expect(worst).toBeLessThan(1e-9);
  });

  it('bins by local time of day across a DST change and pools a circular window', () => {
    // Two weeks around the Paris spring change; the value depends on the local hour, plus a
    // day-dependent spread, so a UTC-based binning would be off by an hour after the change.
    const t: number[] = [];
    const v: number[] = [];
    const from = Date.UTC(2026, 2, 22);
    for (let x = from, i = 0; x < from + 14 * DAY; x += 5 * MIN, i++) {
      const local = x + zoneOffsetAt('Europe/Paris', x);
      const minute = (((local % DAY) + DAY) % DAY) / MIN;
      t.push(x);
      v.push(80 + Math.floor(minute / 60) * 5 + ((i * 7) % 13));
    }
    const raw = computeAgp({ t, v }, { timeZone: 'Europe/Paris', windowMinutes: 0 });
    // Every reading of local 07:00–07:05 has base 80 + 35: p5..p95 stay within 115..127.
    const b7 = 7 * 12;
    expect(raw.p5[b7]).toBeGreaterThanOrEqual(115);
    expect(raw.p95[b7]).toBeLessThanOrEqual(127);

    // Smoothed (default 60-minute window): compare with a brute-force pooling.
    const agp = computeAgp({ t, v });
    expect(agp.halfWindowBins).toBe(6);
    const localBin = t.map((x) =>
      Math.floor(((((x + zoneOffsetAt('Europe/Paris', x)) % DAY) + DAY) % DAY) / (5 * MIN)),
    );
    for (const b of [0, 3, 84, 150, 287]) {
      const pooled = v
        .filter((_, i) => {
          const d = Math.abs((localBin[i] as number) - b);
          return Math.min(d, 288 - d) <= 6;
        })
        .sort((a, c) => a - c);
      expect(agp.n[b]).toBe(pooled.length);
      expect(agp.p5[b]).toBeCloseTo(quantileSorted(pooled, 0.05), 9);
      expect(agp.p25[b]).toBeCloseTo(quantileSorted(pooled, 0.25), 9);
      expect(agp.p50[b]).toBeCloseTo(quantileSorted(pooled, 0.5), 9);
      expect(agp.p75[b]).toBeCloseTo(quantileSorted(pooled, 0.75), 9);
      expect(agp.p95[b]).toBeCloseTo(quantileSorted(pooled, 0.95), 9);
    }
  });

  it('supports 15-minute bins and leaves empty windows as NaN', () => {
    const t = [Date.UTC(2026, 0, 1, 12, 0), Date.UTC(2026, 0, 2, 12, 7)];
    const agp = computeAgp(
      { t, v: [100, 200] },
      { timeZone: 'UTC', binMinutes: 15, windowMinutes: 0 },
    );
    expect(agp.minuteOfDay.length).toBe(96);
    expect(agp.p50[48]).toBe(150);
    expect(agp.p50[0]).toBeNaN();
    expect(() => computeAgp({ t, v: [1, 2] }, { binMinutes: 7 })).toThrow(RangeError);
  });

  it('gives the same percentiles from stored values (counted) as from any values (sorted), against brute force', () => {
    // A random 21-day CGM series with gaps and a lost reading, in Paris time across the autumn
    // change: whole mg/dL and tenths (as stored) are counted in a histogram, thirds are sorted.
    let seed = 20261128;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const t: number[] = [];
    const v: number[] = [];
    for (let x = Date.UTC(2026, 9, 15), i = 0; x < Date.UTC(2026, 10, 5); x += 5 * MIN, i++) {
      if (random() < 0.04) continue;
      t.push(x);
      v.push(i === 500 ? Number.NaN : 40 + Math.floor(random() * random() * 360));
    }
    const zone = 'Europe/Paris';
    const localBin = t.map((x) => Math.floor(((((x + zoneOffsetAt(zone, x)) % DAY) + DAY) % DAY) / (5 * MIN)));
    for (const [shift, scale] of [[0, 1], [0.5, 10], [1 / 3, undefined]] as const) {
      const values = v.map((x) => x + shift);
      expect(histogramScale(new Float64Array(values.filter((x) => !Number.isNaN(x))))?.scale).toBe(scale);
      const agp = computeAgp({ t, v: values }, { timeZone: zone });
      for (let b = 0; b < 288; b++) {
        const pooled = values
          .filter((x, i) => {
            const d = Math.abs((localBin[i] as number) - b);
            return !Number.isNaN(x) && Math.min(d, 288 - d) <= 6;
          })
          .sort((a, c) => a - c);
        expect(agp.n[b]).toBe(pooled.length);
        const expected = [0.05, 0.25, 0.5, 0.75, 0.95].map((p) => quantileSorted(pooled, p));
        // The same doubles, not merely close: both paths apply quantileSorted's formula to the same order statistics.
        expect([agp.p5[b], agp.p25[b], agp.p50[b], agp.p75[b], agp.p95[b]], `bin ${b}, shift ${shift}`).toEqual(expected);
      }
    }
  });
});
