import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
import { profiles } from '../accounts/accounts.tables';
import { careLinks } from '../care-team/care-team.tables';
import { doctors } from '../doctor/doctor.tables';
import { userSettings } from '../settings/settings.tables';
import {
  appointmentAvailability,
  appointmentCalendarFeeds,
  appointmentRatings,
  appointments,
} from './appointments.tables';

export type AvailabilityRow = typeof appointmentAvailability.$inferSelect;
export type AppointmentRow = typeof appointments.$inferSelect;
export type RatingRow = typeof appointmentRatings.$inferSelect;
export type FeedRow = typeof appointmentCalendarFeeds.$inferSelect;
export type AppointmentChanges = Partial<
  Pick<
    AppointmentRow,
    | 'startsAt'
    | 'endsAt'
    | 'mode'
    | 'address'
    | 'videoRoom'
    | 'status'
    | 'awaiting'
    | 'proposalMessage'
    | 'cancelledBy'
    | 'cancelReason'
    | 'updatedAt'
  >
>;

// --- Availability -----------------------------------------------------------------------------

export async function findAvailability(
  tx: Tx,
  professionalId: string,
): Promise<AvailabilityRow | undefined> {
  const [row] = await tx
    .select()
    .from(appointmentAvailability)
    .where(eq(appointmentAvailability.professionalId, professionalId));
  return row;
}

export async function upsertAvailability(
  tx: Tx,
  values: AvailabilityRow,
): Promise<AvailabilityRow> {
  const [row] = await tx
    .insert(appointmentAvailability)
    .values(values)
    .onConflictDoUpdate({
      target: appointmentAvailability.professionalId,
      set: {
        timezone: values.timezone,
        rules: values.rules,
        exceptions: values.exceptions,
        updatedAt: values.updatedAt,
      },
    })
    .returning();
  return row!;
}

export async function settingsOf(
  tx: Tx | Db,
  userId: string,
): Promise<{ timezone: string; language: string } | undefined> {
  const [row] = await tx
    .select({ timezone: userSettings.timezone, language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row;
}

/** Busy [start, end) ranges of a professional (SECURITY DEFINER `appointment_busy`, migration 0021). */
export async function busyRanges(
  tx: Tx,
  professionalId: string,
  from: Date,
  to: Date,
): Promise<{ startMs: number; endMs: number }[]> {
  const result = await tx.execute(
    sql`select starts_at, ends_at from appointment_busy(${professionalId}, ${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`,
  );
  return rowsOf<{ starts_at: string | Date; ends_at: string | Date }>(result).map((row) => ({
    startMs: new Date(row.starts_at).getTime(),
    endMs: new Date(row.ends_at).getTime(),
  }));
}

// --- Care links and names ---------------------------------------------------------------------

/** The patient's active links, with the professional's name (visible across an active link). */
export async function activeLinksOfPatient(tx: Tx, patientId: string) {
  return tx
    .select({
      linkId: careLinks.id,
      professionalId: careLinks.professionalId,
      firstName: sql<string>`coalesce(${doctors.firstName}, ${profiles.firstName}, '')`,
      lastName: sql<string | null>`coalesce(${doctors.lastName}, ${profiles.lastName})`,
      hasAvailability: sql<boolean>`${appointmentAvailability.professionalId} is not null
        and (jsonb_array_length(${appointmentAvailability.rules}) > 0 or jsonb_array_length(${appointmentAvailability.exceptions}) > 0)`,
    })
    .from(careLinks)
    .leftJoin(doctors, eq(doctors.userId, careLinks.professionalId))
    .leftJoin(profiles, eq(profiles.id, careLinks.professionalId))
    .leftJoin(
      appointmentAvailability,
      eq(appointmentAvailability.professionalId, careLinks.professionalId),
    )
    .where(and(eq(careLinks.patientId, patientId), eq(careLinks.status, 'active')))
    .orderBy(asc(careLinks.createdAt));
}

/** Names of these people as the acting user may see them (profiles and doctors policies). */
export async function namesOf(
  tx: Tx,
  userIds: readonly string[],
): Promise<Map<string, { firstName: string; lastName: string | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({
      id: profiles.id,
      firstName: sql<string>`coalesce(${doctors.firstName}, ${profiles.firstName})`,
      lastName: sql<string | null>`coalesce(${doctors.lastName}, ${profiles.lastName})`,
    })
    .from(profiles)
    .leftJoin(doctors, eq(doctors.userId, profiles.id))
    .where(inArray(profiles.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.id, { firstName: row.firstName, lastName: row.lastName }]));
}

// --- Appointments -----------------------------------------------------------------------------

export async function insertAppointment(
  tx: Tx,
  values: typeof appointments.$inferInsert,
): Promise<AppointmentRow> {
  const [row] = await tx.insert(appointments).values(values).returning();
  return row!;
}

export async function findAppointment(
  tx: Tx | Db,
  id: string,
): Promise<AppointmentRow | undefined> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id));
  return row;
}

