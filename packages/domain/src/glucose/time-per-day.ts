import { GLUCOSE_BANDS, type GlucoseBand } from './bands';

export const MINUTES_PER_DAY = 1440;

/**
 * The printed share of each band as time in an average day, as the AGP report prints beside
 * each range ("72,3 % (17 h 21 min)"). Drawn from the printed shares (bandPercents: tenths that
 * add up to 100 %), spread by largest remainder so the five times add up to exactly 24 h; a
 * non-zero share of at least 0,1 % keeps its minute (1,44 min), never a reassuring "0 min".
 */
export function minutesPerDay(printedPercents: Record<GlucoseBand, number>): Record<GlucoseBand, number> {
  const tenths = GLUCOSE_BANDS.map((band) => Math.max(0, Math.round((printedPercents[band] ?? 0) * 10)));
  const total = tenths.reduce((a, b) => a + b, 0);
  const out = {} as Record<GlucoseBand, number>;
  if (total === 0) {
    for (const band of GLUCOSE_BANDS) out[band] = 0;
    return out;
  }
  const exact = tenths.map((t) => (t / total) * MINUTES_PER_DAY);
  const minutes = exact.map((x, i) => (tenths[i]! > 0 ? Math.max(1, Math.floor(x)) : 0));
  let left = MINUTES_PER_DAY - minutes.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest);
  for (let k = 0; left > 0; k = (k + 1) % order.length) {
    const i = order[k]!.i;
    if (tenths[i]! > 0) {
      minutes[i]! += 1;
      left--;
    }
  }
  while (left < 0) {
    const widest = minutes.indexOf(Math.max(...minutes));
    minutes[widest]! -= 1;
    left++;
  }
  GLUCOSE_BANDS.forEach((band, i) => (out[band] = minutes[i]!));
  return out;
}

/** Whole hours and the minutes left of a duration in minutes, for "17 h 21 min". */
export function hoursAndMinutes(minutes: number): { hours: number; minutes: number } {
  const whole = Math.max(0, Math.round(minutes));
  return { hours: Math.floor(whole / 60), minutes: whole % 60 };
}
