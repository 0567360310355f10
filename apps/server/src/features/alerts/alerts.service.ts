import type { Alert, AlertKind, AlertList, ListAlertsQuery } from '@glucosuivi/domain/alerts/alerts.schemas';
import type { AlertCandidate } from '@glucosuivi/domain/alerts/alerts.rules';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/app-error';
import { dashboardDataChanged } from '../measurements/dashboard-cache';
import { requirePatient } from '../profile/profile.service';
import {
  countAlertsByStatus,
  countAlertsOccurred,
  findAlert,
  insertAlerts,
  listAlertRows,
  updateAlertStatus,
} from './alerts.repository';

/**
 * Told about the alerts of one write once they are committed, all together: a device batch that
 * raises several alerts is one call, so a channel can send one summary instead of one message
 * per alert. The e-mail channel is alerts.notifier.ts; web push and the care team's realtime
 * feed can hang off the same call, each deciding its own channel.
 */
export interface AlertNotifier {
  alertsCreated(patientId: string, alerts: Alert[]): Promise<void> | void;
}

/** For callers that must not notify anyone (the demo seed). */
export const silentNotifier: AlertNotifier = { alertsCreated: () => undefined };

export interface AlertsDeps {
  database: Database;
  clock: Clock;
}

const DEFAULT_PAGE = 50;

/** Stores the candidates in the caller's transaction (the one writing the readings); returns the new alerts. */
export async function raiseAlerts(tx: Tx, patientId: string, candidates: AlertCandidate[], now: Date): Promise<Alert[]> {
  return insertAlerts(tx, patientId, candidates, now);
}

/**
 * Tells the notifier about committed alerts. A failing notifier must not turn a stored reading
 * into an error for the patient: the reading and its alert are safe in the database, and the
 * notifier's own implementation logs its failed deliveries.
 */
export async function announceAlerts(notify: AlertNotifier, patientId: string, created: Alert[]): Promise<void> {
  if (created.length === 0) return;
  try {
    await notify.alertsCreated(patientId, created);
  } catch {
    // Deliberately swallowed, see above.
  }
}

export async function countOpenAlerts(tx: Tx, patientId: string): Promise<number> {
  return (await countAlertsByStatus(tx, patientId)).open;
}

export async function countAlertsInPeriod(tx: Tx, patientId: string, kinds: AlertKind[], from: Date, to: Date): Promise<number> {
  return countAlertsOccurred(tx, patientId, kinds, from, to);
}

function encodeCursor(alert: Alert): string {
  return Buffer.from(`${alert.createdAt}|${alert.id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [createdAt, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const date = new Date(createdAt ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(date.getTime())) {
    throw new AppError('validation_failed', 'Invalid cursor', [{ path: ['querystring', 'cursor'], code: 'invalid_cursor', message: 'Invalid cursor' }]);
  }
  return { createdAt: date, id };
}

export async function listAlerts(deps: AlertsDeps, actor: Actor | null, query: ListAlertsQuery): Promise<AlertList> {
  const patient = requirePatient(actor);
  const limit = query.limit ?? DEFAULT_PAGE;
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  return deps.database.asActor(patient, async (tx) => {
    const rows = await listAlertRows(tx, patient.userId, { status: query.status, before, limit: limit + 1 });
    const counts = await countAlertsByStatus(tx, patient.userId);
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return {
      items,
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
      counts: { open: counts.open, acknowledged: counts.acknowledged },
    };
  });
}

/** Open → acknowledged; acknowledging again, or a resolved alert, changes nothing. */
export async function acknowledgeAlert(deps: AlertsDeps, actor: Actor | null, id: string): Promise<Alert> {
  const patient = requirePatient(actor);
  const changed = await deps.database.asActor(patient, async (tx) => {
    const alert = await findAlert(tx, patient.userId, id);
    if (!alert) throw new AppError('not_found');
    if (alert.status !== 'open') return alert;
    const updated = await updateAlertStatus(tx, patient.userId, id, {
      status: 'acknowledged',
      acknowledgedAt: deps.clock.now(),
      acknowledgedBy: patient.userId,
    });
    return updated ?? alert;
  });
  // The open-alert count is part of the dashboard summary.
  dashboardDataChanged(patient.userId);
  return changed;
}

/** Any status → resolved (an open alert resolved directly is also acknowledged by the same act). */
export async function resolveAlert(deps: AlertsDeps, actor: Actor | null, id: string): Promise<Alert> {
  const patient = requirePatient(actor);
  const changed = await deps.database.asActor(patient, async (tx) => {
    const alert = await findAlert(tx, patient.userId, id);
    if (!alert) throw new AppError('not_found');
    if (alert.status === 'resolved') return alert;
    const now = deps.clock.now();
    const updated = await updateAlertStatus(tx, patient.userId, id, {
      status: 'resolved',
      resolvedAt: now,
      resolvedBy: patient.userId,
      ...(alert.status === 'open' ? { acknowledgedAt: now, acknowledgedBy: patient.userId } : {}),
    });
    return updated ?? alert;
  });
  // The open-alert count is part of the dashboard summary.
  dashboardDataChanged(patient.userId);
  return changed;
}

/** Open and acknowledged alerts of a patient, newest first, in an open transaction (care team). */
export async function listActiveAlertsInTx(tx: Tx, patientId: string, limit: number): Promise<Alert[]> {
  const [open, acknowledged] = await Promise.all([
    listAlertRows(tx, patientId, { status: 'open', limit }),
    listAlertRows(tx, patientId, { status: 'acknowledged', limit }),
  ]);
  return [...open, ...acknowledged].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0)).slice(0, limit);
}

/**
 * Open → acknowledged by someone else than the patient (a professional), in an open
 * transaction whose RLS already limits it to alerts shared with them. Undefined when not visible.
 */
export async function acknowledgeAlertInTx(tx: Tx, patientId: string, id: string, by: string, now: Date): Promise<Alert | undefined> {
  const alert = await findAlert(tx, patientId, id);
  if (!alert) return undefined;
  if (alert.status !== 'open') return alert;
  return (await updateAlertStatus(tx, patientId, id, { status: 'acknowledged', acknowledgedAt: now, acknowledgedBy: by })) ?? alert;
}
