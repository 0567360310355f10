import {
  DAY_MS,
  MINUTE_MS,
  dayNumberOf,
  isoWeekdayOf,
  minutesOf,
} from '../shared/local-clock';
import type { ReminderSchedule } from './reminders.schemas';
import { calendarRuleWalker } from './rrule-calendar';
import { parseRule, type Frequency } from './rrule-parts';
import { simpleRuleWalker } from './rrule-simple';
import { countedWalker, type WallWalker } from './wall-walk';

/*
 * A reminder's schedule as wall-clock times: weekly times here, RRULEs through the walkers
 * (DAILY, WEEKLY, HOURLY, MINUTELY in rrule-simple.ts; MONTHLY, YEARLY by the rrule package in
 * rrule-calendar.ts), from DTSTART = the first day at 00:00 local.
 */

/** Parsed rules kept (the scheduler asks for many reminders sharing few rules). */
const RULE_CACHE_SIZE = 2000;

export interface Plan {
  /** First day 00:00 and the day after the last day 00:00 (Infinity: no end), wall time. */
  startWall: number;
  endWall: number;
  walk: WallWalker;
}

export interface WeeklyPattern {
  /** Minutes since midnight, ascending, without repeats. */
  minutes: number[];
  /** Bit n set when ISO weekday n is chosen. */
  dayMask: number;
}

export function weeklyPatternOf(schedule: Extract<ReminderSchedule, { type: 'weekly' }>): WeeklyPattern {
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

export function planOf(schedule: ReminderSchedule, startsOn: string, endsOn: string | null): Plan {
  const startWall = dayNumberOf(startsOn) * DAY_MS;
  const endWall = endsOn === null ? Number.POSITIVE_INFINITY : (dayNumberOf(endsOn) + 1) * DAY_MS;
  if (schedule.type === 'weekly')
    return { startWall, endWall, walk: weeklyWalker(weeklyPatternOf(schedule)) };
  const compiled = compiledRule(schedule.rule, startsOn);
  if (!compiled) throw new RangeError('invalid recurrence rule');
  return { startWall, endWall, walk: compiled.walk };
}

interface CompiledRule {
  freq: Frequency;
  interval: number;
  walk: WallWalker;
}

const ruleCache = new Map<string, CompiledRule | null>();

/** The compiled rule for a first day (cached, least recently used out first), null when invalid. */
export function compiledRule(rule: string, startsOn: string): CompiledRule | null {
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
