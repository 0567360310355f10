import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database';
import { authAudit, session, twoFactor, user, verification } from '../auth/auth.tables';
import { userSettings } from '../settings/settings.tables';
import { doctors } from '../doctor/doctor.tables';
import { medicalSpecialties, profiles } from './accounts.tables';

// The auth layer reads account rows as the owning role: at sign-in there is no actor yet.
// Nothing here reads health data.

export interface AccountRow {
  id: string;
  email: string;
  /** Set once the user proved they own the address (explicit admin creation, confirmed e-mail change). */
  emailVerified: boolean;
  name: string;
  twoFactorEnabled: boolean | null;
  deletionRequestedAt: Date | null;
  /** Set while an administrator keeps the account locked. */
  lockedAt: Date | null;
  /** The last sign-in or request with a session, at most an hour behind (see markSeen). */
  lastSeenAt: Date | null;
  firstName: string | null;
  lastName: string | null;
  userType: string | null;
  role: string | null;
  hasDoctorRow: boolean;
  speciality: string | null;
  language: string | null;
}

/** The columns of an account row, from the user and the rows beside it. */
function selectAccount(db: Db) {
  return db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      twoFactorEnabled: user.twoFactorEnabled,
      deletionRequestedAt: user.deletionRequestedAt,
      lockedAt: user.lockedAt,
      lastSeenAt: user.lastSeenAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      userType: profiles.userType,
      role: profiles.role,
      hasDoctorRow: sql<boolean>`${doctors.id} is not null`,
      speciality: doctors.speciality,
      language: userSettings.language,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(doctors, eq(doctors.userId, user.id))
    .leftJoin(userSettings, eq(userSettings.userId, user.id));
}

export async function findAccount(db: Db, userId: string): Promise<AccountRow | undefined> {
  const rows = await selectAccount(db).where(eq(user.id, userId)).limit(1);
  return rows[0];
}

const actorAccountQueries = new WeakMap<Db, ReturnType<typeof prepareActorAccount>>();

function prepareActorAccount(db: Db) {
  return selectAccount(db).where(eq(user.id, sql.placeholder('userId'))).limit(1).prepare('account_by_id');
}

/**
 * findAccount for every request's actor, on the app's database (not in a transaction), with the
 * query built once per database: building this four-table query each time was a visible share
 * of a cached dashboard answer's server time (bench/README.md, the dashboard API under load).
 */
export async function findActorAccount(db: Db, userId: string): Promise<AccountRow | undefined> {
  let prepared = actorAccountQueries.get(db);
  if (!prepared) actorAccountQueries.set(db, (prepared = prepareActorAccount(db)));
  return (await prepared.execute({ userId }))[0];
}

/** A sign-in (or a sign-up that opened a session) at `at`: the last sign-in, and a use of the app. */
export async function markSignedIn(db: Db, userId: string, at: Date): Promise<void> {
  await db.update(user).set({ lastSignInAt: at, lastSeenAt: at }).where(eq(user.id, userId));
}

/**
 * A request with a session at `at`: written only when the stored time is older than `staleBefore`
 * (or missing), so at most one write per account and interval however many requests come.
 */
export async function markSeen(db: Db, userId: string, at: Date, staleBefore: Date): Promise<void> {
  await db
    .update(user)
    .set({ lastSeenAt: at })
    .where(and(eq(user.id, userId), sql`(${user.lastSeenAt} is null or ${user.lastSeenAt} < ${staleBefore.toISOString()}::timestamptz)`));
}

export async function findUserIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const rows = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase())).limit(1);
  return rows[0]?.id;
}

export async function activeSpecialtyExists(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: medicalSpecialties.id })
    .from(medicalSpecialties)
    .where(and(eq(medicalSpecialties.id, id), eq(medicalSpecialties.isActive, true)))
    .limit(1);
  return rows.length > 0;
}

/** Active specialties in display order, with the French name and the one in `language` (null when missing). */
export async function listActiveSpecialties(db: Db, language: 'fr' | 'en' | 'es') {
  const translated = language === 'en' ? medicalSpecialties.nameEn : language === 'es' ? medicalSpecialties.nameEs : medicalSpecialties.name;
  return db
    .select({ id: medicalSpecialties.id, name: medicalSpecialties.name, localName: translated, displayOrder: medicalSpecialties.displayOrder })
    .from(medicalSpecialties)
    .where(eq(medicalSpecialties.isActive, true))
    .orderBy(medicalSpecialties.displayOrder, medicalSpecialties.name);
}

export async function createPersonRows(
  tx: Tx,
  input: {
    userId: string;
    email: string;
    firstName: string;
    lastName: string | null;
    userType: 'patient' | 'doctor';
    role: 'admin' | null;
    language: string;
    doctor: { id: string; medicalLicense: string; speciality: string | null; inviteCode: string } | null;
  },
) {
  await tx.insert(profiles).values({
    id: input.userId,
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    userType: input.userType,
    role: input.role,
  });
  await tx.insert(userSettings).values({ userId: input.userId, language: input.language });
  if (input.doctor && input.lastName) {
    await tx.insert(doctors).values({
      id: input.doctor.id,
      userId: input.userId,
      firstName: input.firstName,
      lastName: input.lastName,
      medicalLicense: input.doctor.medicalLicense,
      speciality: input.doctor.speciality,
      email: input.email,
      inviteCode: input.doctor.inviteCode,
    });
  }
}

