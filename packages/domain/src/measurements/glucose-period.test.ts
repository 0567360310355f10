import { describe, expect, it } from 'vitest';
import { targetsForPreset } from '../glucose/bands';
import { summarizeGlucosePeriod, type PeriodReadings } from './glucose-period';

const DAY = 86_400_000;
const start = Date.UTC(2026, 8, 1);
const options = { periodStart: start, periodEnd: start + 30 * DAY, periodDays: 30, timeZone: 'Europe/Paris', targets: targetsForPreset('standard') };

/** 30 days of 5-minute readings (tenths of mg/dL), with `extra` readings woven in. */
function series(seed: number, extra: (at: number, next: () => number) => { t: number; v: number; device: boolean }[]) {
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const t: number[] = [];
  const v: number[] = [];
  const device: boolean[] = [];
  for (let at = start + 60_000; at < start + 30 * DAY; at += 300_000) {
    if (random() < 0.01) continue;
    t.push(at);
    v.push(Math.round(400 + random() * 2800) / 10);
    device.push(true);
    for (const reading of extra(at, random)) {
      t.push(reading.t);
      v.push(reading.v);
      device.push(reading.device);
    }
  }
  return { t, v, device };
}

const typed = (readings: { t: number[]; v: number[]; device: boolean[] }): PeriodReadings => ({
  t: new Float64Array(readings.t),
  v: new Float64Array(readings.v),
  device: Uint8Array.from(readings.device, Number),
});

describe('summarizeGlucosePeriod', () => {
  // The server passes typed columns, which a plain CGM period uses as they are; plain arrays (and
  // any period with meter readings or a repeated instant) are picked reading by reading. Both must
  // give the same report to the bit.
  const cases = {
    'CGM only': series(1, () => []),
    'CGM with finger-sticks between': series(2, (at, next) => (next() < 0.05 ? [{ t: at + 60_000, v: 64.5, device: false }] : [])),
    'CGM with instants sent twice': series(3, (at, next) => (next() < 0.05 ? [{ t: at, v: 120, device: true }] : [])),
    'meter only': { t: [start + DAY, start + 2 * DAY, start + 2 * DAY, start + 9 * DAY], v: [98, 250.3, 251, 61.2], device: [false, false, false, false] },
  };
  for (const [name, readings] of Object.entries(cases)) {
    it(`gives the same report from typed columns and from plain arrays: ${name}`, () => {
      const fromArrays = summarizeGlucosePeriod(readings, options);
      expect(summarizeGlucosePeriod(typed(readings), options)).toEqual(fromArrays);
      expect(fromArrays.basis).toBe(name === 'meter only' ? 'meter' : name === 'CGM with finger-sticks between' ? 'mixed' : 'cgm');
    });
  }

  it('counts a repeated instant once and leaves finger-sticks out of a CGM report', () => {
    const repeated = cases['CGM with instants sent twice'];
    const once = new Set(repeated.t).size;
    expect(summarizeGlucosePeriod(typed(repeated), options).readings).toBe(once);
    const mixed = cases['CGM with finger-sticks between'];
    const sensor = mixed.device.filter(Boolean).length;
    expect(summarizeGlucosePeriod(typed(mixed), options).readings).toBe(sensor);
    expect(summarizeGlucosePeriod(typed(cases['meter only']), options).readings).toBe(3);
  });
});
