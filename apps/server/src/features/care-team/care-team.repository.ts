import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
import { medicalSpecialties, profiles } from '../accounts/accounts.tables';
import { doctors } from '../doctor/doctor.tables';
import { userSettings } from '../settings/settings.tables';
import { user } from '../auth/auth.tables';
import { accessLog, careInvitations, careLinks, shareLinks } from './care-team.tables';

export type InvitationRow = typeof careInvitations.$inferSelect;
export type LinkRow = typeof careLinks.$inferSelect;
export type ShareLinkRow = typeof shareLinks.$inferSelect;
export type AccessLogRow = typeof accessLog.$inferSelect;
export type AccessLogWrite = Omit<typeof accessLog.$inferInsert, 'id'>;

/**
 * Presents a token (its SHA-256) to the row-level security policies for this transaction only:
 * `care_invitations_token_*` and `*_share_link` policies compare rows with these settings.
 */
export async function presentInvitationToken(tx: Tx, tokenHash: string): Promise<void> {
  await tx.execute(sql`select set_config('app.invitation_token_hash', ${tokenHash}, true)`);
}

export async function presentShareToken(tx: Tx, tokenHash: string): Promise<void> {
  await tx.execute(sql`select set_config('app.share_token_hash', ${tokenHash}, true)`);
}

// --- People -----------------------------------------------------------------------------------

/** The acting user's name and language (own rows). */
export async function findOwnIdentity(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ firstName: profiles.firstName, lastName: profiles.lastName, email: profiles.email, language: userSettings.language })
    .from(profiles)
    .leftJoin(userSettings, eq(userSettings.userId, profiles.id))
    .where(eq(profiles.id, userId));
  return row;
}

/**
 * The account's sign-in address and whether it is proven (owner-level: only the owner role reads
 * the account tables). The source of truth for "is this invitation meant for me".
 */
export async function findAccountEmail(db: Db, userId: string): Promise<{ email: string; emailVerified: boolean } | undefined> {
  const [row] = await db.select({ email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId));
  return row;
}

/** Marks the address proven, only if it is still the account's address (owner-level). */
export async function markEmailVerified(db: Db, userId: string, email: string): Promise<void> {
  await db
    .update(user)
    .set({ emailVerified: true })
    .where(and(eq(user.id, userId), sql`lower(${user.email}) = ${email.toLowerCase()}`));
}

/** A professional's user id by personal code or e-mail (SECURITY DEFINER lookup, id only). */
export async function findProfessionalId(tx: Tx, by: { code?: string; email?: string }): Promise<string | null> {
  const result = await tx.execute(sql`select care_find_professional(${by.code ?? null}, ${by.email ?? null}) as id`);
  return rowsOf<{ id: string | null }>(result)[0]?.id ?? null;
}

