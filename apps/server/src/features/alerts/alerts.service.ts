import type { Alert, AlertKind, AlertList, ListAlertsQuery } from '@glucosuivi/domain/alerts/alerts.schemas';
import type { AlertCandidate } from '@glucosuivi/domain/alerts/alerts.rules';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/app-error';
import type { DomainEventOf } from '@glucosuivi/domain/shared/events';
import type { EventBus } from '../../platform/events/event-bus';
import { enqueue } from '../../platform/jobs/job-queue';
import { requirePatient } from '../profile/profile.service';
import {
  countAlertsByStatus,
  countAlertsOccurred,
  findAlert,
  insertAlerts,
  listAlertRows,
  updateAlertStatus,
} from './alerts.repository';

export interface AlertsDeps {
  database: Database;
  clock: Clock;
  events: EventBus;
}

const DEFAULT_PAGE = 50;

/** The job that delivers the alerts of one write (alert-delivery.service.ts). */
export const ALERT_DELIVER_JOB = 'alerts.deliver';

/**
 * Stores the candidates in the caller's transaction (the one writing the readings) and, in the
 * same transaction, the one job that will deliver the new ones: an alert is never committed
 * without its delivery, and a retried write raises (and delivers) nothing twice. Returns the new
 * alerts.
 */
export async function raiseAlerts(tx: Tx, patientId: string, candidates: AlertCandidate[], now: Date): Promise<Alert[]> {
  const raised = await insertAlerts(tx, patientId, candidates, now);
  const first = raised[0];
  if (first) {
    await enqueue(tx, {
      name: ALERT_DELIVER_JOB,
      payload: { patientId, alertIds: raised.map((a) => a.id).join(',') },
      runAt: now,
      idempotencyKey: `${ALERT_DELIVER_JOB}:${first.id}`,
    });
  }
  return raised;
}

/**
 * The event announcing the alerts of one committed write, all together: a device batch that
 * raises several alerts is one event, so a channel can send one summary instead of one message
 * per alert. Undefined when the write raised none.
 */
export function alertsRaisedEvent(patientId: string, alerts: Alert[]): DomainEventOf<'alert.raised'> | undefined {
  if (alerts.length === 0) return undefined;
  return { type: 'alert.raised', patientId, alertIds: alerts.map((a) => a.id), kinds: [...new Set(alerts.map((a) => a.kind))] };
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
  await publishStatusChange(deps.events, patient.userId, changed, patient.userId);
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
  await publishStatusChange(deps.events, patient.userId, changed, patient.userId);
  return changed;
}

/** After commit. An alert already in that status is published too: harmless, and simpler than tracking "did change". */
export async function publishStatusChange(events: EventBus, patientId: string, alert: Alert, by: string): Promise<void> {
  if (alert.status === 'open') return;
  await events.publish({ type: 'alert.status-changed', patientId, alertId: alert.id, status: alert.status, changedBy: by });
}

/** Alerts of a patient by id, in the given order, in an open transaction (notification channels). */
export async function findAlertsInTx(tx: Tx, patientId: string, ids: string[]): Promise<Alert[]> {
  const found: Alert[] = [];
  for (const id of ids) {
    const alert = await findAlert(tx, patientId, id);
    if (alert) found.push(alert);
  }
  return found;
}

/** Open and acknowledged alerts of a patient, newest first, in an open transaction (care team). */
export async function listActiveAlertsInTx(tx: Tx, patientId: string, limit: number): Promise<Alert[]> {
  // One statement at a time on the transaction's one connection.
  const open = await listAlertRows(tx, patientId, { status: 'open', limit });
  const acknowledged = await listAlertRows(tx, patientId, { status: 'acknowledged', limit });
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
