import type { ColumnSeries } from './series';
import { MINUTE_MS } from './timezone';

/**
 * Alerts and CGM episodes (PRODUCT.md §3, consensus event definition, Battelino 2019/2023).
 *
 * A hypo episode starts when readings stay below 70 mg/dL for ≥ 15 minutes and ends when they
 * stay at or above 70 for ≥ 15 minutes; shorter rebounds do not end it. It becomes urgent
 * (level 2) when, inside it, readings stay below 54 for ≥ 15 minutes — one excursion is one
 * episode, escalated, not two alerts. A hyper episode is the same with > 250 mg/dL to start
 * and ≤ 250 for ≥ 15 minutes to end (the consensus "level 2 hyperglycaemia" threshold).
 *
 * "Stays for 15 minutes" means that the readings of an uninterrupted run cover 15 minutes,
 * each reading covering one nominal interval: (last − first) + interval ≥ 15 min, i.e. three
 * consecutive 5-minute readings, or one 15-minute reading (iglu counts readings the same way).
 * Values are rounded half up to a whole mg/dL first, as for the bands.
 *
 * Gaps: consecutive readings more than `maxGapMinutes` apart (default 15) are not consecutive.
 * A run does not bridge a gap, and an open episode ends at the gap (endReason `gap`, end = the
 * last reading before it + one interval), because nothing is known of the time in between.
 */

export type GlucoseAlertKind = 'urgent_hypo' | 'hypo' | 'hyper';
export type BloodPressureAlertKind = 'urgent' | 'alert';

/** Alert for one manual or meter reading: < 54 urgent hypo, < 70 hypo, > 250 hyper, else null. */
/** The single-reading alert thresholds (mg/dL): below `urgent_hypo`/`hypo`, above `hyper`. */
export const SINGLE_READING_THRESHOLDS: Record<GlucoseAlertKind, number> = { urgent_hypo: 54, hypo: 70, hyper: 250 };

export function classifySingleReading(mgdl: number): GlucoseAlertKind | null {
  const r = Math.floor(mgdl + 0.5);
  if (r < SINGLE_READING_THRESHOLDS.urgent_hypo) return 'urgent_hypo';
  if (r < SINGLE_READING_THRESHOLDS.hypo) return 'hypo';
  if (r > SINGLE_READING_THRESHOLDS.hyper) return 'hyper';
  return null;
}

/** Blood-pressure alert: ≥ 180 systolic or ≥ 110 diastolic urgent, ≥ 140 or ≥ 90 alert, else null. */
export function classifyBloodPressure(
  systolic: number,
  diastolic: number,
): BloodPressureAlertKind | null {
  if (systolic >= 180 || diastolic >= 110) return 'urgent';
  if (systolic >= 140 || diastolic >= 90) return 'alert';
  return null;
}

export interface GlucoseEpisode {
  kind: 'hypo' | 'hyper';
  /** hypo, urgent_hypo (reached level 2) or hyper. */
  severity: GlucoseAlertKind;
  /** Time of the first reading of the run that started the episode. */
  start: number;
  /** Time at which the 15 minutes were reached: when an alert can be raised. */
  confirmedAt: number;
  /** Hypo only: start of the 15-minute run below 54 and when it was reached; else null. */
  urgentStart: number | null;
  urgentConfirmedAt: number | null;
  /** First reading of the confirmed recovery run, or the gap time; null while ongoing. */
  end: number | null;
  endReason: 'recovered' | 'gap' | 'ongoing';
  /** From start to end (or to the last reading + one interval while ongoing). */
  durationMinutes: number;
  /** Nadir for a hypo, peak for a hyper (mg/dL), and its time. */
  extreme: number;
  extremeAt: number;
  /** Index of the first reading of the episode and of its last reading in the condition. */
  startIndex: number;
  lastIndex: number;
}

export interface EpisodeOptions {
  /** Nominal interval each reading covers; default 5. */
  intervalMinutes?: number;
  /** Default 15. */
  maxGapMinutes?: number;
  /** Default 15. */
  minDurationMinutes?: number;
}

// One detector's state, in plain numbers; the same machine serves hypo and hyper.
interface Detector {
  hypo: boolean;
  runStart: number;
  runStartIndex: number;
  runExtreme: number;
  runExtremeAt: number;
  inEpisode: boolean;
  episode: GlucoseEpisode | null;
  recoveryStart: number;
  l2Start: number;
}

function newDetector(hypo: boolean): Detector {
  return {
    hypo,
    runStart: Number.NaN,
    runStartIndex: -1,
    runExtreme: Number.NaN,
    runExtremeAt: Number.NaN,
    inEpisode: false,
    episode: null,
    recoveryStart: Number.NaN,
    l2Start: Number.NaN,
  };
}

