import type { Alert } from '@glucosuivi/domain/alerts/alerts.schemas';
import type { Database } from '../../platform/db/database';
import type { Mailer } from '../../platform/mail';
import { findAccount } from '../accounts/accounts.repository';
import { loadPatientContext } from '../profile/profile.service';
import { alertEmail } from './alerts.emails';
import type { AlertNotifier } from './alerts.service';

export interface NotifierLogger {
  warn(obj: object, msg: string): void;
}

export interface AlertMailer extends AlertNotifier {
  /** Resolves once every e-mail started so far is sent or has failed (shutdown, tests). */
  idle(): Promise<void>;
}

/**
 * Only what helps an operator, never the message or the recipient: an SMTP error's text can
 * quote the address, and the message itself carries health values.
 */
function describeFailure(error: unknown): object {
  if (!(error instanceof Error)) return { type: typeof error };
  const e = error as Error & { code?: unknown; responseCode?: unknown; command?: unknown };
  return { name: e.name, code: e.code, responseCode: e.responseCode, command: e.command };
}

/**
 * E-mails the patient about new alerts when their `email_alerts` setting is on. Called after the
 * readings' transaction committed; sending runs in the background so neither the SMTP server's
 * speed nor its failure reaches the patient's request. A failed message is logged (without
 * health data) and not retried: the alert itself is stored and shown in the app.
 */
export function createAlertMailer(deps: { database: Database; mailer: Mailer; appUrl: string; log: NotifierLogger }): AlertMailer {
  const pending = new Set<Promise<void>>();

  async function deliver(patientId: string, alerts: Alert[]): Promise<void> {
    const context = await deps.database.asActor({ userId: patientId, role: 'patient' }, (tx) => loadPatientContext(tx, patientId));
    if (!context.emailAlerts) return;
    // The address lives in the account tables, which only the owner role reads.
    const account = await findAccount(deps.database.db, patientId);
    if (!account || account.deletionRequestedAt) return;
    await deps.mailer.send(
      alertEmail(
        {
          to: account.email,
          firstName: context.firstName || account.firstName || '',
          language: context.language,
          glucoseUnit: context.glucoseUnit,
          timeZone: context.timeZone,
        },
        alerts,
        deps.appUrl,
      ),
    );
  }

  return {
    alertsCreated(patientId, alerts) {
      if (alerts.length === 0) return;
      const task: Promise<void> = deliver(patientId, alerts)
        .catch((error: unknown) => deps.log.warn({ err: describeFailure(error) }, 'alert e-mail not sent'))
        .finally(() => pending.delete(task));
      pending.add(task);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
