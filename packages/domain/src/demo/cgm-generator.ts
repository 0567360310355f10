import {
  DAY_MS,
  getZoneOffsetResolver,
  localDayNumber,
  localToUtc,
  MINUTE_MS,
  type ZoneOffsetResolver,
} from '../glucose/timezone';
import { createRng, type Rng } from './random';

/**
 * Demo and test data: realistic CGM days, deterministic from a seed (the type-2 meter diaries are
 * manual-generator.ts).
 *
 * CGM model, per reading: a profile baseline + a slow random drift (AR(1), 3-hour time
 * constant: the day-to-day wandering of real glucose) + meal responses (a gamma-shaped curve
 * peaking 45–75 minutes after breakfast, lunch, dinner and an occasional snack, timing and size
 * jittered) + a dawn rise from 04:00 to 08:00 that fades by 10:00 + sensor noise. Night (and,
 * for some profiles, daytime) hypos pull the value towards a nadir of 45–65 mg/dL for 30–100
 * minutes. Values are clamped to 40–400 (the range a CGM reports) and rounded to integers.
 * Times of day are local to `timeZone`. The simulation runs through gaps so that the curve is
 * continuous on both sides; gaps only remove readings.
 */

export const CGM_PROFILES = [
  'well_controlled',
  'average',
  'poorly_controlled',
  'hypo_prone',
] as const;
export type CgmProfile = (typeof CGM_PROFILES)[number];

interface ProfileParams {
  baseline: number;
  driftSd: number;
  mealPeak: number;
  mealPeakSd: number;
  dawn: number;
  nightHypoProbability: number;
  dayHypoProbability: number;
}

const PROFILES: Record<CgmProfile, ProfileParams> = {
  well_controlled: {
    baseline: 112,
    driftSd: 22,
    mealPeak: 60,
    mealPeakSd: 20,
    dawn: 15,
    nightHypoProbability: 0.06,
    dayHypoProbability: 0.04,
  },
  average: {
    baseline: 135,
    driftSd: 38,
    mealPeak: 85,
    mealPeakSd: 30,
    dawn: 25,
    nightHypoProbability: 0.12,
    dayHypoProbability: 0.05,
  },
  poorly_controlled: {
    baseline: 175,
    driftSd: 45,
    mealPeak: 110,
    mealPeakSd: 35,
    dawn: 35,
    nightHypoProbability: 0.05,
    dayHypoProbability: 0.02,
  },
  hypo_prone: {
    baseline: 112,
    driftSd: 38,
    mealPeak: 80,
    mealPeakSd: 30,
    dawn: 15,
    nightHypoProbability: 0.45,
    dayHypoProbability: 0.2,
  },
};

export interface CgmGap {
  /** [from, to) epoch ms; the readings in between are missing. */
  from: number;
  to: number;
  reason: 'sensor_warmup' | 'signal_loss';
}

export interface GenerateCgmOptions {
  seed: number;
  days: number;
  /** Time of the last reading slot (epoch ms). */
  endAt: number;
  intervalMinutes?: number;
  profile?: CgmProfile;
  /** Default Europe/Paris. */
  timeZone?: string;
  /**
   * Adds a night hypo (nadir 50 mg/dL for 60 minutes, from 02:30 local or earlier that night)
   * to the last night, over by `endAt` and confirmed within the 24 hours before it. The demo wants one: a patient seeded at any hour then has a recent episode,
   * so its alerts are never empty. The random draws are unchanged.
   */
  lastNightHypo?: boolean;
}

export interface GeneratedCgm {
  t: number[];
  v: number[];
  gaps: CgmGap[];
}

interface Events {
  mealAt: number[];
  mealPeak: number[];
  mealTp: number[];
  hypoAt: number[];
  hypoMinutes: number[];
  hypoNadir: number[];
}

/** The instant of `minutes` past midnight of local day `day`. */
export const atLocal = (offsetOf: ZoneOffsetResolver, day: number, minutes: number): number =>
  localToUtc(offsetOf, day * DAY_MS + Math.round(minutes) * MINUTE_MS);

