import { randomBytes, randomUUID } from 'node:crypto';
import {
  displayName,
  homeFor,
  languageSchema,
  type Language,
  type SessionUser,
  type SessionView,
  type SignInInput,
  type SignInResult,
  type UserType,
} from '@glucosuivi/domain/accounts/accounts.schemas';
import type { z } from 'zod';
import type { signUpSchema } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { Actor, Database } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mail';
import type { RateLimiter } from '../../platform/rate-limit';
import { AppError } from '../../platform/http/app-error';
import type { AuthOutcome, AuthPort } from '../auth/auth.port';
import * as repo from './accounts.repository';
import { passwordResetEmail, welcomeEmail } from './accounts.emails';
import { zip } from '../../platform/zip';
import { MIN_PASSWORD_SCORE, passwordScore } from './password-strength';

export interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface AccountLimits {
  /** Every sign-in attempt from one address. */
  signInPerIp: RateLimiter;
  /** Failed sign-ins for one account, whatever the address. */
  signInFailuresPerAccount: RateLimiter;
  signUpPerIp: RateLimiter;
  /** Second-factor and reset attempts from one address. */
  codesPerIp: RateLimiter;
}

export interface AccountsDeps {
  database: Database;
  auth: AuthPort;
  mailer: Mailer;
  clock: Clock;
  adminEmails: ReadonlySet<string>;
  appUrl: string;
  log: Logger;
  limits: AccountLimits;
  /** Other features' contributions to "download my data" (file name → content). */
  exporters?: ((actor: Actor) => Promise<{ name: string; content: string }[]>)[];
}

/** Where a request comes from, for throttling and the audit. */
export interface RequestContext {
  headers: Headers;
  ip: string;
  userAgent: string | null;
}

export const DELETION_GRACE_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

type SignUpData = z.output<typeof signUpSchema>;

/** Role rules of SPEC §4 and §6, in order: admin, then professional, else patient. */
export function resolveUserType(account: repo.AccountRow, adminEmails: ReadonlySet<string>): UserType {
  if (adminEmails.has(account.email.toLowerCase()) || account.role === 'admin' || account.userType === 'admin') return 'admin';
  if (account.hasDoctorRow || account.userType === 'doctor') return 'doctor';
  return 'patient';
}

function toSessionUser(account: repo.AccountRow, adminEmails: ReadonlySet<string>): SessionUser {
  const language = languageSchema.safeParse(account.language);
  return {
    id: account.id,
    email: account.email,
    name: displayName(account.firstName, account.email),
    firstName: account.firstName,
    lastName: account.lastName,
    userType: resolveUserType(account, adminEmails),
    role: account.role,
    twoFactorEnabled: account.twoFactorEnabled ?? false,
    language: language.success ? language.data : 'fr',
  };
}

function throttle(limiter: RateLimiter, key: string, now: number) {
  const { allowed, retryAfterSeconds } = limiter.hit(key, now);
  if (!allowed) throw new AppError('rate_limited', `Retry after ${retryAfterSeconds} s`);
}

