// The domain's one dependency besides zod (packages/domain/package.json): pure RFC 5545 expansion.
import * as rruleModule from 'rrule';
import type { Options, RRule as RRuleInstance } from 'rrule';
import {
  DAY_MS,
  HOUR_MS,
  MINUTE_MS,
  dayNumberToIsoDate,
  getZoneOffsetResolver,
  localDayNumber,
  localToUtc,
  type ZoneOffsetResolver,
} from '../glucose/timezone';
import type { ReminderSchedule } from './reminders.schemas';

/*
 * When a reminder fires, in the patient's time zone, daylight saving time included.
 *
 * Every schedule is first a sequence of local wall-clock times, "floating" times: milliseconds
 * since 1970-01-01T00:00 local, read with the UTC getters. Each becomes an instant with the
 * glucose module's localToUtc: a wall time skipped by a spring-forward gap fires once, shifted
 * forward by the gap (02:30 → 03:30); a wall time that happens twice in autumn fires once, at the
 * earlier instant. Two wall times landing on the same instant (02:30 and 03:30 on the spring day)
 * are one occurrence. Weekdays and days are local ones.
 *
 * RRULEs are expanded in floating time, from DTSTART = the first day at 00:00, and the times they
 * name (BYHOUR, BYMINUTE, UNTIL) are local wall-clock times. MONTHLY and YEARLY rules go through
 * the `rrule` package (without its TZID support: its DST handling is wrong); the simpler
 * frequencies are expanded here (see simpleRuleWalker for why).
 */

/** A schedule may not fire more often than this (a rule every minute is refused). */
export const MIN_REMINDER_INTERVAL_MS = 5 * MINUTE_MS;

export type ScheduleVerdict = 'ok' | 'ruleInvalid' | 'neverFires' | 'tooFrequent';

// Bundlers (Vite, esbuild) read rrule's ES build, which has named exports; Node's own loader
// (tsx in development) reads its CommonJS build and offers them only on the default export.
const rruleExports = rruleModule as unknown as Record<string, unknown>;
const { RRule, Weekday } = (
  rruleExports.RRule ? rruleExports : rruleExports['default']
) as typeof rruleModule;

/** How far nextOccurrence looks ahead before calling a schedule ended. */
const SEARCH_HORIZON_MS = 10 * 366 * DAY_MS;
/** A schedule must fire within this time of its first day (when it has no last day). */
const FIRES_WITHIN_YEARS = 5;
/** The spacing check looks at this many occurrences, or this many years, whichever is less. */
const SPACING_SAMPLE = 1000;
const SPACING_YEARS = 2;
/** Largest COUNT accepted; rules with a COUNT are expanded once, within this many years. */
const COUNT_MAX = 5000;
const COUNT_MATERIALIZED_YEARS = 20;
/** Parsed rules kept (the scheduler asks for many reminders sharing few rules). */
const RULE_CACHE_SIZE = 2000;
/** Expanded chunks kept per rule, and how many one walk may expand and keep. */
const CHUNK_CACHE_SIZE = 8;
const CHUNKS_KEPT_PER_WALK = 3;

// ---------------------------------------------------------------------------------------------
// Local days and times
// ---------------------------------------------------------------------------------------------

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day number (days since 1970-01-01) of a 'YYYY-MM-DD' calendar day; RangeError when invalid. */
function dayNumberOf(day: string): number {
  const match = DAY_PATTERN.exec(day);
  if (match) {
    const year = Number(match[1]);
    const month = Number(match[2]);
    const date = Number(match[3]);
    const ms = Date.UTC(year, month - 1, date);
    const check = new Date(ms);
    if (
      check.getUTCFullYear() === year &&
      check.getUTCMonth() === month - 1 &&
      check.getUTCDate() === date
    )
      return ms / DAY_MS;
  }
  throw new RangeError('invalid local day');
}

