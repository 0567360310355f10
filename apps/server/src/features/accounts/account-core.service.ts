import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  displayName,
  homeFor,
  languageSchema,
  type Language,
  type SessionUser,
  type SignInResult,
  type UserType,
} from '@glucosuivi/domain/accounts/accounts.schemas';
import type { z } from 'zod';
import type { signUpSchema } from '@glucosuivi/domain/accounts/accounts.schemas';
import type { Actor, Database } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events/event-bus';
import type { Mailer } from '../../platform/mail';
import { type RateLimiter } from '../../platform/rate-limit';
import { AppError } from '../../platform/http/app-error';
import type { AuthPort } from '../auth/auth.port';
import * as repo from './accounts.repository';
import { type ZipStreamEntry } from '../../platform/zip';
import type { SignInThrottle } from './sign-in-throttle';

export interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** The accounts limits besides sign-in's own (those live in the sign-in throttle). */
export interface AccountLimits {
  signUpPerIp: RateLimiter;
  /** Second-factor, reset and unlock-link attempts from one address. */
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
  /**
   * Password sign-in throttling and unlock links (sign-in-throttle.ts), built once in app.ts on the
   * shared counter store and the server's auth secret.
   */
  signInThrottle: SignInThrottle;
  /** Tells every server that sessions ended, so that their realtime sockets close at once. */
  events: Pick<EventBus, 'publish'>;
  /** Other features' contributions to "download my data" (file name → content, possibly streamed). */
  exporters?: ((actor: Actor) => Promise<ZipStreamEntry[]>)[];
}

/** Where a request comes from, for throttling and the audit. */
export interface RequestContext {
  headers: Headers;
  ip: string;
  userAgent: string | null;
}

export const DELETION_GRACE_DAYS = 30;
export const DAY_MS = 24 * 3600 * 1000;
/** How long the link sent to a new e-mail address can confirm the change. */
export const EMAIL_CHANGE_VALID_MS = DAY_MS;

export type SignUpData = z.output<typeof signUpSchema>;

/**
 * Role rules of SPEC §4 and §6, in order: admin, then professional, else patient. An address
 * grants nothing until its owner proved it (docs/ARCHITECTURE.md, security rules): a sign-up or
 * an unconfirmed change to an ADMIN_EMAILS address stays a patient.
 */
export function resolveUserType(
  account: repo.AccountRow,
  adminEmails: ReadonlySet<string>,
): UserType {
  const adminByAddress = adminEmails.has(account.email.toLowerCase());
  const adminByProfile = account.role === 'admin' || account.userType === 'admin';
  if (account.emailVerified && (adminByAddress || adminByProfile)) return 'admin';
  if (account.hasDoctorRow || account.userType === 'doctor') return 'doctor';
  return 'patient';
}

/** The account's language for what we send them; French when unset or unknown. */
export function languageOf(
  account: Pick<repo.AccountRow, 'language'> | null | undefined,
): Language {
  const language = languageSchema.safeParse(account?.language);
  return language.success ? language.data : 'fr';
}

export function toSessionUser(
  account: repo.AccountRow,
  adminEmails: ReadonlySet<string>,
): SessionUser {
  return {
    id: account.id,
    email: account.email,
    name: displayName(account.firstName, account.email),
    firstName: account.firstName,
    lastName: account.lastName,
    userType: resolveUserType(account, adminEmails),
    role: account.role,
    twoFactorEnabled: account.twoFactorEnabled ?? false,
    language: languageOf(account),
    speciality: account.speciality ?? null,
  };
}

