/**
 * Seeded pseudo-random numbers for demo data and tests: the same seed gives the same data on
 * every machine and every run, which Math.random cannot promise.
 */

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  uniform(min: number, max: number): number;
  /** Integer uniform in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  /** Normal with the given mean and SD (Box–Muller). */
  normal(mean?: number, sd?: number): number;
  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: a 32-bit state generator, fast and good enough for simulation (not for secrets). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded generator with the usual helpers; normals come in Box–Muller pairs, the spare cached. */
export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  let spare = Number.NaN;
  const rng: Rng = {
    next,
    uniform: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor((max - min + 1) * next()),
    chance: (p) => next() < p,
    normal: (mean = 0, sd = 1) => {
      if (spare === spare) {
        const z = spare;
        spare = Number.NaN;
        return mean + sd * z;
      }
      // 1 − u keeps the logarithm away from log(0).
      const u1 = 1 - next();
      const u2 = next();
      const r = Math.sqrt(-2 * Math.log(u1));
      spare = r * Math.sin(2 * Math.PI * u2);
      return mean + sd * r * Math.cos(2 * Math.PI * u2);
    },
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('pick from an empty array');
      return items[Math.floor(next() * items.length)] as T;
    },
  };
  return rng;
}
