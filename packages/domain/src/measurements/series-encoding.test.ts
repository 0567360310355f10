import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seriesColumns, toColumns } from '../glucose/series';
import { decodeGlucoseSeries, encodeGlucoseSeries } from './series-encoding';
import { glucoseSeriesResponseSchema } from './summary.schemas';

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

describe('series columns in the response schema', () => {
  const regular = { layout: 'regular', encoding: 'delta', t0: 0, step: 300_000, v: [120, 2, null, -3] };
  const irregular = { layout: 'irregular', encoding: 'delta', t: [1_000, 300_000], v: [120, 5] };
  const response = (series: unknown) => ({ from: '2026-11-01T00:00:00.000Z', to: '2026-11-02T00:00:00.000Z', n: 2, series });

  it('accepts integer columns (nulls in a regular series) and refuses any other number, both ways', () => {
    expect(glucoseSeriesResponseSchema.safeParse(response(regular)).success).toBe(true);
    expect(glucoseSeriesResponseSchema.safeParse(response(irregular)).success).toBe(true);
    for (const bad of [
      { ...regular, v: [120, 2.5] },
      { ...regular, v: [120, Number.NaN] },
      { ...regular, v: '120,2' },
      { ...irregular, t: [1_000, 0.5] },
      { ...irregular, t: [1_000, Number.POSITIVE_INFINITY] },
      { ...irregular, v: [120, null] },
      { ...irregular, v: { length: 1, 0: 120 } },
    ]) {
      expect(glucoseSeriesResponseSchema.safeParse(response(bad)).success).toBe(false);
      expect(glucoseSeriesResponseSchema.safeEncode(response(bad) as never).success).toBe(false);
    }
  });

  it('documents the columns as arrays of integers in the JSON schema', () => {
    // As the OpenAPI document is made (fastify-type-provider-zod: a custom check has no JSON
    // schema of its own, its metadata gives it one).
    const json = JSON.stringify(z.toJSONSchema(glucoseSeriesResponseSchema, { unrepresentable: 'any' }));
    expect(json).toContain('"type":"array","items":{"type":"integer"}');
    expect(json).toContain('"type":"array","items":{"type":["integer","null"]}');
  });
});
