import type { ColumnSeries } from './series';
import { quantileSorted } from './stats';
import { DAY_MS, getZoneOffsetResolver, MINUTE_MS } from './timezone';

/**
 * Ambulatory Glucose Profile: percentiles 5/25/50/75/95 of glucose by time of day, in the
 * patient's time zone (a reading at 07:00 in Paris belongs to 07:00 in winter and in summer).
 *
 * Binning and smoothing: the day is cut into bins of `binMinutes` (default 5 → 288 bins, one
 * per CGM slot). The percentiles of a bin are computed on the pooled readings of a circular
 * window of 2k + 1 bins centred on it, k = round(windowMinutes / 2 / binMinutes) (default
 * windowMinutes 60 → k = 6, 13 bins, 65 minutes); the window wraps around midnight. Pooling
 * readings — rather than averaging the percentile curves of neighbouring bins — keeps each
 * point a true percentile of real readings and gives 14 days × 13 = 182 readings per point
 * for a standard report, enough for stable 5th/95th percentiles. Percentiles use R's type 7
 * (linear interpolation between order statistics). windowMinutes 0 disables smoothing.
 */

export interface AgpOptions {
  /** IANA zone of the patient; default Europe/Paris. */
  timeZone?: string;
  /** Bin width; must divide 1440. Default 5. */
  binMinutes?: number;
  /** Width of the pooling window; default 60 (see the module comment). */
  windowMinutes?: number;
}

export interface AgpProfile {
  binMinutes: number;
  /** Bins on each side pooled into a point. */
  halfWindowBins: number;
  /** Start of each bin, minutes after local midnight. */
  minuteOfDay: number[];
  /** Readings pooled into each point. */
  n: number[];
  /** Percentiles in mg/dL; NaN where the window holds no reading. */
  p5: number[];
  p25: number[];
  p50: number[];
  p75: number[];
  p95: number[];
}

/** Computes the AGP percentile curves of an ascending series (NaN values skipped). */
export function computeAgp(series: ColumnSeries, options: AgpOptions = {}): AgpProfile {
  const binMinutes = options.binMinutes ?? 5;
  const bins = 1440 / binMinutes;
  if (!Number.isInteger(bins) || bins < 1) throw new RangeError('binMinutes must divide 1440');
  const k = Math.min(
    Math.floor((bins - 1) / 2),
    Math.round((options.windowMinutes ?? 60) / 2 / binMinutes),
  );
  const offsetOf = getZoneOffsetResolver(options.timeZone ?? 'Europe/Paris');
  const { t, v } = series;
  const len = Math.min(t.length, v.length);
  const binMs = binMinutes * MINUTE_MS;

  // Counting sort of the values by bin: one pass to count, one to place; no per-reading object.
  const binOf = new Int32Array(len);
  const counts = new Int32Array(bins);
  for (let i = 0; i < len; i++) {
    const x = v[i] as number;
    if (x !== x) {
      binOf[i] = -1;
      continue;
    }
    const ti = t[i] as number;
    const local = ti + offsetOf(ti);
    const msOfDay = local - Math.floor(local / DAY_MS) * DAY_MS;
    const b = Math.floor(msOfDay / binMs);
    binOf[i] = b;
    counts[b] = (counts[b] as number) + 1;
  }
  const start = new Int32Array(bins + 1);
  for (let b = 0; b < bins; b++) start[b + 1] = (start[b] as number) + (counts[b] as number);
  const fill = start.slice(0, bins);
  const byBin = new Float64Array(start[bins] as number);
  for (let i = 0; i < len; i++) {
    const b = binOf[i] as number;
    if (b < 0) continue;
    byBin[fill[b] as number] = v[i] as number;
    fill[b] = (fill[b] as number) + 1;
  }

  // Each bin sorted once; the window then slides bin by bin, its sorted content updated by
  // one linear merge (drop the outgoing bin, add the incoming one) instead of a re-sort.
  let maxWindow = 0;
  for (let b = 0; b < bins; b++) {
    byBin.subarray(start[b] as number, start[b + 1] as number).sort();
    let c = 0;
    for (let j = -k; j <= k; j++) c += counts[(b + j + bins) % bins] as number;
    if (c > maxWindow) maxWindow = c;
  }
  let cur = new Float64Array(maxWindow);
  let nxt = new Float64Array(maxWindow);
  let m = 0;
  for (let j = -k; j <= k; j++) {
    const bb = (j + bins) % bins;
    cur.set(byBin.subarray(start[bb] as number, start[bb + 1] as number), m);
    m += counts[bb] as number;
  }
  cur.subarray(0, m).sort();

  const out: AgpProfile = {
    binMinutes,
    halfWindowBins: k,
    minuteOfDay: [],
    n: [],
    p5: [],
    p25: [],
    p50: [],
    p75: [],
    p95: [],
  };
  for (let b = 0; b < bins; b++) {
    out.minuteOfDay.push(b * binMinutes);
    out.n.push(m);
    out.p5.push(quantileSorted(cur, 0.05, m));
    out.p25.push(quantileSorted(cur, 0.25, m));
    out.p50.push(quantileSorted(cur, 0.5, m));
    out.p75.push(quantileSorted(cur, 0.75, m));
    out.p95.push(quantileSorted(cur, 0.95, m));
    if (b === bins - 1 || 2 * k + 1 >= bins) continue;
    const outgoing = (b - k + bins) % bins;
    const incoming = (b + k + 1) % bins;
    let o = start[outgoing] as number;
    const oEnd = start[outgoing + 1] as number;
    let a = start[incoming] as number;
    const aEnd = start[incoming + 1] as number;
    let w = 0;
    for (let i = 0; i < m; i++) {
      const x = cur[i] as number;
      // Multiset difference: the outgoing values are in `cur`, both sorted.
      if (o < oEnd && x === (byBin[o] as number)) {
        o++;
        continue;
      }
      while (a < aEnd && (byBin[a] as number) < x) nxt[w++] = byBin[a++] as number;
      nxt[w++] = x;
    }
    while (a < aEnd) nxt[w++] = byBin[a++] as number;
    const tmp = cur;
    cur = nxt;
    nxt = tmp;
    m = w;
  }
  return out;
}
