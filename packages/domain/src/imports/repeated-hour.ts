import type { ZoneOffsetResolver } from '../glucose/timezone';

/**
 * Export files write the device's wall clock without a zone. At the autumn change one local
 * hour happens twice, so a file covering that night has two readings for each of its times: the
 * clock alone cannot tell them apart, but the device's order can. LibreView writes its history in
 * order, so the file's order is the device's; Clarity sorts by the wall clock (interleaving the
 * two passes) but gives each reading its transmitter's seconds counter, which is the device's
 * order. Within one repeated hour, the readings after the clock went back are the second pass.
 */

/** A device's own order of its readings, where the file gives it: a counter (NaN when absent) within a group (one transmitter). */
export interface DeviceOrder {
  sequence: readonly number[];
  group: readonly string[];
}

const DAY_MS = 86_400_000;
/** Readings of one repeated hour are never further apart than this in local time. */
const SAME_FOLD_MS = 2 * 3_600_000;

export interface PlacedWallClock {
  /** Epoch ms, in the order of the input. */
  instants: number[];
  /** Readings of a repeated hour placed in its second pass (the file's order said so). */
  secondPass: number;
}

/** The two instants of a repeated local time, or null when the time happens once (or never). */
function bothPasses(offsetOf: ZoneOffsetResolver, localMs: number): { first: number; second: number } | null {
  const before = offsetOf(localMs - DAY_MS);
  const after = offsetOf(localMs + DAY_MS);
  if (before === after) return null;
  if (offsetOf(localMs - before) !== before || offsetOf(localMs - after) !== after) return null;
  return { first: localMs - Math.max(before, after), second: localMs - Math.min(before, after) };
}

/**
 * Places local times (ms on a UTC-based local axis, in file order) on the calendar: a spring-gap
 * time moves forward, a repeated time takes its first pass unless the file went back in time
 * within that hour, after which (before which, in a newest-first file) it takes the second.
 */
export function placeWallClock(
  offsetOf: ZoneOffsetResolver,
  localTimes: readonly number[],
  place: (localMs: number) => number,
  deviceOrder?: DeviceOrder,
): PlacedWallClock {
  const n = localTimes.length;
  const instants = localTimes.map(place);
  const newestFirst = n > 1 && (localTimes[n - 1] as number) < (localTimes[0] as number);
  let secondPass = 0;
  let fold: number[] = [];
  const settle = () => {
    const ordered = deviceOrder ? inDeviceOrder(fold, deviceOrder) : null;
    // In the device's order the clock is read oldest first; otherwise in the file's.
    secondPass += ordered ? settleFold(offsetOf, localTimes, ordered, false, instants) : settleFold(offsetOf, localTimes, fold, newestFirst, instants);
    fold = [];
  };
  for (let i = 0; i < n; i++) {
    const local = localTimes[i] as number;
    if (!bothPasses(offsetOf, local)) continue;
    const previous = fold.length > 0 ? (localTimes[fold[fold.length - 1] as number] as number) : null;
    if (previous !== null && Math.abs(local - previous) > SAME_FOLD_MS) settle();
    fold.push(i);
  }
  settle();
  return { instants, secondPass };
}

/** The fold's readings sorted by the device's counter, or null when some reading has none or they come from several devices. */
function inDeviceOrder(fold: readonly number[], order: DeviceOrder): number[] | null {
  if (fold.length === 0) return null;
  const group = order.group[fold[0] as number];
  for (const index of fold) if (!Number.isFinite(order.sequence[index]) || order.group[index] !== group) return null;
  return [...fold].sort((a, b) => (order.sequence[a] as number) - (order.sequence[b] as number));
}

/** One repeated hour's readings (indexes in file order): where the clock went back, the second pass starts (or ends). */
function settleFold(offsetOf: ZoneOffsetResolver, localTimes: readonly number[], fold: number[], newestFirst: boolean, instants: number[]): number {
  let turn = -1;
  for (let k = 1; k < fold.length && turn < 0; k++) {
    const previous = localTimes[fold[k - 1] as number] as number;
    const current = localTimes[fold[k] as number] as number;
    if (newestFirst ? current > previous : current < previous) turn = k;
  }
  // One pass only (or no order to read): the first, as for any repeated time.
  if (turn < 0) return 0;
  const seconds = newestFirst ? fold.slice(0, turn) : fold.slice(turn);
  for (const index of seconds) instants[index] = (bothPasses(offsetOf, localTimes[index] as number) as { second: number }).second;
  return seconds.length;
}