function scheduleEvents(
  rng: Rng,
  p: ProfileParams,
  offsetOf: ZoneOffsetResolver,
  firstDay: number,
  lastDay: number,
): Events {
  const ev: Events = {
    mealAt: [],
    mealPeak: [],
    mealTp: [],
    hypoAt: [],
    hypoMinutes: [],
    hypoNadir: [],
  };
  const meal = (day: number, minute: number, sdMin: number, scale: number): void => {
    ev.mealAt.push(atLocal(offsetOf, day, rng.normal(minute, sdMin)));
    ev.mealPeak.push(Math.max(10, rng.normal(p.mealPeak, p.mealPeakSd)) * scale);
    ev.mealTp.push(rng.uniform(45, 75));
  };
  const hypo = (day: number, fromMin: number, toMin: number): void => {
    ev.hypoAt.push(atLocal(offsetOf, day, rng.uniform(fromMin, toMin)));
    ev.hypoMinutes.push(rng.uniform(30, 100));
    ev.hypoNadir.push(rng.uniform(45, 65));
  };
  for (let day = firstDay; day <= lastDay; day++) {
    if (rng.chance(p.nightHypoProbability)) hypo(day, 60, 300);
    if (!rng.chance(0.1)) meal(day, 7 * 60 + 30, 20, 0.9);
    meal(day, 12 * 60 + 30, 25, 1);
    if (rng.chance(0.3)) meal(day, 16 * 60 + 30, 20, 0.4);
    if (rng.chance(p.dayHypoProbability)) hypo(day, 15 * 60, 18 * 60);
    meal(day, 20 * 60, 30, 1.1);
  }
  // Jitter could, in theory, swap two meals; the simulation walks them in time order.
  const order = ev.mealAt
    .map((_, i) => i)
    .sort((a, b) => (ev.mealAt[a] as number) - (ev.mealAt[b] as number));
  const reorder = (xs: number[]): number[] => order.map((i) => xs[i] as number);
  ev.mealAt = reorder(ev.mealAt);
  ev.mealPeak = reorder(ev.mealPeak);
  ev.mealTp = reorder(ev.mealTp);
  return ev;
}

const LAST_NIGHT_HYPO = { startMinute: 150, minutes: 60, nadir: 50 };

/** Inserts the forced hypo; returns the time it spans, descent to recovery. */
function addLastNightHypo(ev: Events, offsetOf: ZoneOffsetResolver, endAt: number): { from: number; to: number } {
  // It must be over (descent, plateau and recovery: 25 + 60 + 25 minutes) by the last reading
  // and confirmed within the last 24 hours: 02:30 tonight if over, else as late that night as it
  // can be, else 02:30 the night before (when the data ends between midnight and 02:20).
  const span = (50 + LAST_NIGHT_HYPO.minutes) * MINUTE_MS;
  const day = localDayNumber(offsetOf, endAt);
  const latest = endAt - span;
  const tonight = atLocal(offsetOf, day, LAST_NIGHT_HYPO.startMinute);
  const at = latest >= tonight ? tonight : latest >= atLocal(offsetOf, day, 30) ? latest : atLocal(offsetOf, day - 1, LAST_NIGHT_HYPO.startMinute);
  // The simulation walks hypos in time order: drop a random one that would overlap, insert in place.
  const keep = ev.hypoAt.map((start) => Math.abs(start - at) > 200 * MINUTE_MS);
  const events = ev.hypoAt
    .map((start, i) => ({ start, minutes: ev.hypoMinutes[i] as number, nadir: ev.hypoNadir[i] as number }))
    .filter((_, i) => keep[i]);
  events.push({ start: at, minutes: LAST_NIGHT_HYPO.minutes, nadir: LAST_NIGHT_HYPO.nadir });
  events.sort((a, b) => a.start - b.start);
  ev.hypoAt = events.map((e) => e.start);
  ev.hypoMinutes = events.map((e) => e.minutes);
  ev.hypoNadir = events.map((e) => e.nadir);
  return { from: at, to: at + span };
}

function scheduleGaps(
  rng: Rng,
  start: number,
  endAt: number,
  offsetOf: ZoneOffsetResolver,
): CgmGap[] {
  const gaps: CgmGap[] = [];
  // Sensor changes every 10–14 days, in the evening; the new sensor warms up for 1–2 hours.
  const firstDay = localDayNumber(offsetOf, start);
  const lastDay = localDayNumber(offsetOf, endAt);
  for (let day = firstDay + rng.int(0, 10); day <= lastDay; day += rng.int(10, 14)) {
    const from = atLocal(offsetOf, day, rng.uniform(18 * 60, 21 * 60));
    gaps.push({ from, to: from + rng.uniform(60, 120) * MINUTE_MS, reason: 'sensor_warmup' });
  }
  // Signal loss (phone out of range, compression at night): about one day in twelve, 1–4 h.
  for (let day = firstDay; day <= lastDay; day++) {
    if (!rng.chance(1 / 12)) continue;
    const from = atLocal(offsetOf, day, rng.uniform(0, 1440));
    gaps.push({ from, to: from + rng.uniform(60, 240) * MINUTE_MS, reason: 'signal_loss' });
  }
  gaps.sort((a, b) => a.from - b.from);
  const merged: CgmGap[] = [];
  for (const g of gaps) {
    const last = merged[merged.length - 1];
    if (last && g.from <= last.to) last.to = Math.max(last.to, g.to);
    else merged.push({ ...g });
  }
  return merged.filter((g) => g.to > start && g.from <= endAt);
}

