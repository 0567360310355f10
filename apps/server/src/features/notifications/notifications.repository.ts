import { and, eq, sql } from 'drizzle-orm';
import type { NotificationKind } from '@glucosuivi/domain/notifications/notifications.schemas';
import type { Db, Tx } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
import { arrayLiteral } from '../../platform/db/sql-arrays';
import { profiles } from '../accounts/accounts.tables';
import { userSettings } from '../settings/settings.tables';
import { pushSubscriptions } from './notifications.tables';

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;

export interface NotificationRowRequest {
  userId: string;
  kind: NotificationKind;
  subjectId: string;
  patientId: string | null;
}

export interface StoredNotification extends NotificationRowRequest {
  id: string;
}

/**
 * One row per (user, kind, subject), in one statement for a whole batch. A subject delivered
 * again (a snoozed reminder back) is the same row, unread again and dated now, so it comes back
 * to the top of the centre instead of appearing twice.
 */
export async function upsertNotifications(tx: Tx | Db, requests: readonly NotificationRowRequest[], at: Date): Promise<StoredNotification[]> {
  if (requests.length === 0) return [];
  const result = await tx.execute(sql`
    insert into notifications (user_id, kind, subject_id, patient_id, created_at)
    select u, k, s, p, ${ts(at)}
    from unnest(
      ${arrayLiteral(requests.map((r) => r.userId))}::text[],
      ${arrayLiteral(requests.map((r) => r.kind))}::text[],
      ${arrayLiteral(requests.map((r) => r.subjectId))}::uuid[],
      ${arrayLiteral(requests.map((r) => r.patientId))}::text[]
    ) as t(u, k, s, p)
    on conflict (user_id, kind, subject_id) do update set read_at = null, created_at = excluded.created_at
    returning id, user_id, kind, subject_id, patient_id`);
  return rowsOf<{ id: string; user_id: string; kind: NotificationKind; subject_id: string; patient_id: string | null }>(result).map((row) => ({
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    subjectId: row.subject_id,
    patientId: row.patient_id,
  }));
}

/** A notification joined to its subject; null columns for the other kind's subject. */
export interface VisibleNotificationRow {
  id: string;
  kind: NotificationKind;
  created_at: Date | string;
  read_at: Date | string | null;
  occurrence_id: string | null;
  reminder_id: string | null;
  reminder_kind: string | null;
  label: string | null;
  medication_name: string | null;
  due_at: Date | string | null;
  occurrence_status: string | null;
  alert_id: string | null;
  alert_kind: string | null;
  occurred_at: Date | string | null;
  patient_id: string | null;
  first_name: string | null;
  last_name: string | null;
}

/**
 * The user's notifications whose subject they may still see, read under row-level security as
 * that user: a reminder's occurrence (the patient's own), a patient's alert (visible to a
 * professional only through an active link sharing alerts) with the patient's name (visible
 * only while linked). A subject that disappeared or is no longer shared drops the row.
 */
function visibleNotifications(userId: string) {
  return sql`
    select n.id, n.kind, n.created_at, n.read_at,
      o.id as occurrence_id, o.reminder_id, r.kind as reminder_kind, r.label, r.medication_name, o.due_at, o.status as occurrence_status,
      a.id as alert_id, a.kind as alert_kind, a.occurred_at, n.patient_id, p.first_name, p.last_name
    from notifications n
    left join reminder_occurrences o on n.kind = 'reminder' and o.id = n.subject_id
    left join reminders r on r.id = o.reminder_id
    left join alerts a on n.kind = 'patient_alert' and a.id = n.subject_id and a.patient_id = n.patient_id
    left join profiles p on n.kind = 'patient_alert' and p.id = n.patient_id
    where n.user_id = ${userId}
      and ((n.kind = 'reminder' and r.id is not null) or (n.kind = 'patient_alert' and a.id is not null and p.id is not null))`;
}

/** The latest `limit` visible notifications, newest first, and how many visible ones are unread. */
export async function listVisible(tx: Tx, userId: string, limit: number): Promise<{ rows: VisibleNotificationRow[]; unread: number }> {
  const rows = rowsOf<VisibleNotificationRow>(
    await tx.execute(sql`select * from (${visibleNotifications(userId)}) v order by v.created_at desc, v.id desc limit ${limit}`),
  );
  const [count] = rowsOf<{ unread: number | string }>(
    await tx.execute(sql`select count(*) as unread from (${visibleNotifications(userId)}) v where v.read_at is null`),
  );
  return { rows, unread: Number(count?.unread ?? 0) };
}

/** Marks the user's notifications read: these ids, or all unread ones. */
export async function markRead(tx: Tx, userId: string, ids: readonly string[] | undefined, at: Date): Promise<void> {
  await tx.execute(sql`
    update notifications set read_at = ${ts(at)}
    where user_id = ${userId} and read_at is null
      ${ids ? sql`and id = any(${arrayLiteral([...ids])}::uuid[])` : sql``}`);
}

/** Marks read what the user dealt with elsewhere (a reminder marked done in its own page). */
export async function markSubjectsRead(tx: Tx, userId: string, kind: NotificationKind, subjectIds: readonly string[], at: Date): Promise<void> {
  if (subjectIds.length === 0) return;
  await tx.execute(sql`
    update notifications set read_at = ${ts(at)}
    where user_id = ${userId} and kind = ${kind} and read_at is null and subject_id = any(${arrayLiteral([...subjectIds])}::uuid[])`);
}

/** Forgets the notifications of subjects that are being deleted. */
export async function deleteForSubjects(tx: Tx, kind: NotificationKind, subjectIds: readonly string[]): Promise<void> {
  if (subjectIds.length === 0) return;
  await tx.execute(sql`delete from notifications where kind = ${kind} and subject_id = any(${arrayLiteral([...subjectIds])}::uuid[])`);
}

/** How the recipient is addressed: their language and first name (their own rows). */
export async function recipientProfile(tx: Tx, userId: string): Promise<{ language: string | null; firstName: string | null }> {
  const [row] = await tx
    .select({ language: userSettings.language, firstName: profiles.firstName })
    .from(profiles)
    .leftJoin(userSettings, eq(userSettings.userId, profiles.id))
    .where(eq(profiles.id, userId));
  return { language: row?.language ?? null, firstName: row?.firstName ?? null };
}

export async function subscriptionIdsOf(tx: Tx, userId: string): Promise<string[]> {
  const rows = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return rows.map((row) => row.id);
}

export async function findSubscription(tx: Tx, userId: string, id: string) {
  const [row] = await tx
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)));
  return row;
}

export async function deleteSubscription(tx: Tx, userId: string, id: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)));
}

export async function markSubscriptionSent(tx: Tx, userId: string, id: string, at: Date): Promise<void> {
  await tx
    .update(pushSubscriptions)
    .set({ lastSuccessAt: at })
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.id, id)));
}
