import type { ColumnSeries } from './series';
import { histogramScale, quantileOfOrderStatistics, type HistogramScale } from './stats';
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
  const histogram = histogramScale(byBin);
  if (histogram) slideHistogram(out, { byBin, start, counts, bins, k }, histogram);
  else slideSorted(out, { byBin, start, counts, bins, k });
  return out;
}

/** The readings grouped by bin (counting sort): bin b's values are byBin[start[b] … start[b + 1]). */
interface BinnedValues {
  byBin: Float64Array;
  start: Int32Array;
  counts: Int32Array;
  bins: number;
  /** Bins on each side of the window's centre. */
  k: number;
}

/** The bins leaving and entering the window when its centre moves from b to b + 1; null when it does not move. */
function slide(b: number, { bins, k }: BinnedValues): { outgoing: number; incoming: number } | null {
  if (b === bins - 1 || 2 * k + 1 >= bins) return null;
  return { outgoing: (b - k + bins) % bins, incoming: (b + k + 1) % bins };
}

/** The profile's percentile curves and their probabilities, ascending. */
const PERCENTILES = [
  ['p5', 0.05],
  ['p25', 0.25],
  ['p50', 0.5],
  ['p75', 0.75],
  ['p95', 0.95],
] as const;

function pushPoint(out: AgpProfile, b: number, m: number, orderStat: (rank: number) => number): void {
  out.minuteOfDay.push(b * out.binMinutes);
  out.n.push(m);
  for (const [curve, p] of PERCENTILES) out[curve].push(quantileOfOrderStatistics(orderStat, p, m));
}

/** Slots per block of the histogram's second level (2^6), so a point's walk skips whole blocks. */
const BLOCK_BITS = 6;
const BLOCK = 1 << BLOCK_BITS;

/**
 * Readings as stored (whole or tenths of mg/dL): the window is a histogram of its values (with
 * per-block totals), updated by the outgoing and incoming bins, and a point's order statistics
 * are read by one walk over it — no sort, no merge of ~1,200 values per point. The same order
 * statistics, so the same percentiles as the sorted path.
 */
function slideHistogram(out: AgpProfile, binned: BinnedValues, { scale, first, span }: HistogramScale): void {
  const { byBin, start, bins, k } = binned;
  const slots = new Int32Array(span);
  const blocks = new Int32Array(Math.ceil(span / BLOCK));
  const add = (bin: number, delta: number) => {
    for (let i = start[bin] as number; i < (start[bin + 1] as number); i++) {
      const slot = Math.round((byBin[i] as number) * scale) - first;
      slots[slot] = (slots[slot] as number) + delta;
      blocks[slot >> BLOCK_BITS] = (blocks[slot >> BLOCK_BITS] as number) + delta;
    }
  };
  let m = 0;
  for (let j = -k; j <= k; j++) {
    const bin = (j + bins) % bins;
    add(bin, 1);
    m += binned.counts[bin] as number;
  }
  // The ranks a point needs, in order (p5's upper rank may pass p25's lower one), and their slots.
  const ranks: number[] = [];
  const found: number[] = [];
  for (let b = 0; b < bins; b++) {
    ranks.length = 0;
    found.length = 0;
    for (const [, p] of PERCENTILES) {
      if (m === 0) break;
      const lo = Math.floor((m - 1) * p);
      ranks.push(lo);
      if (lo + 1 < m) ranks.push(lo + 1);
    }
    ranks.sort((x, y) => x - y);
    let next = 0;
    let seen = 0;
    for (let block = 0; next < ranks.length; block++) {
      const inBlock = blocks[block] as number;
      if ((ranks[next] as number) < seen + inBlock) {
        let upTo = seen;
        for (let slot = block * BLOCK; slot < Math.min(span, (block + 1) * BLOCK) && next < ranks.length; slot++) {
          upTo += slots[slot] as number;
          while (next < ranks.length && (ranks[next] as number) < upTo) found[next++] = slot;
        }
      }
      seen += inBlock;
    }
    pushPoint(out, b, m, (rank) => (first + (found[ranks.indexOf(rank)] as number)) / scale);
    const moved = slide(b, binned);
    if (!moved) continue;
    add(moved.outgoing, -1);
    add(moved.incoming, 1);
    m += (binned.counts[moved.incoming] as number) - (binned.counts[moved.outgoing] as number);
  }
}

/**
 * Any values: each bin sorted once; the window then slides bin by bin, its sorted content
 * updated by one linear merge (drop the outgoing bin, add the incoming one) instead of a re-sort.
 */
function slideSorted(out: AgpProfile, binned: BinnedValues): void {
  const { byBin, start, counts, bins, k } = binned;
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

  for (let b = 0; b < bins; b++) {
    const sorted = cur;
    pushPoint(out, b, m, (rank) => sorted[rank] as number);
    const moved = slide(b, binned);
    if (!moved) continue;
    const { outgoing, incoming } = moved;
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
}
