import { addYears, DAY_MS, isoWeekdayOf, MINUTE_MS, minuteOfWall, minutesOf } from '../shared/local-clock';
import { instantToWall, isClearOfChanges, wallToInstant } from '../shared/zoned-time';
import { timeZoneSchema } from '../settings/settings.schemas';
import type { ReminderSchedule } from './reminders.schemas';
import { compiledRule, planOf, weeklyPatternOf, type Plan } from './schedule-plan';

/*
 * When a reminder fires, in the patient's time zone, daylight saving time included.
 *
 * A schedule is first a sequence of local wall-clock times (schedule-plan.ts): weekdays and days
 * are local ones, and the times an RRULE names (BYHOUR, BYMINUTE, UNTIL) are local wall-clock
 * times. Each becomes an instant through Temporal (shared/zoned-time.ts), 'compatible': a time
 * skipped by a spring-forward gap fires once, shifted forward by the gap (02:30 → 03:30); a time
 * that happens twice in autumn fires once, at its first instant. Two wall times landing on the
 * same instant (02:30 and 03:30 on the spring day) are one occurrence.
 */

/** A schedule may not fire more often than this (a rule every minute is refused). */
export const MIN_REMINDER_INTERVAL_MS = 5 * MINUTE_MS;

export type ScheduleVerdict = 'ok' | 'ruleInvalid' | 'neverFires' | 'tooFrequent';

/** How far nextOccurrence looks ahead before calling a schedule ended. */
const SEARCH_HORIZON_MS = 10 * 366 * DAY_MS;
/** A schedule must fire within this time of its first day (when it has no last day). */
const FIRES_WITHIN_YEARS = 5;
/** The spacing check looks at this many occurrences, or this many years, whichever is less. */
const SPACING_SAMPLE = 1000;
const SPACING_YEARS = 2;

/**
 * Whether an instant falls in quiet hours [start, end) of local wall-clock time. `start` after
 * `end` wraps past midnight (22:00–07:00); `start` equal to `end` is an empty range.
 */
