import { Temporal } from 'temporal-polyfill';
import {
  DAY_MS,
  MINUTE_MS,
  dayNumberOf,
  dayOfNumber,
  minuteOfWall,
  minutesOf,
  timeOfMinutes,
  type WallMs,
} from './local-clock';

/*
 * Wall-clock times and instants in an IANA time zone, on Temporal (temporal-polyfill, which
 * hands over to the engine's own Temporal where there is one). The calendar features (reminders,
 * appointment slots) use this; the glucose metrics keep their own offset resolver
 * (glucose/timezone.ts), tuned for series of readings.
 *
 * A wall time with no instant or with two is Temporal's to resolve, always with the
 * 'compatible' disambiguation (RFC 5545 §3.3.5 says the same): a time skipped by a spring-forward gap is
 * shifted forward by the gap (02:30 → 03:30 on the last Sunday of March in Paris); a time that
 * happens twice in autumn is its first instant (02:30 summer time). So a reminder at 02:30 fires
 * once on both days, and a slot at 02:00 is offered once.
 *
 * Speed: a Temporal conversion costs tens of microseconds; the reminder scheduler makes several
 * per reminder. So each zone keeps the spans between offset changes that Temporal reported
 * (about six months long), and a wall time whose instant would lie two days or more inside one
 * of them is that span's subtraction — no gap or overlap can reach it, since two offsets differ
 * by less than two days. Everything nearer a change asks Temporal (its answers kept too).
 */


/** Instants [from, to) that share one offset (local − UTC, ms). */
interface Span {
  from: number;
  to: number;
  offset: number;
}

/** Farther than any gap or overlap can reach: two UTC offsets differ by less than two days. */
const CLEAR_OF_CHANGES_MS = 2 * DAY_MS;
const SPANS_KEPT_PER_ZONE = 8;
const spansByZone = new Map<string, Span[]>();
/** Temporal's answers for wall times near a change: thousands of reminders share a few times. */
const ANSWERS_KEPT_PER_ZONE = 10_000;
const answersByZone = new Map<string, Map<WallMs, number>>();

function spansOf(timeZone: string): Span[] {
  let spans = spansByZone.get(timeZone);
  if (!spans) {
    spans = [];
    spansByZone.set(timeZone, spans);
  }
  return spans;
}

/** The span holding an instant, asked of Temporal the first time. RangeError: unknown zone. */
function spanAt(timeZone: string, ms: number): Span {
  const spans = spansOf(timeZone);
  for (const span of spans) if (ms >= span.from && ms < span.to) return span;
  const here = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone);
  const previous = here.getTimeZoneTransition('previous');
  const next = here.getTimeZoneTransition('next');
  // 'previous' is strictly before `ms`: if its offset differs, the change is at `ms` itself.
  const from =
    previous === null
      ? Number.NEGATIVE_INFINITY
      : previous.offsetNanoseconds === here.offsetNanoseconds
        ? previous.epochMilliseconds
        : ms;
  const span = {
    from,
    to: next === null ? Number.POSITIVE_INFINITY : next.epochMilliseconds,
    offset: here.offsetNanoseconds / 1e6,
  };
  if (spans.length >= SPANS_KEPT_PER_ZONE) spans.shift();
  spans.push(span);
  return span;
}

/** Whether an instant lies two days or more from any offset change of the zone. */
export function isClearOfChanges(ms: number, timeZone: string): boolean {
  const span = spanAt(timeZone, ms);
  return ms - span.from >= CLEAR_OF_CHANGES_MS && span.to - ms > CLEAR_OF_CHANGES_MS;
}

/** The instant of a wall time lying two days or more inside a known span, else null. */
function quickInstant(wall: WallMs, timeZone: string): number | null {
  for (const span of spansOf(timeZone)) {
    const candidate = wall - span.offset;
    if (candidate - span.from >= CLEAR_OF_CHANGES_MS && span.to - candidate > CLEAR_OF_CHANGES_MS)
      return candidate;
  }
  return null;
}

/** The wall-clock time of an instant. RangeError on an unknown zone. */
export function instantToWall(ms: number, timeZone: string): WallMs {
  return ms + spanAt(timeZone, ms).offset;
}

/** The instant of a wall-clock time, 'compatible' (see above). RangeError on an unknown zone. */
export function wallToInstant(wall: WallMs, timeZone: string): number {
  const quick = quickInstant(wall, timeZone);
  if (quick !== null) return quick;
  let answers = answersByZone.get(timeZone);
  const known = answers?.get(wall);
  if (known !== undefined) return known;
  const instant = plainDateTimeOf(wall)
    .toZonedDateTime(timeZone, { disambiguation: 'compatible' })
    .epochMilliseconds;
  spanAt(timeZone, instant); // the next wall times near this one take the quick way if they can
  if (!answers) answersByZone.set(timeZone, (answers = new Map()));
  if (answers.size >= ANSWERS_KEPT_PER_ZONE) answers.clear();
  answers.set(wall, instant);
  return instant;
}

/** Whether a wall-clock time happens at all (false inside a spring-forward gap). */
export function wallTimeExists(wall: WallMs, timeZone: string): boolean {
  return instantToWall(wallToInstant(wall, timeZone), timeZone) === wall;
}

function plainDateTimeOf(wall: WallMs): Temporal.PlainDateTime {
  const date = new Date(wall);
  return new Temporal.PlainDateTime(
    date.getUTCFullYear(),
    date.getUTCMonth() + 1,
    date.getUTCDate(),
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}

// ---------------------------------------------------------------------------------------------
// Local days and times of the contracts ('YYYY-MM-DD', 'HH:MM') in a zone
// ---------------------------------------------------------------------------------------------

/** The local calendar day ('YYYY-MM-DD') of an instant. RangeError on an unknown zone. */
export function localDayOf(ms: number, timeZone: string): string {
  return dayOfNumber(Math.floor(instantToWall(ms, timeZone) / DAY_MS));
}

/** The local wall-clock time 'HH:MM' of an instant. */
export function localTimeOf(ms: number, timeZone: string): string {
  return timeOfMinutes(minuteOfWall(instantToWall(ms, timeZone)));
}

/** The first instant of a local day: its midnight, or the end of a gap that swallows midnight. */
function dayStart(dayNumber: number, timeZone: string): number {
  const midnight = dayNumber * DAY_MS;
  const quick = quickInstant(midnight, timeZone);
  if (quick !== null) return quick;
  const date = new Date(midnight);
  return new Temporal.PlainDate(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())
    .toZonedDateTime({ timeZone })
    .epochMilliseconds;
}

/** The instants [startMs, endMs) of a local day: 23 or 25 hours on the days the clocks change. */
export function localDayBounds(day: string, timeZone: string): { startMs: number; endMs: number } {
  const dayNumber = dayNumberOf(day);
  return { startMs: dayStart(dayNumber, timeZone), endMs: dayStart(dayNumber + 1, timeZone) };
}

/** The instant of a local wall-clock time on a local day, 'compatible' (see above). */
export function zonedWallTimeToInstant(day: string, time: string, timeZone: string): number {
  return wallToInstant(dayNumberOf(day) * DAY_MS + minutesOf(time) * MINUTE_MS, timeZone);
}
