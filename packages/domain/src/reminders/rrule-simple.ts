import { DAY_MS, HOUR_MS, MINUTE_MS, isoWeekdayOf } from '../shared/local-clock';
import type { RuleParts } from './rrule-parts';
import { greatestCommonDivisor, type WallWalker } from './wall-walk';

/** A lookup table of allowed values (index → allowed), or null when everything is allowed. */
function allowed(values: readonly number[] | null, size: number): Uint8Array | null {
  if (!values) return null;
  const table = new Uint8Array(size);
  for (const value of values) table[value] = 1;
  return table;
}

/**
 * DAILY, WEEKLY, HOURLY and MINUTELY rules, expanded here with arithmetic rather than by rrule:
 * rrule 2.8.1 never returns on some of them (FREQ=HOURLY;INTERVAL=2;BYHOUR=1 loops forever in
 * its DateTime.addHours), walks to the year 9999 on others (FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30:
 * seconds of a frozen server), and the scheduler needs these common rules fast. Here every loop
 * stops at the end of the period asked about. RFC 5545 semantics: the frequency and INTERVAL
 * step from DTSTART (the first day, 00:00); BYMONTH, BYMONTHDAY, BYYEARDAY and BYDAY keep days;
 * BYHOUR and BYMINUTE give the times of a DAILY or WEEKLY day and filter HOURLY and MINUTELY
 * steps (BYMINUTE gives the minutes of an HOURLY step). Tested against rrule on its sound cases.
 */
export function simpleRuleWalker(parts: RuleParts, startWall: number): WallWalker {
  const { freq, interval, until } = parts;
  const startDay = startWall / DAY_MS;
  const untilWall = until ?? Number.POSITIVE_INFINITY;
  const months = allowed(parts.bymonth, 13);
  // ISO weekdays (1 = Monday); a WEEKLY rule without BYDAY repeats the first day's weekday.
  const weekdays = allowed(
    parts.byday
      ? parts.byday.map((d) => d.weekday + 1)
      : freq === 'WEEKLY'
        ? [isoWeekdayOf(startDay)]
        : null,
    8,
  );
  const monthDays = parts.bymonthday;
  const yearDays = parts.byyearday;
  const hours = allowed(parts.byhour, 24);
  const minutes = freq === 'MINUTELY' ? allowed(parts.byminute, 60) : null;

  const dayKept = (day: number): boolean => {
    if (weekdays && !weekdays[isoWeekdayOf(day)]) return false;
    if (!months && !monthDays && !yearDays) return true;
    const date = new Date(day * DAY_MS);
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth();
    if (months && !months[month + 1]) return false;
    if (monthDays) {
      const monthDay = date.getUTCDate();
      const monthLength = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
      if (!monthDays.includes(monthDay) && !monthDays.includes(monthDay - monthLength - 1))
        return false;
    }
    if (yearDays) {
      const yearDay = day - Date.UTC(year, 0, 1) / DAY_MS + 1;
      const yearLength = (Date.UTC(year + 1, 0, 1) - Date.UTC(year, 0, 1)) / DAY_MS;
      if (!yearDays.includes(yearDay) && !yearDays.includes(yearDay - yearLength - 1)) return false;
    }
    return true;
  };

  if (freq === 'DAILY' || freq === 'WEEKLY') {
    const timesOfDay = [
      ...new Set(
        (parts.byhour ?? [0]).flatMap((h) => (parts.byminute ?? [0]).map((m) => h * 60 + m)),
      ),
    ].sort((a, b) => a - b);
    // Weeks start on WKST (default Monday); a WEEKLY INTERVAL counts them from the first day's.
    const weekStart = (day: number) => day - ((isoWeekdayOf(day) - 1 - (parts.wkst ?? 0) + 7) % 7);
    const firstWeek = weekStart(startDay);
    const inStep = (day: number) =>
      freq === 'DAILY'
        ? (day - startDay) % interval === 0
        : ((weekStart(day) - firstWeek) / 7) % interval === 0;
    return (fromWall, toWall, visit) => {
      const end = Math.min(toWall, untilWall + 1);
      for (let day = Math.max(startDay, Math.floor(fromWall / DAY_MS)); day * DAY_MS < end; day++) {
        if (!inStep(day) || !dayKept(day)) continue;
        for (const minute of timesOfDay) {
          const wall = day * DAY_MS + minute * MINUTE_MS;
          if (wall < fromWall) continue;
          if (wall >= end || !visit(wall)) return;
        }
      }
    };
  }

  // HOURLY and MINUTELY: steps of INTERVAL hours or minutes from the first day's midnight. They
  // reach only the times of day that are multiples of gcd(INTERVAL, 24 h or 1440 min): when
  // BYHOUR and BYMINUTE allow none of those, the rule never fires (no need to walk to know).
  const stepMs = interval * (freq === 'HOURLY' ? HOUR_MS : MINUTE_MS);
  const reachable = greatestCommonDivisor(interval, freq === 'HOURLY' ? 24 : 1440);
  const allowedHours = parts.byhour ?? Array.from({ length: 24 }, (_, h) => h);
  const allowedMinutes =
    freq === 'MINUTELY' ? (parts.byminute ?? Array.from({ length: 60 }, (_, m) => m)) : [0];
  const everReached = allowedHours.some((h) =>
    allowedMinutes.some((m) => (freq === 'HOURLY' ? h : h * 60 + m) % reachable === 0),
  );
  if (!everReached) return () => undefined;
  const offsets =
    freq === 'HOURLY'
      ? [...new Set(parts.byminute ?? [0])].sort((a, b) => a - b).map((m) => m * MINUTE_MS)
      : [0];
  const lastOffset = offsets[offsets.length - 1] ?? 0;
  const firstStepFrom = (wall: number) => Math.max(0, Math.ceil((wall - startWall) / stepMs));
  return (fromWall, toWall, visit) => {
    const end = Math.min(toWall, untilWall + 1);
    let step = firstStepFrom(fromWall - lastOffset);
    for (let at = startWall + step * stepMs; at < end; at = startWall + step * stepMs) {
      const day = Math.floor(at / DAY_MS);
      if (!dayKept(day)) {
        step = firstStepFrom((day + 1) * DAY_MS);
        continue;
      }
      const hourStart = Math.floor(at / HOUR_MS) * HOUR_MS;
      if (hours && !hours[(hourStart - day * DAY_MS) / HOUR_MS]) {
        step = Math.max(step + 1, firstStepFrom(hourStart + HOUR_MS));
        continue;
      }
      step++;
      if (minutes && !minutes[(at - hourStart) / MINUTE_MS]) continue;
      for (const offset of offsets) {
        const wall = at + offset;
        if (wall < fromWall) continue;
        if (wall >= end || !visit(wall)) return;
      }
    }
  };
}

