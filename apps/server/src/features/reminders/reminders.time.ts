import { isInQuietHours } from '@glucosuivi/domain/reminders/schedule';
import { localDayBounds, localDayOf } from '@glucosuivi/domain/shared/zoned-time';

/*
 * The two local-time questions the server asks besides the schedule itself, through the domain's
 * schedule functions (DST days have 23 or 25 hours). A zone the runtime does not know (stored by
 * an older version) falls back to Europe/Paris rather than failing a delivery or a page.
 */

const FALLBACK_ZONE = 'Europe/Paris';

function knownZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return FALLBACK_ZONE;
  }
}

/** The local day of `atMs` in `timeZone`: its date and its bounds [from, to) as instants. */
export function localDayAround(atMs: number, timeZone: string): { day: string; fromMs: number; toMs: number } {
  const zone = knownZone(timeZone);
  const day = localDayOf(atMs, zone);
  const { startMs, endMs } = localDayBounds(day, zone);
  return { day, fromMs: startMs, toMs: endMs };
}

/** Whether `atMs` falls in the quiet hours [start, end) (may span midnight); none when either bound is missing. */
export function inQuietHours(atMs: number, timeZone: string, start: string | null, end: string | null): boolean {
  if (!start || !end) return false;
  try {
    return isInQuietHours(atMs, knownZone(timeZone), start, end);
  } catch {
    // A stored bound that is not a time must not fail the scheduler's whole batch: no quiet hours.
    return false;
  }
}
