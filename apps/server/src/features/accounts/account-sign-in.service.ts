import {
  type SessionView,
  type SignInInput,
  type SignInResult,
} from '@glucosuivi/domain/accounts/accounts.schemas';
import type { Actor } from '../../platform/db/database';
import { rateLimited } from '../../platform/rate-limit';
import { AppError } from '../../platform/http/app-error';
import type { AuthOutcome } from '../auth/auth.port';
import * as repo from './accounts.repository';
import { signInUnlockEmail } from './accounts.emails';
import { UNLOCK_LINK_VALID_MS } from './sign-in-throttle';
import {
  announceSessionsEnded,
  completeSignIn,
  endAllSessions,
  languageOf,
  recordAuditEvent,
  recordUse,
  resolveUserType,
  throttle,
  toSessionUser,
  type AccountsDeps,
  type RequestContext,
} from './account-core.service';

// Sign-in (password, e-mailed unlock link, second factor), then the session of a request, the
// acting user, sign-out and the list of one's own sessions.

/**
 * Password sign-in, throttled so that guessing is slow and nobody else can lock the owner out
 * (sign-in-throttle.ts): every attempt counts against the address, failures against the
 * (account, client) pair and, from unknown clients, against the account's ceiling.
 */
export async function signIn(
  deps: AccountsDeps,
  input: SignInInput,
  ctx: RequestContext,
): Promise<AuthOutcome<SignInResult>> {
  const at = deps.clock.now();
  const email = input.email.toLowerCase();
  let attempt;
  try {
    attempt = await deps.signInThrottle.admit(email, ctx.headers, ctx.ip, at);
  } catch (error) {
    await recordAuditEvent(deps, 'sign_in_throttled', ctx, null, email);
    throw error;
  }
  const outcome = await deps.auth.signIn(
    { email, password: input.password, rememberMe: input.rememberMe },
    ctx.headers,
  );
  const result = outcome.value;
  if (result.kind === 'invalid') {
    await deps.signInThrottle.failed(attempt, at);
    await recordAuditEvent(
      deps,
      'sign_in_failure',
      ctx,
      (await repo.findUserIdByEmail(deps.database.db, email)) ?? null,
      email,
    );
    throw new AppError('invalid_credentials');
  }
  // Only now, the password being right, may the answer say the account is locked.
  await refuseLockedAccount(deps, result.kind === 'signed_in' ? result.userId : null, email, ctx);
  const setCookies = [...outcome.setCookies, await deps.signInThrottle.succeeded(attempt, at)];
  if (result.kind === 'two_factor') {
    await recordAuditEvent(
      deps,
      'sign_in_second_factor_required',
      ctx,
      (await repo.findUserIdByEmail(deps.database.db, email)) ?? null,
      email,
    );
    return { value: { status: 'two_factor_required' }, setCookies };
  }
  return { value: await completeSignIn(deps, result.userId, ctx, email), setCookies };
}

/**
 * A locked account's right password opens nothing: the session better-auth just made is ended
 * and its cookies (or the second-factor challenge's) never reach the browser.
 */
async function refuseLockedAccount(deps: AccountsDeps, signedInUserId: string | null, email: string, ctx: RequestContext) {
  const userId = signedInUserId ?? (await repo.findUserIdByEmail(deps.database.db, email));
  const account = userId ? await repo.findAccount(deps.database.db, userId) : undefined;
  if (!account?.lockedAt) return;
  if (signedInUserId) await endAllSessions(deps, signedInUserId);
  await recordAuditEvent(deps, 'sign_in_locked', ctx, account.id, email);
  throw new AppError('account_locked');
}

/**
 * Sends a link that lifts the sign-in wait for the browser that follows it, to the owner of
 * the address only; answers the same whether the address has an account or not.
 */
export async function requestSignInUnlock(
  deps: AccountsDeps,
  emailInput: string,
  ctx: RequestContext,
): Promise<void> {
  const at = deps.clock.now();
  await throttle(deps.limits.codesPerIp, ctx.ip, at);
  const email = emailInput.toLowerCase();
  const userId = await repo.findUserIdByEmail(deps.database.db, email);
  if (!userId || !(await deps.signInThrottle.mayMailUnlock(email, at))) return;
  const account = await repo.findAccount(deps.database.db, userId);
  if (!account) return;
  const token = deps.signInThrottle.unlockToken(userId, at);
  const url = `${deps.appUrl}/auth/unlock?token=${encodeURIComponent(token)}`;
  const minutes = UNLOCK_LINK_VALID_MS / 60_000;
  await deps.mailer.send(signInUnlockEmail(account.email, url, minutes, languageOf(account)));
  await recordAuditEvent(deps, 'sign_in_unlock_requested', ctx, userId, email);
}

/** Follows an unlock link: this browser becomes a known device of the account. */
export async function unlockSignIn(
  deps: AccountsDeps,
  token: string,
  ctx: RequestContext,
): Promise<AuthOutcome<{ ok: true }>> {
  const at = deps.clock.now();
  await throttle(deps.limits.codesPerIp, ctx.ip, at);
  const redeemed = await deps.signInThrottle.redeemUnlockToken(token, at);
  const account = redeemed ? await repo.findAccount(deps.database.db, redeemed.userId) : null;
  if (!account) {
    await recordAuditEvent(deps, 'sign_in_unlock_refused', ctx, null, null);
    throw new AppError('unlock_link_invalid');
  }
  const cookie = await deps.signInThrottle.trustBrowser(
    account.email.toLowerCase(),
    ctx.headers,
    at,
  );
  await recordAuditEvent(deps, 'sign_in_unlocked', ctx, account.id, account.email);
  return { value: { ok: true }, setCookies: [cookie] };
}

