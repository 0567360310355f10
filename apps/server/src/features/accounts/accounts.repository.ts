import { and, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
import { authAudit, session, user } from '../auth/auth.tables';
import { userSettings } from '../settings/settings.tables';
import { doctors, medicalSpecialties, profiles } from './accounts.tables';

// The auth layer reads account rows as the owning role: at sign-in there is no actor yet.
// Nothing here reads health data.

export interface AccountRow {
  id: string;
  email: string;
  name: string;
  twoFactorEnabled: boolean | null;
  deletionRequestedAt: Date | null;
  firstName: string | null;
  lastName: string | null;
  userType: string | null;
  role: string | null;
  hasDoctorRow: boolean;
  language: string | null;
}

export async function findAccount(db: Db, userId: string): Promise<AccountRow | undefined> {
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      twoFactorEnabled: user.twoFactorEnabled,
      deletionRequestedAt: user.deletionRequestedAt,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      userType: profiles.userType,
      role: profiles.role,
      hasDoctorRow: sql<boolean>`${doctors.id} is not null`,
      language: userSettings.language,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(doctors, eq(doctors.userId, user.id))
    .leftJoin(userSettings, eq(userSettings.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return rows[0];
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

export async function listActiveSpecialties(db: Db) {
  return db
    .select({ id: medicalSpecialties.id, name: medicalSpecialties.name, displayOrder: medicalSpecialties.displayOrder })
    .from(medicalSpecialties)
    .where(eq(medicalSpecialties.isActive, true))
    .orderBy(medicalSpecialties.displayOrder);
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

/** Every table of the public schema that has a column naming a user, for erasure checks. */
export async function tablesReferencingUsers(db: Db): Promise<{ table: string; column: string }[]> {
  const result = await db.execute(sql`
    select table_name as "table", column_name as "column"
    from information_schema.columns
    where table_schema = 'public' and column_name in ('user_id', 'patient_id', 'professional_id', 'doctor_user_id')
    order by table_name`);
  return rowsOf<{ table: string; column: string }>(result);
}

export async function syncEmail(db: Db, userId: string, email: string) {
  await db.transaction(async (tx) => {
    await tx.update(user).set({ email }).where(eq(user.id, userId));
    await tx.update(profiles).set({ email, updatedAt: new Date() }).where(eq(profiles.id, userId));
    await tx.update(doctors).set({ email }).where(eq(doctors.userId, userId));
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
