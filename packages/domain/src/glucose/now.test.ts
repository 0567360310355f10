import { describe, expect, it } from 'vitest';
import { glucoseRate, glucoseTrend, isRecentReading, minutesSince, trendOfRate } from './now';

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 10, 7, 0);

/** A CGM's readings every 5 minutes, ending at the last value. */
function cgm(values: number[]) {
  return { t: values.map((_, i) => T0 + i * 5 * MIN), v: values };
}

describe('glucoseRate', () => {
  it('is the least-squares slope of the last 15 minutes, in mg/dL per minute', () => {
    // 100, 110, 120, 130 over 15 minutes: 2 mg/dL/min; the older 400 is outside the window.
    const { t, v } = cgm([400, 100, 110, 120, 130]);
    expect(glucoseRate(t, v)).toBeCloseTo(2, 10);
  });

  it('smooths one noisy reading instead of reading the last step alone', () => {
    // Steady at 120 with one reading 8 mg/dL off: the last step alone would say -1.6/min.
    const { t, v } = cgm([120, 120, 128, 120]);
    const rate = glucoseRate(t, v)!;
    expect(Math.abs(rate)).toBeLessThan(1);
    expect(trendOfRate(rate)).toBe('stable');
  });

  it('skips gaps (NaN) and ends at the latest real reading', () => {
    const { t, v } = cgm([100, 90, 80, Number.NaN]);
    expect(glucoseRate(t, v)).toBeCloseTo(-2, 10);
  });

  it('is null for a single reading in the window, readings at one instant, or none', () => {
    expect(glucoseRate([T0, T0 + 60 * MIN], [100, 150])).toBeNull();
    expect(glucoseRate([T0], [100])).toBeNull();
    expect(glucoseRate([T0, T0], [100, 150])).toBeNull();
    expect(glucoseRate([], [])).toBeNull();
    expect(glucoseRate([T0, T0 + 5 * MIN], [Number.NaN, Number.NaN])).toBeNull();
  });
});

describe('glucoseTrend', () => {
  const trendOfCgm = (values: number[]) => {
    const { t, v } = cgm(values);
    return glucoseTrend(t, v);
  };
  it('names the CGM arrows by rate: beyond 1 mg/dL/min moving, beyond 2 fast', () => {
    expect(trendOfCgm([100, 115])).toBe('rising_fast');
    expect(trendOfCgm([100, 107])).toBe('rising');
    expect(trendOfCgm([100, 102])).toBe('stable');
    expect(trendOfCgm([100, 93])).toBe('falling');
    expect(trendOfCgm([100, 85])).toBe('falling_fast');
  });

  it('has no trend for fingersticks far apart', () => {
    expect(glucoseTrend([T0, T0 + 3 * 60 * MIN], [100, 250])).toBeNull();
  });

  it('puts the steps exactly at 1 and 2 mg/dL/min on the calmer side', () => {
    expect(trendOfRate(1)).toBe('stable');
    expect(trendOfRate(2)).toBe('rising');
    expect(trendOfRate(-1)).toBe('stable');
    expect(trendOfRate(-2)).toBe('falling');
  });
});

describe('a recent reading', () => {
  it('counts whole minutes since the reading, never below zero', () => {
    expect(minutesSince(T0, T0 + 4 * MIN + 59_000)).toBe(4);
    expect(minutesSince(T0, T0 - 30_000)).toBe(0);
  });

  it('is recent up to 15 minutes, not after', () => {
    expect(isRecentReading(T0, T0 + 15 * MIN)).toBe(true);
    expect(isRecentReading(T0, T0 + 15 * MIN + 1)).toBe(false);
  });
});
