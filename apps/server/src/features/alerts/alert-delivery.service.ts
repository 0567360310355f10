import { z } from 'zod';
import type { Alert, AlertKind } from '@glucosuivi/domain/alerts/alerts.schemas';
import { alertMayBeEmailed, alertReachesProfessional, pushedInQuietHours } from '@glucosuivi/domain/alerts/alerts.rules';
import type { Database } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events/event-bus';
import type { Mailer } from '../../platform/mail';
import { enqueueMany, type JobPayload, type JobRequest } from '../../platform/jobs/job-queue';
import { findAccountById } from '../accounts/accounts.service';
import { activeLinkInTx } from '../care-team/care-links.service';
import {
  deliverNotifications,
  deliveryMessageId,
  NOTIFY_PUSH_JOB,
  notificationEvents,
  type DeliveryRequest,
  type NotificationRenderer,
} from '../notifications/notification-delivery.service';
import { loadPatientContext } from '../profile/profile.service';
import { inQuietHours } from '../reminders/reminders.time';
import { alertEmail, isUrgentAlert, ownAlertMessages, patientAlertMessages } from './alerts.emails';

import { alertFollowers, findAlertWithPatientName, patientAlertChannels, userTimeZone, type QuietHours } from './alerts.repository';
import { ALERT_DELIVER_JOB, findAlertsInTx } from './alerts.service';
import { checkSignalLoss } from './live-alerts.service';

export { ALERT_DELIVER_JOB };

/*
 * Alerts through the delivery pipeline (issue 14; docs/adr/0011). The write that raises alerts
 * enqueues ONE job in its own transaction (`alerts.deliver`, keyed by its first alert), so an
 * alert is never committed without its delivery, nor delivered twice. That job fans out:
 * - the patient: one e-mail for the whole write (a night of CGM readings is one summary, with the
 *   values and the advice: alerts.emails.ts) when `email_alerts` is on, and one push for its most
 *   urgent alert when `notifications_push` is on; their in-app centre is the alerts list itself;
 * - each professional who asked for this patient's alerts on an active link sharing the alert's
 *   data and the alerts (alertReachesProfessional): one notification per alert — an episode is
 *   one alert, so one notification per episode — in-app, and by push/e-mail per their settings.
 * Live alerts (forecast, trend, signal loss; issue 36) are never e-mailed: they are about the next
 * minutes. During the recipient's quiet hours only urgent alerts are pushed; the others stay in
 * the in-app list (quiet hours never silence an urgent alert).
 */

function pushAllowed(kind: AlertKind, recipient: QuietHours, now: Date): boolean {
  return pushedInQuietHours(kind) || !inQuietHours(now.getTime(), recipient.timeZone, recipient.quietHoursStart, recipient.quietHoursEnd);
}

export const ALERT_EMAIL_JOB = 'alerts.email';
/** Every minute: patients whose active uploader went silent (live-alerts.service.ts). */
export const SIGNAL_LOSS_JOB = 'alerts.signal-loss';

const payloadSchema = z.object({ patientId: z.string().min(1).max(64), alertIds: z.string().min(1).max(40 * 500) });

function parsePayload(payload: JobPayload): { patientId: string; alertIds: string[] } {
  const parsed = payloadSchema.safeParse(payload);
  const ids = parsed.success ? parsed.data.alertIds.split(',') : [];
  if (!parsed.success || !ids.every((id) => z.uuid().safeParse(id).success)) {
    throw Object.assign(new Error('bad payload'), { name: 'InvalidPayload' });
  }
  return { patientId: parsed.data.patientId, alertIds: ids };
}

export interface AlertDeliveryDeps {
  database: Database;
  clock: Clock;
  events: EventBus;
  mailer: Mailer;
  appUrl: string;
}

const mostUrgent = (alerts: readonly Alert[]): Alert => [...alerts].sort((a, b) => Number(isUrgentAlert(b.kind)) - Number(isUrgentAlert(a.kind)))[0]!;

