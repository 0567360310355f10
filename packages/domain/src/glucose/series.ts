/**
 * Columnar glucose series. Readings live in parallel arrays (time in epoch ms, value in mg/dL)
 * rather than arrays of objects: 90 days of 5-minute CGM data is 26,000 readings, and columns
 * keep the metrics loops allocation-free and cache-friendly. NaN in `v` marks a missing reading.
 */

/** Any numeric column: plain arrays from JSON or typed arrays from a decoder. */
export type NumericColumn = ArrayLike<number>;

/** Readings at arbitrary times, ascending `t` (epoch ms), `v` in mg/dL. */
export interface ColumnSeries {
  t: NumericColumn;
  v: NumericColumn;
}

/** Readings on a regular grid: reading i is at t0 + i·step; NaN in `v` for a missing slot. */
export interface RegularSeries {
  t0: number;
  step: number;
  v: NumericColumn;
}

export type GlucoseSeries = ColumnSeries | RegularSeries;

/** True for the regular-grid form. */
export function isRegularSeries(series: GlucoseSeries): series is RegularSeries {
  return 't0' in series;
}

export interface ToColumnsOptions {
  /**
   * The grid may have at most this many slots per reading (default 2). A sparse grid (meter
   * readings a few times a day) would be mostly NaN, so such input stays in the `{ t, v }` form.
   */
  maxSlotsPerReading?: number;
}

/**
 * Builds a series from parallel columns (ascending t; null, undefined or NaN = gap). Returns
 * the compact regular form when every time lies exactly on t0 + k·step (step = the smallest
 * interval), missing slots becoming NaN; otherwise `{ t, v }` as Float64Arrays.
 */
export function toColumns(
  t: NumericColumn,
  v: ArrayLike<number | null | undefined>,
  options: ToColumnsOptions = {},
): GlucoseSeries {
  const n = t.length;
  if (v.length !== n) throw new RangeError('t and v must have the same length');
  const maxSlots = options.maxSlotsPerReading ?? 2;
  let step = Number.POSITIVE_INFINITY;
  for (let i = 1; i < n; i++) {
    const d = (t[i] as number) - (t[i - 1] as number);
    if (!(d > 0)) throw new RangeError('times must be strictly increasing');
    if (d < step) step = d;
  }
  const t0 = n > 0 ? (t[0] as number) : 0;
  let regular = n >= 2 && Number.isInteger(step);
  let slots = 0;
  if (regular) {
    slots = ((t[n - 1] as number) - t0) / step + 1;
    regular = Number.isInteger(slots) && slots <= maxSlots * n;
  }
  if (regular) {
    for (let i = 1; i < n; i++) {
      if (((t[i] as number) - t0) % step !== 0) {
        regular = false;
        break;
      }
    }
  }
  if (regular) {
    const out = new Float64Array(slots).fill(Number.NaN);
    for (let i = 0; i < n; i++) {
      const x = v[i];
      out[((t[i] as number) - t0) / step] = x == null ? Number.NaN : x;
    }
    return { t0, step, v: out };
  }
  const tt = new Float64Array(n);
  const vv = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    tt[i] = t[i] as number;
    const x = v[i];
    vv[i] = x == null ? Number.NaN : x;
  }
  return { t: tt, v: vv };
}

/** The `{ t, v }` view of any series; a regular one gets its time column built once. */
export function seriesColumns(series: GlucoseSeries): ColumnSeries {
  if (!isRegularSeries(series)) return series;
  const n = series.v.length;
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) t[i] = series.t0 + i * series.step;
  return { t, v: series.v };
}

export interface DecimateOptions {
  /**
   * Insert a NaN point where two consecutive readings of the input are further apart than
   * this, so a line chart breaks at real gaps. Measured on the input, not on the kept points:
   * on 90 days two kept points can be hours apart with no reading missing between them.
   */
  gapMs?: number;
}

/**
 * Min/max decimation for charts: the time span is cut into `buckets` equal slices and each
 * slice keeps its lowest and highest reading, in time order. Every bucket minimum survives, so
 * a hypo is never smoothed away, whatever the zoom. Input is returned (copied) when small.
 * A gap in the input closes the current slice, so each side of it keeps its own extremes.
 */
export function minMaxDecimate(
  t: NumericColumn,
  v: NumericColumn,
  buckets: number,
  options: DecimateOptions = {},
): { t: Float64Array; v: Float64Array } {
  const n = t.length;
  const gapMs = options.gapMs ?? Number.POSITIVE_INFINITY;
  const isGap = (i: number, previous: number) => previous >= 0 && (t[i] as number) - (t[previous] as number) > gapMs;
  // Gaps first (cheap), to size the output exactly: each one may split a slice in two
  // (two more points) and adds its marker.
  let gaps = 0;
  if (gapMs < Number.POSITIVE_INFINITY) {
    for (let i = 0, previous = -1; i < n; i++) {
      if ((v[i] as number) !== (v[i] as number)) continue;
      if (isGap(i, previous)) gaps++;
      previous = i;
    }
  }
  const direct = n <= 2 * buckets;
  const cap = direct ? n + gaps : Math.min(2 * n, 2 * Math.max(1, buckets) + 3 * gaps);
  const ot = new Float64Array(cap);
  const ov = new Float64Array(cap);
  let k = 0;
  let lastT = Number.NaN;
  let gapPending = false;
  const push = (tt: number, vv: number): void => {
    if (gapPending) {
      ot[k] = (lastT + tt) / 2;
      ov[k] = Number.NaN;
      k++;
      gapPending = false;
    }
    ot[k] = tt;
    ov[k] = vv;
    k++;
    lastT = tt;
  };
  if (n === 0) return { t: ot.subarray(0, 0), v: ov.subarray(0, 0) };
  const tMin = t[0] as number;
  const span = (t[n - 1] as number) - tMin;
  let previous = -1;
  if (direct || span <= 0) {
    for (let i = 0; i < n; i++) {
      if ((v[i] as number) !== (v[i] as number)) continue;
      if (isGap(i, previous)) gapPending = true;
      push(t[i] as number, v[i] as number);
      previous = i;
    }
    return { t: ot.subarray(0, k), v: ov.subarray(0, k) };
  }
  // Slightly wider than the span so the last reading falls into the last bucket, not past it.
  const scale = buckets / (span * (1 + 1e-12) + 1);
  let bucket = -1;
  let minI = -1;
  let maxI = -1;
  const flush = (): void => {
    if (minI < 0) return;
    if (minI === maxI) push(t[minI] as number, v[minI] as number);
    else if (minI < maxI) {
      push(t[minI] as number, v[minI] as number);
      push(t[maxI] as number, v[maxI] as number);
    } else {
      push(t[maxI] as number, v[maxI] as number);
      push(t[minI] as number, v[minI] as number);
    }
  };
  for (let i = 0; i < n; i++) {
    const x = v[i] as number;
    if (x !== x) continue;
    const b = Math.floor(((t[i] as number) - tMin) * scale);
    const gap = isGap(i, previous);
    previous = i;
    if (b !== bucket || gap) {
      flush();
      if (gap) gapPending = true;
      bucket = b;
      minI = i;
      maxI = i;
    } else {
      if (x < (v[minI] as number)) minI = i;
      if (x > (v[maxI] as number)) maxI = i;
    }
  }
  flush();
  return { t: ot.subarray(0, k), v: ov.subarray(0, k) };
}
