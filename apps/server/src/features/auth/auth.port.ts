import type { Db } from '../../platform/db/database';
import type { Auth } from './auth';
import { cookiesOf, isClientError } from './auth-api';
import { createSessionLookup } from './session-lookup';
import { createTwoFactorPort } from './two-factor.port';

/** What the accounts feature's functions need from the credential layer (AccountsDeps.auth), in plain terms. */
export interface AuthPort {
  signUp(input: { email: string; password: string; name: string }, headers: Headers): Promise<AuthOutcome<{ userId: string }>>;
  signIn(
    input: { email: string; password: string; rememberMe?: boolean | undefined },
    headers: Headers,
  ): Promise<AuthOutcome<{ kind: 'signed_in'; userId: string } | { kind: 'two_factor' } | { kind: 'invalid' }>>;
  verifyTotp(input: { code: string; trustDevice?: boolean | undefined }, headers: Headers): Promise<AuthOutcome<SecondFactorResult>>;
  verifyBackupCode(input: { code: string }, headers: Headers): Promise<AuthOutcome<SecondFactorResult>>;
  getSession(headers: Headers): Promise<AuthOutcome<{ userId: string; sessionId: string; expiresAt: Date } | null>>;
  signOut(headers: Headers): Promise<AuthOutcome<null>>;
  revokeAllSessions(userId: string): Promise<void>;
  enableTwoFactor(password: string, headers: Headers): Promise<AuthOutcome<{ totpUri: string; backupCodes: string[] } | null>>;
  confirmTwoFactor(userId: string, code: string, headers: Headers): Promise<AuthOutcome<boolean>>;
  disableTwoFactor(password: string, headers: Headers): Promise<AuthOutcome<boolean>>;
  requestPasswordReset(email: string, redirectTo: string): Promise<void>;
  resetPassword(token: string, newPassword: string): Promise<boolean>;
  checkPassword(userId: string, password: string): Promise<boolean>;
  /** Replaces the password of an existing account (explicit administrator creation only). */
  setPassword(userId: string, password: string): Promise<void>;
}

/** A second factor at sign-in: accepted, refused (wrong, replayed, expired challenge) or locked out for a while. */
export type SecondFactorResult = { kind: 'accepted'; userId: string } | { kind: 'invalid' } | { kind: 'locked'; retryAfterSeconds: number };

/** A result plus the cookies the browser must receive (session set, refreshed or cleared). */
export interface AuthOutcome<T> {
  value: T;
  setCookies: string[];
}

/** The better-auth implementation of the port. */
export function createAuthPort(auth: Auth, db: Db): AuthPort {
  const api = auth.api;
  // Built on first use: better-auth's context (secret, cookie names) is ready asynchronously.
  let sessionLookup: Promise<ReturnType<typeof createSessionLookup>> | undefined;
  const liveSession = async (headers: Headers) => {
    sessionLookup ??= auth.$context.then((ctx) =>
      createSessionLookup(db, ctx.secret, { sessionToken: ctx.authCookies.sessionToken.name, sessionData: ctx.authCookies.sessionData.name }),
    );
    return (await sessionLookup)(headers.get('cookie') ?? undefined, Date.now());
  };

  return {
    ...createTwoFactorPort(auth, db),
    async signUp(input, headers) {
      const { headers: out, response } = await api.signUpEmail({
        body: { email: input.email, password: input.password, name: input.name },
        headers,
        returnHeaders: true,
      });
      return { value: { userId: response.user.id }, setCookies: cookiesOf(out) };
    },
    async signIn(input, headers) {
      try {
        const { headers: out, response } = await api.signInEmail({
          body: { email: input.email, password: input.password, rememberMe: input.rememberMe ?? true },
          headers,
          returnHeaders: true,
        });
        if ('twoFactorRedirect' in response && response.twoFactorRedirect) {
          return { value: { kind: 'two_factor' }, setCookies: cookiesOf(out) };
        }
        const userId = (response as { user: { id: string } }).user.id;
        return { value: { kind: 'signed_in', userId }, setCookies: cookiesOf(out) };
      } catch (error) {
        if (isClientError(error)) return { value: { kind: 'invalid' }, setCookies: [] };
        throw error;
      }
    },
    async getSession(headers) {
      const live = await liveSession(headers);
      if (live) return { value: live, setCookies: [] };
      const { headers: out, response } = await api.getSession({ headers, returnHeaders: true });
      if (!response) return { value: null, setCookies: cookiesOf(out) };
      return {
        value: { userId: response.user.id, sessionId: response.session.id, expiresAt: new Date(response.session.expiresAt) },
        setCookies: cookiesOf(out),
      };
    },
    async signOut(headers) {
      try {
        const { headers: out } = await api.signOut({ headers, returnHeaders: true });
        return { value: null, setCookies: cookiesOf(out) };
      } catch (error) {
        if (isClientError(error)) return { value: null, setCookies: [] };
        throw error;
      }
    },
    async revokeAllSessions(userId) {
      const ctx = await auth.$context;
      await ctx.internalAdapter.deleteUserSessions(userId);
    },
    async requestPasswordReset(email, redirectTo) {
      await api.requestPasswordReset({ body: { email, redirectTo } });
    },
    async resetPassword(token, newPassword) {
      try {
        await api.resetPassword({ body: { token, newPassword } });
        return true;
      } catch (error) {
        if (isClientError(error)) return false;
        throw error;
      }
    },
    async checkPassword(userId, password) {
      const ctx = await auth.$context;
      const accounts = await ctx.internalAdapter.findAccounts(userId);
      const credential = accounts.find((a) => a.providerId === 'credential');
      if (!credential?.password) return false;
      return ctx.password.verify({ hash: credential.password, password });
    },
    async setPassword(userId, password) {
      const ctx = await auth.$context;
      await ctx.internalAdapter.updatePassword(userId, await ctx.password.hash(password));
    },
  };
}
