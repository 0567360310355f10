import type { ColumnSeries } from '../glucose/series';
import { DAY_MS, MINUTE_MS } from '../glucose/timezone';
import { DEFAULT_ALERT_SETTINGS, type AlertSettings } from './alert-settings.schemas';
import { forecastAt } from './glucose-forecast';
import { DEFAULT_LIVE_ALERT_RULES, shouldRaiseLiveAlert, type LiveAlertRules, type PreviousLiveAlert } from './live-alerts.rules';

/**
 * How well "Hypoglycémie imminente" comes before the lows (issue 36, must show 1), replaying a
 * recorded series reading by reading exactly as the server evaluates a live upload, with the
 * re-alert rules and nobody acknowledging (the most alerts the rules allow).
 *
 * - An episode is a run of readings below 54 mg/dL covering ≥ 15 minutes (each reading covering
 *   one nominal interval; readings more than 16 minutes apart are not one run). A run starting
 *   within 30 minutes of the previous episode's end is that episode going on.
 * - Forecastable: the sensor sent a reading in the 16 minutes before the start from which a
 *   forecast exists. An episode straight after a gap could not be foreseen by any model; they
 *   are counted and shown, and left out of the share alerted.
 * - Alerted in advance: an alert raised before the start (not at it), either in the 30 minutes
 *   before it or earlier in the same descent (every reading from the alert to the start below
 *   70: glucose never came back into range in between, so that warning was about this low). The
 *   lead is the start minus the earliest such alert.
 * - A false alert: no reading below 70 within the 30 minutes after it.
 */

export const EVALUATION_GOALS = { alertedShare: 0.9, medianLeadMinutes: 10, falseAlertsPerDay: 0.5 } as const;

const LEAD_WINDOW_MS = 30 * MINUTE_MS;
const FALSE_ALERT_WINDOW_MS = 30 * MINUTE_MS;
const MAX_GAP_MS = 16 * MINUTE_MS;
const SAME_EPISODE_MS = 30 * MINUTE_MS;

export interface EvaluatedSeries extends ColumnSeries {
  name: string;
  /** Nominal interval between readings (5 for most sensors, 15 for LibreView's history). */
  intervalMinutes: number;
}

export interface SeriesEvaluation {
  name: string;
  days: number;
  episodes: number;
  forecastable: number;
  alertedInAdvance: number;
  leadsMinutes: number[];
  alerts: number;
  falseAlerts: number;
}

interface Episode {
  start: number;
  startIndex: number;
}

const below = (value: number, threshold: number): boolean => Number.isFinite(value) && Math.floor(value + 0.5) < threshold;

/** Episodes below 54 mg/dL lasting ≥ 15 minutes, as defined above. */
export function lowEpisodes(series: EvaluatedSeries): Episode[] {
  const { t, v } = series;
  const interval = series.intervalMinutes * MINUTE_MS;
  const out: Episode[] = [];
  let lastEnd = Number.NEGATIVE_INFINITY;
  let runStart = -1;
  let previousAt = Number.NaN;
  const closeRun = (lastIndex: number): void => {
    if (runStart < 0) return;
    const start = t[runStart] as number;
    const end = (t[lastIndex] as number) + interval;
    if (end - start >= 15 * MINUTE_MS) {
      if (start - lastEnd > SAME_EPISODE_MS) out.push({ start, startIndex: runStart });
      lastEnd = end;
    }
    runStart = -1;
  };
  let lastFinite = -1;
  for (let i = 0; i < t.length; i++) {
    const value = v[i] as number;
    if (!Number.isFinite(value)) continue;
    const at = t[i] as number;
    if (at - previousAt > MAX_GAP_MS) closeRun(lastFinite);
    if (below(value, 54)) {
      if (runStart < 0) runStart = i;
    } else {
      closeRun(lastFinite);
    }
    previousAt = at;
    lastFinite = i;
  }
  closeRun(lastFinite);
  return out;
}

/** The times (and values) of every urgent-forecast alert a live evaluation raises on the series. */
export function replayUrgentAlerts(series: EvaluatedSeries, settings: AlertSettings, rules: LiveAlertRules): number[] {
  const raised: number[] = [];
  let previous: PreviousLiveAlert | undefined;
  for (let i = 0; i < series.t.length; i++) {
    if (!Number.isFinite(series.v[i] as number)) continue;
    if (shouldRaiseLiveAlert(series, i, 'urgent_low_soon', settings, previous, rules)) {
      previous = { raisedAt: series.t[i] as number, status: 'open', glucoseMgdl: series.v[i] as number };
      raised.push(i);
    }
  }
  return raised;
}

function forecastableBefore(series: EvaluatedSeries, episode: Episode, rules: LiveAlertRules): boolean {
  for (let j = episode.startIndex - 1; j >= 0; j--) {
    if (!Number.isFinite(series.v[j] as number)) continue;
    if (episode.start - (series.t[j] as number) > MAX_GAP_MS) return false;
    return forecastAt(series, j, rules.model) !== null;
  }
  return false;
}

