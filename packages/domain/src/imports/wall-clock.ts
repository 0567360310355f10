/**
 * Reading the zone-less wall-clock timestamps of the glucose export files. The regular
 * expressions are compiled once; each cell is read into a caller-owned scratch object, so the
 * per-row cost is one `exec` and no Date.
 */

/** A timestamp cell, read but not yet placed on the calendar. */
export interface WallClockFields {
  year: number;
  /** The first and second numbers of the date: day and month in an order the caller decides. */
  firstField: number;
  secondField: number;
  /** Seconds since local midnight, AM/PM already applied. */
  secondOfDay: number;
  /**
   * The date's order is known from the cell itself to be month then day: a 12-hour clock (which
   * LibreView writes only with month-first dates), or a year-first date.
   */
  monthFirst: boolean;
}

export function emptyWallClock(): WallClockFields {
  return { year: 0, firstField: 0, secondField: 0, secondOfDay: 0, monthFirst: false };
}

// LibreView: `07-29-2022 07:12 PM`, `01-09-2025 21:58` (slashes and dots are accepted as date
// separators and seconds are optional, as other locales and versions may write them).
const LIBREVIEW_TIMESTAMP = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))? *(?:([AP])\.?M\.?)?$/i;
// The older FreeStyle Libre desktop software wrote `2021/08/30 01:48`: year first, then month.
const YEAR_FIRST_TIMESTAMP = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?$/;
// Clarity: `2025-11-21T00:17:19` (older exports put a space instead of the T).
const CLARITY_TIMESTAMP = /^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

/** CGM data cannot predate 1970, and Date.UTC would read years 0–99 as 1900–1999. */
const EARLIEST_YEAR = 1970;

function setTimeOfDay(out: WallClockFields, hour: number, minute: number, second: number): boolean {
  if (hour > 23 || minute > 59 || second > 59) return false;
  out.secondOfDay = hour * 3600 + minute * 60 + second;
  return true;
}

/** Reads a LibreView `Device Timestamp` into `out`; false when the cell is not one. */
export function readLibreViewClock(cell: string, out: WallClockFields): boolean {
  const trimmed = cell.trim();
  const yearFirst = YEAR_FIRST_TIMESTAMP.exec(trimmed);
  if (yearFirst) return readYearFirst(yearFirst, out);
  const m = LIBREVIEW_TIMESTAMP.exec(trimmed);
  if (!m) return false;
  out.year = Number(m[3]);
  out.firstField = Number(m[1]);
  out.secondField = Number(m[2]);
  let hour = Number(m[4]);
  const meridiem = m[7];
  out.monthFirst = meridiem !== undefined;
  if (meridiem !== undefined) {
    if (hour < 1 || hour > 12) return false;
    const afternoon = meridiem === 'P' || meridiem === 'p';
    hour = (hour % 12) + (afternoon ? 12 : 0);
  }
  if (out.year < EARLIEST_YEAR) return false;
  return setTimeOfDay(out, hour, Number(m[5]), m[6] === undefined ? 0 : Number(m[6]));
}

function readYearFirst(m: RegExpExecArray, out: WallClockFields): boolean {
  out.monthFirst = true;
  out.year = Number(m[1]);
  out.firstField = Number(m[2]);
  out.secondField = Number(m[3]);
  if (out.year < EARLIEST_YEAR) return false;
  return setTimeOfDay(out, Number(m[4]), Number(m[5]), m[6] === undefined ? 0 : Number(m[6]));
}

/** Reads a Clarity ISO-like timestamp into `out` (firstField = month, secondField = day). */
export function readClarityClock(cell: string, out: WallClockFields): boolean {
  const m = CLARITY_TIMESTAMP.exec(cell.trim());
  if (!m) return false;
  out.year = Number(m[1]);
  out.firstField = Number(m[2]);
  out.secondField = Number(m[3]);
  out.monthFirst = true;
  if (out.year < EARLIEST_YEAR) return false;
  return setTimeOfDay(out, Number(m[4]), Number(m[5]), m[6] === undefined ? 0 : Number(m[6]));
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True when `day` exists in `month` (1–12) of `year`. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] as number);
  return day <= days;
}
