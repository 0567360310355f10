import { describe, expect, it } from 'vitest';
import { isRegularSeries, minMaxDecimate, seriesColumns, toColumns } from './series';
import { mulberry32 } from '../demo/random';

const MIN = 60_000;

describe('toColumns', () => {
  it('detects a regular step and turns nulls and missing slots into NaN', () => {
    const t0 = Date.UTC(2026, 0, 1);
    const s = toColumns([t0, t0 + 5 * MIN, t0 + 15 * MIN, t0 + 20 * MIN], [100, null, 110, 120]);
    expect(isRegularSeries(s)).toBe(true);
    if (!isRegularSeries(s)) return;
    expect(s.t0).toBe(t0);
    expect(s.step).toBe(5 * MIN);
    expect(Array.from(s.v)).toEqual([100, Number.NaN, Number.NaN, 110, 120]);
    const c = seriesColumns(s);
    expect(Array.from(c.t)).toEqual([0, 5, 10, 15, 20].map((m) => t0 + m * MIN));
  });
  it('keeps irregular or sparse input as columns', () => {
    const jitter = toColumns([0, 300_000, 601_000], [1, 2, 3]);
    expect(isRegularSeries(jitter)).toBe(false);
    const sparse = toColumns([0, 5 * MIN, 600 * MIN], [1, 2, 3]);
    expect(isRegularSeries(sparse)).toBe(false);
    expect(Array.from((sparse as { v: ArrayLike<number> }).v)).toEqual([1, 2, 3]);
    expect(() => toColumns([0, 0], [1, 2])).toThrow(RangeError);
  });
});

describe('minMaxDecimate', () => {
  // A noisy series with hypos sprinkled in: 20 days of 5-minute readings.
  const rnd = mulberry32(7);
  const n = 20 * 288;
  const t: number[] = [];
  const v: number[] = [];
  let x = 140;
  for (let i = 0; i < n; i++) {
    x += (rnd() - 0.5) * 12;
    x = Math.min(350, Math.max(60, x));
    t.push(i * 5 * MIN);
    v.push(rnd() < 0.003 ? 40 + Math.floor(rnd() * 29) : Math.round(x));
  }

  it('keeps every bucket minimum (so the global minimum and every bucket low survive)', () => {
    const buckets = 300;
    const out = minMaxDecimate(t, v, buckets);
    expect(out.t.length).toBeLessThanOrEqual(2 * buckets);
    for (let i = 1; i < out.t.length; i++) expect(out.t[i]!).toBeGreaterThan(out.t[i - 1]!);
    const kept = new Map<number, number>();
    for (let i = 0; i < out.t.length; i++) kept.set(out.t[i]!, out.v[i]!);

    // Recompute the buckets independently: equal slices of the time span.
    const span = t[n - 1]! - t[0]!;
    const bucketMin = new Map<number, number>();
    const bucketMax = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const b = Math.floor(((t[i]! - t[0]!) * buckets) / (span * (1 + 1e-12) + 1));
      const m = bucketMin.get(b);
      if (m === undefined || v[i]! < v[m]!) bucketMin.set(b, i);
      const M = bucketMax.get(b);
      if (M === undefined || v[i]! > v[M]!) bucketMax.set(b, i);
    }
    let lows = 0;
    for (const i of bucketMin.values()) {
      expect(kept.get(t[i]!)).toBe(v[i]);
      if (v[i]! < 70) lows++;
    }
    for (const i of bucketMax.values()) expect(kept.get(t[i]!)).toBe(v[i]);
    expect(lows).toBeGreaterThan(5);
    const globalMin = Math.min(...v);
    expect(Math.min(...out.v)).toBe(globalMin);
    expect(Math.max(...out.v)).toBe(Math.max(...v));
  });

  it('returns small inputs unchanged, skips NaN and marks gaps', () => {
    const small = minMaxDecimate([0, 1, 2], [5, Number.NaN, 7], 10);
    expect(Array.from(small.v)).toEqual([5, 7]);
    const gapped = minMaxDecimate([0, 5 * MIN, 60 * MIN, 65 * MIN], [100, 110, 90, 95], 10, {
      gapMs: 15 * MIN,
    });
    expect(Array.from(gapped.v)).toEqual([100, 110, Number.NaN, 90, 95]);
    expect(minMaxDecimate([], [], 10).t.length).toBe(0);
  });

  it('breaks the line only where the input has a gap, not between kept points of wide slices', () => {
    // 90 days of 5-minute readings in 1,200 slices: each slice spans 108 minutes, so kept
    // points are often more than 30 minutes apart although no reading is missing.
    const days = 90;
    const count = days * 288;
    const tt = Array.from({ length: count }, (_, i) => i * 5 * MIN);
    const vv = tt.map((_, i) => 120 + 60 * Math.sin(i / 40));
    // One real sensor gap of 2 hours on day 45.
    const gapStart = 45 * 288;
    for (let i = gapStart; i < gapStart + 24; i++) vv[i] = Number.NaN;
    const out = minMaxDecimate(tt, vv, 1200, { gapMs: 30 * MIN });
    const markers = Array.from(out.v).flatMap((x, i) => (x !== x ? [i] : []));
    expect(markers).toHaveLength(1);
    const at = markers[0]!;
    expect(out.t[at - 1]).toBe(tt[gapStart - 1]);
    expect(out.t[at + 1]).toBe(tt[gapStart + 24]);
    expect(out.t.length).toBeLessThanOrEqual(2 * 1200 + 3);
    // Both ends of the gap sit in one slice: each side kept its own readings.
    expect(out.t[at]!).toBeGreaterThan(tt[gapStart - 1]!);
    expect(out.t[at]!).toBeLessThan(tt[gapStart + 24]!);
  });
});