/** The earliest alert that warned of this episode (see the definition above), or undefined. */
function earliestAlertFor(series: EvaluatedSeries, episode: Episode, alerts: readonly number[]): number | undefined {
  const { t, v } = series;
  // Walking back from the start: an alert at reading j counts when every reading after j and
  // before the start was below 70 (or j is within the 30 minutes).
  let descentFrom = episode.start - LEAD_WINDOW_MS;
  for (let j = episode.startIndex - 1; j >= 0; j--) {
    const value = v[j] as number;
    if (!Number.isFinite(value)) continue;
    descentFrom = Math.min(descentFrom, t[j] as number);
    if (episode.start - (t[j] as number) > LEAD_WINDOW_MS && !below(value, 70)) break;
  }
  for (const index of alerts) {
    const at = t[index] as number;
    if (at >= descentFrom && at < episode.start) return at;
  }
  return undefined;
}

export function evaluateSeries(
  series: EvaluatedSeries,
  settings: AlertSettings = DEFAULT_ALERT_SETTINGS,
  rules: LiveAlertRules = DEFAULT_LIVE_ALERT_RULES,
): SeriesEvaluation {
  const { t, v } = series;
  const alerts = replayUrgentAlerts(series, settings, rules);
  const episodes = lowEpisodes(series);
  let forecastable = 0;
  let alertedInAdvance = 0;
  const leadsMinutes: number[] = [];
  for (const episode of episodes) {
    if (!forecastableBefore(series, episode, rules)) continue;
    forecastable += 1;
    const earliest = earliestAlertFor(series, episode, alerts);
    if (earliest === undefined) continue;
    alertedInAdvance += 1;
    leadsMinutes.push((episode.start - earliest) / MINUTE_MS);
  }
  let falseAlerts = 0;
  for (const index of alerts) {
    const at = t[index] as number;
    let confirmed = false;
    for (let j = index + 1; j < t.length && (t[j] as number) - at <= FALSE_ALERT_WINDOW_MS; j++) {
      if (below(v[j] as number, 70)) {
        confirmed = true;
        break;
      }
    }
    if (!confirmed) falseAlerts += 1;
  }
  let readings = 0;
  for (let i = 0; i < v.length; i++) if (Number.isFinite(v[i] as number)) readings += 1;
  const days = (readings * series.intervalMinutes * MINUTE_MS) / DAY_MS;
  return { name: series.name, days, episodes: episodes.length, forecastable, alertedInAdvance, leadsMinutes, alerts: alerts.length, falseAlerts };
}

export interface EvaluationSummary {
  days: number;
  episodes: number;
  forecastable: number;
  alertedInAdvance: number;
  /** Share of forecastable episodes alerted in advance (NaN when there is none). */
  alertedShare: number;
  medianLeadMinutes: number;
  falseAlertsPerDay: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function summarise(rows: readonly SeriesEvaluation[]): EvaluationSummary {
  const sum = (pick: (r: SeriesEvaluation) => number): number => rows.reduce((s, r) => s + pick(r), 0);
  const forecastable = sum((r) => r.forecastable);
  const alertedInAdvance = sum((r) => r.alertedInAdvance);
  const days = sum((r) => r.days);
  return {
    days,
    episodes: sum((r) => r.episodes),
    forecastable,
    alertedInAdvance,
    alertedShare: forecastable > 0 ? alertedInAdvance / forecastable : Number.NaN,
    medianLeadMinutes: median(rows.flatMap((r) => r.leadsMinutes)),
    falseAlertsPerDay: days > 0 ? sum((r) => r.falseAlerts) / days : Number.NaN,
  };
}

const cell = (value: string | number, width: number): string => String(value).padStart(width);
const fixed = (value: number, digits: number): string => (Number.isFinite(value) ? value.toFixed(digits) : '—');

/** A plain-text table: one row per series, then the total. */
export function formatEvaluationTable(rows: readonly SeriesEvaluation[]): string {
  const header = `${'series'.padEnd(44)}${cell('days', 8)}${cell('eps<54', 8)}${cell('forecastable', 13)}${cell('alerted', 9)}${cell('median lead', 12)}${cell('alerts', 8)}${cell('false', 7)}${cell('false/day', 10)}`;
  const line = (name: string, r: Omit<SeriesEvaluation, 'name'>): string =>
    `${name.padEnd(44)}${cell(fixed(r.days, 1), 8)}${cell(r.episodes, 8)}${cell(r.forecastable, 13)}${cell(r.alertedInAdvance, 9)}${cell(fixed(median(r.leadsMinutes), 1), 12)}${cell(r.alerts, 8)}${cell(r.falseAlerts, 7)}${cell(fixed(r.days > 0 ? r.falseAlerts / r.days : Number.NaN, 2), 10)}`;
  const total = rows.reduce(
    (s, r) => ({
      days: s.days + r.days,
      episodes: s.episodes + r.episodes,
      forecastable: s.forecastable + r.forecastable,
      alertedInAdvance: s.alertedInAdvance + r.alertedInAdvance,
      leadsMinutes: [...s.leadsMinutes, ...r.leadsMinutes],
      alerts: s.alerts + r.alerts,
      falseAlerts: s.falseAlerts + r.falseAlerts,
    }),
    { days: 0, episodes: 0, forecastable: 0, alertedInAdvance: 0, leadsMinutes: [] as number[], alerts: 0, falseAlerts: 0 },
  );
  return [header, ...rows.map((r) => line(r.name, r)), line('TOTAL', total)].join('\n');
}
