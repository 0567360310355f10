import { randomUUID } from 'node:crypto';
import {
  homeFor,
  type Language,
  type SessionUser,
} from '@glucosuivi/domain/accounts/accounts.schemas';
import type { Actor, Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { AuthOutcome } from '../auth/auth.port';
import * as repo from './accounts.repository';
import { welcomeEmail } from './accounts.emails';
import { zipStream, type ZipStreamEntry } from '../../platform/zip';
import { judgePassword, personalWords } from '@glucosuivi/domain/accounts/password-strength';
import { passwordScore } from './password-strength';
import {
  DAY_MS,
  DELETION_GRACE_DAYS,
  endAllSessions,
  generatedPassword,
  inviteCode,
  loadSessionUser,
  recordAuditEvent,
  recordSignIn,
  throttle,
  type AccountsDeps,
  type RequestContext,
  type SignUpData,
} from './account-core.service';

export type { AccountLimits, AccountsDeps, Logger, RequestContext } from './account-core.service';
export {
  DELETION_GRACE_DAYS,
  EMAIL_CHANGE_VALID_MS,
  generatedPassword,
  resolveUserType,
} from './account-core.service';

// Accounts: registration, administrators, deletion and the data download. Sign-in and sessions
// are in account-sign-in.service.ts, credentials in account-credentials.service.ts; all take the
// same AccountsDeps first.

export function signUp(deps: AccountsDeps, input: SignUpData, ctx: RequestContext) {
  return registerAccount(deps, input, ctx, { throttled: true, welcome: true, signsIn: true });
}

/** Demo seed: same rules and rows as a real sign-up, without throttling or e-mail. */
export function seedAccount(deps: AccountsDeps, input: SignUpData) {
  return registerAccount(
    deps,
    input,
    { headers: new Headers(), ip: '127.0.0.1', userAgent: 'seed' },
    { throttled: false, welcome: false },
  );
}

/**
 * The only way to an administrator (`npm run admin:create`, demo seed): whoever runs it vouches
 * for the address. An existing account with that address (someone may have signed up with it)
 * is taken over: new password, every session and second factor removed.
 */
export async function createAdministrator(
  deps: AccountsDeps,
  input: { email: string; password?: string; firstName?: string; lastName?: string },
) {
  const email = input.email.toLowerCase();
  const password = input.password ?? generatedPassword();
  const ctx: RequestContext = {
    headers: new Headers(),
    ip: '127.0.0.1',
    userAgent: 'admin:create',
  };
  let userId = await repo.findUserIdByEmail(deps.database.db, email);
  const created = !userId;
  if (userId) {
    await deps.auth.setPassword(userId, password);
    await endAllSessions(deps, userId);
  } else {
    const registered = await registerAccount(
      deps,
      {
        email,
        password,
        confirmPassword: password,
        firstName: input.firstName ?? 'Admin',
        lastName: input.lastName ?? 'GlucoSuivi',
        role: 'patient',
        language: 'fr',
      },
      ctx,
      { throttled: false, welcome: false, role: 'admin' },
    );
    userId = registered.value.user.id;
  }
  await repo.makeAdministrator(deps.database.db, userId);
  await recordAuditEvent(deps, 'administrator_created', ctx, userId, email);
  return { userId, email, password, created };
}

/** The sign-up form's list: active specialties named in the page's language, French where a name is missing. */
export async function listSpecialties(deps: AccountsDeps, language: Language = 'fr') {
  const rows = await repo.listActiveSpecialties(deps.database.db, language);
  return rows.map((row) => ({
    id: row.id,
    name: row.localName?.trim() ? row.localName : row.name,
    displayOrder: row.displayOrder,
    translated: Boolean(row.localName?.trim()),
  }));
}

/** Locks the account at once (sessions ended, data hidden) and schedules erasure in 30 days. */
export async function requestDeletion(
  deps: AccountsDeps,
  actor: Actor,
  ctx: RequestContext,
): Promise<{ eraseAfter: string }> {
  const at = deps.clock.now();
  await repo.setDeletionRequested(deps.database.db, actor.userId, at);
  await endAllSessions(deps, actor.userId);
  await recordAuditEvent(deps, 'deletion_requested', ctx, actor.userId, null);
  return { eraseAfter: new Date(at.getTime() + DELETION_GRACE_DAYS * DAY_MS).toISOString() };
}

/** Erases every account whose deletion was asked more than 30 days ago. Idempotent. */
export async function eraseDueAccounts(deps: AccountsDeps): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - DELETION_GRACE_DAYS * DAY_MS);
  const due = await repo.usersDueForErasure(deps.database.db, cutoff);
  // Every personal and health table references the user with ON DELETE CASCADE.
  for (const userId of due) await repo.deleteUser(deps.database.db, userId);
  return due.length;
}

