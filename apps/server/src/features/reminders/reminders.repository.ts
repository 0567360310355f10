import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
import { arrayLiteral } from '../../platform/db/sql-arrays';
import { userSettings } from '../settings/settings.tables';
import { reminderOccurrences, reminders } from './reminders.tables';

export type ReminderRow = typeof reminders.$inferSelect;
export type NewReminderRow = typeof reminders.$inferInsert;
export type ReminderFields = Omit<NewReminderRow, 'id' | 'patientId' | 'createdAt'>;

const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/* ---------------------------------------------------------------- the patient's own (row-level security) */

export function listReminders(tx: Tx, patientId: string): Promise<ReminderRow[]> {
  return tx.select().from(reminders).where(eq(reminders.patientId, patientId)).orderBy(asc(reminders.createdAt), asc(reminders.id));
}

export async function findReminder(tx: Tx, patientId: string, id: string): Promise<ReminderRow | undefined> {
  const [row] = await tx.select().from(reminders).where(and(eq(reminders.patientId, patientId), eq(reminders.id, id)));
  return row;
}

export async function insertReminder(tx: Tx, row: NewReminderRow): Promise<ReminderRow> {
  const [created] = await tx.insert(reminders).values(row).returning();
  if (!created) throw new Error('reminder insert returned nothing');
  return created;
}

export async function updateReminder(tx: Tx, patientId: string, id: string, fields: Partial<ReminderFields>): Promise<ReminderRow | undefined> {
  const [row] = await tx
    .update(reminders)
    .set(fields)
    .where(and(eq(reminders.patientId, patientId), eq(reminders.id, id)))
    .returning();
  return row;
}

export async function deleteReminder(tx: Tx, patientId: string, id: string): Promise<boolean> {
  const rows = await tx.delete(reminders).where(and(eq(reminders.patientId, patientId), eq(reminders.id, id))).returning({ id: reminders.id });
  return rows.length > 0;
}

export async function occurrenceIdsOf(tx: Tx, reminderId: string): Promise<string[]> {
  const rows = await tx.select({ id: reminderOccurrences.id }).from(reminderOccurrences).where(eq(reminderOccurrences.reminderId, reminderId));
  return rows.map((row) => row.id);
}

/** Pausing: a snoozed occurrence does not come back while its reminder is paused; it stays pending. */
export async function unsnoozeOccurrencesOf(tx: Tx, reminderId: string): Promise<void> {
  await tx
    .update(reminderOccurrences)
    .set({ status: 'pending', snoozedUntil: null })
    .where(and(eq(reminderOccurrences.reminderId, reminderId), eq(reminderOccurrences.status, 'snoozed')));
}

/** An occurrence with what the timeline and the notification centre show of its reminder. */
export interface OccurrenceView {
  id: string;
  reminderId: string;
  kind: string;
  label: string;
  medicationName: string | null;
  dueAt: Date;
  status: string;
  snoozedUntil: Date | null;
  snoozeCount: number;
  timeZone: string;
}

const occurrenceColumns = {
  id: reminderOccurrences.id,
  reminderId: reminderOccurrences.reminderId,
  kind: reminders.kind,
  label: reminders.label,
  medicationName: reminders.medicationName,
  dueAt: reminderOccurrences.dueAt,
  status: reminderOccurrences.status,
  snoozedUntil: reminderOccurrences.snoozedUntil,
  snoozeCount: reminderOccurrences.snoozeCount,
  timeZone: reminders.timeZone,
};

/** The patient's occurrences due in [from, to), ascending. */
export function occurrencesDueBetween(tx: Tx, patientId: string, from: Date, to: Date): Promise<OccurrenceView[]> {
  return tx
    .select(occurrenceColumns)
    .from(reminderOccurrences)
    .innerJoin(reminders, eq(reminders.id, reminderOccurrences.reminderId))
    .where(
      and(
        eq(reminderOccurrences.patientId, patientId),
        sql`${reminderOccurrences.dueAt} >= ${ts(from)} and ${reminderOccurrences.dueAt} < ${ts(to)}`,
      ),
    )
    .orderBy(asc(reminderOccurrences.dueAt));
}

export async function findOccurrence(tx: Tx, patientId: string, id: string): Promise<OccurrenceView | undefined> {
  const [row] = await tx
    .select(occurrenceColumns)
    .from(reminderOccurrences)
    .innerJoin(reminders, eq(reminders.id, reminderOccurrences.reminderId))
    .where(and(eq(reminderOccurrences.patientId, patientId), eq(reminderOccurrences.id, id)));
  return row;
}

export type OccurrenceChange =
  | { to: 'done'; at: Date }
  | { to: 'skipped' }
  | { to: 'snoozed'; until: Date };

