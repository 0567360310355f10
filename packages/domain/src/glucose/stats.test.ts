import { describe, expect, it } from 'vitest';
import { histogramScale, medianOf, quantileSorted } from './stats';

describe('medianOf', () => {
  // Random values in any order, odd and even counts, ties, one value and two: whole mg/dL and
  // tenths (as stored) take the histogram, thirds and a span too wide for it take the sort.
  let seed = 20261207;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const cases: [string, (i: number) => number, 1 | 10 | undefined][] = [
    ['whole', () => 40 + Math.floor(random() * 360), 1],
    ['tenths', () => Math.round(400 + random() * 3600) / 10, 10],
    ['thirds', () => 40 + Math.floor(random() * 360) + 1 / 3, undefined],
    ['too wide for a histogram', (i) => (i === 0 ? 10 : 20_000 + Math.floor(random() * 10)), undefined],
  ];
  for (const [name, draw, scale] of cases) {
    it(`gives the sorted type-7 median, to the bit, for ${name} values`, () => {
      for (const n of [1, 2, 3, 4, 51, 1_000, 25_921]) {
        const values = new Float64Array(Array.from({ length: n }, (_, i) => draw(i)));
        if (n > 2) expect(histogramScale(values)?.scale).toBe(scale);
        const sorted = [...values].sort((a, b) => a - b);
        expect(medianOf(values), `${name}, n = ${n}`).toBe(quantileSorted(sorted, 0.5));
      }
    });
  }

  it('leaves its input as it was (the metrics pass their own values, in time order)', () => {
    const values = new Float64Array([180, 72.5, 72.5, 54, 310.1]);
    expect(medianOf(values)).toBe(72.5);
    expect([...values]).toEqual([180, 72.5, 72.5, 54, 310.1]);
    const thirds = new Float64Array([3 + 1 / 3, 1 + 1 / 3, 2 + 1 / 3, 4 + 1 / 3]);
    expect(medianOf(thirds)).toBe(2.5 + 1 / 3);
    expect(thirds[0]).toBe(3 + 1 / 3);
  });
});