/** The run of a detector lasted long enough: its episode opens, confirmed at `confirmedAt` (reading `index`). */
function openEpisode(d: Detector, confirmedAt: number, index: number): void {
  d.inEpisode = true;
  d.recoveryStart = Number.NaN;
  d.episode = {
    kind: d.hypo ? 'hypo' : 'hyper',
    severity: d.hypo ? 'hypo' : 'hyper',
    start: d.runStart,
    confirmedAt,
    urgentStart: null,
    urgentConfirmedAt: null,
    end: null,
    endReason: 'ongoing',
    durationMinutes: 0,
    extreme: d.runExtreme,
    extremeAt: d.runExtremeAt,
    startIndex: d.runStartIndex,
    lastIndex: index,
  };
}

/** Detects hypo and hyper episodes in an ascending CGM series in one pass (NaN values skipped). */
export function detectEpisodes(
  series: ColumnSeries,
  options: EpisodeOptions = {},
): { hypo: GlucoseEpisode[]; hyper: GlucoseEpisode[] } {
  const intervalMs = (options.intervalMinutes ?? 5) * MINUTE_MS;
  const maxGapMs = (options.maxGapMinutes ?? 15) * MINUTE_MS;
  const needMs = (options.minDurationMinutes ?? 15) * MINUTE_MS;
  const { t, v } = series;
  const len = Math.min(t.length, v.length);
  const hypo: GlucoseEpisode[] = [];
  const hyper: GlucoseEpisode[] = [];
  const dets = [newDetector(true), newDetector(false)] as const;

  const close = (d: Detector, end: number, reason: 'recovered' | 'gap'): void => {
    const e = d.episode as GlucoseEpisode;
    e.end = end;
    e.endReason = reason;
    e.durationMinutes = (end - e.start) / MINUTE_MS;
    (d.hypo ? hypo : hyper).push(e);
    d.inEpisode = false;
    d.episode = null;
  };
  const resetRuns = (d: Detector): void => {
    d.runStart = Number.NaN;
    d.recoveryStart = Number.NaN;
    d.l2Start = Number.NaN;
  };

  let prevT = Number.NaN;
  for (let i = 0; i < len; i++) {
    const x = v[i] as number;
    if (x !== x) continue;
    const ti = t[i] as number;
    if (ti < prevT) throw new RangeError('glucose series must be sorted by time');
    const gap = ti - prevT > maxGapMs;
    const r = Math.floor(x + 0.5);
    for (const d of dets) {
      if (gap) {
        if (d.inEpisode) {
          close(d, prevT + intervalMs, 'gap');
        }
        resetRuns(d);
      }
      const inCond = d.hypo ? r < 70 : r > 250;
      if (!d.inEpisode) {
        if (!inCond) {
          d.runStart = Number.NaN;
        } else {
          if (d.runStart !== d.runStart) {
            d.runStart = ti;
            d.runStartIndex = i;
            d.runExtreme = x;
            d.runExtremeAt = ti;
          } else if (d.hypo ? x < d.runExtreme : x > d.runExtreme) {
            d.runExtreme = x;
            d.runExtremeAt = ti;
          }
          if (ti - d.runStart + intervalMs >= needMs) openEpisode(d, ti, i);
        }
      } else {
        const e = d.episode as GlucoseEpisode;
        if (inCond) {
          d.recoveryStart = Number.NaN;
          if (d.hypo ? x < e.extreme : x > e.extreme) {
            e.extreme = x;
            e.extremeAt = ti;
          }
          e.lastIndex = i;
        } else {
          if (d.recoveryStart !== d.recoveryStart) d.recoveryStart = ti;
          if (ti - d.recoveryStart + intervalMs >= needMs) {
            close(d, d.recoveryStart, 'recovered');
            d.runStart = Number.NaN;
          }
        }
      }
      if (d.hypo) {
        // The < 54 run: readings below 54 are below 70 too, so an episode is already open
        // when this run reaches 15 minutes.
        if (r < 54) {
          if (d.l2Start !== d.l2Start) d.l2Start = ti;
          const e = d.episode;
          if (e && e.urgentStart === null && ti - d.l2Start + intervalMs >= needMs) {
            e.severity = 'urgent_hypo';
            e.urgentStart = d.l2Start;
            e.urgentConfirmedAt = ti;
          }
        } else {
          d.l2Start = Number.NaN;
        }
      }
    }
    prevT = ti;
  }
  for (const d of dets) {
    const e = d.episode;
    if (d.inEpisode && e) {
      e.durationMinutes = (prevT + intervalMs - e.start) / MINUTE_MS;
      (d.hypo ? hypo : hyper).push(e);
    }
  }
  return { hypo, hyper };
}
