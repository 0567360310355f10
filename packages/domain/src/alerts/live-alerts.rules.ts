import type { ColumnSeries } from '../glucose/series';
import { MINUTE_MS } from '../glucose/timezone';
import type { AlertSettings } from './alert-settings.schemas';
import { DEFAULT_FORECAST_MODEL, forecastAt, type ForecastModel } from './glucose-forecast';

/**
 * Alerts on the live CGM stream (issue 36), evaluated at the newest reading only: what is
 * about to happen matters while it can still be acted on, so a backfill (an import, an uploader
 * catching up) raises none of these. Pure functions over a series and the previous alert.
 */

export type LiveAlertKind = 'urgent_low_soon' | 'falling_fast' | 'rising_fast';
export const LIVE_ALERT_KINDS: readonly LiveAlertKind[] = ['urgent_low_soon', 'falling_fast', 'rising_fast'];

/**
 * Sources of a live stream: a sensor's app or an uploader. A file import is the past brought in
 * by hand, however recent its last line: it raises no live alert.
 */
export const LIVE_GLUCOSE_SOURCES: readonly string[] = ['cgm', 'nightscout'];

/** A reading older than this (relative to now) is not live: no forecast alert from it. */
export const LIVE_READING_MAX_AGE_MS = 10 * MINUTE_MS;
/** After an alert, the same kind is not raised again for this long. */
export const SNOOZE_MS = 30 * MINUTE_MS;
/** A rate alert needs the readings of this long to move beyond the rate. */
export const SUSTAINED_RATE_MS = 15 * MINUTE_MS;
/** A condition is over once it has been false at this many readings in a row. */
const READINGS_TO_CLEAR = 2;
/** An alert older than this belongs to an earlier condition, whatever happened in between. */
const SAME_CONDITION_MAX_MS = 3 * 60 * MINUTE_MS;

export interface LiveAlertRules {
  model: ForecastModel;
  /** The urgent forecast must hold at this many readings in a row (1 = the newest alone). */
  confirmReadings: number;
}

export const DEFAULT_LIVE_ALERT_RULES: LiveAlertRules = { model: DEFAULT_FORECAST_MODEL, confirmReadings: 1 };

function finite(series: ColumnSeries, index: number): boolean {
  return Number.isFinite(series.v[index] as number);
}

/** The finite reading before `index` not further back than `maxGapMs`, or -1. */
function previousIndex(series: ColumnSeries, index: number, maxGapMs: number): number {
  const at = series.t[index] as number;
  for (let j = index - 1; j >= 0; j--) {
    if (at - (series.t[j] as number) > maxGapMs) return -1;
    if (finite(series, j)) return j;
  }
  return -1;
}

function urgentForecastAt(series: ColumnSeries, index: number, threshold: number, model: ForecastModel): boolean {
  const value = series.v[index] as number;
  // Already below: that is the low itself (its own alert), not one coming.
  if (!Number.isFinite(value) || Math.floor(value + 0.5) < threshold) return false;
  const forecast = forecastAt(series, index, model);
  return forecast !== null && forecast.atHorizon < threshold;
}

/**
 * The rate over the last 15 minutes and over their second half both beyond `rate` (mg/dL per
 * minute) in the given direction: a sustained move, not one noisy step.
 */
function sustainedRateAt(series: ColumnSeries, index: number, rate: number, direction: -1 | 1, maxGapMs: number): boolean {
  const at = series.t[index] as number;
  const now = series.v[index] as number;
  if (!Number.isFinite(now)) return false;
  let j = index;
  let half = -1;
  while (at - (series.t[j] as number) < SUSTAINED_RATE_MS) {
    const before = previousIndex(series, j, maxGapMs);
    if (before < 0) return false;
    j = before;
    if (half < 0 && at - (series.t[j] as number) >= SUSTAINED_RATE_MS / 2) half = j;
  }
  const beyond = (from: number): boolean => {
    const minutes = (at - (series.t[from] as number)) / MINUTE_MS;
    return (direction * (now - (series.v[from] as number))) / minutes > rate;
  };
  return beyond(j) && (half < 0 || half === j || beyond(half));
}

/** Whether the condition of `kind` holds at reading `index` (no history of alerts involved). */
export function liveConditionAt(
  series: ColumnSeries,
  index: number,
  kind: LiveAlertKind,
  settings: AlertSettings,
  rules: LiveAlertRules = DEFAULT_LIVE_ALERT_RULES,
): boolean {
  const maxGapMs = rules.model.maxGapMinutes * MINUTE_MS;
  switch (kind) {
    case 'urgent_low_soon': {
      let j = index;
      for (let k = 0; k < rules.confirmReadings; k++) {
        if (j < 0 || !urgentForecastAt(series, j, settings.urgentLowSoonMgdl, rules.model)) return false;
        j = previousIndex(series, j, maxGapMs);
      }
      return true;
    }
    case 'falling_fast':
      return settings.rateAlerts && sustainedRateAt(series, index, settings.rateMgdlPerMin, -1, maxGapMs);
    case 'rising_fast':
      return settings.rateAlerts && sustainedRateAt(series, index, settings.rateMgdlPerMin, 1, maxGapMs);
  }
}

/** The latest alert of one kind, as the re-alert rules need it. */
export interface PreviousLiveAlert {
  raisedAt: number;
  /** Still open, or seen (acknowledged) / closed (resolved) by someone. */
  status: 'open' | 'acknowledged' | 'resolved';
  glucoseMgdl: number | null;
}

/** Whether the condition stopped (false at READINGS_TO_CLEAR readings in a row) after `since`. */
function clearedSince(series: ColumnSeries, index: number, since: number, check: (i: number) => boolean): boolean {
  let falseInRow = 0;
  for (let i = index - 1; i >= 0 && (series.t[i] as number) > since; i--) {
    if (!finite(series, i)) continue;
    if (check(i)) falseInRow = 0;
    else if (++falseInRow >= READINGS_TO_CLEAR) return true;
  }
  return false;
}

/**
 * Whether reading `index` raises an alert of `kind`, given the previous one of that kind:
 * - a new condition (no previous alert, or the condition cleared since) raises one;
 * - within the same condition: nothing for 30 minutes after the previous alert (snooze), nothing
 *   once someone acknowledged or resolved it, and after the snooze a repeat only if glucose is
 *   still moving the same way (lower than at the previous alert for a fall, higher for a rise).
 */
export function shouldRaiseLiveAlert(
  series: ColumnSeries,
  index: number,
  kind: LiveAlertKind,
  settings: AlertSettings,
  previous: PreviousLiveAlert | undefined,
  rules: LiveAlertRules = DEFAULT_LIVE_ALERT_RULES,
): boolean {
  const check = (i: number): boolean => liveConditionAt(series, i, kind, settings, rules);
  if (!check(index)) return false;
  const at = series.t[index] as number;
  if (!previous || at - previous.raisedAt > SAME_CONDITION_MAX_MS) return true;
  if (clearedSince(series, index, previous.raisedAt, check)) return true;
  if (previous.status !== 'open' || at - previous.raisedAt < SNOOZE_MS) return false;
  const now = series.v[index] as number;
  if (previous.glucoseMgdl === null) return true;
  return kind === 'rising_fast' ? now > previous.glucoseMgdl : now < previous.glucoseMgdl;
}

/** Whether the newest reading is recent enough to alert on (not a backfill). */
export function isLiveReading(readingAt: number, now: number): boolean {
  return readingAt <= now + MINUTE_MS && now - readingAt <= LIVE_READING_MAX_AGE_MS;
}
