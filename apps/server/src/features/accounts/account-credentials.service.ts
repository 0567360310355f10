import { randomBytes } from 'node:crypto';
import type { Actor } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import * as repo from './accounts.repository';
import {
  emailChangeConfirmationEmail,
  emailChangeNoticeEmail,
  passwordResetEmail,
} from './accounts.emails';
import { judgePassword } from '@glucosuivi/domain/accounts/password-strength';
import { passwordScore } from './password-strength';
import {
  announceSessionsEnded,
  EMAIL_CHANGE_VALID_MS,
  hashToken,
  languageOf,
  recordAuditEvent,
  resolveUserType,
  sameSecret,
  throttle,
  type AccountsDeps,
  type RequestContext,
} from './account-core.service';

// The account's credentials: password reset, e-mail change, and two-factor sign-in on and off.

/** Always answers the same, so the form never reveals whether an e-mail has an account. */
export async function forgotPassword(deps: AccountsDeps, email: string, ctx: RequestContext) {
  await throttle(deps.limits.codesPerIp, ctx.ip, deps.clock.now());
  const userId = await repo.findUserIdByEmail(deps.database.db, email);
  if (!userId) return;
  await deps.auth.requestPasswordReset(email.toLowerCase(), `${deps.appUrl}/auth?mode=reset`);
  await recordAuditEvent(deps, 'password_reset_requested', ctx, userId, email);
}

/** Called by the credential layer with the one-time token; the link opens our own reset form. */
export async function sendPasswordResetEmail(
  deps: AccountsDeps,
  data: { userId: string; email: string; token: string },
) {
  const account = await repo.findAccount(deps.database.db, data.userId);
  const url = `${deps.appUrl}/auth?mode=reset&token=${encodeURIComponent(data.token)}`;
  await deps.mailer.send(passwordResetEmail(data.email, url, languageOf(account)));
}

/**
 * Called by the credential layer once a reset committed: it deleted every session of the user
 * (they may have been an intruder's), whose realtime sockets close now.
 */
export async function passwordWasReset(deps: AccountsDeps, userId: string): Promise<void> {
  await announceSessionsEnded(deps, userId, null);
}

export async function resetPassword(
  deps: AccountsDeps,
  input: { token: string; password: string },
  ctx: RequestContext,
) {
  await throttle(deps.limits.codesPerIp, ctx.ip, deps.clock.now());
  // The reset link names no one the form could ask about: only the dictionaries apply.
  if (!judgePassword(input.password, [], passwordScore).acceptable) {
    throw new AppError('weak_password', 'Password too guessable', [
      { path: ['password'], code: 'custom', message: 'passwordTooWeak' },
    ]);
  }
  if (!(await deps.auth.resetPassword(input.token, input.password)))
    throw new AppError('invalid_code');
  await recordAuditEvent(deps, 'password_reset', ctx, null, null);
}

/**
 * Re-authenticates with the password, then e-mails a confirmation link to the new address and a
 * notice to the current one. Nothing changes until the link is followed (confirmEmailChange).
 */
export async function changeEmail(
  deps: AccountsDeps,
  actor: Actor,
  input: { newEmail: string; password: string },
  ctx: RequestContext,
): Promise<void> {
  await throttle(deps.limits.codesPerIp, ctx.ip, deps.clock.now());
  if (!(await deps.auth.checkPassword(actor.userId, input.password)))
    throw new AppError('invalid_credentials');
  const account = await repo.findAccount(deps.database.db, actor.userId);
  if (!account) throw new AppError('unauthenticated');
  const newEmail = input.newEmail.toLowerCase();
  const owner = await repo.findUserIdByEmail(deps.database.db, newEmail);
  if (owner || newEmail === account.email.toLowerCase()) {
    throw new AppError('email_taken', 'E-mail already registered', [
      { path: ['newEmail'], code: 'custom', message: 'emailTaken' },
    ]);
  }
  const token = randomBytes(32).toString('base64url');
  const at = deps.clock.now();
  const expiresAt = new Date(at.getTime() + EMAIL_CHANGE_VALID_MS);
  await repo.replacePendingEmailChange(
    deps.database.db,
    actor.userId,
    { tokenHash: hashToken(token), newEmail, expiresAt },
    at,
  );
  await recordAuditEvent(deps, 'email_change_requested', ctx, actor.userId, account.email);
  const lang = languageOf(account);
  const confirmUrl = `${deps.appUrl}/email/confirm?token=${encodeURIComponent(token)}`;
  const settingsPath =
    resolveUserType(account, deps.adminEmails) === 'doctor' ? '/doctor-settings' : '/settings';
  await deps.mailer.send(emailChangeConfirmationEmail(newEmail, confirmUrl, lang));
  // The notice must not block the change: the confirmation link already went out.
  await deps.mailer
    .send(emailChangeNoticeEmail(account.email, newEmail, `${deps.appUrl}${settingsPath}`, lang))
    .catch((error: unknown) => deps.log.warn({ err: error }, 'e-mail change notice failed'));
}

