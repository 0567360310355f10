import type { AlertKind } from '@glucosuivi/domain/alerts/alerts.schemas';
import type { NotificationItem, NotificationKind, NotificationList } from '@glucosuivi/domain/notifications/notifications.schemas';
import type { OccurrenceStatus, ReminderKind } from '@glucosuivi/domain/reminders/reminders.schemas';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/app-error';
import * as repo from './notifications.repository';

export interface NotificationsDeps {
  database: Database;
  clock: Clock;
}

/** The centre shows the latest ones; older ones stay counted if unread. */
export const NOTIFICATIONS_SHOWN = 100;

const iso = (value: Date | string) => new Date(value).toISOString();

function toItem(row: repo.VisibleNotificationRow): NotificationItem {
  const base = { id: row.id, createdAt: iso(row.created_at), readAt: row.read_at === null ? null : iso(row.read_at) };
  if (row.kind === 'reminder') {
    return {
      ...base,
      kind: 'reminder',
      reminder: {
        occurrenceId: row.occurrence_id as string,
        reminderId: row.reminder_id as string,
        reminderKind: row.reminder_kind as ReminderKind,
        label: row.label ?? '',
        medicationName: row.medication_name,
        dueAt: iso(row.due_at as Date | string),
        status: row.occurrence_status as OccurrenceStatus,
      },
    };
  }
  return {
    ...base,
    kind: 'patient_alert',
    patientAlert: {
      patientId: row.patient_id as string,
      firstName: row.first_name ?? '',
      lastName: row.last_name,
      alertId: row.alert_id as string,
      alertKind: row.alert_kind as AlertKind,
      occurredAt: iso(row.occurred_at as Date | string),
    },
  };
}

function requireActor(actor: Actor | null): Actor {
  if (!actor) throw new AppError('unauthenticated');
  return actor;
}

async function listInTx(tx: Tx, userId: string): Promise<NotificationList> {
  const { rows, unread } = await repo.listVisible(tx, userId, NOTIFICATIONS_SHOWN);
  return { items: rows.map(toItem), unread };
}

/** My latest notifications whose subject I may still see, newest first, with the unread count. */
export function listNotifications(deps: NotificationsDeps, actor: Actor | null): Promise<NotificationList> {
  const me = requireActor(actor);
  return deps.database.asActor(me, (tx) => listInTx(tx, me.userId));
}

/** Marks these (or all) of my notifications read; answers the list as it now is. */
export function markNotificationsRead(deps: NotificationsDeps, actor: Actor | null, ids: readonly string[] | undefined): Promise<NotificationList> {
  const me = requireActor(actor);
  return deps.database.asActor(me, async (tx) => {
    await repo.markRead(tx, me.userId, ids, deps.clock.now());
    return listInTx(tx, me.userId);
  });
}

/** In the caller's transaction: what the user dealt with on the subject's own page is read. */
export function markSubjectsReadInTx(tx: Tx, userId: string, kind: NotificationKind, subjectIds: readonly string[], at: Date): Promise<void> {
  return repo.markSubjectsRead(tx, userId, kind, subjectIds, at);
}

/** In the caller's transaction: the notifications of subjects being deleted go with them. */
export function forgetNotificationsInTx(tx: Tx, kind: NotificationKind, subjectIds: readonly string[]): Promise<void> {
  return repo.deleteForSubjects(tx, kind, subjectIds);
}