export function isInQuietHours(ms: number, timeZone: string, start: string, end: string): boolean {
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (from === to) return false;
  const minute = minuteOfWall(instantToWall(ms, timeZone));
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

/**
 * Whether a schedule is acceptable: parses, fires at least once, never twice within 5 minutes.
 * Spacing is judged on wall-clock times: a DST change may bring two well-spaced times closer
 * once a year (01:58 and 03:01 on the spring day), which is no reason to refuse them. Malformed
 * input (unknown time zone, day or time, that the schema reports on its own fields) is
 * 'ruleInvalid'; this never throws.
 */
export function checkSchedule(
  schedule: ReminderSchedule,
  timeZone: string,
  startsOn: string,
  endsOn: string | null,
): ScheduleVerdict {
  let plan: Plan;
  try {
    if (!timeZoneSchema.safeParse(timeZone).success) return 'ruleInvalid';
    plan = planOf(schedule, startsOn, endsOn);
  } catch {
    return 'ruleInvalid';
  }
  const { startWall, endWall } = plan;
  const minGapMinutes = MIN_REMINDER_INTERVAL_MS / MINUTE_MS;

  if (schedule.type === 'weekly') {
    const { minutes, dayMask } = weeklyPatternOf(schedule);
    const firstDay = startWall / DAY_MS;
    const lastDay = endWall / DAY_MS - 1;
    const chosen = (day: number) => day <= lastDay && (dayMask & (1 << isoWeekdayOf(day))) !== 0;
    const firing: number[] = [];
    for (let day = firstDay; day < firstDay + 7; day++) if (chosen(day)) firing.push(day);
    const earliest = minutes[0];
    const latest = minutes[minutes.length - 1];
    if (firing.length === 0 || earliest === undefined || latest === undefined) return 'neverFires';
    for (let i = 1; i < minutes.length; i++)
      if ((minutes[i] ?? 0) - (minutes[i - 1] ?? 0) < minGapMinutes) return 'tooFrequent';
    // The last time of a day and the first of the next day (23:58 and 00:01).
    if (24 * 60 - latest + earliest < minGapMinutes && firing.some((day) => chosen(day + 1)))
      return 'tooFrequent';
    return 'ok';
  }

  const compiled = compiledRule(schedule.rule, startsOn);
  if (compiled?.freq === 'MINUTELY' && compiled.interval < minGapMinutes) return 'tooFrequent';
  let fires = false;
  plan.walk(startWall, Math.min(endWall, addYears(startWall, FIRES_WITHIN_YEARS)), () => {
    fires = true;
    return false;
  });
  if (!fires) return 'neverFires';
  let previous = Number.NaN;
  let seen = 0;
  let tooClose = false;
  plan.walk(startWall, Math.min(endWall, addYears(startWall, SPACING_YEARS)), (wall) => {
    tooClose = wall - previous < MIN_REMINDER_INTERVAL_MS;
    previous = wall;
    return !tooClose && ++seen < SPACING_SAMPLE;
  });
  return tooClose ? 'tooFrequent' : 'ok';
}

/**
 * The first occurrence strictly after `afterMs` (epoch ms), or null when the schedule has ended
 * (or would not fire within ten years). Throws a RangeError on a malformed schedule, zone or day.
 */
export function nextOccurrence(
  schedule: ReminderSchedule,
  timeZone: string,
  startsOn: string,
  endsOn: string | null,
  afterMs: number,
): number | null {
  const plan = planOf(schedule, startsOn, endsOn);
  const wallAfter = instantToWall(afterMs, timeZone);
  // Near a DST change a wall time a little before `wallAfter` may still be a later instant
  // (shifted by a gap), so the search then starts a day earlier.
  const fromWall = Math.max(
    plan.startWall,
    isClearOfChanges(afterMs, timeZone) ? wallAfter : wallAfter - DAY_MS,
  );
  const toWall = Math.min(plan.endWall, fromWall + SEARCH_HORIZON_MS);
  let best: number | null = null;
  let stopWall = Number.POSITIVE_INFINITY;
  plan.walk(fromWall, toWall, (wall) => {
    if (wall > stopWall) return false;
    const instant = wallToInstant(wall, timeZone);
    if (instant <= afterMs) return true;
    if (best === null || instant < best) best = instant;
    if (stopWall === Number.POSITIVE_INFINITY) {
      // Without a DST change around it, later wall times are later instants: this is the one.
      if (isClearOfChanges(instant, timeZone)) return false;
      // Otherwise a wall time up to a day later may come first (a gap shifts times forward).
      stopWall = wall + DAY_MS;
    }
    return true;
  });
  return best;
}

/**
 * Every occurrence in [fromMs, toMs), ascending, each instant once. Throws a RangeError on a
 * malformed schedule, zone or day. The caller bounds the period (one entry per occurrence).
 */
export function occurrencesBetween(
  schedule: ReminderSchedule,
  timeZone: string,
  startsOn: string,
  endsOn: string | null,
  fromMs: number,
  toMs: number,
): number[] {
  if (!Number.isFinite(fromMs) || !Number.isFinite(toMs)) throw new RangeError('unbounded period');
  const plan = planOf(schedule, startsOn, endsOn);
  const wallFrom = instantToWall(fromMs, timeZone); // an unknown zone throws, even for no period
  if (toMs <= fromMs) return [];
  // A day on each side: wall times that DST moves into the period.
  const fromWall = Math.max(plan.startWall, wallFrom - DAY_MS);
  const toWall = Math.min(plan.endWall, instantToWall(toMs, timeZone) + DAY_MS);
  const instants: number[] = [];
  plan.walk(fromWall, toWall, (wall) => {
    const instant = wallToInstant(wall, timeZone);
    if (instant >= fromMs && instant < toMs) instants.push(instant);
    return true;
  });
  instants.sort((a, b) => a - b);
  return instants.filter((instant, i) => i === 0 || instant !== instants[i - 1]);
}
