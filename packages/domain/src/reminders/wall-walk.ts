import { addYears, type WallMs } from '../shared/local-clock';

/*
 * A schedule is first a sequence of wall-clock times (floating, see local-clock.ts): walkers
 * visit them in order; schedule.ts places each in the reminder's zone.
 */

/** Visits a schedule's wall times in [fromWall, toWall), ascending, while `visit` returns true. */
export type WallWalker = (fromWall: WallMs, toWall: WallMs, visit: (wall: WallMs) => boolean) => void;

/** Rules with a COUNT are expanded once, within this many years. */
const COUNT_MATERIALIZED_YEARS = 20;

/** Visits the walls of a sorted list that fall in [fromWall, toWall); false when `visit` stopped. */
export function visitSorted(
  walls: Float64Array,
  fromWall: number,
  toWall: number,
  visit: (wall: number) => boolean,
): boolean {
  let lo = 0;
  let hi = walls.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((walls[mid] ?? 0) < fromWall) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < walls.length; i++) {
    const wall = walls[i] ?? 0;
    if (wall >= toWall) return true;
    if (!visit(wall)) return false;
  }
  return true;
}

/** A COUNT counts from the first day: the first `count` occurrences are expanded once and kept. */
export function countedWalker(walk: WallWalker, count: number, startWall: number): WallWalker {
  let all: Float64Array | null = null;
  return (fromWall, toWall, visit) => {
    if (!all) {
      const walls: number[] = [];
      walk(
        startWall,
        addYears(startWall, COUNT_MATERIALIZED_YEARS),
        (wall) => walls.push(wall) < count,
      );
      all = Float64Array.from(walls);
    }
    visitSorted(all, fromWall, toWall, visit);
  };
}

export function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}
