import { SIGNAL_LOSS_BOUNDS, alertSettingsSchema, type AlertSettings, type AlertSettingsPatch } from '@glucosuivi/domain/alerts/alert-settings.schemas';
import type { Alert } from '@glucosuivi/domain/alerts/alerts.schemas';
import type { AlertCandidate } from '@glucosuivi/domain/alerts/alerts.rules';
import { isLiveReading, LIVE_ALERT_KINDS, shouldRaiseLiveAlert } from '@glucosuivi/domain/alerts/live-alerts.rules';
import type { ColumnSeries } from '@glucosuivi/domain/glucose/series';
import type { Actor, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { requirePatient } from '../profile/profile.service';
import { findAlertSettings, latestAlertsOfKinds, resolveSignalLossAlerts, saveAlertSettings, silentUploaderPatients } from './alerts.repository';
import { alertsRaisedEvent, publishStatusChange, raiseAlerts, type AlertsDeps } from './alerts.service';

/*
 * Live CGM alerts (issue 36): the forecast and trend alerts evaluated at the newest reading of a
 * device write, in that write's transaction; the signal-loss check run every minute by a job;
 * and the patient's settings of both. The rules themselves are the domain's (live-alerts.rules).
 */

export async function getAlertSettings(deps: AlertsDeps, actor: Actor | null): Promise<AlertSettings> {
  const patient = requirePatient(actor);
  return deps.database.asActor(patient, (tx) => findAlertSettings(tx, patient.userId));
}

export async function updateAlertSettings(deps: AlertsDeps, actor: Actor | null, patch: AlertSettingsPatch): Promise<AlertSettings> {
  const patient = requirePatient(actor);
  return deps.database.asActor(patient, async (tx) => {
    const merged = { ...(await findAlertSettings(tx, patient.userId)), ...patch };
    // The patch is checked field by field by its schema; the whole is checked again before it is stored.
    const parsed = alertSettingsSchema.safeParse(merged);
    if (!parsed.success) throw new AppError('validation_failed');
    await saveAlertSettings(tx, patient.userId, parsed.data, deps.clock.now());
    return parsed.data;
  });
}

export interface LiveAlertsAtWrite {
  candidates: AlertCandidate[];
  /** Signal-loss alerts closed because a reading came. */
  cleared: Alert[];
}

/**
 * What the newest reading of a device write raises, in the write's transaction. `series` is the
 * stored device readings around the write (the write included); `newestWritten` the latest
 * instant the write brought. Nothing unless that reading is the series' newest and live (taken
 * in the last 10 minutes): an import or an uploader's backfill of the past alerts on nothing.
 */
export async function liveAlertsAtWrite(tx: Tx, patientId: string, series: ColumnSeries, newestWritten: number, now: Date): Promise<LiveAlertsAtWrite> {
  const last = series.t.length - 1;
  // Within a millisecond: the stored instant comes back through SQL as a float.
  const newestStored = last >= 0 && Math.abs((series.t[last] as number) - newestWritten) < 1;
  if (!newestStored || !isLiveReading(newestWritten, now.getTime())) return { candidates: [], cleared: [] };
  const cleared = await resolveSignalLossAlerts(tx, patientId, now);
  const settings = await findAlertSettings(tx, patientId);
  const previous = await latestAlertsOfKinds(tx, patientId, LIVE_ALERT_KINDS);
  const value = series.v[last] as number;
  const candidates: AlertCandidate[] = [];
  for (const kind of LIVE_ALERT_KINDS) {
    const before = previous.get(kind);
    const state = before && { raisedAt: Date.parse(before.occurredAt), status: before.status, glucoseMgdl: before.glucoseMgdl };
    if (!shouldRaiseLiveAlert(series, last, kind, settings, state)) continue;
    candidates.push({
      kind,
      origin: 'forecast',
      dedupKey: `live:${kind}:${newestWritten}`,
      measurementId: null,
      glucoseMgdl: value,
      systolic: null,
      diastolic: null,
      occurredAt: newestWritten,
    });
  }
  return { candidates, cleared };
}

/** After commit: the cleared signal-loss alerts, announced like any other status change. */
export async function publishClearedSignalLoss(deps: Pick<AlertsDeps, 'events'>, patientId: string, cleared: readonly Alert[]): Promise<void> {
  for (const alert of cleared) await publishStatusChange(deps.events, patientId, alert, patientId);
}

/** An uploader that sent nothing for a day is put away, not lost: no alert. */
const ACTIVE_UPLOADER_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

/**
 * The signal-loss check (the `alerts.signal-loss` job, every minute): each patient with an
 * active uploader whose newest reading is older than their wait (10–60 minutes, default 20)
 * gets one alert per silence, keyed by that reading's instant, so running again raises nothing
 * and the next reading (liveAlertsAtWrite) closes it. Returns how many were raised.
 */
export async function checkSignalLoss(deps: AlertsDeps): Promise<number> {
  const now = deps.clock.now();
  const candidates = await silentUploaderPatients(
    deps.database.db,
    new Date(now.getTime() - ACTIVE_UPLOADER_MS),
    // Everyone silent for the shortest wait allowed; each patient's own wait is checked below.
    new Date(now.getTime() - SIGNAL_LOSS_BOUNDS.min * MINUTE_MS),
  );
  let raisedCount = 0;
  for (const { patientId, lastReadingAt } of candidates) {
    const patient: Actor = { userId: patientId, role: 'patient' };
    const raised = await deps.database.asActor(patient, async (tx) => {
      const settings = await findAlertSettings(tx, patientId);
      if (!settings.signalLoss || now.getTime() - lastReadingAt.getTime() < settings.signalLossMinutes * MINUTE_MS) return [];
      const candidate: AlertCandidate = {
        kind: 'signal_loss',
        origin: 'signal',
        dedupKey: `signal:${lastReadingAt.getTime()}`,
        measurementId: null,
        glucoseMgdl: null,
        systolic: null,
        diastolic: null,
        occurredAt: lastReadingAt.getTime(),
      };
      return raiseAlerts(tx, patientId, [candidate], now);
    });
    const event = alertsRaisedEvent(patientId, raised);
    if (event) await deps.events.publish(event);
    raisedCount += raised.length;
  }
  return raisedCount;
}
