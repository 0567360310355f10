import { and, asc, count, desc, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { AccountStatus, AccountType, VerificationStatus } from '@glucosuivi/domain/admin/admin.schemas';
import type { Db, Tx } from '../../platform/db/database';
import { session, user } from '../auth/auth.tables';
import { medicalSpecialties, profiles } from '../accounts/accounts.tables';
import { doctors } from '../doctor/doctor.tables';

// The back office's queries, on the owner connection: accounts, professionals' licences and the
// specialty list. Only account tables are read here (user, profiles, doctors, the sign-in audit):
// no health table is ever joined.

/** `%`, `_` and `\` typed by the administrator are matched as themselves. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The account type in SQL, the same rules as the accounts feature's `resolveUserType`: an
 * administrator by profile or by ADMIN_EMAILS once the address is verified, then a professional
 * (doctors row or registered as one), else a patient.
 */
function accountTypeSql(adminEmails: ReadonlySet<string>): SQL<AccountType> {
  const byAddress = adminEmails.size
    ? sql`lower(${user.email}) in (${sql.join([...adminEmails].map((email) => sql`${email.toLowerCase()}`), sql`, `)})`
    : sql`false`;
  return sql<AccountType>`case
    when ${user.emailVerified} and (${profiles.role} = 'admin' or ${profiles.userType} = 'admin' or ${byAddress}) then 'admin'
    when ${doctors.id} is not null or ${profiles.userType} = 'doctor' then 'doctor'
    else 'patient' end`;
}

const accountStatusSql = sql<AccountStatus>`case
  when ${user.lockedAt} is not null then 'locked'
  when ${user.deletionRequestedAt} is not null then 'pending_deletion'
  else 'active' end`;

const verificationSql = sql<VerificationStatus | null>`case
  when ${doctors.id} is null then null
  when ${doctors.verifiedAt} is not null then 'verified'
  when ${doctors.rejectedAt} is not null then 'rejected'
  else 'pending' end`;

export interface AccountFilter {
  q?: string | undefined;
  type?: AccountType | undefined;
  status?: AccountStatus | undefined;
}

export interface AccountListRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  type: AccountType;
  status: AccountStatus;
  createdAt: Date;
  lastSignInAt: Date | string | null;
  lockedAt: Date | null;
  lockReason: string | null;
  deletionRequestedAt: Date | null;
  emailVerified: boolean;
  secondFactor: boolean | null;
  verification: VerificationStatus | null;
}

