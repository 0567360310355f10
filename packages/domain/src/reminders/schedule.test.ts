import { RRule } from 'rrule';
import { describe, expect, it } from 'vitest';
import type { ReminderSchedule } from './reminders.schemas';
import { localDayBounds, localDayOf, zonedWallTimeToInstant } from '../shared/zoned-time';
import {
  checkSchedule,
  isInQuietHours,
  MIN_REMINDER_INTERVAL_MS,
  nextOccurrence,
  occurrencesBetween,
} from './schedule';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const at = (text: string) => Date.parse(text);
const weekly = (times: string[], days = EVERY_DAY): ReminderSchedule => ({
  type: 'weekly',
  times,
  days,
});
const rrule = (rule: string): ReminderSchedule => ({ type: 'rrule', rule });

/** All occurrences on one local day. */
function onDay(
  schedule: ReminderSchedule,
  timeZone: string,
  day: string,
  startsOn = '2026-01-01',
  endsOn: string | null = null,
) {
  const { startMs, endMs } = localDayBounds(day, timeZone);
  return occurrencesBetween(schedule, timeZone, startsOn, endsOn, startMs, endMs).map(iso);
}

/** nextOccurrence, called again and again from `fromMs` until `toMs`. */
function chain(
  schedule: ReminderSchedule,
  timeZone: string,
  startsOn: string,
  endsOn: string | null,
  fromMs: number,
  toMs: number,
) {
  const out: number[] = [];
  for (
    let t = nextOccurrence(schedule, timeZone, startsOn, endsOn, fromMs - 1);
    t !== null && t < toMs;
    t = nextOccurrence(schedule, timeZone, startsOn, endsOn, t)
  ) {
    out.push(t);
  }
  return out;
}