/** "Download my data" (GDPR art. 15 and 20): one ZIP of everything the user owns. */
export async function exportData(
  deps: AccountsDeps,
  actor: Actor,
): Promise<AsyncGenerator<Buffer>> {
  const account = await repo.exportAccount(deps.database.db, actor.userId);
  const files: ZipStreamEntry[] = [
    {
      name: 'compte.json',
      content: JSON.stringify({ exportedAt: deps.clock.now().toISOString(), ...account }, null, 2),
    },
  ];
  for (const exporter of deps.exporters ?? []) files.push(...(await exporter(actor)));
  // Streamed: large entries (a year of readings) are read page by page as the archive is sent.
  return zipStream(files, deps.clock.now());
}

/** One sign-up: the password rule, the person's rows with the credentials, never half of them. */
async function registerAccount(
  deps: AccountsDeps,
  input: SignUpData,
  ctx: RequestContext,
  // signsIn: the session sign-up opens goes to the person's browser (a sign-in, for the last
  // sign-in and activity); the seed and admin:create drop theirs, nobody signed in.
  options: { throttled: boolean; welcome: boolean; role?: 'admin'; signsIn?: boolean },
): Promise<AuthOutcome<{ user: SessionUser; redirectTo: ReturnType<typeof homeFor> }>> {
  if (options.throttled) await throttle(deps.limits.signUpPerIp, ctx.ip, deps.clock.now());
  const email = input.email.toLowerCase();
  const verdict = judgePassword(input.password, personalWords({ ...input, email }), passwordScore);
  if (!verdict.acceptable) {
    throw new AppError('weak_password', 'Password too guessable', [
      {
        path: ['password'],
        code: 'custom',
        message: 'passwordTooWeak',
        params: { score: verdict.score },
      },
    ]);
  }
  const speciality = input.role === 'doctor' && input.speciality ? input.speciality : null;
  if (speciality && !(await repo.activeSpecialtyExists(deps.database.db, speciality))) {
    throw new AppError('validation_failed', 'Unknown speciality', [
      { path: ['speciality'], code: 'custom', message: 'specialityInvalid' },
    ]);
  }
  if (await repo.findUserIdByEmail(deps.database.db, email)) {
    throw new AppError('email_taken', 'E-mail already registered', [
      { path: ['email'], code: 'custom', message: 'emailTaken' },
    ]);
  }
  const created = await deps.auth.signUp(
    { email, password: input.password, name: input.firstName },
    ctx.headers,
  );
  const userId = created.value.userId;
  try {
    await deps.database.db.transaction(async (tx) => {
      await repo.createPersonRows(tx, {
        userId,
        email,
        firstName: input.firstName,
        lastName: input.lastName || null,
        userType: input.role,
        role: options.role ?? null,
        language: input.language,
        doctor:
          input.role === 'doctor' && input.lastName && input.medicalLicense
            ? {
                id: randomUUID(),
                medicalLicense: input.medicalLicense,
                speciality,
                inviteCode: inviteCode(),
              }
            : null,
      });
    });
  } catch (error) {
    // Never leave a half-created account: remove the credentials too.
    await repo.deleteUser(deps.database.db, userId);
    throw error;
  }
  await recordAuditEvent(deps, 'sign_up', ctx, userId, email);
  if (options.signsIn) await recordSignIn(deps, userId);
  if (options.welcome) {
    // The welcome e-mail never delays nor blocks sign-up (SPEC §7).
    void deps.mailer
      .send(
        welcomeEmail(
          email,
          input.firstName,
          input.language,
          deps.appUrl,
          input.role === 'doctor' ? 'professional' : 'patient',
        ),
      )
      .catch((error: unknown) => deps.log.warn({ err: error }, 'welcome e-mail failed'));
  }
  const user = await loadSessionUser(deps, userId);
  if (!user) throw new AppError('internal');
  return { value: { user, redirectTo: homeFor(user.userType) }, setCookies: created.setCookies };
}

/**
 * The account behind a user id, read with the owner role (the account tables are not open to the
 * app role): for messages sent outside any request, such as alert e-mails.
 */
export function findAccountById(db: Db, userId: string): Promise<repo.AccountRow | undefined> {
  return repo.findAccount(db, userId);
}

export type { Language };
