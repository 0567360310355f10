import { describe, expect, it } from 'vitest';
import { backoff } from './backoff';

describe('backoff', () => {
  it('doubles a numeric base from attempt 0 and stops at the cap', () => {
    const delay = backoff({ base: 250, cap: 10_000 });
    expect([0, 1, 2, 3, 4, 5, 6, 7, 60, 5_000].map((n) => delay(n))).toEqual([250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000, 10_000, 10_000]);
  });

  it('follows a list of steps and repeats the last one', () => {
    const delay = backoff({ base: [1_000, 2_000, 5_000, 10_000], cap: 10_000 });
    expect([0, 1, 2, 3, 4, 40].map((n) => delay(n))).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
  });

  it('treats a negative or fractional attempt as the whole attempt below it, never below 0', () => {
    const delay = backoff({ base: 100, cap: 1_000 });
    expect([delay(-3), delay(0.9), delay(2.5)]).toEqual([100, 100, 400]);
  });

  it('spreads delays by the jitter fraction around the nominal step, within the cap', () => {
    const delay = backoff({ base: [1_000, 2_000, 5_000, 10_000], cap: 11_000, jitter: 0.2 });
    expect(delay(1, () => 0)).toBe(1_600);
    expect(delay(1, () => 0.5)).toBe(2_000);
    expect(delay(1, () => 0.999_999)).toBe(2_400);
    // 10 s + 20 % would be 12 s: the cap holds.
    expect(delay(3, () => 0.999_999)).toBe(11_000);
  });

  it('gives tabs that lost the server together different delays', () => {
    const delay = backoff({ base: [1_000, 2_000, 5_000, 10_000], cap: 12_000, jitter: 0.2 });
    let seed = 7;
    // A small deterministic generator standing in for Math.random.
    const random = () => ((seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647);
    const delays = Array.from({ length: 20 }, () => delay(3, random));
    expect(new Set(delays).size).toBeGreaterThan(15);
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(8_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(12_000);
  });

  it('refuses options that could only give nonsense', () => {
    expect(() => backoff({ base: [], cap: 1 })).toThrow(RangeError);
    expect(() => backoff({ base: -1, cap: 1 })).toThrow(RangeError);
    expect(() => backoff({ base: 1, cap: Number.NaN })).toThrow(RangeError);
    expect(() => backoff({ base: 1, cap: 1, jitter: 2 })).toThrow(RangeError);
  });
});
