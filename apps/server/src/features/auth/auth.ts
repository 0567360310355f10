import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { twoFactor as twoFactorPlugin } from 'better-auth/plugins';
import type { Db } from '../../platform/db/database';
import { account, session, twoFactor, user, verification } from './auth.tables';

export interface AuthOptions {
  db: Db;
  secret: string;
  /** Public origin of the app, e.g. http://localhost:3000. */
  baseURL: string;
  /** Other origins allowed to call (the Vite dev server). */
  trustedOrigins: string[];
  secure: boolean;
  sendPasswordReset?: (data: { email: string; token: string; userId: string }) => Promise<void>;
  /** After a reset committed (every session of the user was deleted with it). */
  onPasswordReset?: (userId: string) => Promise<void>;
}

export const SESSION_COOKIE_PREFIX = 'glucosuivi';
const SESSION_COOKIE = new RegExp(`(?:^|;)\\s*(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.session_token=[^;\\s]`);
const SESSION_TOKEN = new RegExp(`(?:^|;)\\s*(?:__Secure-)?${SESSION_COOKIE_PREFIX}\\.session_token=([^;\\s]+)`);

/**
 * Whether a request carries a session cookie, valid or not (nothing is looked up): enough to
 * choose which HTML to send, never to grant anything.
 */
export function carriesSessionCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}
/**
 * The session cookie's value, checked or not: who waits in which line of the admission queue
 * (one user's burst waits behind itself), never a grant.
 */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  return cookieHeader?.match(SESSION_TOKEN)?.[1];
}
/** A session lasts 7 days and is renewed (sliding) when used after one day. */
export const SESSION_EXPIRES_IN_SECONDS = 7 * 24 * 3600;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 3600;

/**
 * better-auth does credentials, sessions and TOTP; the app never exposes its router: every
 * account endpoint is our own contract that calls `auth.api.*`, so input validation, the
 * error model, throttling and the audit are ours (docs/adr/0002-accounts-on-better-auth.md).
 */
export function createAuth(options: AuthOptions) {
  return betterAuth({
    appName: 'GlucoSuivi',
    secret: options.secret,
    baseURL: options.baseURL,
    basePath: '/api/auth',
    trustedOrigins: options.trustedOrigins,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: { user, session, account, verification, twoFactor },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user: u, token }) => {
        await options.sendPasswordReset?.({ email: u.email, token, userId: u.id });
      },
      onPasswordReset: async ({ user: u }) => {
        await options.onPasswordReset?.(u.id);
      },
    },
    // E-mail changes are the accounts feature's own confirmed flow (a link to the new address,
    // account-credentials.service.ts); better-auth's unverified change stays off.
    user: { changeEmail: { enabled: false } },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    // Throttling is done by our routes, per IP and per account (accounts.routes.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: options.secure,
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true, secure: options.secure },
      database: { generateId: () => randomUUID() },
    },
    plugins: [
      twoFactorPlugin({
        issuer: 'GlucoSuivi',
        backupCodeOptions: { amount: 10, length: 10 },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