/** Changes one of the patient's occurrences; false when it is not theirs or does not exist. */
export async function changeOccurrence(tx: Tx, patientId: string, id: string, change: OccurrenceChange): Promise<boolean> {
  const set =
    change.to === 'done'
      ? { status: 'done', doneAt: change.at, snoozedUntil: null }
      : change.to === 'skipped'
        ? { status: 'skipped', snoozedUntil: null }
        : { status: 'snoozed', snoozedUntil: change.until, snoozeCount: sql`${reminderOccurrences.snoozeCount} + 1` };
  const rows = await tx
    .update(reminderOccurrences)
    .set(set)
    .where(and(eq(reminderOccurrences.patientId, patientId), eq(reminderOccurrences.id, id)))
    .returning({ id: reminderOccurrences.id });
  return rows.length > 0;
}

/** The patient's settings that reminders use: their time zone and quiet hours. */
export async function findReminderSettings(tx: Tx, userId: string): Promise<{ start: string | null; end: string | null; timeZone: string | null }> {
  const [row] = await tx
    .select({ start: userSettings.quietHoursStart, end: userSettings.quietHoursEnd, timeZone: userSettings.timezone })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return { start: row?.start ?? null, end: row?.end ?? null, timeZone: row?.timeZone ?? null };
}

export async function saveQuietHours(tx: Tx, userId: string, start: string | null, end: string | null, at: Date): Promise<void> {
  await tx
    .insert(userSettings)
    .values({ userId, quietHoursStart: start, quietHoursEnd: end, updatedAt: at })
    .onConflictDoUpdate({ target: userSettings.userId, set: { quietHoursStart: start, quietHoursEnd: end, updatedAt: at } });
}

/** What a delivery says about an occurrence (read as the patient by the renderer). */
export async function occurrenceForDelivery(tx: Tx, occurrenceId: string): Promise<OccurrenceView | undefined> {
  const [row] = await tx
    .select(occurrenceColumns)
    .from(reminderOccurrences)
    .innerJoin(reminders, eq(reminders.id, reminderOccurrences.reminderId))
    .where(eq(reminderOccurrences.id, occurrenceId));
  return row;
}

/* ---------------------------------------------------------------- the scheduler (owner connection, set-based) */

/** How a due reminder's patient wants to be told, read with the reminder. */
export interface DeliveryPreferences {
  sendPush: boolean;
  sendEmail: boolean;
  /** Settings: `notifications_push`, `email_alerts`. */
  pushAllowed: boolean;
  emailAllowed: boolean;
  /** The patient's own zone (settings), for their quiet hours. */
  settingsTimeZone: string | null;
  quietStart: string | null;
  quietEnd: string | null;
}

export interface DueReminder extends DeliveryPreferences {
  id: string;
  patientId: string;
  schedule: unknown;
  timeZone: string;
  startsOn: string;
  endsOn: string | null;
  nextDueAt: Date;
}

interface PreferenceColumns {
  send_push: boolean;
  send_email: boolean;
  notifications_push: boolean | null;
  email_alerts: boolean | null;
  settings_time_zone: string | null;
  quiet_hours_start: string | null;
  quiet_hours_end: string | null;
}

const preferencesOf = (row: PreferenceColumns): DeliveryPreferences => ({
  sendPush: row.send_push,
  sendEmail: row.send_email,
  // The settings' defaults when the row is missing (SPEC §3): push on, e-mail off.
  pushAllowed: row.notifications_push ?? true,
  emailAllowed: row.email_alerts ?? false,
  settingsTimeZone: row.settings_time_zone,
  quietStart: row.quiet_hours_start,
  quietEnd: row.quiet_hours_end,
});

/**
 * Up to `limit` reminders due at `now`, oldest first, locked for this transaction. SKIP LOCKED:
 * a second scheduler (another server, an overlapping slot) takes the next rows instead of
 * waiting, and never the same ones. Reads the partial index on `next_due_at` only.
 */
export async function claimDueReminders(tx: Tx | Db, now: Date, limit: number): Promise<DueReminder[]> {
  const result = await tx.execute(sql`
    select r.id, r.patient_id, r.schedule, r.time_zone, r.starts_on::text as starts_on, r.ends_on::text as ends_on, r.next_due_at,
      r.send_push, r.send_email, s.notifications_push, s.email_alerts, s.timezone as settings_time_zone, s.quiet_hours_start, s.quiet_hours_end
    from reminders r
    left join user_settings s on s.user_id = r.patient_id
    where r.next_due_at <= ${ts(now)}
    order by r.next_due_at
    limit ${limit}
    for update of r skip locked`);
  return rowsOf<
    PreferenceColumns & {
      id: string;
      patient_id: string;
      schedule: unknown;
      time_zone: string;
      starts_on: string;
      ends_on: string | null;
      next_due_at: Date | string;
    }
  >(result).map((row) => ({
    id: row.id,
    patientId: row.patient_id,
    schedule: typeof row.schedule === 'string' ? (JSON.parse(row.schedule) as unknown) : row.schedule,
    timeZone: row.time_zone,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    nextDueAt: asDate(row.next_due_at),
    ...preferencesOf(row),
  }));
}