/** Minutes since midnight of an 'HH:MM' time; RangeError when invalid. */
function minutesOf(time: string): number {
  // Character arithmetic, not a regular expression: the scheduler's hot path reads these.
  const digit = (i: number) => time.charCodeAt(i) - 48;
  const [h1, h2, m1, m2] = [digit(0), digit(1), digit(3), digit(4)];
  const hours = h1 * 10 + h2;
  const minutes = m1 * 10 + m2;
  const digits =
    h1 >= 0 && h1 <= 9 && h2 >= 0 && h2 <= 9 && m1 >= 0 && m1 <= 5 && m2 >= 0 && m2 <= 9;
  if (time.length !== 5 || time.charCodeAt(2) !== 58 || !digits || hours > 23)
    throw new RangeError('invalid local time');
  return hours * 60 + minutes;
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a day number; 1970-01-01 was a Thursday. */
function isoWeekdayOf(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** The local calendar day ('YYYY-MM-DD') of an instant in a time zone. */
export function localDayOf(ms: number, timeZone: string): string {
  return dayNumberToIsoDate(localDayNumber(getZoneOffsetResolver(timeZone), ms));
}

/** The instants [startMs, endMs) of a local day: 23 or 25 hours on DST days. */
export function localDayBounds(day: string, timeZone: string): { startMs: number; endMs: number } {
  const offsetOf = getZoneOffsetResolver(timeZone);
  const dayNumber = dayNumberOf(day);
  return {
    startMs: localToUtc(offsetOf, dayNumber * DAY_MS),
    endMs: localToUtc(offsetOf, (dayNumber + 1) * DAY_MS),
  };
}

/**
 * The instant of a local wall-clock time on a local day. A time skipped by a DST gap is shifted
 * forward by the gap; a time that happens twice is its earlier instant.
 */
export function zonedWallTimeToInstant(day: string, time: string, timeZone: string): number {
  return localToUtc(
    getZoneOffsetResolver(timeZone),
    dayNumberOf(day) * DAY_MS + minutesOf(time) * MINUTE_MS,
  );
}

/**
 * Whether an instant falls in quiet hours [start, end) of local wall-clock time. `start` after
 * `end` wraps past midnight (22:00–07:00); `start` equal to `end` is an empty range.
 */
export function isInQuietHours(ms: number, timeZone: string, start: string, end: string): boolean {
  const from = minutesOf(start);
  const to = minutesOf(end);
  if (from === to) return false;
  const offsetOf = getZoneOffsetResolver(timeZone);
  const wall = ms + offsetOf(ms);
  const minute = Math.floor((((wall % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
}

// ---------------------------------------------------------------------------------------------
// Schedules as sequences of wall-clock times
// ---------------------------------------------------------------------------------------------

/** Visits a schedule's wall times in [fromWall, toWall), ascending, while `visit` returns true. */
type WallWalker = (fromWall: number, toWall: number, visit: (wall: number) => boolean) => void;

interface Plan {
  /** First day 00:00 and the day after the last day 00:00 (Infinity: no end), wall time. */
  startWall: number;
  endWall: number;
  walk: WallWalker;
}

interface WeeklyPattern {
  /** Minutes since midnight, ascending, without repeats. */
  minutes: number[];
  /** Bit n set when ISO weekday n is chosen. */
  dayMask: number;
}

function weeklyPatternOf(schedule: Extract<ReminderSchedule, { type: 'weekly' }>): WeeklyPattern {
  const minutes = [...new Set(schedule.times.map(minutesOf))].sort((a, b) => a - b);
  let dayMask = 0;
  for (const day of schedule.days) {
    if (!Number.isInteger(day) || day < 1 || day > 7) throw new RangeError('invalid weekday');
    dayMask |= 1 << day;
  }
  return { minutes, dayMask };
}

/** Pure arithmetic: the scheduler's hot path for the common schedule. */
function weeklyWalker({ minutes, dayMask }: WeeklyPattern): WallWalker {
  return (fromWall, toWall, visit) => {
    if (minutes.length === 0 || dayMask === 0) return;
    for (let day = Math.floor(fromWall / DAY_MS); day * DAY_MS < toWall; day++) {
      if ((dayMask & (1 << isoWeekdayOf(day))) === 0) continue;
      const base = day * DAY_MS;
      for (const minute of minutes) {
        const wall = base + minute * MINUTE_MS;
        if (wall < fromWall) continue;
        if (wall >= toWall || !visit(wall)) return;
      }
    }
  };
}

function planOf(schedule: ReminderSchedule, startsOn: string, endsOn: string | null): Plan {
  const startWall = dayNumberOf(startsOn) * DAY_MS;
  const endWall = endsOn === null ? Number.POSITIVE_INFINITY : (dayNumberOf(endsOn) + 1) * DAY_MS;
  if (schedule.type === 'weekly')
    return { startWall, endWall, walk: weeklyWalker(weeklyPatternOf(schedule)) };
  const compiled = compiledRule(schedule.rule, startsOn);
  if (!compiled) throw new RangeError('invalid recurrence rule');
  return { startWall, endWall, walk: compiled.walk };
}

// ---------------------------------------------------------------------------------------------
// Recurrence rules: parsing
// ---------------------------------------------------------------------------------------------

const FREQUENCIES = ['YEARLY', 'MONTHLY', 'WEEKLY', 'DAILY', 'HOURLY', 'MINUTELY'] as const;
type Frequency = (typeof FREQUENCIES)[number];
/** rrule's weekday numbers: 0 = Monday … 6 = Sunday. */
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/** An RRULE value, checked and decoded. Weekdays 0 = Monday; UNTIL as wall time. */
interface RuleParts {
  freq: Frequency;
  interval: number;
  count: number | null;
  until: number | null;
  bymonth: number[] | null;
  bymonthday: number[] | null;
  byyearday: number[] | null;
  byweekno: number[] | null;
  byday: { weekday: number; n: number | null }[] | null;
  byhour: number[] | null;
  byminute: number[] | null;
  bysetpos: number[] | null;
  wkst: number | null;
}

/** A comma list of integers, each in [min, max], signed ones non-zero; null when malformed. */
function integerList(value: string, min: number, max: number, signed: boolean): number[] | null {
  const pattern = signed ? /^[+-]?\d{1,3}$/ : /^\d{1,2}$/;
  const numbers: number[] = [];
  for (const item of value.split(',')) {
    if (!pattern.test(item)) return null;
    const n = Number(item);
    const magnitude = Math.abs(n);
    if (magnitude < min || magnitude > max || (signed && n === 0)) return null;
    numbers.push(n);
  }
  return numbers;
}

function positiveInteger(value: string, max: number): number | null {
  if (!/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** UNTIL, read as local wall-clock time; a date alone means the end of that day. */
function untilOf(value: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z?)?$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const dateOnly = match[4] === undefined;
  const [hour, minute, second] = dateOnly
    ? [23, 59, 59]
    : [Number(match[4]), Number(match[5]), Number(match[6])];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(ms);
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  )
    return null;
  return ms;
}

/** Sets one RRULE part; false when its value is malformed or the part not one we accept. */
function applyRulePart(parts: Partial<RuleParts>, key: string, value: string): boolean {
  switch (key) {
    case 'FREQ': {
      // SECONDLY is refused: reminders are set to the minute.
      const freq = FREQUENCIES.find((f) => f === value);
      parts.freq = freq;
      return freq !== undefined;
    }
    case 'INTERVAL':
      return (parts.interval = positiveInteger(value, 99_999) ?? undefined) !== undefined;
    case 'COUNT':
      return (parts.count = positiveInteger(value, COUNT_MAX)) !== null;
    case 'UNTIL':
      return (parts.until = untilOf(value)) !== null;
    case 'BYSECOND':
      return value === '0' || value === '00';
    case 'BYMINUTE':
      return (parts.byminute = integerList(value, 0, 59, false)) !== null;
    case 'BYHOUR':
      return (parts.byhour = integerList(value, 0, 23, false)) !== null;
    case 'BYMONTH':
      return (parts.bymonth = integerList(value, 1, 12, false)) !== null;
    case 'BYMONTHDAY':
      return (parts.bymonthday = integerList(value, 1, 31, true)) !== null;
    case 'BYYEARDAY':
      return (parts.byyearday = integerList(value, 1, 366, true)) !== null;
    case 'BYWEEKNO':
      return (parts.byweekno = integerList(value, 1, 53, true)) !== null;
    case 'BYSETPOS':
      return (parts.bysetpos = integerList(value, 1, 366, true)) !== null;
    case 'BYDAY': {
      const days = [];
      for (const item of value.split(',')) {
        const match = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(item);
        const weekday = match ? WEEKDAYS.indexOf(match[2] ?? '') : -1;
        const n = match?.[1] === undefined ? null : Number(match[1]);
        if (weekday < 0 || n === 0 || (n !== null && Math.abs(n) > 53)) return false;
        days.push({ weekday, n });
      }
      parts.byday = days;
      return true;
    }
    case 'WKST':
      return (parts.wkst = WEEKDAYS.indexOf(value)) >= 0;
    default:
      // DTSTART, TZID, RDATE, EXDATE, BYEASTER, X-…: not for a rule to say here.
      return false;
  }
}

/**
 * The parts of an RRULE value, or null when it is not one we accept: RFC 5545 syntax, known
 * parts only, each once, no DTSTART, TZID, RDATE, EXDATE, several lines, SECONDLY or seconds
 * other than 0; the RFC's rules on which parts go with which frequency; BYSETPOS only with
 * MONTHLY and YEARLY; COUNT up to 5000.
 */
function parseRule(text: string): RuleParts | null {
  const rule = text.trim().toUpperCase();
  if (rule === '' || /[^A-Z0-9=;,+-]/.test(rule)) return null;
  const parts: Partial<RuleParts> = {};
  const seen = new Set<string>();
  for (const part of rule.split(';')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (eq <= 0 || value === '' || seen.has(key) || !applyRulePart(parts, key, value)) return null;
    seen.add(key);
  }
  const { freq } = parts;
  if (freq === undefined) return null;
  // Lists sorted and without repeats: rrule yields its times in BYHOUR × BYMINUTE order as given.
  const sorted = (values: number[] | null | undefined) =>
    values ? [...new Set(values)].sort((a, b) => a - b) : null;
  const full: RuleParts = {
    freq,
    interval: parts.interval ?? 1,
    count: parts.count ?? null,
    until: parts.until ?? null,
    bymonth: sorted(parts.bymonth),
    bymonthday: sorted(parts.bymonthday),
    byyearday: sorted(parts.byyearday),
    byweekno: sorted(parts.byweekno),
    byday: parts.byday ?? null,
    byhour: sorted(parts.byhour),
    byminute: sorted(parts.byminute),
    bysetpos: sorted(parts.bysetpos),
    wkst: parts.wkst ?? null,
  };
  const monthlyOrYearly = freq === 'MONTHLY' || freq === 'YEARLY';
  const nthWeekday = full.byday?.some((d) => d.n !== null) ?? false;
  // RFC 5545 §3.3.10: which parts each frequency admits.
  if (full.count !== null && full.until !== null) return null;
  if (nthWeekday && (!monthlyOrYearly || full.byweekno !== null)) return null;
  if (full.bymonthday !== null && freq === 'WEEKLY') return null;
  if (full.byyearday !== null && (freq === 'DAILY' || freq === 'WEEKLY' || freq === 'MONTHLY'))
    return null;
  if (full.byweekno !== null && freq !== 'YEARLY') return null;
  if (
    full.bysetpos !== null &&
    (!monthlyOrYearly || [...seen].every((key) => !key.startsWith('BY') || key === 'BYSETPOS'))
  )
    return null;
  return full;
}

// ---------------------------------------------------------------------------------------------
// Recurrence rules: expansion
// ---------------------------------------------------------------------------------------------

interface CompiledRule {
  freq: Frequency;
  interval: number;
  walk: WallWalker;
}

const ruleCache = new Map<string, CompiledRule | null>();

/** The compiled rule for a first day (cached, least recently used out first), null when invalid. */
function compiledRule(rule: string, startsOn: string): CompiledRule | null {
  const key = `${startsOn}${rule}`;
  const cached = ruleCache.get(key);
  if (cached !== undefined) {
    ruleCache.delete(key);
    ruleCache.set(key, cached);
    return cached;
  }
  const parts = parseRule(rule);
  const startWall = dayNumberOf(startsOn) * DAY_MS;
  let compiled: CompiledRule | null = null;
  if (parts) {
    const walk =
      parts.freq === 'MONTHLY' || parts.freq === 'YEARLY'
        ? calendarRuleWalker(parts, startWall)
        : simpleRuleWalker(parts, startWall);
    compiled = {
      freq: parts.freq,
      interval: parts.interval,
      walk: parts.count === null ? walk : countedWalker(walk, parts.count, startWall),
    };
  }
  if (ruleCache.size >= RULE_CACHE_SIZE) {
    const oldest = ruleCache.keys().next();
    if (!oldest.done) ruleCache.delete(oldest.value);
  }
  ruleCache.set(key, compiled);
  return compiled;
}

function addYears(wall: number, years: number): number {
  const date = new Date(wall);
  return Date.UTC(date.getUTCFullYear() + years, date.getUTCMonth(), date.getUTCDate());
}

/** Visits the walls of a sorted list that fall in [fromWall, toWall); false when `visit` stopped. */
function visitSorted(
  walls: Float64Array,
  fromWall: number,
  toWall: number,
  visit: (wall: number) => boolean,
): boolean {
  let lo = 0;
  let hi = walls.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((walls[mid] ?? 0) < fromWall) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < walls.length; i++) {
    const wall = walls[i] ?? 0;
    if (wall >= toWall) return true;
    if (!visit(wall)) return false;
  }
  return true;
}

/** A COUNT counts from the first day: the first `count` occurrences are expanded once and kept. */
function countedWalker(walk: WallWalker, count: number, startWall: number): WallWalker {
  let all: Float64Array | null = null;
  return (fromWall, toWall, visit) => {
    if (!all) {
      const walls: number[] = [];
      walk(
        startWall,
        addYears(startWall, COUNT_MATERIALIZED_YEARS),
        (wall) => walls.push(wall) < count,
      );
      all = Float64Array.from(walls);
    }
    visitSorted(all, fromWall, toWall, visit);
  };
}

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
function simpleRuleWalker(parts: RuleParts, startWall: number): WallWalker {
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

/** The rrule options of MONTHLY and YEARLY parts (weekdays as rrule's, UNTIL as a floating date). */
function rruleOptionsOf(parts: RuleParts): Partial<Options> {
  return {
    freq: parts.freq === 'YEARLY' ? RRule.YEARLY : RRule.MONTHLY,
    interval: parts.interval,
    until: parts.until === null ? null : new Date(parts.until),
    wkst: parts.wkst,
    bymonth: parts.bymonth,
    bymonthday: parts.bymonthday,
    byyearday: parts.byyearday,
    byweekno: parts.byweekno,
    byweekday: parts.byday?.map((d) => new Weekday(d.weekday, d.n ?? undefined)) ?? null,
    byhour: parts.byhour,
    byminute: parts.byminute,
    bysetpos: parts.bysetpos,
  };
}

function nonEmpty<T>(values: readonly T[] | null | undefined): T[] | null {
  return values && values.length > 0 ? [...values] : null;
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/**
 * MONTHLY and YEARLY rules, through rrule (nth weekdays, BYSETPOS, BYWEEKNO…). rrule iterates
 * from DTSTART and stops only on an occurrence, so:
 * - a rule that never fires would iterate to the year 9999: it is first tried once from a start
 *   moved forward by whole 400-year Gregorian cycles (same calendar, same weekdays) and INTERVALs,
 *   close to 9999, which bounds that try to one cycle; a rule silent there never fires;
 * - a rule started years ago would walk all those periods on each call: it is cut in chunks of
 *   INTERVAL months or years; each chunk is expanded once, by a copy of the rule restarted at the
 *   chunk's start with the defaults rrule took from the true DTSTART (day of month, month, hour…)
 *   written out, which yields exactly the same times from there on, and kept for the next calls.
 */
function calendarRuleWalker(parts: RuleParts, startWall: number): WallWalker {
  const original: RRuleInstance = new RRule(
    { ...rruleOptionsOf(parts), count: null, dtstart: new Date(startWall) },
    true,
  );
  const parsed = original.options;
  const frozen: Partial<Options> = {
    freq: parsed.freq,
    interval: parsed.interval,
    wkst: parsed.wkst,
    until: parsed.until,
    bysetpos: nonEmpty(parsed.bysetpos),
    bymonth: nonEmpty(parsed.bymonth),
    bymonthday: nonEmpty([...(parsed.bymonthday ?? []), ...(parsed.bynmonthday ?? [])]),
    byyearday: nonEmpty(parsed.byyearday),
    byweekno: nonEmpty(parsed.byweekno),
    byweekday: nonEmpty([
      ...((parsed.byweekday as number[] | null) ?? []).map((weekday) => new Weekday(weekday)),
      ...(parsed.bynweekday ?? []).map(([weekday, n]) => new Weekday(weekday ?? 0, n)),
    ]),
    byhour: nonEmpty(parsed.byhour),
    byminute: nonEmpty(parsed.byminute),
    bysecond: nonEmpty(parsed.bysecond),
  };
  const yearly = parts.freq === 'YEARLY';
  const interval = parts.interval;
  const start = new Date(startWall);
  const startYear = start.getUTCFullYear();
  const startMonth = start.getUTCMonth();
  /** Start of the chunk (of INTERVAL months or years) holding a wall time. */
  const chunkStart = (wall: number): number => {
    const date = new Date(wall);
    const elapsed = yearly
      ? date.getUTCFullYear() - startYear
      : (date.getUTCFullYear() - startYear) * 12 + date.getUTCMonth() - startMonth;
    const periods = Math.max(0, Math.floor(elapsed / interval)) * interval;
    return Math.max(
      startWall,
      yearly ? Date.UTC(startYear + periods, 0, 1) : Date.UTC(startYear, startMonth + periods, 1),
    );
  };
  const chunkEnd = (chunk: number): number => {
    const date = new Date(chunk);
    return yearly
      ? Date.UTC(date.getUTCFullYear() + interval, 0, 1)
      : Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + interval, 1);
  };
  const ruleFrom = (chunk: number): RRuleInstance =>
    chunk === startWall ? original : new RRule({ ...frozen, dtstart: new Date(chunk) }, true);

  // Does the pattern fire at all? It repeats every lcm(400 years or 4800 months, INTERVAL).
  const cycleUnits = yearly ? 400 : 4800;
  const cycle = (cycleUnits / greatestCommonDivisor(cycleUnits, interval)) * interval;
  const unitsLeft = yearly ? 9999 - startYear : (9999 - startYear) * 12 + 11 - startMonth;
  const shift = Math.max(0, Math.floor(unitsLeft / cycle) - 1) * cycle;
  const probe =
    shift === 0
      ? startWall
      : yearly
        ? Date.UTC(startYear + shift, 0, 1)
        : Date.UTC(startYear, startMonth + shift, 1);
  if (
    new RRule({ ...frozen, until: null, dtstart: new Date(probe) }, true).after(
      new Date(probe),
      true,
    ) === null
  )
    return () => undefined;

  const chunks = new Map<number, Float64Array>();
  const chunkWalls = (chunk: number): Float64Array => {
    let walls = chunks.get(chunk);
    if (!walls) {
      const found: number[] = [];
      const end = chunkEnd(chunk);
      ruleFrom(chunk).between(
        new Date(chunk),
        new Date(end - 1),
        true,
        (date) => found.push(date.getTime()) > 0,
      );
      walls = Float64Array.from(found).sort();
      if (chunks.size >= CHUNK_CACHE_SIZE) {
        const oldest = chunks.keys().next();
        if (!oldest.done) chunks.delete(oldest.value);
      }
      chunks.set(chunk, walls);
    }
    return walls;
  };
  return (fromWall, toWall, visit) => {
    let chunk = chunkStart(fromWall);
    for (let kept = 0; chunk < toWall; kept++) {
      if (kept === CHUNKS_KEPT_PER_WALK) {
        // Far ahead (a sparse rule, a long period): iterate once, keep nothing.
        ruleFrom(chunk).between(
          new Date(Math.max(chunk, fromWall)),
          new Date(toWall - 1),
          true,
          (date) => visit(date.getTime()),
        );
        return;
      }
      if (!visitSorted(chunkWalls(chunk), fromWall, toWall, visit)) return;
      chunk = chunkEnd(chunk);
    }
  };
}

// ---------------------------------------------------------------------------------------------
// The three questions: acceptable? next? which ones in a period?
// ---------------------------------------------------------------------------------------------

/** No offset change within two days of `ms`: wall time and instant move together there. */
function isSteady(offsetOf: ZoneOffsetResolver, ms: number): boolean {
  return offsetOf(ms - 2 * DAY_MS) === offsetOf(ms + 2 * DAY_MS);
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
    getZoneOffsetResolver(timeZone);
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
  const offsetOf = getZoneOffsetResolver(timeZone);
  const plan = planOf(schedule, startsOn, endsOn);
  const wallAfter = afterMs + offsetOf(afterMs);
  // Near a DST change a wall time a little before `wallAfter` may still be a later instant
  // (shifted by a gap), so the search then starts a day earlier.
  const fromWall = Math.max(
    plan.startWall,
    isSteady(offsetOf, afterMs) ? wallAfter : wallAfter - DAY_MS,
  );
  const toWall = Math.min(plan.endWall, fromWall + SEARCH_HORIZON_MS);
  let best: number | null = null;
  let stopWall = Number.POSITIVE_INFINITY;
  plan.walk(fromWall, toWall, (wall) => {
    if (wall > stopWall) return false;
    const instant = localToUtc(offsetOf, wall);
    if (instant <= afterMs) return true;
    if (best === null || instant < best) best = instant;
    if (stopWall === Number.POSITIVE_INFINITY) {
      // Without a DST change around it, later wall times are later instants: this is the one.
      if (isSteady(offsetOf, instant)) return false;
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
  const offsetOf = getZoneOffsetResolver(timeZone);
  const plan = planOf(schedule, startsOn, endsOn);
  if (toMs <= fromMs) return [];
  // A day on each side: wall times that DST moves into the period.
  const fromWall = Math.max(plan.startWall, fromMs + offsetOf(fromMs) - DAY_MS);
  const toWall = Math.min(plan.endWall, toMs + offsetOf(toMs) + DAY_MS);
  const instants: number[] = [];
  plan.walk(fromWall, toWall, (wall) => {
    const instant = localToUtc(offsetOf, wall);
    if (instant >= fromMs && instant < toMs) instants.push(instant);
    return true;
  });
  instants.sort((a, b) => a - b);
  return instants.filter((instant, i) => i === 0 || instant !== instants[i - 1]);
}
