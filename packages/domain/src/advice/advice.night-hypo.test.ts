import { describe, expect, it } from 'vitest';
import { computeAdvice } from './advice.engine';
import {
  flatTrace,
  inputFor,
  insertReading,
  localAt,
  localPeriod,
  meterDiary,
  pull,
  setSpan,
  type Trace,
} from './advice.fixtures';
import { adviceFindingSchema, type FindingOf } from './advice.schemas';

const PARIS = 'Europe/Paris';
const MIN = 60_000;

function nightHypo(
  trace: Trace,
  period: { start: number; end: number },
  source: 'cgm' | 'meter' = 'cgm',
): FindingOf<'night_hypo'> | undefined {
  return computeAdvice(inputFor(trace, period, { source })).find(
    (f): f is FindingOf<'night_hypo'> => f.kind === 'night_hypo',
  );
}

describe('night_hypo', () => {
  const period = localPeriod(PARIS, '2026-11-26', 14);
  const at = (day: number, minute: number) => localAt(PARIS, '2026-11-13', day, minute);

  it('reports two nights with a consensus episode below 70 between 00:00 and 06:00, with their evidence', () => {
    const trace = flatTrace(period.start, period.end, PARIS, 110);
    pull(trace, at(3, 2 * 60), 60, 30);
    pull(trace, at(9, 4 * 60), 62, 40);
    const found = nightHypo(trace, period);
    expect(found?.severity).toBe('attention');
    expect(found?.evidence.nights.map((n) => n.date)).toEqual(['2026-11-16', '2026-11-22']);
    const [first] = found!.evidence.nights;
    expect(first!.lowestMgdl).toBe(60);
    expect(first!.lowestTime >= '02:10' && first!.lowestTime <= '02:50').toBe(true);
    expect(first!.start).toBeGreaterThanOrEqual(at(3, 2 * 60));
    expect(first!.end).toBeGreaterThan(first!.start + 30 * MIN);
    expect(first!.end).toBeLessThanOrEqual(at(3, 2 * 60 + 70));
    expect(adviceFindingSchema.safeParse(found).success).toBe(true);
    expect(found?.showEmergencyNumbers).toBe(false);
  });

  it('is urgent, with the 15/15 rule and the emergency numbers, when a night went below 54', () => {
    const trace = flatTrace(period.start, period.end, PARIS, 110);
    pull(trace, at(3, 2 * 60), 60, 30);
    pull(trace, at(5, 3 * 60), 50, 30);
    const found = nightHypo(trace, period);
    expect(found?.severity).toBe('urgent');
    expect(found?.showHypoTreatment).toBe(true);
    expect(found?.showEmergencyNumbers).toBe(true);
  });

  it('needs two different nights: one night, or two lows in the same night, is not recurring', () => {
    const one = flatTrace(period.start, period.end, PARIS, 110);
    pull(one, at(3, 2 * 60), 60, 30);
    expect(nightHypo(one, period)).toBeUndefined();
    pull(one, at(3, 4 * 60 + 30), 60, 30);
    expect(nightHypo(one, period)).toBeUndefined();
  });

  it('counts only 00:00–06:00 local: a low from 05:40 counts, one from 06:00 does not', () => {
    const trace = flatTrace(period.start, period.end, PARIS, 110);
    pull(trace, at(2, 1 * 60), 60, 30);
    pull(trace, at(6, 6 * 60), 60, 30);
    expect(nightHypo(trace, period)).toBeUndefined();
    pull(trace, at(8, 5 * 60 + 40), 60, 30);
    expect(nightHypo(trace, period)?.evidence.nights.map((n) => n.date)).toEqual([
      '2026-11-15',
      '2026-11-21',
    ]);
  });

  it('ignores CGM dips shorter than 15 minutes but counts a single meter reading', () => {
    const trace = flatTrace(period.start, period.end, PARIS, 110);
    for (const day of [2, 4, 6]) setSpan(trace, at(day, 3 * 60), at(day, 3 * 60 + 10), 60);
    expect(nightHypo(trace, period)).toBeUndefined();

    const diary = meterDiary({
      seed: 3,
      start: period.start,
      end: period.end,
      timeZone: PARIS,
      count: 30,
    });
    insertReading(diary, at(2, 3 * 60), 64);
    expect(nightHypo(diary, period, 'meter')).toBeUndefined();
    insertReading(diary, at(7, 2 * 60 + 15), 66);
    const found = nightHypo(diary, period, 'meter');
    expect(found?.evidence.nights).toEqual([
      expect.objectContaining({
        date: '2026-11-15',
        lowestMgdl: 64,
        lowestTime: '03:00',
        start: at(2, 180),
        end: at(2, 180),
      }),
      expect.objectContaining({ date: '2026-11-20', lowestMgdl: 66, lowestTime: '02:15' }),
    ]);
  });

  it('looks at the last 14 days of a longer period only', () => {
    const long = localPeriod(PARIS, '2026-11-26', 28);
    const day = (n: number, minute: number) => localAt(PARIS, '2026-10-30', n, minute);
    const trace = flatTrace(long.start, long.end, PARIS, 110);
    pull(trace, day(2, 120), 60, 30);
    pull(trace, day(6, 120), 60, 30);
    pull(trace, day(20, 120), 60, 30);
    expect(nightHypo(trace, long)).toBeUndefined();
    pull(trace, day(25, 120), 60, 30);
    expect(nightHypo(trace, long)?.evidence.nights.map((n) => n.date)).toEqual([
      '2026-11-19',
      '2026-11-24',
    ]);
  });

  it('reads nights on the wall clock across the spring DST change in Paris', () => {
    const spring = localPeriod(PARIS, '2026-03-31', 14);
    const trace = flatTrace(spring.start, spring.end, PARIS, 110);
    // 04:30 UTC is 05:30 in Paris before the change and 06:30 after it (29 March 2026).
    pull(trace, Date.UTC(2026, 2, 28, 4, 30) - 20 * MIN, 60, 30);
    pull(trace, Date.UTC(2026, 2, 30, 4, 30) - 20 * MIN, 60, 30);
    expect(nightHypo(trace, spring)).toBeUndefined();
    pull(trace, Date.UTC(2026, 2, 29, 1, 0), 60, 30);
    expect(
      nightHypo(trace, spring)?.evidence.nights.map((n) => [n.date, n.lowestTime.slice(0, 2)]),
    ).toEqual([
      ['2026-03-28', '05'],
      ['2026-03-29', '03'],
    ]);
  });

  it('dates the repeated hour of the autumn change to its night', () => {
    const autumn = localPeriod(PARIS, '2026-10-27', 14);
    const trace = flatTrace(autumn.start, autumn.end, PARIS, 110);
    // 01:20 UTC on 25 October 2026 is the second 02:20 in Paris (CET).
    pull(trace, Date.UTC(2026, 9, 25, 1, 0), 58, 30);
    pull(trace, Date.UTC(2026, 9, 20, 1, 0), 58, 30);
    const nights = nightHypo(trace, autumn)?.evidence.nights ?? [];
    expect(nights.map((n) => n.date)).toEqual(['2026-10-20', '2026-10-25']);
    expect(nights[1]!.lowestTime.slice(0, 2)).toBe('02');
  });
});
