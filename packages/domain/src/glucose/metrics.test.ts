/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PREGNANCY_RANGE, targetsForPreset } from './bands';
import { bandPercents } from './bands';
import { computeGlucoseMetrics, computeGri, evaluateTargets, figuresFromSums, griZone } from './metrics';

const samples = new URL('../../test-data/samples/', import.meta.url);

interface Subject {
  t: number[];
  v: number[];
}

// iglu's times are wall clock in UTC−5 without DST: parse as UTC, then add 5 hours.
function loadIglu(file: string): Map<string, Subject> {
  const text = readFileSync(new URL(file, samples), 'utf8');
  const out = new Map<string, Subject>();
  for (const line of text.split(/\r?\n/).slice(1)) {
    if (!line) continue;
    const [id, time, gl] = line.split(',').map((s) => s.replace(/"/g, ''));
    const m = /^(\d+)-(\d+)-(\d+) (\d+):(\d+):(\d+)$/.exec(time ?? '');
    if (!m || id === undefined) throw new Error(`bad line ${line}`);
    const t = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) + 5 * 3_600_000;
    let s = out.get(id);
    if (!s) out.set(id, (s = { t: [], v: [] }));
    s.t.push(t);
    s.v.push(gl === 'NA' ? Number.NaN : Number(gl));
  }
  return out;
}

type Reference = Record<string, number>;
function loadReference(): Map<string, Reference> {
  const lines = readFileSync(new URL('iglu_metrics_example_data.csv', samples), 'utf8')
    .trim()
    .split(/\r?\n/);
  const header = (lines[0] as string).split(',').map((s) => s.replace(/"/g, ''));
  const out = new Map<string, Reference>();
  // The first row is the 1-subject data set, the others the 5-subject one.
  lines.slice(1).forEach((line, i) => {
    const cells = line.split(',').map((s) => s.replace(/"/g, ''));
    const row: Reference = {};
    header.forEach((h, j) => {
      if (h !== 'id') row[h] = Number(cells[j]);
    });
    out.set(i === 0 ? 'one' : (cells[0] as string), row);
  });
  return out;
}

const reference = loadReference();
const five = loadIglu('iglu_example_data_5_subject.csv');
const one = loadIglu('iglu_example_data_1_subject.csv');

function expectIglu(s: Subject, ref: Reference): void {
  const m = computeGlucoseMetrics(s, { weighting: 'count' });
  expect(m).not.toBeNull();
  if (!m) return;
  const close = (a: number | null, b: number | undefined): void => {
    expect(a).not.toBeNull();
    expect(Math.abs((a as number) - (b as number))).toBeLessThan(1e-6);
  };
  expect(m.n).toBe(ref.n);
  close(m.mean, ref.mean);
  close(m.sd, ref.SD);
  close(m.cv, ref.CV);
  close(m.gmi, ref.GMI);
  close(m.bands.very_low, ref.below_54);
  close(m.belowRange, ref.below_70);
  close(m.bands.in_range, ref.in_range_70_180);
  close(m.aboveRange, ref.above_180);
  close(m.bands.very_high, ref.above_250);
  close(m.gri, ref.GRI);
  close(m.median, ref.median);
  // Active time follows iglu's formula (grid from first to last reading, rounded gaps).
  close(m.activePercent, ref.active_percent);
}

describe('computeGlucoseMetrics against iglu 4.3.0', () => {
  it('has the five subjects', () => {
    expect([...five.keys()]).toEqual([
      'Subject 1',
      'Subject 2',
      'Subject 3',
      'Subject 4',
      'Subject 5',
    ]);
  });
  for (const id of ['Subject 1', 'Subject 2', 'Subject 3', 'Subject 4', 'Subject 5']) {
    it(`reproduces ${id} of the 5-subject data`, () => {
      expectIglu(five.get(id) as Subject, reference.get(id) as Reference);
    });
  }
  it('reproduces the 1-subject data set', () => {
    expect(one.size).toBe(1);
    expectIglu(one.get('Subject 1') as Subject, reference.get('one') as Reference);
  });
  it('time weighting stays close to counting on real, slightly irregular data', () => {
    // Real CGM intervals jitter by seconds and have gaps, so the two modes differ a little.
    for (const s of five.values()) {
      const c = computeGlucoseMetrics(s, { weighting: 'count' });
      const w = computeGlucoseMetrics(s);
      expect(Math.abs((w?.bands.in_range ?? 0) - (c?.bands.in_range ?? 0))).toBeLessThan(1);
    }
  });
});

const MIN = 60_000;

function regularSeries(
  n: number,
  value: (i: number) => number,
  stepMin = 5,
): { t: number[]; v: number[] } {
  const t: number[] = [];
  const v: number[] = [];
  const t0 = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i++) {
    t.push(t0 + i * stepMin * MIN);
    v.push(value(i));
  }
  return { t, v };
}

describe('computeGlucoseMetrics weighting', () => {
  it('time-weighted shares equal count-based shares on a regular 5-minute series', () => {
    // A deterministic series visiting every band.
    const s = regularSeries(14 * 288, (i) =>
      Math.round(140 + 120 * Math.sin(i / 37) + 30 * Math.sin(i / 5.3)),
    );
    const c = computeGlucoseMetrics(s, { weighting: 'count' });
    const w = computeGlucoseMetrics(s, { weighting: 'time' });
    expect(c && w).toBeTruthy();
    if (!c || !w) return;
    for (const b of ['very_low', 'low', 'in_range', 'high', 'very_high'] as const) {
      expect(c.bands[b]).toBeGreaterThan(0);
      expect(w.bands[b]).toBeCloseTo(c.bands[b], 10);
    }
    expect(w.gri).toBeCloseTo(c.gri, 10);
    expect(w.activePercent).toBe(100);
    expect(w.daysOfData).toBe(14);
    expect(w.sufficiency).toEqual({ enoughDays: true, enoughActive: true, sufficient: true });
  });

  it('time weighting credits each reading with its interval, capped at a gap', () => {
    // 60 at t=0 then 100 at 10 min and 120 at 15 min: weights 10, 5, 5 (last = nominal 5).
    const s = { t: [0, 10 * MIN, 15 * MIN], v: [60, 100, 120] };
    const w = computeGlucoseMetrics(s, { intervalMinutes: 5 });
    expect(w?.bands.low).toBeCloseTo(50, 10);
    // A 3-hour gap after the low reading: it weighs one interval, not three hours.
    const g = { t: [0, 180 * MIN, 185 * MIN], v: [60, 100, 120] };
    const wg = computeGlucoseMetrics(g, { intervalMinutes: 5 });
    expect(wg?.bands.low).toBeCloseTo(100 / 3, 10);
  });

  it('counts a missing hour against active time', () => {
    const s = regularSeries(288, () => 120);
    s.t.splice(100, 12);
    s.v.splice(100, 12);
    const m = computeGlucoseMetrics(s);
    expect(m?.activePercent).toBeCloseTo((100 * 276) / 288, 10);
    expect(m?.n).toBe(276);
    // With an explicit 2-day period, the missing second day counts too.
    const p = computeGlucoseMetrics(s, {
      periodStart: s.t[0],
      periodEnd: (s.t[0] as number) + 2 * 1440 * MIN,
    });
    expect(p?.activePercent).toBeCloseTo((100 * 276) / 576, 10);
    expect(p?.daysOfData).toBe(2);
    expect(p?.sufficiency.enoughDays).toBe(false);
  });

  it('gives a perfect series 100 % active time whatever its phase against the period', () => {
    // 14 days, one reading every 5 minutes filling every slot: slid across a whole 5-minute
    // phase (every 10 seconds), the active time never moves.
    const periodStart = Date.UTC(2026, 10, 11, 23, 0, 0);
    const periodEnd = periodStart + 14 * 1440 * MIN;
    for (let phaseS = 0; phaseS < 300; phaseS += 10) {
      const s = regularSeries(4032, (i) => 100 + (i % 50), 5);
      for (let i = 0; i < s.t.length; i++) s.t[i] = periodStart + phaseS * 1000 + i * 5 * MIN;
      const m = computeGlucoseMetrics(s, { periodStart, periodEnd });
      expect(m?.n, `phase ${phaseS} s`).toBe(4032);
      expect(m?.activePercent, `phase ${phaseS} s`).toBe(100);
      // One missing reading is one slot missing, at any phase.
      const holed = { t: [...s.t.slice(0, 2000), ...s.t.slice(2001)], v: [...s.v.slice(0, 2000), ...s.v.slice(2001)] };
      expect(computeGlucoseMetrics(holed, { periodStart, periodEnd })?.activePercent, `phase ${phaseS} s`).toBeCloseTo((100 * 4031) / 4032, 10);
    }
  });

  it('reports the calendar days of the period when given', () => {
    const s = regularSeries(288, () => 120);
    const m = computeGlucoseMetrics(s, { periodStart: s.t[0], periodEnd: (s.t[0] as number) + 1440 * MIN, periodDays: 2 });
    expect(m?.daysOfData).toBe(2);
  });

  it('skips NaN, detects the interval and handles tiny inputs', () => {
    expect(computeGlucoseMetrics({ t: [], v: [] })).toBeNull();
    expect(computeGlucoseMetrics({ t: [0], v: [Number.NaN] })).toBeNull();
    const single = computeGlucoseMetrics({ t: [0], v: [100] });
    expect(single?.sd).toBeNull();
    expect(single?.mean).toBe(100);
    const q = regularSeries(100, (i) => (i % 7 === 0 ? Number.NaN : 100), 15);
    expect(computeGlucoseMetrics(q)?.intervalMinutes).toBe(15);
    expect(() => computeGlucoseMetrics({ t: [10, 0], v: [1, 2] })).toThrow(RangeError);
  });

  it('classifies on values rounded half up', () => {
    const m = computeGlucoseMetrics(
      { t: [0, 5 * MIN, 10 * MIN, 15 * MIN], v: [69.5, 69.4, 180.4, 180.5] },
      { weighting: 'count' },
    );
    expect(m?.bands).toEqual({ very_low: 0, low: 25, in_range: 50, high: 25, very_high: 0 });
  });

  it('uses a custom range for the bands but the standard one for GRI', () => {
    const s = regularSeries(100, (i) => (i < 50 ? 150 : 100));
    const m = computeGlucoseMetrics(s, { range: PREGNANCY_RANGE });
    expect(m?.bands.in_range).toBeCloseTo(50, 10);
    expect(m?.bands.high).toBeCloseTo(50, 10);
    expect(m?.gri).toBe(0);
    const checks = evaluateTargets(m!, targetsForPreset('pregnancy'));
    expect(checks.find((c) => c.key === 'inRange')).toMatchObject({ met: false, limit: 70 });
    expect(checks.find((c) => c.key === 'veryHigh')).toBeUndefined();
  });

  it('judges each target on the value as printed, so the verdict never contradicts the figure', () => {
    const withVeryLow = (count: number) =>
      evaluateTargets(computeGlucoseMetrics(regularSeries(10_000, (i) => (i < count ? 40 : 100)), { weighting: 'count' })!, targetsForPreset('standard'));
    // 1.04 % is printed "1,0 %": at the "≤ 1 %" limit, met; 1.06 % is printed "1,1 %": not met.
    expect(withVeryLow(104).find((c) => c.key === 'veryLow')).toMatchObject({ value: 1, limit: 1, met: true });
    expect(withVeryLow(106).find((c) => c.key === 'veryLow')).toMatchObject({ value: 1.1, limit: 1, met: false });
    // In range 69.96 % is printed "70,0 %": met at "≥ 70 %".
    const inRange = evaluateTargets(
      computeGlucoseMetrics(regularSeries(10_000, (i) => (i < 6_996 ? 100 : 200)), { weighting: 'count' })!,
      targetsForPreset('standard'),
    ).find((c) => c.key === 'inRange');
    expect(inRange).toMatchObject({ value: 70, limit: 70, met: true });
  });
});

describe('GRI', () => {
  it('weights the bands and caps at 100', () => {
    expect(computeGri(1, 2, 3, 4)).toBeCloseTo(3 + 4.8 + 2.4 + 6.4, 12);
    expect(computeGri(40, 10, 0, 0)).toBe(100);
  });
  it('maps zones', () => {
    expect([0, 20, 20.01, 40, 55, 79, 80.5, 100].map(griZone)).toEqual([
      'A',
      'A',
      'B',
      'B',
      'C',
      'D',
      'E',
      'E',
    ]);
  });
});

describe('figures from stored sums', () => {
  it('agree with the metrics of the same readings as printed: shares, GMI and CV to one decimal', () => {
    const s = regularSeries(2_016, (i) => 40 + ((i * 37) % 300));
    const m = computeGlucoseMetrics(s, { weighting: 'count' })!;
    const counts = { very_low: 0, low: 0, in_range: 0, high: 0, very_high: 0 };
    for (const v of s.v) counts[v < 54 ? 'very_low' : v < 70 ? 'low' : v <= 180 ? 'in_range' : v <= 250 ? 'high' : 'very_high']++;
    const figures = figuresFromSums({
      n: s.v.length,
      sumMgdl: s.v.reduce((a, b) => a + b, 0),
      sumSquares: s.v.reduce((a, b) => a + b * b, 0),
      bandCounts: counts,
    });
    const printed = bandPercents(m.bands);
    expect(figures).toEqual({
      inRange: printed.in_range,
      veryLow: printed.very_low,
      belowRange: Math.round((printed.very_low + printed.low) * 10) / 10,
      aboveRange: Math.round((printed.high + printed.very_high) * 10) / 10,
      gmi: Math.round(m.gmi * 10) / 10,
      cv: Math.round(m.cv! * 10) / 10,
    });
    expect(figuresFromSums({ n: 0, sumMgdl: 0, sumSquares: 0, bandCounts: counts })).toBeNull();
  });
});
