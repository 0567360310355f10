import { DAY_MS, MINUTE_MS, dayNumberOf, dayOfNumber, isoWeekdayOf } from '../shared/local-clock';
import { localDayOf, wallTimeExists, wallToInstant } from '../shared/zoned-time';
import {
  minutesOfLocalTime,
  type AppointmentMode,
  type AvailabilityException,
  type WeeklyRule,
} from './appointments.schemas';

/*
 * Slot generation: a professional's weekly rules and exceptions, read in their time zone, become
 * slot instants in UTC. Pure: the server checks a booking with it and lists free slots with it.
 * Each slot is placed by its local wall-clock time on its local day (shared/zoned-time.ts, on
 * Temporal), so a 09:00 slot stays at 09:00 local on both sides of a DST change (its UTC instant
 * moves by the hour instead). On the days the clocks change: a wall time skipped by the gap is no
 * slot; a wall time that happens twice is one slot, at its first instant; a slot lasts its length
 * in real time and must end by the opening's end on the wall clock (a one-hour slot at 01:30 on
 * the spring-forward night ends at 03:30, so an opening closing at 03:00 does not offer it).
 */

export interface Schedule {
  timezone: string;
  rules: readonly WeeklyRule[];
  exceptions: readonly AvailabilityException[];
}

export interface ComputedSlot {
  startMs: number;
  endMs: number;
  mode: AppointmentMode;
  address: string | null;
}

interface Opening {
  start: string;
  end: string;
  slotMinutes: number;
  mode: AppointmentMode;
  address: string | null;
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a calendar day 'YYYY-MM-DD'. */
export function isoWeekdayOfDay(day: string): number {
  return isoWeekdayOf(dayNumberOf(day));
}

/** The local wall-clock time 'HH:MM' of an instant in a time zone. */
export { localTimeOf } from '../shared/zoned-time';

function isClosed(day: string, exceptions: readonly AvailabilityException[]): boolean {
  return exceptions.some((e) => e.kind === 'closed' && e.from <= day && day <= e.to);
}

function openingsOf(day: string, schedule: Schedule): Opening[] {
  if (isClosed(day, schedule.exceptions)) return [];
  const weekday = isoWeekdayOfDay(day);
  const openings: Opening[] = schedule.rules.filter((rule) => rule.weekday === weekday);
  for (const exception of schedule.exceptions) {
    if (exception.kind === 'open' && exception.date === day) openings.push(exception);
  }
  return openings;
}

function slotsOfDay(day: string, schedule: Schedule): ComputedSlot[] {
  const slots: ComputedSlot[] = [];
  const midnight = dayNumberOf(day) * DAY_MS;
  const zone = schedule.timezone;
  for (const opening of openingsOf(day, schedule)) {
    const end = minutesOfLocalTime(opening.end);
    const closesAt = wallToInstant(midnight + end * MINUTE_MS, zone);
    for (let m = minutesOfLocalTime(opening.start); m + opening.slotMinutes <= end; m += opening.slotMinutes) {
      const wall = midnight + m * MINUTE_MS;
      // A wall time skipped by a spring-forward gap does not exist that day: no slot then.
      if (!wallTimeExists(wall, zone)) continue;
      const startMs = wallToInstant(wall, zone);
      const endMs = startMs + opening.slotMinutes * MINUTE_MS;
      if (endMs > closesAt) continue;
      slots.push({ startMs, endMs, mode: opening.mode, address: opening.address });
    }
  }
  return slots;
}

/**
 * The schedule's slots starting in [fromMs, toMs), earliest first. Where rules or openings
 * overlap, the earlier-starting slot wins and a slot overlapping it is dropped, so the list never
 * holds two slots at the same time.
 */
export function generateSlots(schedule: Schedule, fromMs: number, toMs: number): ComputedSlot[] {
  if (toMs <= fromMs) return [];
  const all: ComputedSlot[] = [];
  const lastDay = localDayOf(toMs, schedule.timezone);
  for (let day = localDayOf(fromMs, schedule.timezone); day <= lastDay; day = dayOfNumber(dayNumberOf(day) + 1)) {
    for (const slot of slotsOfDay(day, schedule)) {
      if (slot.startMs >= fromMs && slot.startMs < toMs) all.push(slot);
    }
  }
  all.sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);
  const kept: ComputedSlot[] = [];
  for (const slot of all) {
    const previous = kept[kept.length - 1];
    if (!previous || slot.startMs >= previous.endMs) kept.push(slot);
  }
  return kept;
}

/** The schedule's slot starting exactly at this instant, if there is one (a booking's check). */
export function slotAt(schedule: Schedule, startMs: number): ComputedSlot | undefined {
  // From the local day before: an opening that starts the day before cannot reach this instant,
  // but the overlap rule of generateSlots must see the same neighbours as a listing would.
  const dayStart = startMs - DAY_MS;
  return generateSlots(schedule, dayStart, startMs + DAY_MS).find(
    (slot) => slot.startMs === startMs,
  );
}

/** Whether two ranges [aStart, aEnd) and [bStart, bEnd) overlap. */
export function rangesOverlap(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < bEnd && bStart < aEnd;
}
