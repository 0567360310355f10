import { classifyBloodPressure, classifySingleReading, detectEpisodes } from '../glucose/episodes';
import type { ColumnSeries } from '../glucose/series';
import type { AlertKind, AlertOrigin } from './alerts.schemas';

/**
 * Which readings raise which alerts (PRODUCT.md §3), as pure functions over plain values. The
 * thresholds themselves live in glucose/episodes.ts; this module adds what an alert needs to be
 * stored once: a deduplication key, so the same reading or episode seen again (a CGM uploader
 * resends the last hours on every sync) never raises a second alert.
 */

/** Only conditions this recent raise an alert: an alert asks someone to act now, and importing
 * months of history must not send months of e-mails. Older ones remain visible in the metrics. */
export const ALERT_RECENCY_MS = 24 * 60 * 60 * 1000;

export interface AlertCandidate {
  kind: AlertKind;
  origin: AlertOrigin;
  /** Unique per patient: `reading:<id>:<kind>` or `episode:<kind>:<start ms>`. */
  dedupKey: string;
  measurementId: string | null;
  glucoseMgdl: number | null;
  systolic: number | null;
  diastolic: number | null;
  occurredAt: number;
}

const isRecent = (at: number, now: number): boolean => at >= now - ALERT_RECENCY_MS;

/** Alert for one manual or meter glucose reading, or null. */
export function alertForGlucoseReading(
  reading: { id: string; valueMgdl: number; measuredAt: number },
  now: number,
): AlertCandidate | null {
  const kind = classifySingleReading(reading.valueMgdl);
  if (!kind || !isRecent(reading.measuredAt, now)) return null;
  return {
    kind,
    origin: 'reading',
    dedupKey: `reading:${reading.id}:${kind}`,
    measurementId: reading.id,
    glucoseMgdl: reading.valueMgdl,
    systolic: null,
    diastolic: null,
    occurredAt: reading.measuredAt,
  };
}

/** Alert for one blood-pressure reading (≥ 140/90 bp_high, ≥ 180/110 bp_urgent), or null. */
export function alertForBloodPressure(
  reading: { id: string; systolic: number; diastolic: number; measuredAt: number },
  now: number,
): AlertCandidate | null {
  const level = classifyBloodPressure(reading.systolic, reading.diastolic);
  if (!level || !isRecent(reading.measuredAt, now)) return null;
  const kind: AlertKind = level === 'urgent' ? 'bp_urgent' : 'bp_high';
  return {
    kind,
    origin: 'reading',
    dedupKey: `reading:${reading.id}:${kind}`,
    measurementId: reading.id,
    glucoseMgdl: null,
    systolic: reading.systolic,
    diastolic: reading.diastolic,
    occurredAt: reading.measuredAt,
  };
}

/**
 * Alerts for the CGM episodes of a series (ascending): one per episode, of its most severe
 * kind so far; an episode escalating to urgent later raises the urgent alert then (its key
 * differs). Only episodes confirmed within ALERT_RECENCY_MS of `now` count.
 */
export function alertsForCgmSeries(series: ColumnSeries, now: number): AlertCandidate[] {
  const { hypo, hyper } = detectEpisodes(series);
  const out: AlertCandidate[] = [];
  for (const episode of [...hypo, ...hyper]) {
    const confirmedAt = episode.urgentConfirmedAt ?? episode.confirmedAt;
    if (!isRecent(confirmedAt, now)) continue;
    const kind: AlertKind = episode.severity;
    out.push({
      kind,
      origin: 'cgm_episode',
      dedupKey: `episode:${kind}:${episode.start}`,
      measurementId: null,
      glucoseMgdl: episode.extreme,
      systolic: null,
      diastolic: null,
      occurredAt: episode.start,
    });
  }
  return out.sort((a, b) => a.occurredAt - b.occurredAt);
}

/** The alerts that must reach someone at once, whatever the hour, and carry the emergency numbers. */
export const URGENT_ALERT_KINDS: readonly AlertKind[] = ['urgent_hypo', 'bp_urgent', 'urgent_low_soon'];

export function isUrgentAlertKind(kind: AlertKind): boolean {
  return URGENT_ALERT_KINDS.includes(kind);
}

/** Alerts about the next minutes (forecast, trend, signal): an e-mail would come too late to be of any use. */
export const LIVE_ALERT_KIND_SET: readonly AlertKind[] = ['urgent_low_soon', 'falling_fast', 'rising_fast', 'signal_loss'];

export function alertMayBeEmailed(kind: AlertKind): boolean {
  return !LIVE_ALERT_KIND_SET.includes(kind);
}

/**
 * Whether an alert goes by push during the recipient's quiet hours: urgent ones always (quiet
 * hours never silence them), the others wait in the in-app list.
 */
export function pushedInQuietHours(kind: AlertKind): boolean {
  return isUrgentAlertKind(kind);
}

/**
 * The categories a care link must share for one of the patient's alerts to reach the
 * professional outside the patient page (notification, e-mail, push): the alert's own data
 * (glucose or blood pressure) AND the alerts themselves. Either missing, the professional would
 * learn something the patient did not share, so nothing is sent.
 */
export function alertCategoriesNeeded(kind: AlertKind): readonly ['glucose' | 'blood_pressure', 'alerts'] {
  return [kind === 'bp_high' || kind === 'bp_urgent' ? 'blood_pressure' : 'glucose', 'alerts'];
}

export function alertReachesProfessional(kind: AlertKind, sharedCategories: readonly string[]): boolean {
  return alertCategoriesNeeded(kind).every((category) => sharedCategories.includes(category));
}
