import { describe, expect, it } from 'vitest';
import { computeAdvice } from './advice.engine';
import {
  climb,
  cut,
  flatTrace,
  inputFor,
  localAt,
  localPeriod,
  setSpan,
  type Trace,
} from './advice.fixtures';
import type { AdviceInput } from './advice.context';
import type { FindingOf } from './advice.schemas';

const PARIS = 'Europe/Paris';

function dawn(
  trace: Trace,
  period: { start: number; end: number },
  extra: Partial<AdviceInput> = {},
): FindingOf<'dawn_rise'> | undefined {
  return computeAdvice(inputFor(trace, period, extra)).find(
    (f): f is FindingOf<'dawn_rise'> => f.kind === 'dawn_rise',
  );
}

/** From 110 at 04:00 to 110 + amount at 07:00, held until 08:00: nadir 110, end value 110 + amount. */
function morningRise(
  trace: Trace,
  at: (day: number, minute: number) => number,
  day: number,
  amount: number,
): void {
  climb(trace, at(day, 4 * 60), at(day, 7 * 60), amount);
  setSpan(trace, at(day, 7 * 60), at(day, 8 * 60), 110 + amount);
}

describe('dawn_rise', () => {
  const period = localPeriod(PARIS, '2026-11-26', 14);
  const at = (day: number, minute: number) => localAt(PARIS, '2026-11-13', day, minute);
  const days = (n: number) => Array.from({ length: n }, (_, k) => k);

  it('needs a rise of 20 mg/dL from the nadir to the last half hour before 08:00', () => {
    const below = flatTrace(period.start, period.end, PARIS, 110);
    for (const day of days(14)) morningRise(below, at, day, 19);
    expect(dawn(below, period)).toBeUndefined();
    const trace = flatTrace(period.start, period.end, PARIS, 110);
    for (const day of days(14)) morningRise(trace, at, day, 20);
    const found = dawn(trace, period);
    expect(found).toMatchObject({ severity: 'attention', reference: 'monnier_dawn_2013' });
    expect(found?.evidence).toMatchObject({
      thresholdMgdl: 20,
      windowStart: '03:00',
      windowEnd: '08:00',
      nightsWithData: 14,
      averageRiseMgdl: 20,
    });
    expect(found?.evidence.nights[0]).toEqual({
      date: '2026-11-13',
      nadirMgdl: 110,
      nadirTime: '03:05',
      endMgdl: 130,
      endTime: '07:55',
      riseMgdl: 20,
    });
  });

  it('needs 3 nights and at least half of the nights judged', () => {
    const trace = flatTrace(period.start, period.end, PARIS, 110);
    for (const day of days(6)) morningRise(trace, at, day, 30);
    expect(dawn(trace, period)).toBeUndefined();
    morningRise(trace, at, 6, 30);
    expect(dawn(trace, period)?.evidence).toMatchObject({ nightsWithData: 14 });

    const sparse = flatTrace(period.start, period.end, PARIS, 110);
    for (const day of [0, 1]) morningRise(sparse, at, day, 30);
    for (const day of days(14).slice(4)) cut(sparse, at(day, 3 * 60), at(day, 8 * 60));
    expect(dawn(sparse, period)).toBeUndefined();
    morningRise(sparse, at, 2, 30);
    expect(dawn(sparse, period)?.evidence).toMatchObject({ nightsWithData: 4 });
  });

  it('leaves out nights with a meal tagged in the window', () => {
    const trace = flatTrace(period.start, period.end, PARIS, 110);
    for (const day of days(14)) morningRise(trace, at, day, 30);
    const earlyBreakfasts = days(12).map((day) => at(day, 6 * 60 + 30));
    expect(dawn(trace, period, { meals: earlyBreakfasts })).toBeUndefined();
    const lateBreakfasts = days(12).map((day) => at(day, 8 * 60));
    expect(dawn(trace, period, { meals: lateBreakfasts })?.evidence.nights).toHaveLength(14);
  });

  it('stops the window at an untagged fast climb (food) and leaves out nights with a low', () => {
    const eaten = flatTrace(period.start, period.end, PARIS, 110);
    for (const day of days(14)) {
      morningRise(eaten, at, day, 30);
      setSpan(eaten, at(day, 5 * 60 + 30), at(day, 8 * 60), 200);
    }
    expect(dawn(eaten, period)).toBeUndefined();

    const low = flatTrace(period.start, period.end, PARIS, 110);
    for (const day of days(14)) {
      morningRise(low, at, day, 30);
      if (day < 3) continue;
      // Down to 68 at 03:10, back to the climb's 122 by 05:10: slowly, so no meal is taken for it.
      setSpan(low, at(day, 3 * 60 + 10), at(day, 5 * 60 + 10), 68);
      climb(low, at(day, 3 * 60 + 40), at(day, 5 * 60 + 10), 54);
    }
    expect(dawn(low, period)?.evidence.nightsWithData).toBe(3);
  });

  it('follows the wall clock in New York across the spring DST change', () => {
    const ny = 'America/New_York';
    const spring = localPeriod(ny, '2026-03-14', 14);
    const nyAt = (day: number, minute: number) => localAt(ny, '2026-03-01', day, minute);
    const trace = flatTrace(spring.start, spring.end, ny, 110);
    for (const day of days(14)) morningRise(trace, nyAt, day, 25);
    const found = dawn(trace, spring);
    expect(found?.evidence.nights.map((n) => n.date)).toContain('2026-03-08');
    expect(found?.evidence.nights.every((n) => n.endTime === '07:55' && n.riseMgdl === 25)).toBe(
      true,
    );
  });

  it('is CGM only', () => {
    const trace = flatTrace(period.start, period.end, PARIS, 110);
    for (const day of days(14)) morningRise(trace, at, day, 40);
    expect(dawn(trace, period, { source: 'meter' })).toBeUndefined();
  });
});