export interface NewOccurrence {
  reminderId: string;
  patientId: string;
  dueAt: Date;
}

export interface InsertedOccurrence extends NewOccurrence {
  id: string;
}

/**
 * The batch's occurrences in one statement, delivered now. An occurrence that already exists
 * (same reminder, same instant) is not inserted again and not returned: whoever inserted it
 * delivered it. This unique pair is the exactly-once point of the whole pipeline.
 */
export async function insertOccurrences(tx: Tx | Db, rows: readonly NewOccurrence[], now: Date): Promise<InsertedOccurrence[]> {
  if (rows.length === 0) return [];
  const result = await tx.execute(sql`
    insert into reminder_occurrences (reminder_id, patient_id, due_at, status, delivered_at, created_at)
    select r, p, d, 'pending', ${ts(now)}, ${ts(now)}
    from unnest(
      ${arrayLiteral(rows.map((row) => row.reminderId))}::uuid[],
      ${arrayLiteral(rows.map((row) => row.patientId))}::text[],
      ${arrayLiteral(rows.map((row) => row.dueAt.toISOString()))}::timestamptz[]
    ) as t(r, p, d)
    on conflict (reminder_id, due_at) do nothing
    returning id, reminder_id, patient_id, due_at`);
  return rowsOf<{ id: string; reminder_id: string; patient_id: string; due_at: Date | string }>(result).map((row) => ({
    id: row.id,
    reminderId: row.reminder_id,
    patientId: row.patient_id,
    dueAt: asDate(row.due_at),
  }));
}

/** Moves each reminder of the batch to its next occurrence (null: the schedule has ended). */
export async function setNextDue(tx: Tx | Db, rows: readonly { id: string; nextDueAt: Date | null }[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    update reminders r set next_due_at = v.next_due_at
    from unnest(
      ${arrayLiteral(rows.map((row) => row.id))}::uuid[],
      ${arrayLiteral(rows.map((row) => row.nextDueAt?.toISOString() ?? null))}::timestamptz[]
    ) as v(id, next_due_at)
    where r.id = v.id`);
}

export interface DueSnooze extends DeliveryPreferences {
  occurrenceId: string;
  reminderId: string;
  patientId: string;
  /** Already counts the snooze that ends now: the delivery key's last part. */
  snoozeCount: number;
}

/**
 * Up to `limit` snoozed occurrences whose snooze ended, locked like the reminders (SKIP LOCKED),
 * with their reminder's channels and the patient's settings. A paused reminder's occurrences are
 * never snoozed (pausing puts them back to pending).
 */
export async function claimDueSnoozes(tx: Tx | Db, now: Date, limit: number): Promise<DueSnooze[]> {
  const result = await tx.execute(sql`
    select o.id, o.reminder_id, o.patient_id, o.snooze_count,
      r.send_push, r.send_email, s.notifications_push, s.email_alerts, s.timezone as settings_time_zone, s.quiet_hours_start, s.quiet_hours_end
    from reminder_occurrences o
    join reminders r on r.id = o.reminder_id
    left join user_settings s on s.user_id = o.patient_id
    where o.status = 'snoozed' and o.snoozed_until <= ${ts(now)}
    order by o.snoozed_until
    limit ${limit}
    for update of o skip locked`);
  return rowsOf<PreferenceColumns & { id: string; reminder_id: string; patient_id: string; snooze_count: number }>(result).map((row) => ({
    occurrenceId: row.id,
    reminderId: row.reminder_id,
    patientId: row.patient_id,
    snoozeCount: Number(row.snooze_count),
    ...preferencesOf(row),
  }));
}

/** The snoozes that ended are pending again, delivered now. */
export async function reopenSnoozes(tx: Tx | Db, occurrenceIds: readonly string[], now: Date): Promise<void> {
  if (occurrenceIds.length === 0) return;
  await tx.execute(sql`
    update reminder_occurrences set status = 'pending', snoozed_until = null, delivered_at = ${ts(now)}
    where id = any(${arrayLiteral(occurrenceIds)}::uuid[]) and status = 'snoozed'`);
}

/** The reminders created for one appointment (issue 16: the appointments feature keeps them). */
export async function appointmentReminderIds(tx: Tx, patientId: string, appointmentId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: reminders.id })
    .from(reminders)
    .where(and(eq(reminders.patientId, patientId), eq(reminders.appointmentId, appointmentId)));
  return rows.map((row) => row.id);
}
