import {
  ADMIN_PAGE_SIZE,
  specialtySlug,
  type AccountList,
  type AccountStatus,
  type AccountType,
  type AdminAccount,
  type AdminProfessional,
  type AdminSpecialty,
  type AdminSpecialtyList,
  type CreateSpecialtyInput,
  type FailedJobList,
  type ProfessionalList,
  type UpdateSpecialtyInput,
  type VerificationStatus,
} from '@glucosuivi/domain/admin/admin.schemas';
import { isValidRpps } from '@glucosuivi/domain/accounts/rpps';
import type { Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { Clock } from '../../platform/clock';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { EventBus } from '../../platform/events/event-bus';
import { AppError } from '../../platform/http/app-error';
import { listFailedJobs as failedJobsOf } from '../../platform/jobs/job-queue';
import type { AuthPort } from '../auth/auth.port';
import { DAY_MS, DELETION_GRACE_DAYS } from '../accounts/account-core.service';
import { recordAdminAction, type AdminAction } from './admin-actions.service';
import * as repo from './admin.repository';

// The back office (issue 18): accounts, professionals' licences, specialties. Every read and write
// goes through the owner connection on account tables only; administrators never reach a health
// table (the request role would show them nothing anyway: RLS). Each action commits with its
// audit line (recordAdminAction in the same transaction), or not at all.

export interface AdminDeps {
  database: Database;
  clock: Clock;
  /** ADMIN_EMAILS: administrators by address (once verified), as the accounts feature decides. */
  adminEmails: ReadonlySet<string>;
  /** Sends the password-reset e-mail (the accounts feature's own, through the credential layer). */
  auth: Pick<AuthPort, 'requestPasswordReset'>;
  appUrl: string;
  /** A lock ends the account's sessions: every server closes their realtime sockets on this event. */
  events: Pick<EventBus, 'publish'>;
}

/**
 * Failed jobs for administrators (the route is admin-only). Read with the owner connection: the
 * request role cannot read the jobs table at all, and nothing personal is returned (no payload).
 */
export async function listFailedJobs(deps: Pick<AdminDeps, 'database'>): Promise<FailedJobList> {
  const rows = await failedJobsOf(deps.database.db);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      attempts: row.attempts,
      lastError: row.lastError,
      runAt: row.runAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    })),
  };
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

function toAdminAccount(row: repo.AccountListRow): AdminAccount {
  const name = [row.firstName, row.lastName].filter((part): part is string => Boolean(part)).join(' ');
  return {
    id: row.id,
    name: name || row.email,
    email: row.email,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: iso(row.lastSignInAt),
    status: row.status,
    lockedAt: iso(row.lockedAt),
    lockReason: row.lockReason,
    eraseAfter: row.deletionRequestedAt ? new Date(row.deletionRequestedAt.getTime() + DELETION_GRACE_DAYS * DAY_MS).toISOString() : null,
    emailVerified: row.emailVerified,
    secondFactor: row.secondFactor === true,
    verification: row.verification,
  };
}

const pageOf = (page: number | undefined) => {
  const number = page ?? 1;
  return { number, limit: ADMIN_PAGE_SIZE, offset: (number - 1) * ADMIN_PAGE_SIZE };
};

/** Accounts matching the search and filters, 50 a page, newest first. */
export async function listAccounts(
  deps: AdminDeps,
  query: { q?: string | undefined; type?: AccountType | undefined; status?: AccountStatus | undefined; page?: number | undefined },
): Promise<AccountList> {
  const page = pageOf(query.page);
  const { rows, total } = await repo.listAccounts(deps.database.db, { q: query.q || undefined, type: query.type, status: query.status }, deps.adminEmails, page);
  return { items: rows.map(toAdminAccount), total, page: page.number, pageSize: ADMIN_PAGE_SIZE };
}

/** The acting administrator as the audit names them. */
async function administrator(tx: Tx, actor: Actor): Promise<AdminAction['actor']> {
  return { userId: actor.userId, email: (await repo.accountEmail(tx, actor.userId)) ?? 'unknown' };
}

async function accountOrNotFound(deps: AdminDeps, tx: Tx, userId: string) {
  const account = await repo.findAccount(tx, userId, deps.adminEmails);
  if (!account) throw new AppError('not_found');
  return account;
}

/**
 * Locks an account: no sign-in and no session (its sessions end now) until an administrator
 * unlocks it. Never one's own account, never the last administrator who could unlock the others.
 */
export async function lockAccount(deps: AdminDeps, actor: Actor, userId: string, reason: string): Promise<AdminAccount> {
  if (userId === actor.userId) throw new AppError('cannot_lock_self');
  const at = deps.clock.now();
  const row = await deps.database.db.transaction(async (tx) => {
    await repo.serialiseAccountLocks(tx);
    const target = await accountOrNotFound(deps, tx, userId);
    if (target.type === 'admin' && (await repo.countUnlockedAdmins(tx, deps.adminEmails, userId)) === 0) throw new AppError('last_admin');
    await repo.lockAccount(tx, userId, reason, at);
    await recordAdminAction(deps, { actor: await administrator(tx, actor), action: 'account.lock', target: { userId, email: target.email }, detail: reason }, tx);
    return accountOrNotFound(deps, tx, userId);
  });
  await deps.events.publish({ type: 'session.ended', userId, sessionId: null });
  return toAdminAccount(row);
}

export async function unlockAccount(deps: AdminDeps, actor: Actor, userId: string): Promise<AdminAccount> {
  const row = await deps.database.db.transaction(async (tx) => {
    const target = await accountOrNotFound(deps, tx, userId);
    await repo.unlockAccount(tx, userId, deps.clock.now());
    await recordAdminAction(deps, { actor: await administrator(tx, actor), action: 'account.unlock', target: { userId, email: target.email } }, tx);
    return accountOrNotFound(deps, tx, userId);
  });
  return toAdminAccount(row);
}

