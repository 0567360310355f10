import { describe, expect, it } from 'vitest';
import { createRng, mulberry32 } from './random';

describe('seeded random numbers', () => {
  it('is deterministic per seed and differs between seeds', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const xa = Array.from({ length: 5 }, a);
    expect(Array.from({ length: 5 }, b)).toEqual(xa);
    expect(Array.from({ length: 5 }, c)).not.toEqual(xa);
    for (const x of xa) expect(x >= 0 && x < 1).toBe(true);
  });
  it('draws normals with the requested mean and SD, and integers within bounds', () => {
    const rng = createRng(1);
    let sum = 0;
    let sq = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const z = rng.normal(100, 15);
      sum += z;
      sq += z * z;
    }
    const mean = sum / n;
    const sd = Math.sqrt(sq / n - mean * mean);
    // Standard error of the mean is 15/√20000 ≈ 0.11; of the SD ≈ 0.075.
    expect(Math.abs(mean - 100)).toBeLessThan(0.5);
    expect(Math.abs(sd - 15)).toBeLessThan(0.4);
    const ints = new Set(Array.from({ length: 1000 }, () => rng.int(1, 4)));
    expect([...ints].sort()).toEqual([1, 2, 3, 4]);
  });
});