export async function deleteUser(db: Db, userId: string) {
  await db.delete(user).where(eq(user.id, userId));
}

export async function setDeletionRequested(db: Db, userId: string, at: Date | null) {
  await db.update(user).set({ deletionRequestedAt: at }).where(eq(user.id, userId));
}

/** Users whose deletion was asked before `cutoff`. */
export async function usersDueForErasure(db: Db, cutoff: Date): Promise<string[]> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(isNotNull(user.deletionRequestedAt), lt(user.deletionRequestedAt, cutoff)));
  return rows.map((r) => r.id);
}

export async function writeAudit(
  db: Db,
  entry: { id: string; userId: string | null; event: string; email: string | null; ipAddress: string | null; userAgent: string | null; at: Date },
) {
  await db.insert(authAudit).values({
    id: entry.id,
    userId: entry.userId,
    event: entry.event,
    email: entry.email,
    ipAddress: entry.ipAddress,
    userAgent: entry.userAgent,
    createdAt: entry.at,
  });
}

export async function listUserSessions(db: Db, userId: string) {
  return db
    .select({
      id: session.id,
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
      userAgent: session.userAgent,
      ipAddress: session.ipAddress,
    })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(session.createdAt);
}

export async function deleteUserSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const rows = await db
    .delete(session)
    .where(and(eq(session.userId, userId), eq(session.id, sessionId)))
    .returning({ id: session.id });
  return rows.length > 0;
}

export async function setTwoFactorSetting(db: Db, userId: string, enabled: boolean) {
  await db.update(userSettings).set({ twoFactorAuth: enabled, updatedAt: new Date() }).where(eq(userSettings.userId, userId));
}

// A pending e-mail change is kept in better-auth's `verification` table under our own
// identifier, one per user: a newer request replaces the older one, so only the latest link works.
const pendingEmailChangeId = (userId: string) => `email-change:${userId}`;

export interface PendingEmailChange {
  tokenHash: string;
  newEmail: string;
  expiresAt: Date;
}

export async function replacePendingEmailChange(db: Db, userId: string, pending: PendingEmailChange, at: Date) {
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, pendingEmailChangeId(userId)));
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: pendingEmailChangeId(userId),
      value: JSON.stringify({ tokenHash: pending.tokenHash, newEmail: pending.newEmail }),
      expiresAt: pending.expiresAt,
      createdAt: at,
      updatedAt: at,
    });
  });
}

export async function findPendingEmailChange(db: Db, userId: string): Promise<PendingEmailChange | undefined> {
  const [row] = await db
    .select({ value: verification.value, expiresAt: verification.expiresAt })
    .from(verification)
    .where(eq(verification.identifier, pendingEmailChangeId(userId)))
    .limit(1);
  if (!row) return undefined;
  const value = JSON.parse(row.value) as { tokenHash?: unknown; newEmail?: unknown };
  if (typeof value.tokenHash !== 'string' || typeof value.newEmail !== 'string') return undefined;
  return { tokenHash: value.tokenHash, newEmail: value.newEmail, expiresAt: row.expiresAt };
}

export async function deletePendingEmailChange(db: Db, userId: string) {
  await db.delete(verification).where(eq(verification.identifier, pendingEmailChangeId(userId)));
}

/**
 * Consumes the pending change and applies it everywhere the address is kept, marking it verified.
 * The delete is the single-use guard: of two concurrent confirmations only one finds the row.
 */
export async function applyPendingEmailChange(db: Db, userId: string, tokenHash: string, email: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const consumed = await tx
      .delete(verification)
      .where(and(eq(verification.identifier, pendingEmailChangeId(userId)), sql`${verification.value}::jsonb ->> 'tokenHash' = ${tokenHash}`))
      .returning({ id: verification.id });
    if (consumed.length === 0) return false;
    await tx.update(user).set({ email, emailVerified: true, updatedAt: new Date() }).where(eq(user.id, userId));
    await tx.update(profiles).set({ email, updatedAt: new Date() }).where(eq(profiles.id, userId));
    await tx.update(doctors).set({ email }).where(eq(doctors.userId, userId));
    return true;
  });
}

/**
 * Makes an account the administrator, the explicit way (command or demo seed): its address is
 * verified by whoever runs the command; any second factor someone else set up is removed.
 */
export async function makeAdministrator(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.update(user).set({ emailVerified: true, twoFactorEnabled: false, updatedAt: new Date() }).where(eq(user.id, userId));
    await tx.update(profiles).set({ role: 'admin', updatedAt: new Date() }).where(eq(profiles.id, userId));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.update(userSettings).set({ twoFactorAuth: false, updatedAt: new Date() }).where(eq(userSettings.userId, userId));
  });
}

/** Everything the accounts feature keeps about a person, without secrets (no password hash, no TOTP secret). */
export async function exportAccount(db: Db, userId: string) {
  const [account] = await db
    .select({ id: user.id, email: user.email, createdAt: user.createdAt, twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(user.id, userId));
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const [professional] = await db.select().from(doctors).where(eq(doctors.userId, userId));
  const [settings] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  const sessions = await listUserSessions(db, userId);
  const signIns = await db
    .select({ event: authAudit.event, at: authAudit.createdAt, ipAddress: authAudit.ipAddress, userAgent: authAudit.userAgent })
    .from(authAudit)
    .where(eq(authAudit.userId, userId))
    .orderBy(authAudit.createdAt);
  return { account, profile, professional: professional ?? null, settings, sessions, securityEvents: signIns };
}
