/*
 * Calendar days and wall-clock times with no time zone: 'YYYY-MM-DD' days as day numbers, 'HH:MM'
 * times as minutes, and "floating" wall times. Plain arithmetic on the proleptic Gregorian
 * calendar, which is what Date.UTC does; placing them in a zone is zoned-time.ts's job. Kept apart
 * so that what only checks a schedule (the reminder form in the browser) does not load Temporal.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/**
 * A wall-clock time as a number, "floating": milliseconds since 1970-01-01T00:00 on some wall
 * clock, read with the UTC getters of Date. It names a time, not an instant.
 */
export type WallMs = number;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day number (days since 1970-01-01) of a 'YYYY-MM-DD' calendar day; RangeError when invalid. */
export function dayNumberOf(day: string): number {
  const match = DAY_PATTERN.exec(day);
  if (match) {
    const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const ms = Date.UTC(year, month - 1, date);
    const check = new Date(ms);
    if (check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === date)
      return ms / DAY_MS;
  }
  throw new RangeError('invalid local day');
}

/** 'YYYY-MM-DD' of a day number. */
export function dayOfNumber(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Minutes since midnight of an 'HH:MM' time; RangeError when invalid. */
export function minutesOf(time: string): number {
  // Character arithmetic, not a regular expression: the scheduler's hot path reads these.
  const digit = (i: number) => time.charCodeAt(i) - 48;
  const [h1, h2, m1, m2] = [digit(0), digit(1), digit(3), digit(4)];
  const hours = h1 * 10 + h2;
  const digits =
    h1 >= 0 && h1 <= 9 && h2 >= 0 && h2 <= 9 && m1 >= 0 && m1 <= 5 && m2 >= 0 && m2 <= 9;
  if (time.length !== 5 || time.charCodeAt(2) !== 58 || !digits || hours > 23)
    throw new RangeError('invalid local time');
  return hours * 60 + m1 * 10 + m2;
}

/** 'HH:MM' of minutes since midnight. */
export function timeOfMinutes(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Minutes since midnight of a wall time. */
export function minuteOfWall(wall: WallMs): number {
  return Math.floor((((wall % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
}

/** ISO weekday (1 = Monday … 7 = Sunday) of a day number; 1970-01-01 was a Thursday. */
export function isoWeekdayOf(dayNumber: number): number {
  return ((((dayNumber + 3) % 7) + 7) % 7) + 1;
}

/** The wall time `years` calendar years later (29 February → 1 March). */
export function addYears(wall: WallMs, years: number): WallMs {
  const date = new Date(wall);
  return Date.UTC(date.getUTCFullYear() + years, date.getUTCMonth(), date.getUTCDate());
}
