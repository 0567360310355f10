import { dayNumberToIsoDate, DAY_MS, localToUtc, MINUTE_MS } from '../glucose/timezone';
import {
  clockTime,
  hasTimeIn,
  localDateTime,
  wholeMgdl,
  type PeriodGlucose,
} from './advice.context';
import { makeFinding } from './advice.finding';
import type { DawnNight, FindingOf } from './advice.schemas';

/**
 * Dawn rise: glucose climbing by 20 mg/dL or more between 03:00 and 08:00 local time without
 * food, on at least 3 nights and at least half of the nights that can be judged. 20 mg/dL is
 * the threshold of Monnier et al. (Diabetes Care 2013) from the nocturnal nadir to the value
 * before breakfast; it is also well above what sensor noise (a few mg/dL) and the smoothing
 * below can produce on a flat night. CGM only.
 *
 * A night is judged on its own readings:
 * - a meal tagged in the window rules the night out (the rise is food);
 * - an untagged meal is recognised by its speed (30 mg/dL within 30 minutes, far faster than
 *   the dawn phenomenon's few mg/dL an hour): the window stops at the foot of that climb;
 * - what is left must run to 06:00 at least and hold 70 % of its expected readings;
 * - a night with a reading below 70 mg/dL is left out: a climb out of a low is a recovery,
 *   which the night-hypo rule reports, not a dawn rise;
 * - nadir: the lowest 3-reading mean (one noisy reading does not make a nadir) ending an hour or
 *   more before the window's end; end value: the mean of the window's last 30 minutes.
 */
export const DAWN_RULE = {
  thresholdMgdl: 20,
  windowStartMinute: 3 * 60,
  windowEndMinute: 8 * 60,
  minNights: 3,
  /** A judged window must reach this local minute (06:00). */
  minWindowEndMinute: 6 * 60,
  minCoverage: 0.7,
  fastRiseMgdl: 30,
  fastRiseMinutes: 30,
  endMeanMinutes: 30,
  nadirBeforeEndMinutes: 60,
  lowMgdl: 70,
} as const;

type NightVerdict = { judged: false } | { judged: true; rising: boolean; night: DawnNight };

const NOT_JUDGED: NightVerdict = { judged: false };

/** Index of the foot of the first fast climb in [first, last], or -1. */
function fastRiseFoot(g: PeriodGlucose, first: number, last: number): number {
  const spanMs = DAWN_RULE.fastRiseMinutes * MINUTE_MS;
  for (let k = first + 1; k <= last; k++) {
    const vk = g.v[k] as number;
    for (let j = k - 1; j >= first && (g.t[k] as number) - (g.t[j] as number) <= spanMs; j--) {
      if (vk - (g.v[j] as number) >= DAWN_RULE.fastRiseMgdl) return j;
    }
  }
  return -1;
}

function judgeNight(
  g: PeriodGlucose,
  day: number,
  first: number,
  lastInWindow: number,
  meals: Float64Array,
): NightVerdict {
  const windowStart = localToUtc(
    g.offsetOf,
    day * DAY_MS + DAWN_RULE.windowStartMinute * MINUTE_MS,
  );
  const windowEnd = localToUtc(g.offsetOf, day * DAY_MS + DAWN_RULE.windowEndMinute * MINUTE_MS);
  if (hasTimeIn(meals, windowStart, windowEnd)) return NOT_JUDGED;
  const intervalMs = g.intervalMinutes * MINUTE_MS;
  const foot = fastRiseFoot(g, first, lastInWindow);
  const last = foot >= 0 ? foot : lastInWindow;
  const end = foot >= 0 ? (g.t[foot] as number) + intervalMs : windowEnd;
  if (
    (foot >= 0 ? (g.minute[foot] as number) : DAWN_RULE.windowEndMinute) <
    DAWN_RULE.minWindowEndMinute
  )
    return NOT_JUDGED;
  let readings = 0;
  for (let k = first; k <= last; k++) {
    const x = g.v[k] as number;
    if (x !== x) continue;
    if (wholeMgdl(x) < DAWN_RULE.lowMgdl) return NOT_JUDGED;
    readings++;
  }
  if (readings < DAWN_RULE.minCoverage * ((end - windowStart) / intervalMs)) return NOT_JUDGED;

  const nadirLatest = end - DAWN_RULE.nadirBeforeEndMinutes * MINUTE_MS;
  let nadir = Number.POSITIVE_INFINITY;
  let nadirIndex = -1;
  for (let k = first + 1; k < last && (g.t[k + 1] as number) <= nadirLatest; k++) {
    const mean = ((g.v[k - 1] as number) + (g.v[k] as number) + (g.v[k + 1] as number)) / 3;
    if (mean < nadir) {
      nadir = mean;
      nadirIndex = k;
    }
  }
  const endFrom = end - DAWN_RULE.endMeanMinutes * MINUTE_MS;
  let sum = 0;
  let n = 0;
  for (let k = last; k >= first && (g.t[k] as number) >= endFrom; k--) {
    const x = g.v[k] as number;
    if (x !== x) continue;
    sum += x;
    n++;
  }
  if (nadirIndex < 0 || n === 0) return NOT_JUDGED;
  const nadirMgdl = wholeMgdl(nadir);
  const endMgdl = wholeMgdl(sum / n);
  const riseMgdl = endMgdl - nadirMgdl;
  return {
    judged: true,
    rising: riseMgdl >= DAWN_RULE.thresholdMgdl,
    night: {
      date: dayNumberToIsoDate(day),
      nadirMgdl,
      nadirTime: clockTime(g.minute[nadirIndex] as number),
      endMgdl,
      endTime: localDateTime(g.offsetOf, g.t[last] as number).time,
      riseMgdl,
    },
  };
}

/** The dawn_rise finding of a period, or null. */
export function findDawnRise(g: PeriodGlucose, meals: Float64Array): FindingOf<'dawn_rise'> | null {
  if (g.source !== 'cgm') return null;
  const rising: DawnNight[] = [];
  let judged = 0;
  const n = g.t.length;
  let i = 0;
  while (i < n) {
    const minute = g.minute[i] as number;
    if (minute < DAWN_RULE.windowStartMinute || minute >= DAWN_RULE.windowEndMinute) {
      i++;
      continue;
    }
    const day = g.day[i] as number;
    let last = i;
    while (
      last + 1 < n &&
      g.day[last + 1] === day &&
      (g.minute[last + 1] as number) < DAWN_RULE.windowEndMinute
    )
      last++;
    const verdict = judgeNight(g, day, i, last, meals);
    if (verdict.judged) {
      judged++;
      if (verdict.rising) rising.push(verdict.night);
    }
    i = last + 1;
  }
  if (rising.length < DAWN_RULE.minNights || rising.length * 2 < judged) return null;
  const average = rising.reduce((sum, night) => sum + night.riseMgdl, 0) / rising.length;
  return makeFinding('dawn_rise', 'attention', {
    thresholdMgdl: DAWN_RULE.thresholdMgdl,
    windowStart: clockTime(DAWN_RULE.windowStartMinute),
    windowEnd: clockTime(DAWN_RULE.windowEndMinute),
    nightsWithData: judged,
    averageRiseMgdl: Math.round(average),
    nights: rising,
  });
}
