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

/**
 * Stored readings are whole or tenths of mg/dL (the server keeps one decimal): such values are
 * counted in a histogram of `scale` slots per mg/dL. The slot's value is (first + slot) / scale,
 * the same double as the reading (a division is correctly rounded, as was the stored k / 10).
 */
export interface HistogramScale {
  scale: 1 | 10;
  /** The smallest value times the scale. */
  first: number;
  span: number;
}

/** Widest histogram kept (20–600 mg/dL in tenths: 5,801 slots). */
const MAX_HISTOGRAM_SPAN = 8192;

/** The histogram that holds every value exactly, or null (the sorted path then). */
export function histogramScale(values: Float64Array): HistogramScale | null {
  if (values.length === 0) return null;
  for (const scale of [1, 10] as const) {
    let first = Infinity;
    let last = -Infinity;
    let exact = true;
    for (let i = 0; i < values.length && exact; i++) {
      const x = values[i] as number;
      const k = Math.round(x * scale);
      exact = k / scale === x;
      if (k < first) first = k;
      if (k > last) last = k;
    }
    if (exact) return last - first + 1 <= MAX_HISTOGRAM_SPAN ? { scale, first, span: last - first + 1 } : null;
  }
  return null;
}

/**
 * The type-7 median of values in any order (no NaN): counted in their histogram when they are
 * whole or tenths of mg/dL, as stored readings are — a linear pass instead of a sort, which
 * took 3 ms of a 90-day summary's 5 (26,000 values) — otherwise from a sorted copy. The same
 * order statistics either way, so the same double.
 */
export function medianOf(values: Float64Array): number {
  const n = values.length;
  const histogram = histogramScale(values);
  if (!histogram) return quantileSorted(values.slice().sort(), 0.5, n);
  const { scale, first, span } = histogram;
  const slots = new Int32Array(span);
  for (let i = 0; i < n; i++) {
    const slot = Math.round((values[i] as number) * scale) - first;
    slots[slot] = (slots[slot] as number) + 1;
  }
  // The two middle ranks (one when n is odd), found in one walk up the histogram.
  const lo = Math.floor((n - 1) / 2);
  let loSlot = -1;
  let hiSlot = -1;
  let seen = 0;
  for (let slot = 0; slot < span && hiSlot < 0; slot++) {
    seen += slots[slot] as number;
    if (loSlot < 0 && lo < seen) loSlot = slot;
    if (lo + 1 < seen) hiSlot = slot;
  }
  return quantileOfOrderStatistics((rank) => (first + (rank === lo ? loSlot : hiSlot)) / scale, 0.5, n);
}