/** The fan-out job: idempotent (every effect below is keyed or an upsert). */
async function deliverAlerts(deps: AlertDeliveryDeps, payload: JobPayload): Promise<void> {
  const { patientId, alertIds } = parsePayload(payload);
  const alerts = await deps.database.asActor({ userId: patientId, role: 'patient' }, (tx) => findAlertsInTx(tx, patientId, alertIds));
  if (alerts.length === 0) return; // the account was erased meanwhile
  const now = deps.clock.now();
  const first = alertIds[0]!;
  const own = await patientAlertChannels(deps.database.db, patientId);
  const jobs: JobRequest[] = [];
  const emailed = alerts.filter((alert) => alertMayBeEmailed(alert.kind));
  if (own.email && emailed.length > 0) {
    jobs.push({ name: ALERT_EMAIL_JOB, payload: { patientId, alertIds: emailed.map((a) => a.id).join(',') }, runAt: now, idempotencyKey: `${ALERT_EMAIL_JOB}:${first}` });
  }
  const lead = mostUrgent(alerts);
  if (own.push && pushAllowed(lead.kind, own, now)) {
    const deliveryKey = `alert:${lead.id}`;
    jobs.push({ name: NOTIFY_PUSH_JOB, payload: { deliveryKey, userId: patientId, kind: 'alert', subjectId: lead.id }, runAt: now, idempotencyKey: `${deliveryKey}:push` });
  }
  await enqueueMany(deps.database.db, jobs);

  const followers = await alertFollowers(deps.database.db, patientId);
  const requests: DeliveryRequest[] = followers.flatMap((follower) =>
    alerts
      .filter((alert) => alertReachesProfessional(alert.kind, follower.scopes))
      .map((alert) => ({
        userId: follower.professionalId,
        patientId,
        kind: 'patient_alert' as const,
        subjectId: alert.id,
        deliveryKey: `patient-alert:${alert.id}:${follower.professionalId}`,
        push: follower.push && pushAllowed(alert.kind, follower, now),
        email: follower.email && alertMayBeEmailed(alert.kind),
      })),
  );
  if (requests.length === 0) return;
  const delivered = await deps.database.db.transaction((tx) => deliverNotifications(tx, deps, requests));
  for (const event of notificationEvents(delivered)) await deps.events.publish(event);
}

/** The patient's alert e-mail for one write, under a Message-ID of its own (a resend after a crash is recognisable). */
async function emailPatient(deps: AlertDeliveryDeps, payload: JobPayload): Promise<void> {
  const { patientId, alertIds } = parsePayload(payload);
  const { context, alerts } = await deps.database.asActor({ userId: patientId, role: 'patient' }, async (tx) => ({
    context: await loadPatientContext(tx, patientId),
    alerts: await findAlertsInTx(tx, patientId, alertIds),
  }));
  // Read when the job runs: a setting turned off meanwhile is honoured.
  if (!context.emailAlerts || alerts.length === 0) return;
  // The address lives in the account tables, which only the owner role reads.
  const account = await findAccountById(deps.database.db, patientId);
  if (!account || account.deletionRequestedAt) return;
  const message = alertEmail(
    { to: account.email, firstName: context.firstName || account.firstName || '', language: context.language, glucoseUnit: context.glucoseUnit, timeZone: context.timeZone },
    alerts,
    deps.appUrl,
  );
  await deps.mailer.send({ ...message, messageId: deliveryMessageId(`${ALERT_EMAIL_JOB}:${alertIds[0]}`) });
}

export function alertJobs(deps: AlertDeliveryDeps) {
  return {
    handlers: {
      [ALERT_DELIVER_JOB]: (payload: JobPayload) => deliverAlerts(deps, payload),
      [ALERT_EMAIL_JOB]: (payload: JobPayload) => emailPatient(deps, payload),
      [SIGNAL_LOSS_JOB]: async () => {
        await checkSignalLoss(deps);
      },
    },
    schedules: [{ name: SIGNAL_LOSS_JOB, everyMs: 60_000 }],
  };
}

/** The patient's own alert by push: nothing once it is resolved (read as the patient). */
export const renderOwnAlertNotification: NotificationRenderer = async (tx, context) => {
  const [alert] = await findAlertsInTx(tx, context.userId, [context.subjectId]);
  if (!alert || alert.status === 'resolved') return null;
  return ownAlertMessages(context.language, alert, context.appUrl);
};

/**
 * A followed patient's alert, read as the professional: nothing when the alert is no longer
 * theirs to see (link revoked, alerts or the alert's data no longer shared) or already resolved.
 */
export const renderPatientAlertNotification: NotificationRenderer = async (tx, context) => {
  const found = await findAlertWithPatientName(tx, context.subjectId);
  if (!found || found.alert.status === 'resolved') return null;
  const link = await activeLinkInTx(tx, found.patientId, context.userId);
  if (!link || !alertReachesProfessional(found.alert.kind as AlertKind, link.scopes)) return null;
  return patientAlertMessages({
    language: context.language,
    firstName: context.firstName,
    patientName: [found.firstName, found.lastName].filter(Boolean).join(' '),
    patientId: found.patientId,
    alert: found.alert,
    timeZone: await userTimeZone(tx, context.userId),
    appUrl: context.appUrl,
  });
};
