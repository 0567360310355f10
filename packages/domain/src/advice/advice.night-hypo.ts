import { detectEpisodes } from '../glucose/episodes';
import { dayNumberToIsoDate, lastLocalDays, MINUTE_MS } from '../glucose/timezone';
import { localDateTime, lowerBound, wholeMgdl, type PeriodGlucose } from './advice.context';
import { makeFinding } from './advice.finding';
import type { FindingOf, HypoNight } from './advice.schemas';

/**
 * Recurring night hypoglycaemia: lows below 70 mg/dL (consensus level 1) between 00:00 and 06:00
 * local time on at least two different nights of the last 14 days. With a CGM a low is a
 * consensus episode (15 minutes below 70, detectEpisodes), so one noisy reading or a sensor
 * compressed under a sleeping patient for ten minutes does not make a night; with a meter each
 * reading is a deliberate measurement, so one is enough.
 */
export const NIGHT_HYPO_RULE = {
  thresholdMgdl: 70,
  severeBelowMgdl: 54,
  /** Local minutes [0, 360): midnight to 06:00 on the wall clock, whatever DST does to the night's length. */
  nightEndMinute: 6 * 60,
  windowDays: 14,
  minNights: 2,
} as const;

interface NightLow {
  lowest: number;
  lowestAt: number;
  start: number;
  end: number;
}

function addLow(nights: Map<number, NightLow>, day: number, low: NightLow): void {
  const known = nights.get(day);
  if (!known) {
    nights.set(day, low);
    return;
  }
  if (low.lowest < known.lowest) {
    known.lowest = low.lowest;
    known.lowestAt = low.lowestAt;
  }
  known.start = Math.min(known.start, low.start);
  known.end = Math.max(known.end, low.end);
}

const isNightLow = (g: PeriodGlucose, i: number): boolean =>
  wholeMgdl(g.v[i] as number) < NIGHT_HYPO_RULE.thresholdMgdl &&
  (g.minute[i] as number) < NIGHT_HYPO_RULE.nightEndMinute;

function cgmNightLows(g: PeriodGlucose, first: number, nights: Map<number, NightLow>): void {
  const series = { t: g.t.subarray(first), v: g.v.subarray(first) };
  const { hypo } = detectEpisodes(series, { intervalMinutes: g.intervalMinutes });
  for (const episode of hypo) {
    for (let i = first + episode.startIndex; i <= first + episode.lastIndex; i++) {
      if (!isNightLow(g, i)) continue;
      addLow(nights, g.day[i] as number, {
        lowest: episode.extreme,
        lowestAt: episode.extremeAt,
        start: episode.start,
        end: episode.start + episode.durationMinutes * MINUTE_MS,
      });
      break;
    }
  }
}

function meterNightLows(g: PeriodGlucose, first: number, nights: Map<number, NightLow>): void {
  for (let i = first; i < g.t.length; i++) {
    if (!isNightLow(g, i)) continue;
    const at = g.t[i] as number;
    addLow(nights, g.day[i] as number, {
      lowest: g.v[i] as number,
      lowestAt: at,
      start: at,
      end: at,
    });
  }
}

/** The night_hypo finding of a period, or null. */
export function findNightHypos(g: PeriodGlucose, timeZone: string): FindingOf<'night_hypo'> | null {
  const windowStart = Math.max(
    g.start,
    lastLocalDays(g.end - 1, NIGHT_HYPO_RULE.windowDays, timeZone).from,
  );
  const first = lowerBound(g.t, windowStart);
  const nights = new Map<number, NightLow>();
  if (g.source === 'cgm') cgmNightLows(g, first, nights);
  else meterNightLows(g, first, nights);
  if (nights.size < NIGHT_HYPO_RULE.minNights) return null;
  const list: HypoNight[] = [...nights.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([day, low]) => ({
      date: dayNumberToIsoDate(day),
      lowestMgdl: wholeMgdl(low.lowest),
      lowestTime: localDateTime(g.offsetOf, low.lowestAt).time,
      lowestAt: low.lowestAt,
      start: low.start,
      end: low.end,
    }));
  const severe = list.some((n) => n.lowestMgdl < NIGHT_HYPO_RULE.severeBelowMgdl);
  return makeFinding('night_hypo', severe ? 'urgent' : 'attention', {
    thresholdMgdl: NIGHT_HYPO_RULE.thresholdMgdl,
    severeBelowMgdl: NIGHT_HYPO_RULE.severeBelowMgdl,
    windowDays: NIGHT_HYPO_RULE.windowDays,
    nights: list,
  });
}