/** E-mails the owner the same password-reset link as "forgot password" (valid 1 hour), then records it. */
export async function sendPasswordReset(deps: AdminDeps, actor: Actor, userId: string): Promise<void> {
  const target = await repo.findAccount(deps.database.db, userId, deps.adminEmails);
  if (!target) throw new AppError('not_found');
  await deps.auth.requestPasswordReset(target.email.toLowerCase(), `${deps.appUrl}/auth?mode=reset`);
  await deps.database.db.transaction(async (tx) =>
    recordAdminAction(deps, { actor: await administrator(tx, actor), action: 'account.password_reset', target: { userId, email: target.email } }, tx),
  );
}

// --- Professionals ------------------------------------------------------------------------------

function toAdminProfessional(row: repo.ProfessionalRow): AdminProfessional {
  const status: VerificationStatus = row.verifiedAt ? 'verified' : row.rejectedAt ? 'rejected' : 'pending';
  return {
    id: row.id,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    medicalLicense: row.medicalLicense,
    licenseValid: isValidRpps(row.medicalLicense),
    speciality: row.speciality,
    specialityName: row.speciality ? row.specialityName : null,
    registeredAt: row.registeredAt.toISOString(),
    status,
    verifiedAt: iso(row.verifiedAt),
    rejectedAt: iso(row.rejectedAt),
    rejectionReason: row.rejectionReason,
    accountStatus: row.accountStatus,
  };
}

export async function listProfessionals(
  deps: AdminDeps,
  query: { status: VerificationStatus; lang: Language; page?: number | undefined },
): Promise<ProfessionalList> {
  const page = pageOf(query.page);
  const { rows, total } = await repo.listProfessionals(deps.database.db, query.status, query.lang, page);
  return { items: rows.map(toAdminProfessional), total, page: page.number, pageSize: ADMIN_PAGE_SIZE };
}

/** Marks a professional's licence checked: patients then see them as verified. */
export async function verifyProfessional(deps: AdminDeps, actor: Actor, userId: string, language: Language = 'fr'): Promise<AdminProfessional> {
  const row = await deps.database.db.transaction(async (tx) => {
    if (!(await repo.verifyLicense(tx, userId, deps.clock.now()))) throw new AppError('not_found');
    const professional = await repo.findProfessional(tx, userId, language);
    if (!professional) throw new AppError('not_found');
    await recordAdminAction(
      deps,
      { actor: await administrator(tx, actor), action: 'professional.verify', target: { userId, email: professional.email }, detail: professional.medicalLicense },
      tx,
    );
    return professional;
  });
  return toAdminProfessional(row);
}

/** Refuses a professional's licence; the reason is shown on their own profile page. */
export async function rejectProfessional(deps: AdminDeps, actor: Actor, userId: string, reason: string, language: Language = 'fr'): Promise<AdminProfessional> {
  const row = await deps.database.db.transaction(async (tx) => {
    if (!(await repo.rejectLicense(tx, userId, reason, deps.clock.now()))) throw new AppError('not_found');
    const professional = await repo.findProfessional(tx, userId, language);
    if (!professional) throw new AppError('not_found');
    await recordAdminAction(
      deps,
      { actor: await administrator(tx, actor), action: 'professional.reject', target: { userId, email: professional.email }, detail: reason },
      tx,
    );
    return professional;
  });
  return toAdminProfessional(row);
}

// --- Specialties --------------------------------------------------------------------------------

export async function listSpecialties(deps: Pick<AdminDeps, 'database'>): Promise<AdminSpecialtyList> {
  return { items: await repo.listSpecialties(deps.database.db) };
}

const nameTaken = () =>
  new AppError('specialty_exists', 'Specialty name taken', [{ path: ['name'], code: 'custom', message: 'specialtyExists' }]);

/** Adds a specialty, active at once in the sign-up list; its id is made from the French name. */
export async function createSpecialty(deps: AdminDeps, actor: Actor, input: CreateSpecialtyInput): Promise<AdminSpecialty> {
  return deps.database.db.transaction(async (tx) => {
    if (await repo.specialtyNameTaken(tx, input.name)) throw nameTaken();
    const base = specialtySlug(input.name);
    let id = base;
    for (let n = 2; await repo.specialtyIdTaken(tx, id); n++) id = `${base}-${n}`;
    await repo.insertSpecialty(tx, { id, ...input });
    await recordAdminAction(deps, { actor: await administrator(tx, actor), action: 'specialty.add', detail: `${id}: ${input.name}` }, tx);
    const created = await repo.findSpecialty(tx, id);
    if (!created) throw new AppError('internal');
    return created;
  });
}

/** Renames, reorders, activates or deactivates a specialty (professionals who chose it keep it). */
export async function updateSpecialty(deps: AdminDeps, actor: Actor, id: string, input: UpdateSpecialtyInput): Promise<AdminSpecialty> {
  return deps.database.db.transaction(async (tx) => {
    const before = await repo.findSpecialty(tx, id);
    if (!before) throw new AppError('not_found');
    if (input.name !== undefined && (await repo.specialtyNameTaken(tx, input.name, id))) throw nameTaken();
    const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    await repo.updateSpecialty(tx, id, changes);
    const changed = Object.keys(changes)
      .map((key) => `${key}=${String(changes[key])}`)
      .join(', ');
    await recordAdminAction(deps, { actor: await administrator(tx, actor), action: 'specialty.edit', detail: `${id}: ${changed}` }, tx);
    const after = await repo.findSpecialty(tx, id);
    if (!after) throw new AppError('internal');
    return after;
  });
}
