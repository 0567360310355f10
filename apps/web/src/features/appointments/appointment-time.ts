import type { TFunction } from 'i18next';
import { formatDateTime, formatDay, fromLocalInputValue, toLocalInputValue } from '@/components/charts/glucose-display';

/*
 * Days and times of the appointment pages, always in the reader's own zone: a day is the local
 * calendar day 'YYYY-MM-DD' there, so a slot at 23:30 UTC lands on the right local day, and a week
 * crossing a change of daylight saving time keeps each slot at its local hour.
 */

const DAY_MS = 86_400_000;

/** The local calendar day of an instant in a zone. */
export function localDay(at: string | number, timeZone: string): string {
  return toLocalInputValue(new Date(at).getTime(), timeZone).slice(0, 10);
}

/** A calendar day moved by `n` days (calendar arithmetic, no zone involved). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** ISO weekday of a calendar day: 1 = Monday … 7 = Sunday. */
export function isoWeekday(day: string): number {
  return ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The Monday of the week holding `day`. */
export function weekStart(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

/** The instant a local day starts in a zone (its midnight, or the first minute after a DST gap). */
export function dayStartMs(day: string, timeZone: string): number {
  return fromLocalInputValue(`${day}T00:00`, timeZone) ?? Date.parse(`${day}T00:00:00Z`);
}

/** Items grouped by their local day, in the items' order. */
export function groupByDay<T>(items: readonly T[], at: (item: T) => string, timeZone: string): { day: string; items: T[] }[] {
  const groups: { day: string; items: T[] }[] = [];
  for (const item of items) {
    const day = localDay(at(item), timeZone);
    const last = groups.at(-1);
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

/** "Lundi 26 oct. 2026": the weekday from the catalog, then the app's date formatter. */
export function dayLabel(day: string, language: string, t: TFunction): string {
  // Noon UTC of the calendar day, read in UTC: the day itself whatever the reader's zone.
  return `${t(`appointments:weekdays.${isoWeekday(day)}`)} ${formatDay(`${day}T12:00:00.000Z`, language, 'UTC')}`;
}

/** The local hour of an instant ("09:00"). */
export function timeLabel(at: string, language: string, timeZone: string): string {
  return formatDateTime(at, language, timeZone, false);
}

/** Date and hour of an instant ("26 oct. 2026, 09:00"). */
export function dateTimeLabel(at: string, language: string, timeZone: string): string {
  return formatDateTime(at, language, timeZone);
}

/** A zone as people read it ("America/New_York" → "America/New York"). */
export function zoneLabel(timeZone: string): string {
  return timeZone.replace(/_/g, ' ');
}