function inviteCode(): string {
  // 8 characters without look-alikes (0/O, 1/I): easy to read aloud in a consultation.
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export function createAccountsService(deps: AccountsDeps) {
  const now = () => deps.clock.now();

  async function audit(event: string, ctx: RequestContext, userId: string | null, email: string | null) {
    try {
      await repo.writeAudit(deps.database.db, {
        id: randomUUID(),
        userId,
        event,
        email: email?.toLowerCase() ?? null,
        ipAddress: ctx.ip,
        userAgent: ctx.userAgent?.slice(0, 300) ?? null,
        at: now(),
      });
    } catch (error) {
      deps.log.error({ err: error, event }, 'audit write failed');
    }
  }

  /** The account as the app sees it; a failed lookup is logged and treated as a patient (SPEC §6). */
  async function loadSessionUser(userId: string): Promise<SessionUser | null> {
    const account = await repo.findAccount(deps.database.db, userId);
    return account ? toSessionUser(account, deps.adminEmails) : null;
  }

  async function signedIn(userId: string, ctx: RequestContext, email: string | null): Promise<SignInResult> {
    const account = await repo.findAccount(deps.database.db, userId);
    if (!account) throw new AppError('invalid_credentials');
    let deletionCancelled = false;
    if (account.deletionRequestedAt) {
      // Signing in within the grace period cancels the deletion (PRODUCT.md §5).
      await repo.setDeletionRequested(deps.database.db, userId, null);
      await audit('deletion_cancelled', ctx, userId, email);
      deletionCancelled = true;
    }
    await audit('sign_in_success', ctx, userId, email ?? account.email);
    const user = toSessionUser(account, deps.adminEmails);
    return { status: 'signed_in', user, redirectTo: homeFor(user.userType), deletionCancelled };
  }

  async function register(
    input: SignUpData,
    ctx: RequestContext,
    options: { throttled: boolean; welcome: boolean; role?: 'admin' },
  ): Promise<AuthOutcome<{ user: SessionUser; redirectTo: ReturnType<typeof homeFor> }>> {
      if (options.throttled) throttle(deps.limits.signUpPerIp, ctx.ip, now().getTime());
      const email = input.email.toLowerCase();
      const score = passwordScore(input.password, [input.firstName, input.lastName ?? '', email, email.split('@')[0] ?? '', 'glucosuivi', 'diabete']);
      if (score < MIN_PASSWORD_SCORE) {
        throw new AppError('weak_password', 'Password too guessable', [
          { path: ['password'], code: 'custom', message: 'passwordTooWeak', params: { score } },
        ]);
      }
      const speciality = input.role === 'doctor' && input.speciality ? input.speciality : null;
      if (speciality && !(await repo.activeSpecialtyExists(deps.database.db, speciality))) {
        throw new AppError('validation_failed', 'Unknown speciality', [
          { path: ['speciality'], code: 'custom', message: 'specialityInvalid' },
        ]);
      }
      if (await repo.findUserIdByEmail(deps.database.db, email)) {
        throw new AppError('email_taken', 'E-mail already registered', [{ path: ['email'], code: 'custom', message: 'emailTaken' }]);
      }
      const created = await deps.auth.signUp({ email, password: input.password, name: input.firstName }, ctx.headers);
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
                ? { id: randomUUID(), medicalLicense: input.medicalLicense, speciality, inviteCode: inviteCode() }
                : null,
          });
        });
      } catch (error) {
        // Never leave a half-created account: remove the credentials too.
        await repo.deleteUser(deps.database.db, userId);
        throw error;
      }
      await audit('sign_up', ctx, userId, email);
      if (options.welcome) {
        // The welcome e-mail never delays nor blocks sign-up (SPEC §7).
        void deps.mailer
          .send(welcomeEmail(email, input.firstName, input.language, deps.appUrl))
          .catch((error: unknown) => deps.log.warn({ err: error }, 'welcome e-mail failed'));
      }
      const user = await loadSessionUser(userId);
      if (!user) throw new AppError('internal');
      return { value: { user, redirectTo: homeFor(user.userType) }, setCookies: created.setCookies };
  }

  return {
    signUp: (input: SignUpData, ctx: RequestContext) => register(input, ctx, { throttled: true, welcome: true }),

    /** Demo seed: same rules and rows as a real sign-up, without throttling or e-mail. */
    seedAccount: (input: SignUpData, role?: 'admin') =>
      register(input, { headers: new Headers(), ip: '127.0.0.1', userAgent: 'seed' }, { throttled: false, welcome: false, ...(role ? { role } : {}) }),

    async signIn(input: SignInInput, ctx: RequestContext): Promise<AuthOutcome<SignInResult>> {
      const at = now().getTime();
      const email = input.email.toLowerCase();
      throttle(deps.limits.signInPerIp, ctx.ip, at);
      const blocked = deps.limits.signInFailuresPerAccount.blocked(email, at);
      if (blocked.blocked) {
        await audit('sign_in_throttled', ctx, null, email);
        throw new AppError('rate_limited', `Retry after ${blocked.retryAfterSeconds} s`);
      }
      const outcome = await deps.auth.signIn({ email, password: input.password, rememberMe: input.rememberMe }, ctx.headers);
      const result = outcome.value;
      if (result.kind === 'invalid') {
        deps.limits.signInFailuresPerAccount.hit(email, at);
        await audit('sign_in_failure', ctx, (await repo.findUserIdByEmail(deps.database.db, email)) ?? null, email);
        throw new AppError('invalid_credentials');
      }
      deps.limits.signInFailuresPerAccount.reset(email);
      if (result.kind === 'two_factor') {
        await audit('sign_in_second_factor_required', ctx, (await repo.findUserIdByEmail(deps.database.db, email)) ?? null, email);
        return { value: { status: 'two_factor_required' }, setCookies: outcome.setCookies };
      }
      return { value: await signedIn(result.userId, ctx, email), setCookies: outcome.setCookies };
    },

    async verifySecondFactor(
      input: { kind: 'totp'; code: string; trustDevice?: boolean | undefined } | { kind: 'backup'; code: string },
      ctx: RequestContext,
    ): Promise<AuthOutcome<SignInResult>> {
      throttle(deps.limits.codesPerIp, ctx.ip, now().getTime());
      const outcome =
        input.kind === 'totp'
          ? await deps.auth.verifyTotp({ code: input.code, trustDevice: input.trustDevice }, ctx.headers)
          : await deps.auth.verifyBackupCode({ code: input.code }, ctx.headers);
      if (!outcome.value) {
        await audit(`second_factor_failure_${input.kind}`, ctx, null, null);
        throw new AppError('invalid_code');
      }
      return { value: await signedIn(outcome.value.userId, ctx, null), setCookies: outcome.setCookies };
    },

    /** The session view for the browser; null when signed out or locked for deletion. */
    async getSession(headers: Headers): Promise<AuthOutcome<SessionView>> {
      const outcome = await deps.auth.getSession(headers);
      if (!outcome.value) return { value: null, setCookies: outcome.setCookies };
      const account = await repo.findAccount(deps.database.db, outcome.value.userId);
      if (!account || account.deletionRequestedAt) return { value: null, setCookies: outcome.setCookies };
      return {
        value: {
          user: toSessionUser(account, deps.adminEmails),
          session: { id: outcome.value.sessionId, expiresAt: outcome.value.expiresAt.toISOString() },
        },
        setCookies: outcome.setCookies,
      };
    },

    /** The acting user of a request, for every other feature (null when signed out or locked). */
    async resolveActor(headers: Headers): Promise<{ actor: Actor | null; setCookies: string[] }> {
      const outcome = await deps.auth.getSession(headers);
      if (!outcome.value) return { actor: null, setCookies: outcome.setCookies };
      const userId = outcome.value.userId;
      try {
        const account = await repo.findAccount(deps.database.db, userId);
        if (!account || account.deletionRequestedAt) return { actor: null, setCookies: outcome.setCookies };
        return { actor: { userId, role: resolveUserType(account, deps.adminEmails) }, setCookies: outcome.setCookies };
      } catch (error) {
        deps.log.error({ err: error }, 'role lookup failed; treated as patient');
        return { actor: { userId, role: 'patient' }, setCookies: outcome.setCookies };
      }
    },

    async signOut(headers: Headers, everywhere: boolean, actor: Actor | null): Promise<AuthOutcome<null>> {
      if (everywhere && actor) await deps.auth.revokeAllSessions(actor.userId);
      return deps.auth.signOut(headers);
    },

    async listSessions(actor: Actor, currentSessionId: string | null) {
      const rows = await repo.listUserSessions(deps.database.db, actor.userId);
      return rows
        .filter((r) => r.expiresAt.getTime() > now().getTime())
        .map((r) => ({
          id: r.id,
          createdAt: r.createdAt.toISOString(),
          expiresAt: r.expiresAt.toISOString(),
          userAgent: r.userAgent,
          ipPrefix: ipPrefix(r.ipAddress),
          current: r.id === currentSessionId,
        }));
    },

    async revokeSession(actor: Actor, sessionId: string) {
      if (!(await repo.deleteUserSession(deps.database.db, actor.userId, sessionId))) throw new AppError('not_found');
    },

    listSpecialties: () => repo.listActiveSpecialties(deps.database.db),

    /** Locks the account at once (sessions ended, data hidden) and schedules erasure in 30 days. */
    async requestDeletion(actor: Actor, ctx: RequestContext): Promise<{ eraseAfter: string }> {
      const at = now();
      await repo.setDeletionRequested(deps.database.db, actor.userId, at);
      await deps.auth.revokeAllSessions(actor.userId);
      await audit('deletion_requested', ctx, actor.userId, null);
      return { eraseAfter: new Date(at.getTime() + DELETION_GRACE_DAYS * DAY_MS).toISOString() };
    },

    /** Erases every account whose deletion was asked more than 30 days ago. Idempotent. */
    async eraseDueAccounts(): Promise<number> {
      const cutoff = new Date(now().getTime() - DELETION_GRACE_DAYS * DAY_MS);
      const due = await repo.usersDueForErasure(deps.database.db, cutoff);
      // Every personal and health table references the user with ON DELETE CASCADE.
      for (const userId of due) await repo.deleteUser(deps.database.db, userId);
      return due.length;
    },

    async twoFactor(
      action: 'enable' | 'confirm' | 'disable',
      actor: Actor,
      input: { password?: string; code?: string },
      ctx: RequestContext,
    ) {
      throttle(deps.limits.codesPerIp, ctx.ip, now().getTime());
      if (action === 'enable') {
        const outcome = await deps.auth.enableTwoFactor(input.password ?? '', ctx.headers);
        if (!outcome.value) throw new AppError('invalid_credentials');
        return outcome;
      }
      if (action === 'confirm') {
        const outcome = await deps.auth.confirmTwoFactor(input.code ?? '', ctx.headers);
        if (!outcome.value) throw new AppError('invalid_code');
        await repo.setTwoFactorSetting(deps.database.db, actor.userId, true);
        await audit('two_factor_enabled', ctx, actor.userId, null);
        return outcome;
      }
      const outcome = await deps.auth.disableTwoFactor(input.password ?? '', ctx.headers);
      if (!outcome.value) throw new AppError('invalid_credentials');
      await repo.setTwoFactorSetting(deps.database.db, actor.userId, false);
      await audit('two_factor_disabled', ctx, actor.userId, null);
      return outcome;
    },

    loadSessionUser,

    /** Always answers the same, so the form never reveals whether an e-mail has an account. */
    async forgotPassword(email: string, ctx: RequestContext) {
      throttle(deps.limits.codesPerIp, ctx.ip, now().getTime());
      const userId = await repo.findUserIdByEmail(deps.database.db, email);
      if (!userId) return;
      await deps.auth.requestPasswordReset(email.toLowerCase(), `${deps.appUrl}/auth?mode=reset`);
      await audit('password_reset_requested', ctx, userId, email);
    },

    /** Called by the credential layer with the one-time token; the link opens our own reset form. */
    async sendPasswordResetEmail(data: { userId: string; email: string; token: string }) {
      const account = await repo.findAccount(deps.database.db, data.userId);
      const language = languageSchema.safeParse(account?.language);
      const url = `${deps.appUrl}/auth?mode=reset&token=${encodeURIComponent(data.token)}`;
      await deps.mailer.send(passwordResetEmail(data.email, url, language.success ? language.data : 'fr'));
    },

    async resetPassword(input: { token: string; password: string }, ctx: RequestContext) {
      throttle(deps.limits.codesPerIp, ctx.ip, now().getTime());
      if (passwordScore(input.password, []) < MIN_PASSWORD_SCORE) {
        throw new AppError('weak_password', 'Password too guessable', [
          { path: ['password'], code: 'custom', message: 'passwordTooWeak' },
        ]);
      }
      if (!(await deps.auth.resetPassword(input.token, input.password))) throw new AppError('invalid_code');
      await audit('password_reset', ctx, null, null);
    },

    /** Re-authenticates with the password, then changes the sign-in e-mail everywhere it is kept. */
    async changeEmail(actor: Actor, input: { newEmail: string; password: string }, ctx: RequestContext) {
      throttle(deps.limits.codesPerIp, ctx.ip, now().getTime());
      if (!(await deps.auth.checkPassword(actor.userId, input.password))) throw new AppError('invalid_credentials');
      const newEmail = input.newEmail.toLowerCase();
      const owner = await repo.findUserIdByEmail(deps.database.db, newEmail);
      if (owner && owner !== actor.userId) {
        throw new AppError('email_taken', 'E-mail already registered', [{ path: ['newEmail'], code: 'custom', message: 'emailTaken' }]);
      }
      const outcome = await deps.auth.changeEmail(newEmail, ctx.headers);
      if (!outcome.value) throw new AppError('invalid_credentials');
      await repo.syncEmail(deps.database.db, actor.userId, newEmail);
      await audit('email_changed', ctx, actor.userId, newEmail);
      return outcome;
    },

    /** "Download my data" (GDPR art. 15 and 20): one ZIP of everything the user owns. */
    async exportData(actor: Actor): Promise<Buffer> {
      const account = await repo.exportAccount(deps.database.db, actor.userId);
      const files = [{ name: 'compte.json', content: JSON.stringify({ exportedAt: now().toISOString(), ...account }, null, 2) }];
      for (const exporter of deps.exporters ?? []) files.push(...(await exporter(actor)));
      return zip(files, now());
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** First three bytes of an IPv4 address or the first four groups of an IPv6 one. */
function ipPrefix(ip: string | null): string | null {
  if (!ip) return null;
  if (ip.includes('.')) return `${ip.split('.').slice(0, 3).join('.')}.x`;
  return `${ip.split(':').slice(0, 4).join(':')}::`;
}

export type { Language };
