import * as rruleModule from 'rrule';
import type { Options, RRule as RRuleInstance } from 'rrule';
import type { RuleParts } from './rrule-parts';
import { greatestCommonDivisor, visitSorted, type WallWalker } from './wall-walk';

/*
 * MONTHLY and YEARLY rules expanded by the rrule package (RFC 5545), in floating wall-clock time:
 * rrule's own TZID support converts through the host's local zone and gets DST days wrong, so
 * rrule only says which wall times; shared/zoned-time.ts places them in the reminder's zone.
 */

// Bundlers (Vite, esbuild) read rrule's ES build, which has named exports; Node's own loader
// (tsx in development) reads its CommonJS build and offers them only on the default export.
const rruleExports = rruleModule as unknown as Record<string, unknown>;
const { RRule, Weekday } = (
  rruleExports.RRule ? rruleExports : rruleExports['default']
) as typeof rruleModule;

/** Expanded chunks kept per rule, and how many one walk may expand and keep. */
const CHUNK_CACHE_SIZE = 8;
const CHUNKS_KEPT_PER_WALK = 3;

/** The rrule options of MONTHLY and YEARLY parts (weekdays as rrule's, UNTIL as a floating date). */
function rruleOptionsOf(parts: RuleParts): Partial<Options> {
  return {
    freq: parts.freq === 'YEARLY' ? RRule.YEARLY : RRule.MONTHLY,
    interval: parts.interval,
    until: parts.until === null ? null : new Date(parts.until),
    wkst: parts.wkst,
    bymonth: parts.bymonth,
    bymonthday: parts.bymonthday,
    byyearday: parts.byyearday,
    byweekno: parts.byweekno,
    byweekday: parts.byday?.map((d) => new Weekday(d.weekday, d.n ?? undefined)) ?? null,
    byhour: parts.byhour,
    byminute: parts.byminute,
    bysetpos: parts.bysetpos,
  };
}

function nonEmpty<T>(values: readonly T[] | null | undefined): T[] | null {
  return values && values.length > 0 ? [...values] : null;
}

/**
 * MONTHLY and YEARLY rules, through rrule (nth weekdays, BYSETPOS, BYWEEKNO…). rrule iterates
 * from DTSTART and stops only on an occurrence, so:
 * - a rule that never fires would iterate to the year 9999: it is first tried once from a start
 *   moved forward by whole 400-year Gregorian cycles (same calendar, same weekdays) and INTERVALs,
 *   close to 9999, which bounds that try to one cycle; a rule silent there never fires;
 * - a rule started years ago would walk all those periods on each call: it is cut in chunks of
 *   INTERVAL months or years; each chunk is expanded once, by a copy of the rule restarted at the
 *   chunk's start with the defaults rrule took from the true DTSTART (day of month, month, hour…)
 *   written out, which yields exactly the same times from there on, and kept for the next calls.
 */
export function calendarRuleWalker(parts: RuleParts, startWall: number): WallWalker {
  const original: RRuleInstance = new RRule(
    { ...rruleOptionsOf(parts), count: null, dtstart: new Date(startWall) },
    true,
  );
  const parsed = original.options;
  const frozen: Partial<Options> = {
    freq: parsed.freq,
    interval: parsed.interval,
    wkst: parsed.wkst,
    until: parsed.until,
    bysetpos: nonEmpty(parsed.bysetpos),
    bymonth: nonEmpty(parsed.bymonth),
    bymonthday: nonEmpty([...(parsed.bymonthday ?? []), ...(parsed.bynmonthday ?? [])]),
    byyearday: nonEmpty(parsed.byyearday),
    byweekno: nonEmpty(parsed.byweekno),
    byweekday: nonEmpty([
      ...((parsed.byweekday as number[] | null) ?? []).map((weekday) => new Weekday(weekday)),
      ...(parsed.bynweekday ?? []).map(([weekday, n]) => new Weekday(weekday ?? 0, n)),
    ]),
    byhour: nonEmpty(parsed.byhour),
    byminute: nonEmpty(parsed.byminute),
    bysecond: nonEmpty(parsed.bysecond),
  };
  const yearly = parts.freq === 'YEARLY';
  const interval = parts.interval;
  const start = new Date(startWall);
  const startYear = start.getUTCFullYear();
  const startMonth = start.getUTCMonth();
  /** Start of the chunk (of INTERVAL months or years) holding a wall time. */
  const chunkStart = (wall: number): number => {
    const date = new Date(wall);
    const elapsed = yearly
      ? date.getUTCFullYear() - startYear
      : (date.getUTCFullYear() - startYear) * 12 + date.getUTCMonth() - startMonth;
    const periods = Math.max(0, Math.floor(elapsed / interval)) * interval;
    return Math.max(
      startWall,
      yearly ? Date.UTC(startYear + periods, 0, 1) : Date.UTC(startYear, startMonth + periods, 1),
    );
  };
  const chunkEnd = (chunk: number): number => {
    const date = new Date(chunk);
    return yearly
      ? Date.UTC(date.getUTCFullYear() + interval, 0, 1)
      : Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + interval, 1);
  };
  const ruleFrom = (chunk: number): RRuleInstance =>
    chunk === startWall ? original : new RRule({ ...frozen, dtstart: new Date(chunk) }, true);

  // Does the pattern fire at all? It repeats every lcm(400 years or 4800 months, INTERVAL).
  const cycleUnits = yearly ? 400 : 4800;
  const cycle = (cycleUnits / greatestCommonDivisor(cycleUnits, interval)) * interval;
  const unitsLeft = yearly ? 9999 - startYear : (9999 - startYear) * 12 + 11 - startMonth;
  const shift = Math.max(0, Math.floor(unitsLeft / cycle) - 1) * cycle;
  const probe =
    shift === 0
      ? startWall
      : yearly
        ? Date.UTC(startYear + shift, 0, 1)
        : Date.UTC(startYear, startMonth + shift, 1);
  if (
    new RRule({ ...frozen, until: null, dtstart: new Date(probe) }, true).after(
      new Date(probe),
      true,
    ) === null
  )
    return () => undefined;

  const chunks = new Map<number, Float64Array>();
  const chunkWalls = (chunk: number): Float64Array => {
    let walls = chunks.get(chunk);
    if (!walls) {
      const found: number[] = [];
      const end = chunkEnd(chunk);
      ruleFrom(chunk).between(
        new Date(chunk),
        new Date(end - 1),
        true,
        (date) => found.push(date.getTime()) > 0,
      );
      walls = Float64Array.from(found).sort();
      if (chunks.size >= CHUNK_CACHE_SIZE) {
        const oldest = chunks.keys().next();
        if (!oldest.done) chunks.delete(oldest.value);
      }
      chunks.set(chunk, walls);
    }
    return walls;
  };
  return (fromWall, toWall, visit) => {
    let chunk = chunkStart(fromWall);
    for (let kept = 0; chunk < toWall; kept++) {
      if (kept === CHUNKS_KEPT_PER_WALK) {
        // Far ahead (a sparse rule, a long period): iterate once, keep nothing.
        ruleFrom(chunk).between(
          new Date(Math.max(chunk, fromWall)),
          new Date(toWall - 1),
          true,
          (date) => visit(date.getTime()),
        );
        return;
      }
      if (!visitSorted(chunkWalls(chunk), fromWall, toWall, visit)) return;
      chunk = chunkEnd(chunk);
    }
  };
}
