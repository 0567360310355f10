import { z } from 'zod';

/** Issue message (translation key, `errors:issues.dateOutOfRange`) of a date outside the window. */
export const DATE_OUT_OF_RANGE = 'dateOutOfRange';

// No health record predates 1900; a year past 2199 is a typing error. The window also keeps
// years 0–99 out, which JavaScript dates and PostgreSQL disagree on (year 0 does not exist in
// PostgreSQL; a two-digit year reads back as 19xx or 20xx in some parsers).
export const EARLIEST_DATE = '1900-01-01T00:00:00.000Z';
export const LATEST_DATE = '2200-01-01T00:00:00.000Z';
const EARLIEST_MS = Date.parse(EARLIEST_DATE);
const LATEST_MS = Date.parse(LATEST_DATE);

/** True for an instant inside the plausible window [1900, 2200). */
export function isPlausibleInstant(ms: number): boolean {
  return Number.isFinite(ms) && ms >= EARLIEST_MS && ms < LATEST_MS;
}

/**
 * An ISO 8601 date-time with an offset (`Z` or `+01:00`), within the plausible window. Every
 * date-time a request carries uses it; how far in the future a reading may be is the service's
 * rule (it needs the server's clock).
 */
export const plausibleDateTime = z.iso
  .datetime({ offset: true })
  .refine((value) => isPlausibleInstant(Date.parse(value)), { message: DATE_OUT_OF_RANGE });

/** A calendar date (YYYY-MM-DD) within the same window. */
export const plausibleDate = z.iso
  .date()
  .refine((value) => isPlausibleInstant(Date.parse(`${value}T00:00:00Z`)), {
    message: DATE_OUT_OF_RANGE,
  });
