import type { Auth } from './auth';

/** What the accounts service needs from the credential layer, in plain terms. */
export interface AuthPort {
  signUp(input: { email: string; password: string; name: string }, headers: Headers): Promise<AuthOutcome<{ userId: string }>>;
  signIn(
    input: { email: string; password: string; rememberMe?: boolean | undefined },
    headers: Headers,
  ): Promise<AuthOutcome<{ kind: 'signed_in'; userId: string } | { kind: 'two_factor' } | { kind: 'invalid' }>>;
  verifyTotp(input: { code: string; trustDevice?: boolean | undefined }, headers: Headers): Promise<AuthOutcome<{ userId: string } | null>>;
  verifyBackupCode(input: { code: string }, headers: Headers): Promise<AuthOutcome<{ userId: string } | null>>;
  getSession(headers: Headers): Promise<AuthOutcome<{ userId: string; sessionId: string; expiresAt: Date } | null>>;
  signOut(headers: Headers): Promise<AuthOutcome<null>>;
  revokeAllSessions(userId: string): Promise<void>;
  enableTwoFactor(password: string, headers: Headers): Promise<AuthOutcome<{ totpUri: string; backupCodes: string[] } | null>>;
  confirmTwoFactor(code: string, headers: Headers): Promise<AuthOutcome<boolean>>;
  disableTwoFactor(password: string, headers: Headers): Promise<AuthOutcome<boolean>>;
  requestPasswordReset(email: string, redirectTo: string): Promise<void>;
  resetPassword(token: string, newPassword: string): Promise<boolean>;
  changeEmail(newEmail: string, headers: Headers): Promise<AuthOutcome<boolean>>;
  checkPassword(userId: string, password: string): Promise<boolean>;
}

/** A result plus the cookies the browser must receive (session set, refreshed or cleared). */
export interface AuthOutcome<T> {
  value: T;
  setCookies: string[];
}

interface ApiErrorLike {
  status?: unknown;
  statusCode?: unknown;
  body?: { code?: string };
}

function cookiesOf(headers: Headers | null | undefined): string[] {
  return headers?.getSetCookie?.() ?? [];
}

function isClientError(error: unknown): boolean {
  const e = error as ApiErrorLike;
  const status = typeof e?.statusCode === 'number' ? e.statusCode : undefined;
  return status !== undefined && status >= 400 && status < 500;
}

/** The better-auth implementation of the port. */
export function createAuthPort(auth: Auth): AuthPort {
  const api = auth.api;
  return {
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
    async verifyTotp(input, headers) {
      try {
        const { headers: out, response } = await api.verifyTOTP({
          body: { code: input.code, trustDevice: input.trustDevice ?? false },
          headers,
          returnHeaders: true,
        });
        return { value: { userId: (response as { user: { id: string } }).user.id }, setCookies: cookiesOf(out) };
      } catch (error) {
        if (isClientError(error)) return { value: null, setCookies: [] };
        throw error;
      }
    },
    async verifyBackupCode(input, headers) {
      try {
        const { headers: out, response } = await api.verifyBackupCode({
          body: { code: input.code },
          headers,
          returnHeaders: true,
        });
        return { value: { userId: (response as { user: { id: string } }).user.id }, setCookies: cookiesOf(out) };
      } catch (error) {
        if (isClientError(error)) return { value: null, setCookies: [] };
        throw error;
      }
    },
    async getSession(headers) {
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
    async enableTwoFactor(password, headers) {
      try {
        const result = await api.enableTwoFactor({ body: { password }, headers, returnHeaders: true });
        const body = result.response as { totpURI?: string; backupCodes?: string[] };
        if (!body.totpURI || !body.backupCodes) return { value: null, setCookies: [] };
        return { value: { totpUri: body.totpURI, backupCodes: body.backupCodes }, setCookies: cookiesOf(result.headers) };
      } catch (error) {
        if (isClientError(error)) return { value: null, setCookies: [] };
        throw error;
      }
    },
    async confirmTwoFactor(code, headers) {
      try {
        const { headers: out } = await api.verifyTOTP({ body: { code }, headers, returnHeaders: true });
        return { value: true, setCookies: cookiesOf(out) };
      } catch (error) {
        if (isClientError(error)) return { value: false, setCookies: [] };
        throw error;
      }
    },
    async disableTwoFactor(password, headers) {
      try {
        const { headers: out } = await api.disableTwoFactor({ body: { password }, headers, returnHeaders: true });
        return { value: true, setCookies: cookiesOf(out) };
      } catch (error) {
        if (isClientError(error)) return { value: false, setCookies: [] };
        throw error;
      }
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
    async changeEmail(newEmail, headers) {
      try {
        const { headers: out } = await api.changeEmail({ body: { newEmail }, headers, returnHeaders: true });
        return { value: true, setCookies: cookiesOf(out) };
      } catch (error) {
        if (isClientError(error)) return { value: false, setCookies: [] };
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
  };
}