function accountWhere(filter: AccountFilter, adminEmails: ReadonlySet<string>): SQL {
  const parts: SQL[] = [];
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    parts.push(
      sql`(${user.email} ilike ${pattern} or ${profiles.firstName} ilike ${pattern} or ${profiles.lastName} ilike ${pattern}
        or concat_ws(' ', ${profiles.firstName}, ${profiles.lastName}) ilike ${pattern})`,
    );
  }
  if (filter.type) parts.push(sql`(${accountTypeSql(adminEmails)}) = ${filter.type}`);
  if (filter.status) parts.push(sql`(${accountStatusSql}) = ${filter.status}`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

function accountColumns(adminEmails: ReadonlySet<string>) {
  return {
    id: user.id,
    email: user.email,
    firstName: profiles.firstName,
    lastName: profiles.lastName,
    type: accountTypeSql(adminEmails),
    status: accountStatusSql,
    createdAt: user.createdAt,
    // The last sign-in, a sign-up's own session included (written by the accounts feature).
    lastSignInAt: user.lastSignInAt,
    lockedAt: user.lockedAt,
    lockReason: user.lockReason,
    deletionRequestedAt: user.deletionRequestedAt,
    emailVerified: user.emailVerified,
    secondFactor: user.twoFactorEnabled,
    verification: verificationSql,
  };
}

/** One page of accounts matching the filter, newest first, and how many match in all. */
export async function listAccounts(
  db: Db,
  filter: AccountFilter,
  adminEmails: ReadonlySet<string>,
  page: { limit: number; offset: number },
): Promise<{ rows: AccountListRow[]; total: number }> {
  const where = accountWhere(filter, adminEmails);
  const rows = await db
    .select(accountColumns(adminEmails))
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(doctors, eq(doctors.userId, user.id))
    .where(where)
    .orderBy(desc(user.createdAt), asc(user.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ n: count() })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(doctors, eq(doctors.userId, user.id))
    .where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One account as the list shows it, or undefined. */
export async function findAccount(db: Db | Tx, userId: string, adminEmails: ReadonlySet<string>): Promise<AccountListRow | undefined> {
  const [row] = await db
    .select(accountColumns(adminEmails))
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(doctors, eq(doctors.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return row;
}

/** The address of an account (the administrator's own, for the audit line). */
export async function accountEmail(db: Db | Tx, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.email;
}

/**
 * Serialises the administrators' locks for the rest of the transaction, so that two
 * administrators locking each other at once cannot both succeed and leave none.
 */
export async function serialiseAccountLocks(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('glucosuivi.admin.account-lock'))`);
}

/** Administrators whose account is neither locked nor waiting for erasure, `except` aside. */
export async function countUnlockedAdmins(tx: Tx, adminEmails: ReadonlySet<string>, except: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(doctors, eq(doctors.userId, user.id))
    .where(
      and(
        sql`(${accountTypeSql(adminEmails)}) = 'admin'`,
        isNull(user.lockedAt),
        isNull(user.deletionRequestedAt),
        ne(user.id, except),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Locks the account (a second lock keeps the first instant, with the new reason) and ends its sessions. */
export async function lockAccount(tx: Tx, userId: string, reason: string, at: Date): Promise<boolean> {
  const locked = await tx
    .update(user)
    .set({ lockedAt: sql`coalesce(${user.lockedAt}, ${at.toISOString()}::timestamptz)`, lockReason: reason, updatedAt: at })
    .where(eq(user.id, userId))
    .returning({ id: user.id });
  if (locked.length === 0) return false;
  await tx.delete(session).where(eq(session.userId, userId));
  return true;
}

export async function unlockAccount(tx: Tx, userId: string, at: Date): Promise<boolean> {
  const unlocked = await tx
    .update(user)
    .set({ lockedAt: null, lockReason: null, updatedAt: at })
    .where(eq(user.id, userId))
    .returning({ id: user.id });
  return unlocked.length > 0;
}

// --- Professionals ------------------------------------------------------------------------------

type Language = 'fr' | 'en' | 'es';

function specialityNameSql(language: Language): SQL<string | null> {
  const local = language === 'en' ? medicalSpecialties.nameEn : language === 'es' ? medicalSpecialties.nameEs : medicalSpecialties.name;
  return sql<string | null>`coalesce(nullif(${local}, ''), ${medicalSpecialties.name})`;
}

function professionalStatusWhere(status: VerificationStatus): SQL | undefined {
  if (status === 'verified') return isNotNull(doctors.verifiedAt);
  if (status === 'rejected') return and(isNull(doctors.verifiedAt), isNotNull(doctors.rejectedAt));
  return and(isNull(doctors.verifiedAt), isNull(doctors.rejectedAt));
}

function professionalColumns(language: Language) {
  return {
    id: doctors.userId,
    firstName: doctors.firstName,
    lastName: doctors.lastName,
    email: doctors.email,
    medicalLicense: doctors.medicalLicense,
    speciality: doctors.speciality,
    specialityName: specialityNameSql(language),
    registeredAt: doctors.createdAt,
    verifiedAt: doctors.verifiedAt,
    rejectedAt: doctors.rejectedAt,
    rejectionReason: doctors.rejectionReason,
    accountStatus: accountStatusSql,
  };
}

export type ProfessionalRow = NonNullable<Awaited<ReturnType<typeof findProfessional>>>;

/**
 * Professionals with a licence in this state: the waiting ones oldest first (a queue), the
 * others most recently decided first.
 */
export async function listProfessionals(
  db: Db,
  status: VerificationStatus,
  language: Language,
  page: { limit: number; offset: number },
) {
  const order =
    status === 'pending'
      ? [asc(doctors.createdAt), asc(doctors.userId)]
      : status === 'verified'
        ? [desc(doctors.verifiedAt), asc(doctors.userId)]
        : [desc(doctors.rejectedAt), asc(doctors.userId)];
  const where = professionalStatusWhere(status);
  const rows = await db
    .select(professionalColumns(language))
    .from(doctors)
    .innerJoin(user, eq(user.id, doctors.userId))
    .leftJoin(medicalSpecialties, eq(medicalSpecialties.id, doctors.speciality))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ n: count() }).from(doctors).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findProfessional(db: Db | Tx, userId: string, language: Language) {
  const [row] = await db
    .select(professionalColumns(language))
    .from(doctors)
    .innerJoin(user, eq(user.id, doctors.userId))
    .leftJoin(medicalSpecialties, eq(medicalSpecialties.id, doctors.speciality))
    .where(eq(doctors.userId, userId))
    .limit(1);
  return row;
}

/** Marks the licence verified and forgets an earlier refusal; false when the user is not a professional. */
export async function verifyLicense(tx: Tx, userId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(doctors)
    .set({ verifiedAt: at, rejectedAt: null, rejectionReason: null })
    .where(eq(doctors.userId, userId))
    .returning({ id: doctors.id });
  return rows.length > 0;
}

/** Refuses the licence with its reason (a verification is withdrawn); false when not a professional. */
export async function rejectLicense(tx: Tx, userId: string, reason: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(doctors)
    .set({ verifiedAt: null, rejectedAt: at, rejectionReason: reason })
    .where(eq(doctors.userId, userId))
    .returning({ id: doctors.id });
  return rows.length > 0;
}

// --- Specialties --------------------------------------------------------------------------------

const specialtyColumns = {
  id: medicalSpecialties.id,
  name: medicalSpecialties.name,
  nameEn: medicalSpecialties.nameEn,
  nameEs: medicalSpecialties.nameEs,
  isActive: medicalSpecialties.isActive,
  displayOrder: medicalSpecialties.displayOrder,
  // Spelled out: in a one-table select drizzle leaves columns unqualified, and "id" would be the doctor's.
  professionals: sql<number>`(select count(*) from "doctors" d where d."speciality" = "medical_specialties"."id")::int`,
};

export async function listSpecialties(db: Db) {
  return db.select(specialtyColumns).from(medicalSpecialties).orderBy(asc(medicalSpecialties.displayOrder), asc(medicalSpecialties.name));
}

export async function findSpecialty(db: Db | Tx, id: string) {
  const [row] = await db.select(specialtyColumns).from(medicalSpecialties).where(eq(medicalSpecialties.id, id)).limit(1);
  return row;
}

/** Whether another specialty has this French name, whatever the case. */
export async function specialtyNameTaken(tx: Tx, name: string, except?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: medicalSpecialties.id })
    .from(medicalSpecialties)
    .where(and(sql`lower(${medicalSpecialties.name}) = lower(${name})`, except ? ne(medicalSpecialties.id, except) : undefined))
    .limit(1);
  return row !== undefined;
}

/** Whether a specialty has this id. */
export async function specialtyIdTaken(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: medicalSpecialties.id }).from(medicalSpecialties).where(eq(medicalSpecialties.id, id)).limit(1);
  return row !== undefined;
}

export async function insertSpecialty(
  tx: Tx,
  row: { id: string; name: string; nameEn: string; nameEs: string; displayOrder: number },
): Promise<void> {
  await tx.insert(medicalSpecialties).values({ ...row, isActive: true });
}

export async function updateSpecialty(
  tx: Tx,
  id: string,
  changes: Partial<{ name: string; nameEn: string; nameEs: string; displayOrder: number; isActive: boolean }>,
): Promise<boolean> {
  const rows = await tx.update(medicalSpecialties).set(changes).where(eq(medicalSpecialties.id, id)).returning({ id: medicalSpecialties.id });
  return rows.length > 0;
}
