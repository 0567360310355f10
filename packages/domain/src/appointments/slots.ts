import { localDayOf, zonedWallTimeToInstant } from '../reminders/schedule';
import {
  minutesOfLocalTime,
  type AppointmentMode,
  type AvailabilityException,
  type WeeklyRule,
} from './appointments.schemas';

/*
 * Slot generation: a professional's weekly rules and exceptions, read in their time zone, become
 * slot instants in UTC. Pure: the server checks a booking with it and lists free slots with it.
 * Each slot is placed by its local wall-clock time on its local day, so a 09:00 slot stays at
 * 09:00 local on both sides of a DST change (its UTC instant moves by the hour instead).
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

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
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The local wall-clock time 'HH:MM' of an instant in a time zone. */
export function localTimeOf(ms: number, timeZone: string): string {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format.format(new Date(ms));
}

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
  for (const opening of openingsOf(day, schedule)) {
    const end = minutesOfLocalTime(opening.end);
    for (
      let m = minutesOfLocalTime(opening.start);
      m + opening.slotMinutes <= end;
      m += opening.slotMinutes
    ) {
      const time = timeOfMinutes(m);
      const startMs = zonedWallTimeToInstant(day, time, schedule.timezone);
      // A wall time skipped by a spring-forward gap does not exist that day: no slot then.
      if (localTimeOf(startMs, schedule.timezone) !== time) continue;
      slots.push({
        startMs,
        endMs: startMs + opening.slotMinutes * MINUTE_MS,
        mode: opening.mode,
        address: opening.address,
      });
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
  for (let day = localDayOf(fromMs, schedule.timezone); day <= lastDay; day = nextDay(day)) {
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