/** Locks the row for a change: two answers to the same appointment run one after the other. */
export async function findAppointmentForUpdate(
  tx: Tx,
  id: string,
): Promise<AppointmentRow | undefined> {
  const [row] = await tx.select().from(appointments).where(eq(appointments.id, id)).for('update');
  return row;
}

export async function updateAppointment(
  tx: Tx,
  id: string,
  changes: AppointmentChanges,
): Promise<AppointmentRow> {
  const [row] = await tx
    .update(appointments)
    .set(changes)
    .where(eq(appointments.id, id))
    .returning();
  return row!;
}

export interface ListFilter {
  userId: string;
  side: 'patient' | 'professional';
  from?: Date | undefined;
  to?: Date | undefined;
}

export async function listAppointments(tx: Tx | Db, filter: ListFilter): Promise<AppointmentRow[]> {
  const conditions: SQL[] = [
    filter.side === 'patient'
      ? eq(appointments.patientId, filter.userId)
      : eq(appointments.professionalId, filter.userId),
  ];
  if (filter.from) conditions.push(gte(appointments.startsAt, filter.from));
  if (filter.to) conditions.push(lt(appointments.startsAt, filter.to));
  return tx
    .select()
    .from(appointments)
    .where(and(...conditions))
    .orderBy(asc(appointments.startsAt), asc(appointments.createdAt))
    .limit(1000);
}

/** The professional's other held appointments overlapping [start, end): for a proposal's check. */
export async function overlappingHeld(
  tx: Tx,
  professionalId: string,
  start: Date,
  end: Date,
  exceptId: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.professionalId, professionalId),
        inArray(appointments.status, ['requested', 'confirmed']),
        lt(appointments.startsAt, end),
        sql`${appointments.endsAt} > ${start.toISOString()}::timestamptz`,
        sql`${appointments.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

// --- Ratings ----------------------------------------------------------------------------------

export async function findRatings(
  tx: Tx,
  appointmentIds: readonly string[],
): Promise<Map<string, RatingRow>> {
  if (appointmentIds.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(appointmentRatings)
    .where(inArray(appointmentRatings.appointmentId, [...appointmentIds]));
  return new Map(rows.map((row) => [row.appointmentId, row]));
}

export async function upsertRating(tx: Tx, values: RatingRow): Promise<RatingRow> {
  const [row] = await tx
    .insert(appointmentRatings)
    .values(values)
    .onConflictDoUpdate({
      target: appointmentRatings.appointmentId,
      set: { stars: values.stars, comment: values.comment, updatedAt: values.updatedAt },
    })
    .returning();
  return row!;
}

/** The acting professional's ratings since an instant, anonymous (`appointment_ratings_received`). */
export async function ratingsReceived(
  tx: Tx,
  since: Date,
): Promise<{ stars: number; comment: string | null; updatedAt: Date }[]> {
  const result = await tx.execute(
    sql`select stars, comment, updated_at from appointment_ratings_received(${since.toISOString()}::timestamptz) order by updated_at desc`,
  );
  return rowsOf<{ stars: number; comment: string | null; updated_at: string | Date }>(result).map(
    (row) => ({
      stars: Number(row.stars),
      comment: row.comment,
      updatedAt: new Date(row.updated_at),
    }),
  );
}

// --- Calendar feeds ---------------------------------------------------------------------------

export async function findFeed(tx: Tx, userId: string): Promise<FeedRow | undefined> {
  const [row] = await tx
    .select()
    .from(appointmentCalendarFeeds)
    .where(eq(appointmentCalendarFeeds.userId, userId));
  return row;
}

export async function upsertFeed(tx: Tx, values: FeedRow): Promise<void> {
  await tx
    .insert(appointmentCalendarFeeds)
    .values(values)
    .onConflictDoUpdate({
      target: appointmentCalendarFeeds.userId,
      set: { tokenHash: values.tokenHash, role: values.role, createdAt: values.createdAt },
    });
}

export async function deleteFeed(tx: Tx, userId: string): Promise<void> {
  await tx.delete(appointmentCalendarFeeds).where(eq(appointmentCalendarFeeds.userId, userId));
}

/**
 * Owner-level lookup of a feed by its token's hash: the public feed route has no session, the
 * token is its only credential; the feed is then read as its owner (row-level security applies).
 */
export async function findFeedByTokenHash(db: Db, tokenHash: string): Promise<FeedRow | undefined> {
  const [row] = await db
    .select()
    .from(appointmentCalendarFeeds)
    .where(eq(appointmentCalendarFeeds.tokenHash, tokenHash));
  return row;
}

// --- Reminders (job handlers run as the owner, like the other delivery jobs) -------------------

export async function findForReminder(db: Db, id: string) {
  const [row] = await db
    .select({
      appointment: appointments,
      language: userSettings.language,
      timezone: userSettings.timezone,
    })
    .from(appointments)
    .leftJoin(userSettings, eq(userSettings.userId, appointments.patientId))
    .where(eq(appointments.id, id));
  return row;
}