export function throttle(limiter: RateLimiter, key: string, now: Date) {
  return limiter.consume(key, now);
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A strong random password that is still easy to type: three groups of letters and digits. */
export function generatedPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const chars = Array.from(randomBytes(15), (b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5, 10)}-${chars.slice(10, 15)}`;
}

export function inviteCode(): string {
  // 8 characters without look-alikes (0/O, 1/I): easy to read aloud in a consultation.
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** Writes one audit row; a failed write is logged, never fails the request it records. */
export async function recordAuditEvent(
  deps: AccountsDeps,
  event: string,
  ctx: RequestContext,
  userId: string | null,
  email: string | null,
) {
  try {
    await repo.writeAudit(deps.database.db, {
      id: randomUUID(),
      userId,
      event,
      email: email?.toLowerCase() ?? null,
      ipAddress: ctx.ip,
      userAgent: ctx.userAgent?.slice(0, 300) ?? null,
      at: deps.clock.now(),
    });
  } catch (error) {
    deps.log.error({ err: error, event }, 'audit write failed');
  }
}

/** An account's last sign-in, for the administrators' list and figures; like the audit, never fails the sign-in. */
export async function recordSignIn(deps: AccountsDeps, userId: string): Promise<void> {
  try {
    await repo.markSignedIn(deps.database.db, userId, deps.clock.now());
  } catch (error) {
    deps.log.error({ err: error }, 'last sign-in write failed');
  }
}

/** How stale `lastSeenAt` may get before a request writes it again: at most one write an hour per account. */
export const LAST_SEEN_EVERY_MS = 3_600_000;

/**
 * A request made with the account's session: "used the app" for the figures' active accounts.
 * Written only when the stored time is an hour old or more; a failed write is logged, never fails the request.
 */
export async function recordUse(deps: AccountsDeps, userId: string, lastSeenAt: Date | null): Promise<void> {
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - LAST_SEEN_EVERY_MS);
  if (lastSeenAt && lastSeenAt >= staleBefore) return;
  try {
    await repo.markSeen(deps.database.db, userId, now, staleBefore);
  } catch (error) {
    deps.log.error({ err: error }, 'last use write failed');
  }
}

/** The account as the app sees it; a failed lookup is logged and treated as a patient (SPEC §6). */
export async function loadSessionUser(
  deps: AccountsDeps,
  userId: string,
): Promise<SessionUser | null> {
  const account = await repo.findAccount(deps.database.db, userId);
  return account ? toSessionUser(account, deps.adminEmails) : null;
}

/**
 * Says on the event bus that a session (every session of the user when `sessionId` is null)
 * ended after its row was deleted, so that every server closes the realtime sockets it opened
 * at once (ADR 0009), instead of at their next minute's check.
 */
export async function announceSessionsEnded(deps: Pick<AccountsDeps, 'events'>, userId: string, sessionId: string | null): Promise<void> {
  await deps.events.publish({ type: 'session.ended', userId, sessionId });
}

/** Deletes every session of the user, then announces it. */
export async function endAllSessions(deps: AccountsDeps, userId: string): Promise<void> {
  await deps.auth.revokeAllSessions(userId);
  await announceSessionsEnded(deps, userId, null);
}

/** The end of every successful sign-in: a pending deletion cancelled, the audit, the session user. */
export async function completeSignIn(
  deps: AccountsDeps,
  userId: string,
  ctx: RequestContext,
  email: string | null,
): Promise<SignInResult> {
  const account = await repo.findAccount(deps.database.db, userId);
  if (!account) throw new AppError('invalid_credentials');
  if (account.lockedAt) {
    // Locked between the password and the second factor: the session just made goes too.
    await endAllSessions(deps, userId);
    await recordAuditEvent(deps, 'sign_in_locked', ctx, userId, email ?? account.email);
    throw new AppError('account_locked');
  }
  let deletionCancelled = false;
  if (account.deletionRequestedAt) {
    // Signing in within the grace period cancels the deletion (PRODUCT.md §5).
    await repo.setDeletionRequested(deps.database.db, userId, null);
    await recordAuditEvent(deps, 'deletion_cancelled', ctx, userId, email);
    deletionCancelled = true;
  }
  await recordAuditEvent(deps, 'sign_in_success', ctx, userId, email ?? account.email);
  await recordSignIn(deps, userId);
  const user = toSessionUser(account, deps.adminEmails);
  return { status: 'signed_in', user, redirectTo: homeFor(user.userType), deletionCancelled };
}