/** Generates `days` of CGM readings ending at `endAt`, deterministic from `seed`. */
export function generateCgmDays(options: GenerateCgmOptions): GeneratedCgm {
  const interval = options.intervalMinutes ?? 5;
  const step = interval * MINUTE_MS;
  const p = PROFILES[options.profile ?? 'average'];
  const offsetOf = getZoneOffsetResolver(options.timeZone ?? 'Europe/Paris');
  const rng = createRng(options.seed);
  const count = Math.round((options.days * 1440) / interval);
  const start = options.endAt - (count - 1) * step;
  const firstDay = localDayNumber(offsetOf, start) - 1;
  const lastDay = localDayNumber(offsetOf, options.endAt);
  const ev = scheduleEvents(rng, p, offsetOf, firstDay, lastDay);
  const forcedHypo = options.lastNightHypo ? addLastNightHypo(ev, offsetOf, options.endAt) : null;
  // The forced hypo is recorded: no sensor gap hides it.
  const gaps = scheduleGaps(rng, start, options.endAt, offsetOf).filter((g) => !forcedHypo || g.to <= forcedHypo.from || g.from >= forcedHypo.to);

  const phi = Math.exp(-interval / 180);
  const innovation = p.driftSd * Math.sqrt(1 - phi * phi);
  let drift = rng.normal(0, p.driftSd);
  let mealFrom = 0;
  let hypoFrom = 0;
  let gapIdx = 0;
  const t: number[] = [];
  const v: number[] = [];
  for (let k = 0; k < count; k++) {
    const tk = start + k * step;
    drift = phi * drift + innovation * rng.normal();
    const noise = rng.normal(0, 4);
    let g = p.baseline + drift;

    // Meals: only those of the last 6 hours still matter; the list is in time order per day.
    while (mealFrom < ev.mealAt.length && (ev.mealAt[mealFrom] as number) < tk - 6 * 60 * MINUTE_MS)
      mealFrom++;
    for (let m = mealFrom; m < ev.mealAt.length; m++) {
      const at = ev.mealAt[m] as number;
      if (at > tk + 3 * 60 * MINUTE_MS) break;
      if (at > tk) continue;
      const x = (tk - at) / MINUTE_MS / (ev.mealTp[m] as number);
      g += (ev.mealPeak[m] as number) * x * Math.exp(1 - x);
    }

    const local = tk + offsetOf(tk);
    const minute = (local - Math.floor(local / DAY_MS) * DAY_MS) / MINUTE_MS;
    if (minute >= 240 && minute < 480) g += (p.dawn * (minute - 240)) / 240;
    else if (minute >= 480 && minute < 600) g += (p.dawn * (600 - minute)) / 120;

    while (hypoFrom < ev.hypoAt.length && (ev.hypoAt[hypoFrom] as number) + 200 * MINUTE_MS < tk)
      hypoFrom++;
    for (let h = hypoFrom; h < ev.hypoAt.length; h++) {
      const at = ev.hypoAt[h] as number;
      if (at > tk) break;
      const tau = (tk - at) / MINUTE_MS;
      const dur = ev.hypoMinutes[h] as number;
      // 25-minute raised-cosine descent, plateau near the nadir, 25-minute recovery.
      let s = 0;
      if (tau < 25) s = 0.5 - 0.5 * Math.cos((Math.PI * tau) / 25);
      else if (tau < 25 + dur) s = 1;
      else if (tau < 50 + dur) s = 0.5 + 0.5 * Math.cos((Math.PI * (tau - 25 - dur)) / 25);
      g = g * (1 - s) + (ev.hypoNadir[h] as number) * s;
    }

    while (gapIdx < gaps.length && (gaps[gapIdx] as CgmGap).to <= tk) gapIdx++;
    const gap = gaps[gapIdx];
    if (gap && gap.from <= tk && tk < gap.to) continue;
    t.push(tk);
    v.push(Math.round(Math.min(400, Math.max(40, g + noise))));
  }
  return { t, v, gaps };
}
