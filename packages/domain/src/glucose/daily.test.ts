import { describe, expect, it } from 'vitest';
import { computeDailyStats } from './daily';
import { getZoneOffsetResolver, localToUtc, zoneOffsetAt } from './timezone';

const MIN = 60_000;
const HOUR = 3_600_000;

function fiveMinutes(
  from: number,
  to: number,
  value: (t: number) => number = () => 120,
): { t: number[]; v: number[] } {
  const t: number[] = [];
  const v: number[] = [];
  for (let x = from; x < to; x += 5 * MIN) {
    t.push(x);
    v.push(value(x));
  }
  return { t, v };
}

describe('time zone offsets', () => {
  it('resolves Europe/Paris offsets and the exact DST instants', () => {
    const off = getZoneOffsetResolver('Europe/Paris');
    expect(off(Date.UTC(2026, 0, 15))).toBe(HOUR);
    expect(off(Date.UTC(2026, 6, 15))).toBe(2 * HOUR);
    // Spring forward at 01:00 UTC, fall back at 01:00 UTC.
    expect(off(Date.UTC(2026, 2, 29, 0, 59))).toBe(HOUR);
    expect(off(Date.UTC(2026, 2, 29, 1, 0))).toBe(2 * HOUR);
    expect(off(Date.UTC(2026, 9, 25, 0, 59))).toBe(2 * HOUR);
    expect(off(Date.UTC(2026, 9, 25, 1, 0))).toBe(HOUR);
    // Random access agrees with Intl asked directly.
    for (let x = Date.UTC(2025, 0, 1); x < Date.UTC(2027, 0, 1); x += 7919 * MIN) {
      expect(off(x)).toBe(zoneOffsetAt('Europe/Paris', x));
    }
  });
  it('maps local wall-clock times back to instants, including skipped and repeated ones', () => {
    const off = getZoneOffsetResolver('Europe/Paris');
    expect(localToUtc(off, Date.UTC(2026, 2, 29, 0, 0))).toBe(Date.UTC(2026, 2, 28, 23, 0));
    // 02:30 does not exist on 29 March: the clock moves forward to 03:30 CEST.
    expect(localToUtc(off, Date.UTC(2026, 2, 29, 2, 30))).toBe(Date.UTC(2026, 2, 29, 1, 30));
    // 02:30 happens twice on 25 October: the earlier one (CEST).
    expect(localToUtc(off, Date.UTC(2026, 9, 25, 2, 30))).toBe(Date.UTC(2026, 9, 25, 0, 30));
  });
  it('rejects an unknown zone', () => {
    expect(() => getZoneOffsetResolver('Mars/Olympus')).toThrow(RangeError);
  });
});

describe('computeDailyStats', () => {
  it('has 23- and 25-hour days at the Europe/Paris DST changes (276 and 300 readings)', () => {
    const spring = computeDailyStats(
      fiveMinutes(Date.UTC(2026, 2, 27, 23), Date.UTC(2026, 2, 30, 22)),
    );
    expect(spring.map((d) => [d.date, d.hours, d.n])).toEqual([
      ['2026-03-28', 24, 288],
      ['2026-03-29', 23, 276],
      ['2026-03-30', 24, 288],
    ]);
    expect(spring[1]?.startAt).toBe(Date.UTC(2026, 2, 28, 23));
    expect(spring[1]?.endAt).toBe(Date.UTC(2026, 2, 29, 22));

    const autumn = computeDailyStats(
      fiveMinutes(Date.UTC(2026, 9, 23, 22), Date.UTC(2026, 9, 26, 23)),
    );
    expect(autumn.map((d) => [d.date, d.hours, d.n])).toEqual([
      ['2026-10-24', 24, 288],
      ['2026-10-25', 25, 300],
      ['2026-10-26', 24, 288],
    ]);
  });

  it('computes mean, min, max and band shares per day', () => {
    // Local morning low and evening high, in Paris time.
    const day = fiveMinutes(Date.UTC(2026, 5, 1, 22), Date.UTC(2026, 5, 2, 22), (t) => {
      const h = (t - Date.UTC(2026, 5, 1, 22)) / HOUR;
      return h < 6 ? 60 : h < 18 ? 120 : 260;
    });
    const [d] = computeDailyStats(day);
    expect(d).toMatchObject({ date: '2026-06-02', n: 288, min: 60, max: 260, hours: 24 });
    expect(d?.mean).toBeCloseTo((60 * 72 + 120 * 144 + 260 * 72) / 288, 10);
    expect(d?.bands).toEqual({ very_low: 0, low: 25, in_range: 50, high: 0, very_high: 25 });
  });

  it('follows the given zone and skips days without data', () => {
    const s = fiveMinutes(Date.UTC(2026, 0, 1, 12), Date.UTC(2026, 0, 1, 13));
    s.t.push(Date.UTC(2026, 0, 5, 12));
    s.v.push(100);
    const ny = computeDailyStats(s, { timeZone: 'America/New_York' });
    expect(ny.map((d) => [d.date, d.n])).toEqual([
      ['2026-01-01', 12],
      ['2026-01-05', 1],
    ]);
    expect(ny[0]?.startAt).toBe(Date.UTC(2026, 0, 1, 5));
  });

  it('handles a zone whose DST starts at midnight (America/Sao_Paulo, 2018-11-04)', () => {
    const days = computeDailyStats(
      fiveMinutes(Date.UTC(2018, 10, 3, 3), Date.UTC(2018, 10, 5, 2)),
      {
        timeZone: 'America/Sao_Paulo',
      },
    );
    expect(days.map((d) => [d.date, d.hours, d.n])).toEqual([
      ['2018-11-03', 24, 288],
      ['2018-11-04', 23, 276],
    ]);
  });
});