export async function verifySecondFactor(
  deps: AccountsDeps,
  input:
    | { kind: 'totp'; code: string; trustDevice?: boolean | undefined }
    | { kind: 'backup'; code: string },
  ctx: RequestContext,
): Promise<AuthOutcome<SignInResult>> {
  await throttle(deps.limits.codesPerIp, ctx.ip, deps.clock.now());
  const outcome =
    input.kind === 'totp'
      ? await deps.auth.verifyTotp(
          { code: input.code, trustDevice: input.trustDevice },
          ctx.headers,
        )
      : await deps.auth.verifyBackupCode({ code: input.code }, ctx.headers);
  const result = outcome.value;
  if (result.kind === 'locked') {
    await recordAuditEvent(deps, `second_factor_locked_${input.kind}`, ctx, null, null);
    throw rateLimited(result.retryAfterSeconds);
  }
  if (result.kind === 'invalid') {
    await recordAuditEvent(deps, `second_factor_failure_${input.kind}`, ctx, null, null);
    throw new AppError('invalid_code');
  }
  return {
    value: await completeSignIn(deps, result.userId, ctx, null),
    setCookies: outcome.setCookies,
  };
}

/** The session view for the browser; null when signed out, locked for deletion or by an administrator. */
export async function getSession(
  deps: AccountsDeps,
  headers: Headers,
): Promise<AuthOutcome<SessionView>> {
  const outcome = await deps.auth.getSession(headers);
  if (!outcome.value) return { value: null, setCookies: outcome.setCookies };
  const account = await repo.findActorAccount(deps.database.db, outcome.value.userId);
  if (!account || account.deletionRequestedAt || account.lockedAt)
    return { value: null, setCookies: outcome.setCookies };
  return {
    value: {
      user: toSessionUser(account, deps.adminEmails),
      session: {
        id: outcome.value.sessionId,
        expiresAt: outcome.value.expiresAt.toISOString(),
      },
    },
    setCookies: outcome.setCookies,
  };
}

/**
 * The acting user of a request, for every other feature (null when signed out, locked for
 * deletion or by an administrator), with whether the account has two-factor sign-in on.
 */
export async function resolveActor(
  deps: AccountsDeps,
  headers: Headers,
): Promise<{ actor: Actor | null; setCookies: string[] }> {
  const outcome = await deps.auth.getSession(headers);
  if (!outcome.value) return { actor: null, setCookies: outcome.setCookies };
  const userId = outcome.value.userId;
  try {
    const account = await repo.findActorAccount(deps.database.db, userId);
    if (!account || account.deletionRequestedAt || account.lockedAt)
      return { actor: null, setCookies: outcome.setCookies };
    await recordUse(deps, userId, account.lastSeenAt);
    return {
      actor: {
        userId,
        role: resolveUserType(account, deps.adminEmails),
        secondFactor: account.twoFactorEnabled === true,
        sessionId: outcome.value.sessionId,
      },
      setCookies: outcome.setCookies,
    };
  } catch (error) {
    deps.log.error({ err: error }, 'role lookup failed; treated as patient');
    return { actor: { userId, role: 'patient', sessionId: outcome.value.sessionId }, setCookies: outcome.setCookies };
  }
}

export async function signOut(
  deps: AccountsDeps,
  headers: Headers,
  everywhere: boolean,
  actor: Actor | null,
): Promise<AuthOutcome<null>> {
  if (everywhere && actor) await endAllSessions(deps, actor.userId);
  const outcome = await deps.auth.signOut(headers);
  // This device's session: the lookup of the request named it (a cookie of no live session names none).
  if (!everywhere && actor?.sessionId) await announceSessionsEnded(deps, actor.userId, actor.sessionId);
  return outcome;
}

export async function listSessions(
  deps: AccountsDeps,
  actor: Actor,
  currentSessionId: string | null,
) {
  const rows = await repo.listUserSessions(deps.database.db, actor.userId);
  return rows
    .filter((r) => r.expiresAt.getTime() > deps.clock.now().getTime())
    .map((r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      userAgent: r.userAgent,
      ipPrefix: ipPrefix(r.ipAddress),
      current: r.id === currentSessionId,
    }));
}

export async function revokeSession(deps: AccountsDeps, actor: Actor, sessionId: string) {
  if (!(await repo.deleteUserSession(deps.database.db, actor.userId, sessionId)))
    throw new AppError('not_found');
  await announceSessionsEnded(deps, actor.userId, sessionId);
}

/** First three bytes of an IPv4 address or the first four groups of an IPv6 one. */
function ipPrefix(ip: string | null): string | null {
  if (!ip) return null;
  if (ip.includes('.')) return `${ip.split('.').slice(0, 3).join('.')}.x`;
  return `${ip.split(':').slice(0, 4).join(':')}::`;
}
