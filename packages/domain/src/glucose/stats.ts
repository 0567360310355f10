/**
 * Small numeric helpers shared by the glucose modules. They work on plain numbers so the hot
 * loops that call them allocate nothing.
 */

/** Rounds half away from zero to `decimals` places, immune to binary artefacts such as 1.005. */
export function roundHalfUp(x: number, decimals = 0): number {
  if (!Number.isFinite(x)) return x;
  const f = 10 ** decimals;
  // The tiny relative nudge turns 100.49999999999999 (1.005 × 100) back into the 100.5 it means.
  const r = Math.round(Math.abs(x) * f * (1 + 4 * Number.EPSILON)) / f;
  return x < 0 ? -r : r;
}

/** Rounds half to even, as R's `round()` does; needed to reproduce iglu's integer steps. */
export function roundHalfEven(x: number): number {
  const r = Math.round(x);
  // Math.round sends x.5 up; an exact half must instead go to the even neighbour.
  if (Math.abs(x - Math.trunc(x)) === 0.5) return 2 * Math.round(x / 2);
  return r;
}

/**
 * Quantile of an ascending array with R's default definition (type 7, linear interpolation
 * between order statistics): h = (n − 1)·p, q = x[⌊h⌋] + (h − ⌊h⌋)(x[⌊h⌋+1] − x[⌊h⌋]).
 * `p` is a probability in [0, 1]; NaN for an empty array. Only `length` first items are used.
 */
export function quantileSorted(
  sorted: ArrayLike<number>,
  p: number,
  length: number = sorted.length,
): number {
  return quantileOfOrderStatistics((rank) => sorted[rank] as number, p, length);
}

/**
 * The same type-7 quantile from the order statistics of `length` values (`orderStatistic(r)` is
 * the r-th smallest, from 0), for values kept otherwise than sorted (a histogram, the AGP's).
 */
export function quantileOfOrderStatistics(orderStatistic: (rank: number) => number, p: number, length: number): number {
  if (length === 0) return Number.NaN;
  const h = (length - 1) * p;
  const lo = Math.floor(h);
  const a = orderStatistic(lo);
  if (lo + 1 >= length) return a;
  const b = orderStatistic(lo + 1);
  return a + (h - lo) * (b - a);
}