/** Professionals' cards; under RLS only linked ones (or oneself) are visible. */
export async function findProfessionalCards(tx: Tx, userIds: string[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({
      userId: doctors.userId,
      firstName: doctors.firstName,
      lastName: doctors.lastName,
      speciality: doctors.speciality,
      specialityName: medicalSpecialties.name,
      verifiedAt: doctors.verifiedAt,
    })
    .from(doctors)
    .leftJoin(medicalSpecialties, eq(medicalSpecialties.id, doctors.speciality))
    .where(inArray(doctors.userId, userIds));
}

// --- Invitations ------------------------------------------------------------------------------

export async function insertInvitation(tx: Tx, values: typeof careInvitations.$inferInsert): Promise<InvitationRow> {
  const [row] = await tx.insert(careInvitations).values(values).returning();
  return row as InvitationRow;
}

export async function findInvitationByTokenHash(tx: Tx, tokenHash: string): Promise<InvitationRow | undefined> {
  const [row] = await tx.select().from(careInvitations).where(eq(careInvitations.tokenHash, tokenHash));
  return row;
}

export async function findInvitationById(tx: Tx, id: string): Promise<InvitationRow | undefined> {
  const [row] = await tx.select().from(careInvitations).where(eq(careInvitations.id, id));
  return row;
}

/** Invitations the user sent or is a party to (RLS keeps it to those), newest first. */
export async function listInvitationsOf(tx: Tx, userId: string): Promise<InvitationRow[]> {
  return tx
    .select()
    .from(careInvitations)
    .where(or(eq(careInvitations.inviterId, userId), eq(careInvitations.patientId, userId), eq(careInvitations.professionalId, userId)))
    .orderBy(desc(careInvitations.createdAt))
    .limit(500);
}

export async function updateInvitation(
  tx: Tx,
  id: string,
  changes: Partial<Pick<InvitationRow, 'status' | 'tokenHash' | 'expiresAt' | 'respondedAt' | 'patientId' | 'professionalId'>>,
): Promise<InvitationRow | undefined> {
  const [row] = await tx.update(careInvitations).set(changes).where(eq(careInvitations.id, id)).returning();
  return row;
}

// --- Links ------------------------------------------------------------------------------------

export async function insertLink(tx: Tx, values: typeof careLinks.$inferInsert): Promise<LinkRow> {
  const [row] = await tx.insert(careLinks).values(values).returning();
  return row as LinkRow;
}

export async function findActiveLink(tx: Tx, patientId: string, professionalId: string): Promise<LinkRow | undefined> {
  const [row] = await tx
    .select()
    .from(careLinks)
    .where(and(eq(careLinks.patientId, patientId), eq(careLinks.professionalId, professionalId), eq(careLinks.status, 'active')));
  return row;
}

export async function setLinkAlertNotifications(tx: Tx, linkId: string, enabled: boolean): Promise<boolean> {
  const result = await tx.execute(sql`select set_link_alert_notifications(${linkId}::uuid, ${enabled}) as changed`);
  return rowsOf<{ changed: boolean }>(result)[0]?.changed === true;
}

export async function findActiveLinkById(tx: Tx, id: string, patientId: string): Promise<LinkRow | undefined> {
  const [row] = await tx
    .select()
    .from(careLinks)
    .where(and(eq(careLinks.id, id), eq(careLinks.patientId, patientId), eq(careLinks.status, 'active')));
  return row;
}

export async function listActiveLinksOfPatient(tx: Tx, patientId: string): Promise<LinkRow[]> {
  return tx
    .select()
    .from(careLinks)
    .where(and(eq(careLinks.patientId, patientId), eq(careLinks.status, 'active')))
    .orderBy(careLinks.createdAt);
}

export async function updateLink(tx: Tx, id: string, changes: Partial<Pick<LinkRow, 'scopes' | 'status' | 'updatedAt' | 'revokedAt'>>) {
  const [row] = await tx.update(careLinks).set(changes).where(eq(careLinks.id, id)).returning();
  return row;
}

// --- Access log -------------------------------------------------------------------------------

export async function insertAccessLog(tx: Tx, rows: AccessLogWrite[]): Promise<void> {
  if (rows.length > 0) await tx.insert(accessLog).values(rows);
}

/**
 * Same as insertAccessLog, skipping rows whose (patient, actor, category) was already logged
 * since `since`: the triage list is reloaded often and must not flood the patient's history.
 * One indexed read of the actor's recent pairs (access_log_actor_idx), then only the new rows.
 */
export async function insertAccessLogOncePer(tx: Tx, rows: AccessLogWrite[], since: Date): Promise<void> {
  const first = rows[0];
  if (!first) return;
  // The log is the patient's to read; care_recent_reads() returns only the actor's own pairs.
  const recent = rowsOf<{ patient_id: string; category: string }>(await tx.execute(sql`select patient_id, category from care_recent_reads(${since})`));
  const seen = new Set(recent.map((r) => `${r.patient_id}\u0000${r.category}`));
  const fresh = rows.filter((r) => !seen.has(`${r.patientId}\u0000${r.category}`));
  // Inserted in slices: a statement has at most 65 535 parameters.
  for (let i = 0; i < fresh.length; i += 1000) await tx.insert(accessLog).values(fresh.slice(i, i + 1000));
}

export async function listAccessLog(
  tx: Tx,
  patientId: string,
  options: { since: Date; actorId?: string; before?: { at: Date; id: string }; limit: number },
): Promise<AccessLogRow[]> {
  const conditions = [eq(accessLog.patientId, patientId), sql`${accessLog.at} >= ${options.since}`];
  if (options.actorId) conditions.push(eq(accessLog.actorId, options.actorId));
  if (options.before) {
    const { at, id } = options.before;
    conditions.push(or(lt(accessLog.at, at), and(eq(accessLog.at, at), lt(accessLog.id, id))) ?? sql`false`);
  }
  return tx
    .select()
    .from(accessLog)
    .where(and(...conditions))
    .orderBy(desc(accessLog.at), desc(accessLog.id))
    .limit(options.limit);
}

/** Views per share link: a view logs one row per category of the link, always the same set. */
export async function shareLinkViews(tx: Tx, patientId: string): Promise<Map<string, { views: number; lastAt: Date | null }>> {
  const result = await tx.execute(sql`
    select actor_id, (count(*) / greatest(1, count(distinct category)))::int as views, max(at) as last_at
    from access_log where patient_id = ${patientId} and actor_kind = 'share_link' group by actor_id`);
  const out = new Map<string, { views: number; lastAt: Date | null }>();
  for (const row of rowsOf<{ actor_id: string; views: number; last_at: string | Date | null }>(result)) {
    out.set(row.actor_id, { views: Number(row.views), lastAt: row.last_at ? new Date(row.last_at) : null });
  }
  return out;
}

/** Owner-level purge of rows older than the retention (a job, never a request). */
export async function deleteAccessLogBefore(db: Db, before: Date): Promise<number> {
  const rows = await db.delete(accessLog).where(lt(accessLog.at, before)).returning({ id: accessLog.id });
  return rows.length;
}

// --- Share links ------------------------------------------------------------------------------

export async function insertShareLink(tx: Tx, values: typeof shareLinks.$inferInsert): Promise<ShareLinkRow> {
  const [row] = await tx.insert(shareLinks).values(values).returning();
  return row as ShareLinkRow;
}

export async function listShareLinksOf(tx: Tx, patientId: string): Promise<ShareLinkRow[]> {
  return tx.select().from(shareLinks).where(eq(shareLinks.patientId, patientId)).orderBy(desc(shareLinks.createdAt)).limit(500);
}

export async function findShareLinkByTokenHash(tx: Tx, tokenHash: string): Promise<ShareLinkRow | undefined> {
  const [row] = await tx.select().from(shareLinks).where(eq(shareLinks.tokenHash, tokenHash));
  return row;
}

export async function revokeShareLinkRow(tx: Tx, patientId: string, id: string, at: Date): Promise<ShareLinkRow | undefined> {
  const [row] = await tx
    .update(shareLinks)
    .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, ${at})` })
    .where(and(eq(shareLinks.patientId, patientId), eq(shareLinks.id, id)))
    .returning();
  return row;
}
