import { roundHalfUp } from '../glucose/stats';
import { isRegularSeries, type GlucoseSeries } from '../glucose/series';
import type { EncodedGlucoseSeries } from './summary.schemas';

/**
 * Wire format of chart series (documented on encodedGlucoseSeriesSchema). Values travel as
 * whole mg/dL — what a chart or a meter shows — and as differences from the previous present
 * value: CGM values move a few mg/dL per 5 minutes, so the deltas are one or two characters and
 * compress about 20 % better than the absolute values.
 */

// Output arrays are sized before they are filled: growing them by push cost more than the
// encoding itself on 26,000 readings (1.5 vs 0.7 ms).
function deltaEncode(values: ArrayLike<number>, keepGaps: boolean): (number | null)[] {
  let length = values.length;
  if (!keepGaps) for (let i = 0; i < values.length; i++) if (values[i] !== values[i]) length--;
  const out = new Array<number | null>(length);
  let previous = 0;
  let w = 0;
  for (let i = 0; i < values.length; i++) {
    const x = values[i] as number;
    if (x !== x) {
      if (keepGaps) out[w++] = null;
      continue;
    }
    const rounded = roundHalfUp(x, 0);
    out[w++] = rounded - previous;
    previous = rounded;
  }
  return out;
}

function deltaDecode(deltas: ArrayLike<number | null>): Float64Array {
  const out = new Float64Array(deltas.length);
  let previous = 0;
  for (let i = 0; i < deltas.length; i++) {
    const d = deltas[i];
    if (d === null || d === undefined) {
      out[i] = Number.NaN;
      continue;
    }
    previous += d;
    out[i] = previous;
  }
  return out;
}

/** Encodes a series (from glucose/series.ts toColumns) for the wire; NaN values are gaps. */
export function encodeGlucoseSeries(series: GlucoseSeries): EncodedGlucoseSeries {
  if (isRegularSeries(series)) {
    return { layout: 'regular', encoding: 'delta', t0: series.t0, step: series.step, v: deltaEncode(series.v, true) };
  }
  let length = 0;
  for (let i = 0; i < series.t.length; i++) if (series.v[i] === series.v[i]) length++;
  const t = new Array<number>(length);
  const present = new Float64Array(length);
  let previousT = 0;
  let w = 0;
  for (let i = 0; i < series.t.length; i++) {
    const x = series.v[i] as number;
    if (x !== x) continue;
    const ti = Math.round(series.t[i] as number);
    t[w] = ti - previousT;
    previousT = ti;
    present[w++] = x;
  }
  return { layout: 'irregular', encoding: 'delta', t, v: deltaEncode(present, false) as number[] };
}

/** Decodes the wire form back into a series for glucose/* functions and charts (NaN = gap). */
export function decodeGlucoseSeries(encoded: EncodedGlucoseSeries): GlucoseSeries {
  if (encoded.layout === 'regular') return { t0: encoded.t0, step: encoded.step, v: deltaDecode(encoded.v) };
  const t = new Float64Array(encoded.t.length);
  let previous = 0;
  for (let i = 0; i < encoded.t.length; i++) {
    previous += encoded.t[i] as number;
    t[i] = previous;
  }
  return { t, v: deltaDecode(encoded.v) };
}