describe('local days and wall-clock times', () => {
  it('gives the local day of an instant', () => {
    expect(localDayOf(at('2026-03-28T23:30:00Z'), 'Europe/Paris')).toBe('2026-03-29');
    expect(localDayOf(at('2026-03-28T22:30:00Z'), 'Europe/Paris')).toBe('2026-03-28');
    expect(localDayOf(at('2026-05-31T12:30:00Z'), 'Pacific/Auckland')).toBe('2026-06-01');
    expect(localDayOf(at('2026-06-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-05-31');
  });

  it('bounds local days of 23 and 25 hours', () => {
    const spring = localDayBounds('2026-03-29', 'Europe/Paris');
    expect([iso(spring.startMs), iso(spring.endMs)]).toEqual([
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ]);
    expect(spring.endMs - spring.startMs).toBe(23 * HOUR);
    const autumn = localDayBounds('2026-10-25', 'Europe/Paris');
    expect([iso(autumn.startMs), iso(autumn.endMs)]).toEqual([
      '2026-10-24T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z',
    ]);
    expect(autumn.endMs - autumn.startMs).toBe(25 * HOUR);
    expect(
      localDayBounds('2026-06-15', 'Europe/Paris').endMs -
        localDayBounds('2026-06-15', 'Europe/Paris').startMs,
    ).toBe(DAY);
    expect(
      localDayBounds('2026-03-08', 'America/New_York').endMs -
        localDayBounds('2026-03-08', 'America/New_York').startMs,
    ).toBe(23 * HOUR);
    // Chile moves its clocks at midnight: the day starts when the clock jumps to 01:00.
    const santiago = localDayBounds('2026-09-06', 'America/Santiago');
    expect(iso(santiago.startMs)).toBe('2026-09-06T04:00:00.000Z');
    expect(santiago.endMs - santiago.startMs).toBe(23 * HOUR);
    const santiagoAutumn = localDayBounds('2026-04-04', 'America/Santiago');
    expect([iso(santiagoAutumn.startMs), iso(santiagoAutumn.endMs)]).toEqual([
      '2026-04-04T03:00:00.000Z',
      '2026-04-05T04:00:00.000Z',
    ]);
  });

  it('maps wall times to instants: gaps shift forward, repeated times take the first instant', () => {
    expect(iso(zonedWallTimeToInstant('2026-03-29', '02:30', 'Europe/Paris'))).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(iso(zonedWallTimeToInstant('2026-03-29', '03:30', 'Europe/Paris'))).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(iso(zonedWallTimeToInstant('2026-10-25', '02:30', 'Europe/Paris'))).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(iso(zonedWallTimeToInstant('2026-10-25', '03:30', 'Europe/Paris'))).toBe(
      '2026-10-25T02:30:00.000Z',
    );
    expect(iso(zonedWallTimeToInstant('2026-01-15', '08:00', 'UTC'))).toBe(
      '2026-01-15T08:00:00.000Z',
    );
  });

  it('refuses malformed days, times and zones', () => {
    expect(() => zonedWallTimeToInstant('2026-02-30', '08:00', 'Europe/Paris')).toThrow(RangeError);
    expect(() => zonedWallTimeToInstant('2026-02-10', '24:00', 'Europe/Paris')).toThrow(RangeError);
    expect(() => localDayBounds('26-02-10', 'Europe/Paris')).toThrow(RangeError);
    expect(() => localDayOf(0, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('quiet hours', () => {
  it('wraps past midnight when the start is after the end', () => {
    const inQuiet = (text: string) => isInQuietHours(at(text), 'Europe/Paris', '22:00', '07:00');
    expect(inQuiet('2026-01-10T21:30:00Z')).toBe(true); // 22:30
    expect(inQuiet('2026-01-10T20:59:00Z')).toBe(false); // 21:59
    expect(inQuiet('2026-01-10T21:00:00Z')).toBe(true); // 22:00, start included
    expect(inQuiet('2026-01-11T02:00:00Z')).toBe(true); // 03:00
    expect(inQuiet('2026-01-11T05:59:00Z')).toBe(true); // 06:59
    expect(inQuiet('2026-01-11T06:00:00Z')).toBe(false); // 07:00, end excluded
    expect(inQuiet('2026-07-11T05:30:00Z')).toBe(false); // 07:30 CEST (05:30 UTC is 06:30 in winter)
    expect(inQuiet('2026-01-11T05:30:00Z')).toBe(true); // 06:30 CET
  });

  it('handles a range within a day and an empty range', () => {
    expect(isInQuietHours(at('2026-01-10T12:30:00Z'), 'Europe/Paris', '12:00', '14:00')).toBe(true); // 13:30
    expect(isInQuietHours(at('2026-01-10T13:00:00Z'), 'Europe/Paris', '12:00', '14:00')).toBe(
      false,
    ); // 14:00
    expect(isInQuietHours(at('2026-01-10T10:59:00Z'), 'Europe/Paris', '12:00', '14:00')).toBe(
      false,
    ); // 11:59
    expect(isInQuietHours(at('2026-01-10T21:30:00Z'), 'Europe/Paris', '22:00', '22:00')).toBe(
      false,
    );
  });
});

describe('a daily time on DST days: exactly one occurrence, at the right instant', () => {
  // [zone, local day, time, expected instant, what happens]
  const cases: [string, string, string, string, string][] = [
    ['Europe/Paris', '2026-03-29', '02:30', '2026-03-29T01:30:00.000Z', 'gap: fires at 03:30 CEST'],
    [
      'Europe/Paris',
      '2026-03-29',
      '08:00',
      '2026-03-29T06:00:00.000Z',
      'normal time, summer offset',
    ],
    [
      'Europe/Paris',
      '2026-10-25',
      '02:30',
      '2026-10-25T00:30:00.000Z',
      'overlap: first 02:30 (CEST) only',
    ],
    [
      'Europe/Paris',
      '2026-10-25',
      '08:00',
      '2026-10-25T07:00:00.000Z',
      'normal time, winter offset',
    ],
    [
      'America/New_York',
      '2026-03-08',
      '02:30',
      '2026-03-08T07:30:00.000Z',
      'gap: fires at 03:30 EDT',
    ],
    ['America/New_York', '2026-03-08', '08:00', '2026-03-08T12:00:00.000Z', 'normal time'],
    [
      'America/New_York',
      '2026-11-01',
      '01:30',
      '2026-11-01T05:30:00.000Z',
      'overlap: first 01:30 (EDT) only',
    ],
    ['America/New_York', '2026-11-01', '08:00', '2026-11-01T13:00:00.000Z', 'normal time'],
    [
      'Australia/Sydney',
      '2026-04-05',
      '02:30',
      '2026-04-04T15:30:00.000Z',
      'overlap: first 02:30 (AEDT) only',
    ],
    ['Australia/Sydney', '2026-04-05', '08:00', '2026-04-04T22:00:00.000Z', 'normal time'],
    [
      'Australia/Sydney',
      '2026-10-04',
      '02:30',
      '2026-10-03T16:30:00.000Z',
      'gap: fires at 03:30 AEDT',
    ],
    ['Australia/Sydney', '2026-10-04', '08:00', '2026-10-03T21:00:00.000Z', 'normal time'],
    [
      'Pacific/Chatham',
      '2026-04-05',
      '03:00',
      '2026-04-04T13:15:00.000Z',
      'overlap at +13:45/+12:45',
    ],
    [
      'Pacific/Chatham',
      '2026-09-27',
      '03:00',
      '2026-09-26T14:15:00.000Z',
      'gap: fires at 04:00 +13:45',
    ],
  ];

  it.each(cases)('%s %s %s → %s (%s)', (timeZone, day, time, expected) => {
    const schedule = weekly([time]);
    expect(onDay(schedule, timeZone, day)).toEqual([expected]);
    expect(
      onDay(
        rrule(`FREQ=DAILY;BYHOUR=${Number(time.slice(0, 2))};BYMINUTE=${Number(time.slice(3))}`),
        timeZone,
        day,
      ),
    ).toEqual([expected]);
    // Reached from the day before, and followed by the next day's (never the repeated time).
    const { startMs, endMs } = localDayBounds(day, timeZone);
    expect(iso(nextOccurrence(schedule, timeZone, '2026-01-01', null, startMs - 1))).toBe(expected);
    const following = nextOccurrence(schedule, timeZone, '2026-01-01', null, at(expected));
    expect(following).not.toBeNull();
    expect(following!).toBeGreaterThanOrEqual(endMs);
    expect(localDayOf(following!, timeZone)).not.toBe(day);
    expect(following! - at(expected)).toBeGreaterThan(22 * HOUR);
  });

  it('fires once, the next day, when asked between the two instances of a repeated time', () => {
    // 00:45Z on 25 Oct is 02:45 CEST: the first 02:30 has passed, the second (01:30Z) must not fire.
    expect(
      iso(
        nextOccurrence(
          weekly(['02:30']),
          'Europe/Paris',
          '2026-01-01',
          null,
          at('2026-10-25T00:45:00Z'),
        ),
      ),
    ).toBe('2026-10-26T01:30:00.000Z');
    expect(
      iso(
        nextOccurrence(
          weekly(['01:30']),
          'America/New_York',
          '2026-01-01',
          null,
          at('2026-11-01T05:45:00Z'),
        ),
      ),
    ).toBe('2026-11-02T06:30:00.000Z');
  });

  it('still fires a skipped time asked for just after the gap (its wall time is already past)', () => {
    // 01:00Z is 03:00 CEST: the 02:30 of that day, shifted to 03:30 CEST (01:30Z), is still ahead.
    expect(
      iso(
        nextOccurrence(
          weekly(['02:30']),
          'Europe/Paris',
          '2026-01-01',
          null,
          at('2026-03-29T01:00:00Z'),
        ),
      ),
    ).toBe('2026-03-29T01:30:00.000Z');
    expect(
      iso(
        nextOccurrence(
          rrule('FREQ=DAILY;BYHOUR=2;BYMINUTE=30'),
          'Europe/Paris',
          '2026-01-01',
          null,
          at('2026-03-29T01:00:00Z'),
        ),
      ),
    ).toBe('2026-03-29T01:30:00.000Z');
  });

  it('orders by instant when the gap puts an earlier wall time after a later one', () => {
    // 02:59 (skipped) fires at 03:59 CEST = 01:59Z, after 03:10 CEST = 01:10Z.
    const schedule = weekly(['02:59', '03:10']);
    expect(
      iso(nextOccurrence(schedule, 'Europe/Paris', '2026-01-01', null, at('2026-03-29T00:30:00Z'))),
    ).toBe('2026-03-29T01:10:00.000Z');
    expect(
      iso(nextOccurrence(schedule, 'Europe/Paris', '2026-01-01', null, at('2026-03-29T01:10:00Z'))),
    ).toBe('2026-03-29T01:59:00.000Z');
    expect(onDay(schedule, 'Europe/Paris', '2026-03-29')).toEqual([
      '2026-03-29T01:10:00.000Z',
      '2026-03-29T01:59:00.000Z',
    ]);
  });

  it('gives one occurrence when two times land on the same instant', () => {
    const schedule = weekly(['02:30', '03:30']);
    expect(onDay(schedule, 'Europe/Paris', '2026-03-29')).toEqual(['2026-03-29T01:30:00.000Z']);
    expect(onDay(schedule, 'Europe/Paris', '2026-03-28')).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-28T02:30:00.000Z',
    ]);
    expect(onDay(schedule, 'Europe/Paris', '2026-10-25')).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T02:30:00.000Z',
    ]);
  });

  it('keeps times around a repeated hour in order, each once', () => {
    expect(onDay(weekly(['01:30', '02:30', '03:30']), 'Europe/Paris', '2026-10-25')).toEqual([
      '2026-10-24T23:30:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T02:30:00.000Z',
    ]);
  });

  it('puts every daily time of a whole year on its own local day, 23 to 25 hours apart', () => {
    const zones = [
      'Europe/Paris',
      'America/New_York',
      'Australia/Sydney',
      'Pacific/Chatham',
      'America/Santiago',
      'Australia/Lord_Howe',
      'UTC',
    ];
    for (const timeZone of zones) {
      const from = localDayBounds('2026-01-01', timeZone).startMs;
      const to = localDayBounds('2027-01-01', timeZone).startMs;
      for (const time of ['00:15', '02:30', '08:00', '23:45']) {
        const schedule = weekly([time]);
        const all = occurrencesBetween(schedule, timeZone, '2026-01-01', null, from, to);
        expect(all, `${timeZone} ${time}`).toHaveLength(365);
        expect(new Set(all.map((t) => localDayOf(t, timeZone))).size).toBe(365);
        for (let i = 1; i < all.length; i++) {
          const gap = all[i]! - all[i - 1]!;
          expect(gap).toBeGreaterThanOrEqual(23 * HOUR);
          expect(gap).toBeLessThanOrEqual(25 * HOUR);
        }
        // nextOccurrence, called from each occurrence, walks the very same list.
        expect(chain(schedule, timeZone, '2026-01-01', null, from, to)).toEqual(all);
      }
    }
  });
});

describe('weekly schedules', () => {
  it('uses local weekdays (a Monday 00:30 in Auckland is Sunday in UTC)', () => {
    const monday = weekly(['00:30'], [1]);
    const next = nextOccurrence(
      monday,
      'Pacific/Auckland',
      '2026-05-25',
      null,
      at('2026-05-27T00:00:00Z'),
    );
    expect(iso(next)).toBe('2026-05-31T12:30:00.000Z');
    expect(localDayOf(next!, 'Pacific/Auckland')).toBe('2026-06-01');
    // A Sunday 23:30 in Los Angeles is Monday in UTC.
    expect(
      iso(
        nextOccurrence(
          weekly(['23:30'], [7]),
          'America/Los_Angeles',
          '2026-06-01',
          null,
          at('2026-06-01T00:00:00Z'),
        ),
      ),
    ).toBe('2026-06-08T06:30:00.000Z');
  });

  it('fires on the chosen days at each time, in order', () => {
    // Mondays and Thursdays at 08:00 and 20:00, June 2026 (1 June is a Monday), Paris (UTC+2).
    const list = occurrencesBetween(
      weekly(['20:00', '08:00'], [4, 1]),
      'Europe/Paris',
      '2026-06-01',
      null,
      at('2026-06-01T00:00:00Z'),
      at('2026-06-09T00:00:00Z'),
    );
    expect(list.map(iso)).toEqual([
      '2026-06-01T06:00:00.000Z',
      '2026-06-01T18:00:00.000Z',
      '2026-06-04T06:00:00.000Z',
      '2026-06-04T18:00:00.000Z',
      '2026-06-08T06:00:00.000Z',
      '2026-06-08T18:00:00.000Z',
    ]);
  });

  it('respects the first day, the last day (included), and ends', () => {
    const daily = weekly(['08:00']);
    expect(
      iso(
        nextOccurrence(
          daily,
          'Europe/Paris',
          '2026-06-10',
          '2026-06-12',
          at('2026-06-01T00:00:00Z'),
        ),
      ),
    ).toBe('2026-06-10T06:00:00.000Z');
    const june = occurrencesBetween(
      daily,
      'Europe/Paris',
      '2026-06-10',
      '2026-06-12',
      at('2026-06-01T00:00:00Z'),
      at('2026-07-01T00:00:00Z'),
    );
    expect(june.map(iso)).toEqual([
      '2026-06-10T06:00:00.000Z',
      '2026-06-11T06:00:00.000Z',
      '2026-06-12T06:00:00.000Z',
    ]);
    expect(
      nextOccurrence(daily, 'Europe/Paris', '2026-06-10', '2026-06-12', at('2026-06-12T06:00:00Z')),
    ).toBeNull();
    expect(
      nextOccurrence(daily, 'Europe/Paris', '2026-06-10', '2026-06-12', at('2027-01-01T00:00:00Z')),
    ).toBeNull();
    // A one-day reminder.
    expect(
      occurrencesBetween(
        daily,
        'Europe/Paris',
        '2026-06-10',
        '2026-06-10',
        0,
        at('2030-01-01T00:00:00Z'),
      ).map(iso),
    ).toEqual(['2026-06-10T06:00:00.000Z']);
  });

  it('is strictly after afterMs, and occurrencesBetween is [from, to)', () => {
    const daily = weekly(['08:00']);
    expect(
      iso(nextOccurrence(daily, 'Europe/Paris', '2026-01-01', null, at('2026-06-10T06:00:00Z'))),
    ).toBe('2026-06-11T06:00:00.000Z');
    expect(
      iso(
        nextOccurrence(daily, 'Europe/Paris', '2026-01-01', null, at('2026-06-10T05:59:59.999Z')),
      ),
    ).toBe('2026-06-10T06:00:00.000Z');
    const list = occurrencesBetween(
      daily,
      'Europe/Paris',
      '2026-01-01',
      null,
      at('2026-06-10T06:00:00Z'),
      at('2026-06-12T06:00:00Z'),
    );
    expect(list.map(iso)).toEqual(['2026-06-10T06:00:00.000Z', '2026-06-11T06:00:00.000Z']);
    expect(
      occurrencesBetween(
        daily,
        'Europe/Paris',
        '2026-01-01',
        null,
        at('2026-06-12T00:00:00Z'),
        at('2026-06-11T00:00:00Z'),
      ),
    ).toEqual([]);
  });

  it('throws on a malformed schedule instead of guessing', () => {
    expect(() => nextOccurrence(weekly(['8h']), 'Europe/Paris', '2026-01-01', null, 0)).toThrow(
      RangeError,
    );
    expect(() =>
      nextOccurrence(weekly(['08:00'], [0]), 'Europe/Paris', '2026-01-01', null, 0),
    ).toThrow(RangeError);
    expect(() =>
      nextOccurrence(rrule('FREQ=NEVER'), 'Europe/Paris', '2026-01-01', null, 0),
    ).toThrow(RangeError);
  });
});

describe('RRULE schedules', () => {
  it('fires Mondays and Thursdays at 08:30 local, across the spring change', () => {
    const list = occurrencesBetween(
      rrule('FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=8;BYMINUTE=30'),
      'Europe/Paris',
      '2026-03-23',
      null,
      at('2026-03-20T00:00:00Z'),
      at('2026-04-04T00:00:00Z'),
    );
    expect(list.map(iso)).toEqual([
      '2026-03-23T07:30:00.000Z',
      '2026-03-26T07:30:00.000Z',
      '2026-03-30T06:30:00.000Z',
      '2026-04-02T06:30:00.000Z',
    ]);
  });

  it('fires every other day at 21:00 local, across the autumn change', () => {
    const schedule = rrule('FREQ=DAILY;INTERVAL=2;BYHOUR=21;BYMINUTE=0');
    const list = occurrencesBetween(
      schedule,
      'Europe/Paris',
      '2026-10-23',
      null,
      at('2026-10-01T00:00:00Z'),
      at('2026-10-29T00:00:00Z'),
    );
    expect(list.map(iso)).toEqual([
      '2026-10-23T19:00:00.000Z',
      '2026-10-25T20:00:00.000Z',
      '2026-10-27T20:00:00.000Z',
    ]);
    expect(
      iso(nextOccurrence(schedule, 'Europe/Paris', '2026-10-23', null, at('2026-10-23T19:00:00Z'))),
    ).toBe('2026-10-25T20:00:00.000Z');
  });

  it('stops after COUNT occurrences, counted from the first day', () => {
    const schedule = rrule('FREQ=DAILY;BYHOUR=9;BYMINUTE=0;COUNT=3');
    const list = occurrencesBetween(
      schedule,
      'Europe/Paris',
      '2026-01-10',
      null,
      at('2026-01-01T00:00:00Z'),
      at('2026-02-01T00:00:00Z'),
    );
    expect(list.map(iso)).toEqual([
      '2026-01-10T08:00:00.000Z',
      '2026-01-11T08:00:00.000Z',
      '2026-01-12T08:00:00.000Z',
    ]);
    expect(
      iso(nextOccurrence(schedule, 'Europe/Paris', '2026-01-10', null, at('2026-01-11T08:00:00Z'))),
    ).toBe('2026-01-12T08:00:00.000Z');
    expect(
      nextOccurrence(schedule, 'Europe/Paris', '2026-01-10', null, at('2026-01-12T08:00:00Z')),
    ).toBeNull();
    expect(
      nextOccurrence(schedule, 'Europe/Paris', '2026-01-10', null, at('2028-01-01T00:00:00Z')),
    ).toBeNull();
  });

  it('stops at UNTIL, a local wall time (a date alone includes that day)', () => {
    const from = at('2026-01-01T00:00:00Z');
    const to = at('2026-02-01T00:00:00Z');
    const dateOnly = occurrencesBetween(
      rrule('FREQ=DAILY;BYHOUR=9;BYMINUTE=0;UNTIL=20260112'),
      'Europe/Paris',
      '2026-01-10',
      null,
      from,
      to,
    );
    expect(dateOnly.map(iso)).toEqual([
      '2026-01-10T08:00:00.000Z',
      '2026-01-11T08:00:00.000Z',
      '2026-01-12T08:00:00.000Z',
    ]);
    const withTime = occurrencesBetween(
      rrule('FREQ=DAILY;BYHOUR=9;BYMINUTE=0;UNTIL=20260112T085900'),
      'Europe/Paris',
      '2026-01-10',
      null,
      from,
      to,
    );
    expect(withTime.map(iso)).toEqual(['2026-01-10T08:00:00.000Z', '2026-01-11T08:00:00.000Z']);
    // 09:00 local on the 12th is 08:00Z: an UNTIL read as UTC would have kept it too.
    const atNine = occurrencesBetween(
      rrule('FREQ=DAILY;BYHOUR=9;BYMINUTE=0;UNTIL=20260112T090000Z'),
      'Europe/Paris',
      '2026-01-10',
      null,
      from,
      to,
    );
    expect(atNine).toHaveLength(3);
    expect(
      nextOccurrence(
        rrule('FREQ=DAILY;BYHOUR=9;BYMINUTE=0;UNTIL=20260112'),
        'Europe/Paris',
        '2026-01-10',
        null,
        at('2026-01-12T08:00:00Z'),
      ),
    ).toBeNull();
  });

  it('gives 23 hourly occurrences on the spring day and 24 on the autumn day', () => {
    const hourly = rrule('FREQ=HOURLY');
    const spring = onDay(hourly, 'Europe/Paris', '2026-03-29');
    expect(spring).toHaveLength(23);
    expect(new Set(spring).size).toBe(23);
    expect(spring[0]).toBe('2026-03-28T23:00:00.000Z');
    const autumn = onDay(hourly, 'Europe/Paris', '2026-10-25');
    // 02:00 happens twice, fires once: 24 wall times, 24 occurrences, one 2-hour gap.
    expect(autumn).toHaveLength(24);
    expect(autumn.slice(1, 5)).toEqual([
      '2026-10-24T23:00:00.000Z',
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
      '2026-10-25T03:00:00.000Z',
    ]);
  });

  it('starts on the first day even for a rule without times (midnight)', () => {
    expect(iso(nextOccurrence(rrule('FREQ=WEEKLY'), 'Europe/Paris', '2026-06-03', null, 0))).toBe(
      '2026-06-02T22:00:00.000Z',
    );
    expect(
      iso(
        nextOccurrence(
          rrule('FREQ=WEEKLY'),
          'Europe/Paris',
          '2026-06-03',
          null,
          at('2026-06-02T22:00:00Z'),
        ),
      ),
    ).toBe('2026-06-09T22:00:00.000Z');
  });

  it('matches plain rrule iterating from the first day (own expansion, restarted chunks, COUNT, UNTIL)', () => {
    // In UTC wall time and instant are one: compare with rrule iterating from DTSTART, on rules
    // it expands soundly.
    // [rule, last year asked about]: plain rrule is slow on long hourly and minutely runs.
    const rules: [string, number][] = [
      ['FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=8;BYMINUTE=30', 2030],
      ['FREQ=WEEKLY;INTERVAL=3;BYDAY=TU,SA;BYHOUR=6,20;BYMINUTE=15', 2030],
      ['FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=SU,MO', 2030],
      ['FREQ=WEEKLY;INTERVAL=2', 2030],
      ['FREQ=WEEKLY;BYMONTH=3,4;BYDAY=SA;BYHOUR=10', 2030],
      ['FREQ=DAILY', 2030],
      ['FREQ=DAILY;INTERVAL=3;BYHOUR=7,19;BYMINUTE=5', 2030],
      ['FREQ=DAILY;BYDAY=MO,WE,FR;BYHOUR=7,19;BYMINUTE=30', 2030],
      ['FREQ=DAILY;BYMONTH=1,7;BYMONTHDAY=1,15,-1;BYHOUR=9;BYMINUTE=0', 2030],
      ['FREQ=DAILY;INTERVAL=10;BYMONTHDAY=13;BYDAY=FR', 2030],
      ['FREQ=DAILY;BYHOUR=9;BYMINUTE=0;UNTIL=20290315T090000', 2030],
      ['FREQ=DAILY;BYHOUR=9;BYMINUTE=0;COUNT=400', 2030],
      ['FREQ=MONTHLY;BYDAY=-1FR;BYHOUR=18;BYMINUTE=0', 2030],
      ['FREQ=MONTHLY;INTERVAL=5', 2030],
      ['FREQ=MONTHLY;BYMONTHDAY=31,-10', 2030],
      ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;BYHOUR=17;BYMINUTE=0', 2030],
      ['FREQ=MONTHLY;BYMONTHDAY=13;BYDAY=FR;COUNT=7', 2030],
      ['FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29;BYHOUR=7;BYMINUTE=0', 2030],
      ['FREQ=YEARLY;INTERVAL=2', 2030],
      ['FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO', 2030],
      ['FREQ=YEARLY;BYYEARDAY=100,-1;BYHOUR=12', 2030],
      ['FREQ=HOURLY;INTERVAL=7;BYMINUTE=10', 2026],
      ['FREQ=HOURLY;INTERVAL=5;BYHOUR=8,9,10,11,12,13,14,15,16,17,18', 2026],
      ['FREQ=HOURLY;INTERVAL=3;BYHOUR=9,12,15,18;BYMINUTE=0,30', 2026],
      ['FREQ=HOURLY;BYYEARDAY=1,-1,200', 2026],
      ['FREQ=HOURLY;INTERVAL=5;BYMONTHDAY=1', 2026],
      ['FREQ=MINUTELY;INTERVAL=47', 2026],
      ['FREQ=MINUTELY;INTERVAL=15;BYHOUR=9,10;BYMINUTE=0,15,45', 2026],
      ['FREQ=MINUTELY;INTERVAL=30;BYDAY=SA,SU', 2026],
    ];
    const startsOn = '2026-01-31';
    for (const [rule, lastYear] of rules) {
      const reference = new RRule(
        { ...RRule.parseString(rule), dtstart: new Date(Date.UTC(2026, 0, 31)) },
        true,
      );
      const end = lastYear >= 2030 ? Date.UTC(lastYear, 8, 1) : Date.UTC(lastYear, 7, 1);
      const step =
        lastYear >= 2030 ? 37 * DAY + 7 * HOUR + 13 * 60_000 : 29 * DAY + 5 * HOUR + 11 * 60_000;
      for (let after = Date.UTC(2025, 11, 1); after < end; after += step) {
        const expected = reference.after(new Date(after), false);
        expect(
          iso(nextOccurrence(rrule(rule), 'UTC', startsOn, null, after)),
          `${rule} after ${iso(after)}`,
        ).toBe(expected ? expected.toISOString() : null);
      }
      const from = end - 45 * DAY - 5 * HOUR;
      const to = end;
      expect(occurrencesBetween(rrule(rule), 'UTC', startsOn, null, from, to), rule).toEqual(
        reference.between(new Date(from), new Date(to - 1), true).map((d) => d.getTime()),
      );
    }
  }, 60_000);

  it('yields times in order whatever the order of BYHOUR (rrule would not)', () => {
    for (const [given, ordered] of [
      ['FREQ=DAILY;BYHOUR=19,7;BYMINUTE=45,15', 'FREQ=DAILY;BYHOUR=7,19;BYMINUTE=15,45'],
      ['FREQ=MONTHLY;BYMONTHDAY=15,1;BYHOUR=19,7', 'FREQ=MONTHLY;BYMONTHDAY=1,15;BYHOUR=7,19'],
    ] as const) {
      const list = occurrencesBetween(
        rrule(given),
        'Europe/Paris',
        '2026-01-01',
        null,
        Date.UTC(2026, 0, 1),
        Date.UTC(2026, 3, 1),
      );
      expect(list).toEqual([...list].sort((a, b) => a - b));
      expect(list).toEqual(
        occurrencesBetween(
          rrule(ordered),
          'Europe/Paris',
          '2026-01-01',
          null,
          Date.UTC(2026, 0, 1),
          Date.UTC(2026, 3, 1),
        ),
      );
      expect(
        nextOccurrence(rrule(given), 'Europe/Paris', '2026-01-01', null, Date.UTC(2026, 1, 15, 12)),
      ).toBe(list.find((t) => t > Date.UTC(2026, 1, 15, 12)));
    }
  });

  it('follows RFC 5545 where rrule drifts: MINUTELY steps count from the first day, BYHOUR only filters', () => {
    // Every 50 minutes from 1 January 00:00: 09:10 that day, then 09:20, 09:30 (1440 = 28 × 50 + 40).
    const list = occurrencesBetween(
      rrule('FREQ=MINUTELY;INTERVAL=50;BYHOUR=9'),
      'UTC',
      '2026-01-01',
      null,
      0,
      Date.UTC(2026, 0, 4),
    );
    expect(list.map(iso)).toEqual([
      '2026-01-01T09:10:00.000Z',
      '2026-01-02T09:20:00.000Z',
      '2026-01-03T09:30:00.000Z',
    ]);
  });

  it('answers at once on rules rrule itself would loop on or walk to the year 9999 with', () => {
    // rrule 2.8.1 never returns on the first; the next ones walk thousands of years of periods.
    const rules = [
      'FREQ=HOURLY;INTERVAL=2;BYHOUR=1',
      'FREQ=MINUTELY;INTERVAL=10;BYMINUTE=5',
      'FREQ=MINUTELY;INTERVAL=120;BYHOUR=1',
      'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
      'FREQ=HOURLY;BYMONTH=4;BYMONTHDAY=31',
      'FREQ=DAILY;INTERVAL=7;BYDAY=TU', // from a Monday: every 7th day is a Monday
      'FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30',
      'FREQ=MONTHLY;INTERVAL=6;BYMONTH=2', // from January: January and July only
      'FREQ=YEARLY;BYMONTH=4;BYMONTHDAY=31',
    ];
    for (const rule of rules) {
      expect(checkSchedule(rrule(rule), 'Europe/Paris', '2026-01-05', null), rule).toBe(
        'neverFires',
      );
      expect(
        nextOccurrence(rrule(rule), 'Europe/Paris', '2026-01-05', null, Date.UTC(2026, 5, 1)),
        rule,
      ).toBeNull();
      expect(
        occurrencesBetween(
          rrule(rule),
          'Europe/Paris',
          '2026-01-05',
          null,
          Date.UTC(2026, 0, 1),
          Date.UTC(2031, 0, 1),
        ),
        rule,
      ).toEqual([]);
    }
  });

  it('agrees with itself: nextOccurrence chained equals occurrencesBetween, across DST', () => {
    for (const rule of [
      'FREQ=HOURLY;INTERVAL=5',
      'FREQ=DAILY;BYHOUR=1,2,3;BYMINUTE=30',
      'FREQ=WEEKLY;BYDAY=SU;BYHOUR=2,3;BYMINUTE=0,45',
    ]) {
      for (const timeZone of ['Europe/Paris', 'Australia/Sydney', 'Pacific/Chatham']) {
        const from = at('2026-03-01T00:00:00Z');
        const to = at('2026-11-15T00:00:00Z');
        const all = occurrencesBetween(rrule(rule), timeZone, '2026-02-15', null, from, to);
        expect(all.length).toBeGreaterThan(20);
        expect(
          chain(rrule(rule), timeZone, '2026-02-15', null, from, to),
          `${rule} ${timeZone}`,
        ).toEqual(all);
      }
    }
  });
});

describe('checkSchedule', () => {
  const check = (
    schedule: ReminderSchedule,
    startsOn = '2026-06-01',
    endsOn: string | null = null,
    timeZone = 'Europe/Paris',
  ) => checkSchedule(schedule, timeZone, startsOn, endsOn);

  it('accepts ordinary schedules', () => {
    expect(check(weekly(['08:00', '12:00', '20:00']))).toBe('ok');
    expect(check(weekly(['08:00', '08:05']))).toBe('ok'); // exactly 5 minutes is allowed
    expect(check(weekly(['23:58', '00:03']))).toBe('ok');
    expect(check(weekly(['23:58', '00:01'], [1]))).toBe('ok'); // Monday 00:01 and Monday 23:58
    expect(check(weekly(['02:30']), '2026-03-29', '2026-03-29')).toBe('ok');
    expect(check(rrule('FREQ=WEEKLY;BYDAY=MO,TH;BYHOUR=8;BYMINUTE=30'))).toBe('ok');
    expect(check(rrule('freq=daily;interval=2;byhour=21;byminute=0'))).toBe('ok');
    expect(check(rrule('FREQ=HOURLY'))).toBe('ok');
    expect(check(rrule('FREQ=MINUTELY;INTERVAL=5'))).toBe('ok');
    expect(check(rrule('FREQ=DAILY;BYHOUR=8;BYMINUTE=0;BYSECOND=0'))).toBe('ok');
    expect(check(rrule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29'))).toBe('ok'); // 2028
    expect(check(rrule('FREQ=DAILY;COUNT=2'))).toBe('ok');
  });

  it('refuses schedules that never fire', () => {
    expect(check(rrule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30'))).toBe('neverFires');
    expect(check(rrule('FREQ=DAILY;UNTIL=20260501'))).toBe('neverFires'); // ends before the first day
    expect(check(rrule('FREQ=MONTHLY;BYMONTHDAY=15'), '2026-06-16', '2026-07-14')).toBe(
      'neverFires',
    );
    expect(check(rrule('FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29'), '2026-06-01', '2027-12-31')).toBe(
      'neverFires',
    );
    // 1 June 2026 is a Monday: no Saturday before the 3rd.
    expect(check(weekly(['08:00'], [6]), '2026-06-01', '2026-06-03')).toBe('neverFires');
    expect(check(weekly(['08:00'], [6]), '2026-06-01', '2026-06-06')).toBe('ok');
  });

  it('refuses schedules firing within 5 minutes', () => {
    expect(MIN_REMINDER_INTERVAL_MS).toBe(5 * 60_000);
    expect(check(rrule('FREQ=MINUTELY'))).toBe('tooFrequent');
    expect(check(rrule('FREQ=MINUTELY;INTERVAL=4'))).toBe('tooFrequent');
    expect(check(rrule('FREQ=DAILY;BYHOUR=8;BYMINUTE=0,2'))).toBe('tooFrequent');
    expect(check(rrule('FREQ=HOURLY;BYMINUTE=0,58'))).toBe('tooFrequent'); // 08:58 then 09:00
    expect(check(weekly(['08:00', '08:03']))).toBe('tooFrequent');
    expect(check(weekly(['20:00', '08:00', '08:04']))).toBe('tooFrequent');
    expect(check(weekly(['23:58', '00:01']))).toBe('tooFrequent'); // across midnight, every day
    expect(check(weekly(['23:58', '00:01'], [1, 2]))).toBe('tooFrequent'); // Monday 23:58, Tuesday 00:01
    expect(check(weekly(['23:58', '00:01'], [7, 1]))).toBe('tooFrequent'); // Sunday 23:58, Monday 00:01
    // …unless the reminder ends before the second day comes.
    expect(check(weekly(['23:58', '00:01'], [1, 2]), '2026-06-01', '2026-06-01')).toBe('ok');
  });

  it('refuses rules it cannot read or that carry what is not theirs to say', () => {
    const invalid = [
      'garbage',
      '',
      'FREQ=SECONDLY',
      'FREQ=SECONDLY;INTERVAL=600',
      'FREQ=DAILY;BYSECOND=30',
      'DTSTART:20260101T080000Z\nRRULE:FREQ=DAILY',
      'FREQ=DAILY;DTSTART=20260101T080000Z',
      'DTSTART;TZID=Europe/Paris:20260101T080000',
      'RRULE:FREQ=DAILY',
      'FREQ=DAILY;TZID=Europe/Paris',
      'FREQ=DAILY;RDATE=20260105',
      'FREQ=DAILY;EXDATE=20260105',
      'FREQ=DAILY\nFREQ=WEEKLY',
      'FREQ=DAILY;FREQ=WEEKLY',
      'FREQ=DAILY;',
      'BYHOUR=8',
      'FREQ=DAILY;BYHOUR=24',
      'FREQ=DAILY;BYMINUTE=60',
      'FREQ=DAILY;INTERVAL=0',
      'FREQ=DAILY;COUNT=3;UNTIL=20270101',
      'FREQ=DAILY;UNTIL=20270230',
      'FREQ=WEEKLY;BYMONTHDAY=1',
      'FREQ=DAILY;BYDAY=1MO',
      'FREQ=MONTHLY;BYWEEKNO=3',
      'FREQ=DAILY;BYSETPOS=1',
      'FREQ=WEEKLY;BYDAY=MO,TU;BYSETPOS=1',
      'FREQ=DAILY;COUNT=5001',
      'FREQ=YEARLY;BYEASTER=0',
      'FREQ=DAILY;BYDAY=XX',
    ];
    for (const rule of invalid)
      expect(check(rrule(rule)), JSON.stringify(rule)).toBe('ruleInvalid');
  });

  it('calls malformed input invalid rather than throwing', () => {
    expect(check(weekly(['08:00']), '2026-06-01', null, 'Mars/Olympus')).toBe('ruleInvalid');
    expect(check(weekly(['25:00']))).toBe('ruleInvalid');
    expect(check(weekly(['08:00']), '2026-13-01')).toBe('ruleInvalid');
    expect(check(weekly(['08:00'], [8]))).toBe('ruleInvalid');
  });
});