/**
 * Applies the pending change when the link's token matches the signed-in user's latest request.
 * Another user's session, a replaced, used or expired link: refused, and nothing is handed over
 * (the link never signs anyone in).
 */
export async function confirmEmailChange(
  deps: AccountsDeps,
  actor: Actor,
  token: string,
  ctx: RequestContext,
): Promise<{ email: string }> {
  await throttle(deps.limits.codesPerIp, ctx.ip, deps.clock.now());
  const pending = await repo.findPendingEmailChange(deps.database.db, actor.userId);
  const tokenHash = hashToken(token);
  if (!pending || !sameSecret(pending.tokenHash, tokenHash)) {
    await recordAuditEvent(deps, 'email_change_refused', ctx, actor.userId, null);
    throw new AppError('email_change_invalid');
  }
  if (pending.expiresAt.getTime() <= deps.clock.now().getTime()) {
    await repo.deletePendingEmailChange(deps.database.db, actor.userId);
    throw new AppError('email_change_expired');
  }
  const owner = await repo.findUserIdByEmail(deps.database.db, pending.newEmail);
  if (owner && owner !== actor.userId) {
    await repo.deletePendingEmailChange(deps.database.db, actor.userId);
    throw new AppError('email_taken');
  }
  if (
    !(await repo.applyPendingEmailChange(
      deps.database.db,
      actor.userId,
      tokenHash,
      pending.newEmail,
    ))
  ) {
    throw new AppError('email_change_invalid');
  }
  await recordAuditEvent(deps, 'email_changed', ctx, actor.userId, pending.newEmail);
  return { email: pending.newEmail };
}

/** Turning two-factor sign-in on, step one: the password, then the secret and backup codes. */
export async function enableTwoFactor(deps: AccountsDeps, password: string, ctx: RequestContext) {
  await throttle(deps.limits.codesPerIp, ctx.ip, deps.clock.now());
  const outcome = await deps.auth.enableTwoFactor(password, ctx.headers);
  if (!outcome.value) throw new AppError('invalid_credentials');
  return outcome;
}

/** Turning two-factor sign-in on, step two: a first code from the authenticator app. */
export async function confirmTwoFactor(
  deps: AccountsDeps,
  actor: Actor,
  code: string,
  ctx: RequestContext,
) {
  await throttle(deps.limits.codesPerIp, ctx.ip, deps.clock.now());
  const outcome = await deps.auth.confirmTwoFactor(actor.userId, code, ctx.headers);
  if (!outcome.value) throw new AppError('invalid_code');
  await repo.setTwoFactorSetting(deps.database.db, actor.userId, true);
  await recordAuditEvent(deps, 'two_factor_enabled', ctx, actor.userId, null);
  return outcome;
}

/** Turning two-factor sign-in off, with the password. */
export async function disableTwoFactor(
  deps: AccountsDeps,
  actor: Actor,
  password: string,
  ctx: RequestContext,
) {
  await throttle(deps.limits.codesPerIp, ctx.ip, deps.clock.now());
  const outcome = await deps.auth.disableTwoFactor(password, ctx.headers);
  if (!outcome.value) throw new AppError('invalid_credentials');
  await repo.setTwoFactorSetting(deps.database.db, actor.userId, false);
  await recordAuditEvent(deps, 'two_factor_disabled', ctx, actor.userId, null);
  return outcome;
}
