import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../glucose/timezone';
import { DEFAULT_FORECAST_MODEL, forecastAt, forecastValue } from './glucose-forecast';

const t0 = Date.UTC(2026, 10, 2, 3, 0);
const every = (minutes: number, values: number[]) => ({ t: values.map((_, i) => t0 + i * minutes * MINUTE_MS), v: values });

describe('forecastAt', () => {
  it('fits the slope of the last 15 minutes and damps it ahead', () => {
    const f = forecastAt(every(5, [200, 150, 120, 110, 100, 90]), 5);
    expect(f?.slope).toBeCloseTo(-2, 10);
    expect(f?.level).toBeCloseTo(90, 10);
    // Σ 0.94^k for k < 20 ≈ 11.41 minutes of the slope, not 20.
    expect(f?.atHorizon).toBeCloseTo(90 - 2 * ((1 - 0.94 ** 20) / 0.06), 6);
    expect(forecastValue({ level: 90, slope: -2 }, 20, 1)).toBe(50);
  });

  it('averages noise through the fitted line rather than trusting the last reading', () => {
    const f = forecastAt(every(5, [100, 104, 96, 104]), 3);
    expect(f?.level).toBeCloseTo(101.6, 10);
    expect(f?.slope).toBeCloseTo(0.08, 10);
  });

  it('works on 15-minute readings and on irregular ones', () => {
    expect(forecastAt(every(15, [130, 100]), 1)?.slope).toBeCloseTo(-2, 10);
    const irregular = { t: [t0, t0 + 3 * MINUTE_MS, t0 + 11 * MINUTE_MS], v: [100, 94, 78] };
    expect(forecastAt(irregular, 2)?.slope).toBeCloseTo(-2, 10);
  });

  it('needs two readings spanning 4 minutes without a gap, and never looks ahead', () => {
    expect(forecastAt(every(5, [100]), 0)).toBeNull();
    expect(forecastAt({ t: [t0, t0 + 2 * MINUTE_MS], v: [100, 90] }, 1)).toBeNull();
    expect(forecastAt({ t: [t0, t0 + 20 * MINUTE_MS], v: [100, 90] }, 1)).toBeNull();
    expect(forecastAt(every(5, [100, Number.NaN]), 1)).toBeNull();
    const a = forecastAt(every(5, [100, 95, 90, 300]), 2);
    const b = forecastAt(every(5, [100, 95, 90]), 2);
    expect(a).toEqual(b);
    expect(DEFAULT_FORECAST_MODEL.horizonMinutes).toBe(20);
  });
});
