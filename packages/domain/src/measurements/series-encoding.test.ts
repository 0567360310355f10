import { describe, expect, it } from 'vitest';
import { seriesColumns, toColumns } from '../glucose/series';
import { decodeGlucoseSeries, encodeGlucoseSeries } from './series-encoding';

describe('glucose series wire encoding', () => {
  it('delta-encodes a regular series with gaps as null and decodes it back', () => {
    const t = [0, 300_000, 900_000, 1_200_000];
    const encoded = encodeGlucoseSeries(toColumns(t, [100.4, 104.6, 98, 98]));
    expect(encoded).toEqual({ layout: 'regular', encoding: 'delta', t0: 0, step: 300_000, v: [100, 5, null, -7, 0] });
    const decoded = decodeGlucoseSeries(encoded);
    expect(Array.from(seriesColumns(decoded).v)).toEqual([100, 105, Number.NaN, 98, 98]);
  });

  it('delta-encodes irregular times in milliseconds', () => {
    const encoded = encodeGlucoseSeries(toColumns([1_000, 7_000, 20_000], [80, 90, 85]));
    expect(encoded).toEqual({ layout: 'irregular', encoding: 'delta', t: [1_000, 6_000, 13_000], v: [80, 10, -5] });
    const decoded = seriesColumns(decodeGlucoseSeries(encoded));
    expect(Array.from(decoded.t)).toEqual([1_000, 7_000, 20_000]);
    expect(Array.from(decoded.v)).toEqual([80, 90, 85]);
  });
});
