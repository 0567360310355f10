/**
 * Time-zone arithmetic with nothing but Intl (ECMAScript), fast enough for series of tens of
 * thousands of readings: Intl is asked for an offset only once per UTC day (plus a short binary
 * search on the rare days where the offset changes), and each lookup in between is a range test.
 */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Returns the offset (local − UTC, in ms) of a zone at an instant. */
export type ZoneOffsetResolver = (epochMs: number) => number;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // h23 avoids the "24:00" some engines print for midnight with hour12: false.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** UTC offset (ms) of `timeZone` at `epochMs`, asked directly of Intl (slow: use a resolver in loops). */
export function zoneOffsetAt(timeZone: string, epochMs: number): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(epochMs));
  let y = 1970;
  let mo = 1;
  let d = 1;
  let h = 0;
  let mi = 0;
  let s = 0;
  for (const p of parts) {
    switch (p.type) {
      case 'year':
        y = Number(p.value);
        break;
      case 'month':
        mo = Number(p.value);
        break;
      case 'day':
        d = Number(p.value);
        break;
      case 'hour':
        h = Number(p.value);
        break;
      case 'minute':
        mi = Number(p.value);
        break;
      case 'second':
        s = Number(p.value);
        break;
      default:
        break;
    }
  }
  // Intl drops milliseconds, so compare with the instant floored to the second.
  const floored = epochMs - (((epochMs % 1000) + 1000) % 1000);
  return Date.UTC(y, mo - 1, d, h, mi, s) - floored;
}

interface DayOffsets {
  before: number;
  /** Instant of the change inside this UTC day, NaN when the offset is constant all day. */
  transition: number;
  after: number;
}

const resolvers = new Map<string, ZoneOffsetResolver>();

/**
 * A cached offset resolver for a zone. Assumes at most one offset change per UTC day, which
 * holds for every zone in the tz database since 1900 except a handful of historical oddities.
 */
export function getZoneOffsetResolver(timeZone: string): ZoneOffsetResolver {
  const cached = resolvers.get(timeZone);
  if (cached) return cached;
  const resolver = createResolver(timeZone);
  resolvers.set(timeZone, resolver);
  return resolver;
}

function createResolver(timeZone: string): ZoneOffsetResolver {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return () => 0;
  formatterFor(timeZone); // throws a RangeError now, not later, for an unknown zone
  const startOffsets = new Map<number, number>();
  const days = new Map<number, DayOffsets>();
  const offsetAtDayStart = (day: number): number => {
    let o = startOffsets.get(day);
    if (o === undefined) {
      o = zoneOffsetAt(timeZone, day * DAY_MS);
      startOffsets.set(day, o);
    }
    return o;
  };
  const dayInfo = (day: number): DayOffsets => {
    let info = days.get(day);
    if (info) return info;
    const before = offsetAtDayStart(day);
    const after = offsetAtDayStart(day + 1);
    let transition = Number.NaN;
    if (before !== after) {
      // Binary search to the minute: offsets change on whole minutes in the tz database.
      let lo = 0;
      let hi = 1440;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (zoneOffsetAt(timeZone, day * DAY_MS + mid * MINUTE_MS) === before) lo = mid;
        else hi = mid;
      }
      transition = day * DAY_MS + hi * MINUTE_MS;
    }
    info = { before, transition, after };
    days.set(day, info);
    return info;
  };
  // The last constant-offset segment seen: sorted series hit it almost every time.
  let segStart = Number.POSITIVE_INFINITY;
  let segEnd = Number.NEGATIVE_INFINITY;
  let segOffset = 0;
  return (t: number): number => {
    if (t >= segStart && t < segEnd) return segOffset;
    const day = Math.floor(t / DAY_MS);
    const info = dayInfo(day);
    const dayStart = day * DAY_MS;
    if (Number.isNaN(info.transition)) {
      segStart = dayStart;
      segEnd = dayStart + DAY_MS;
      segOffset = info.before;
    } else if (t < info.transition) {
      segStart = dayStart;
      segEnd = info.transition;
      segOffset = info.before;
    } else {
      segStart = info.transition;
      segEnd = dayStart + DAY_MS;
      segOffset = info.after;
    }
    return segOffset;
  };
}

/**
 * UTC instant of a local wall-clock time (given as ms since 1970-01-01T00:00 local). An
 * ambiguous time (autumn) resolves to the earlier instant; a skipped time (spring) to the
 * instant it would have had before the change, i.e. the clock jumps forward as in Temporal's
 * "compatible" mode — so a local day starting inside a gap starts at the transition.
 */
export function localToUtc(offsetOf: ZoneOffsetResolver, localMs: number): number {
  const oBefore = offsetOf(localMs - DAY_MS);
  const oAfter = offsetOf(localMs + DAY_MS);
  const validBefore = offsetOf(localMs - oBefore) === oBefore;
  const validAfter = offsetOf(localMs - oAfter) === oAfter;
  if (validBefore && validAfter) return localMs - Math.max(oBefore, oAfter);
  if (validBefore) return localMs - oBefore;
  if (validAfter) return localMs - oAfter;
  return localMs - oBefore;
}

/** Local calendar day number (days since 1970-01-01 local) of an instant. */
export function localDayNumber(offsetOf: ZoneOffsetResolver, epochMs: number): number {
  return Math.floor((epochMs + offsetOf(epochMs)) / DAY_MS);
}

/** `YYYY-MM-DD` of a local day number. */
export function dayNumberToIsoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * A period of whole calendar days in the patient's time zone: [from, to) in epoch ms, with its
 * first and last local dates (`YYYY-MM-DD`) and its number of days.
 */
export interface LocalDaysPeriod {
  from: number;
  to: number;
  days: number;
  firstDay: string;
  lastDay: string;
  timeZone: string;
}

/**
 * "The last N days", the one definition every screen, list, report and PDF uses: the N calendar
 * days of the patient's time zone ending today, today included — from local midnight N − 1 days
 * ago up to now. The triage SQL filters its local-day aggregates on `firstDay`.
 */
export function lastLocalDays(nowMs: number, days: number, timeZone: string): LocalDaysPeriod {
  const offsetOf = getZoneOffsetResolver(timeZone);
  const today = localDayNumber(offsetOf, nowMs);
  const first = today - (Math.max(1, Math.floor(days)) - 1);
  return {
    from: localToUtc(offsetOf, first * DAY_MS),
    to: nowMs,
    days: today - first + 1,
    firstDay: dayNumberToIsoDate(first),
    lastDay: dayNumberToIsoDate(today),
    timeZone,
  };
}

/** The local calendar days an explicit period [from, to) touches (a share link's period). */
export function localDaysOf(fromMs: number, toMs: number, timeZone: string): LocalDaysPeriod {
  const offsetOf = getZoneOffsetResolver(timeZone);
  const first = localDayNumber(offsetOf, fromMs);
  const last = Math.max(first, localDayNumber(offsetOf, toMs - 1));
  return { from: fromMs, to: toMs, days: last - first + 1, firstDay: dayNumberToIsoDate(first), lastDay: dayNumberToIsoDate(last), timeZone };
}
