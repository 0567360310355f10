import { createHmac } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { Db } from '../../platform/db/database';
import type { Auth } from './auth';
import { SESSION_COOKIE_PREFIX } from './auth';
import { cookiesOf, isClientError, statusOf } from './auth-api';
import type { AuthOutcome, AuthPort, SecondFactorResult } from './auth.port';
import { twoFactor } from './auth.tables';

const TOTP_PERIOD_SECONDS = 30;
const TOTP_DIGITS = 6;
// better-auth accepts one step either side; two here so a verification that straddles a step
// boundary still finds the step it accepted.
const TOTP_SEARCH_WINDOW = 2;
/** better-auth's default second-factor lockout (10 failures → 15 minutes), used when the lock end cannot be read. */
const DEFAULT_LOCK_SECONDS = 900;

function base32Bytes(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of input.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/** The latest time-step near now whose code is `code`, or undefined. */
function matchingStep(key: Buffer, code: string, nowMs: number): number | undefined {
  const current = Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
  for (let step = current + TOTP_SEARCH_WINDOW; step >= current - TOTP_SEARCH_WINDOW; step--) {
    if (hotp(key, step) === code) return step;
  }
  return undefined;
}

/** What better-auth lacks around TOTP: a code's time-step used once only, and the time left of a lockout. */
function createSecondFactorGuards(auth: Auth, db: Db) {
  async function totpKey(userId: string): Promise<Buffer | undefined> {
    const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
    if (!row) return undefined;
    const ctx = await auth.$context;
    const secret = await symmetricDecrypt({ key: ctx.secretConfig, data: row.secret });
    return secret.startsWith('base32:') ? base32Bytes(secret.slice(7)) : Buffer.from(secret, 'utf8');
  }

  /**
   * Records the time-step of an accepted TOTP code; false when that step (or a later one) was
   * already used. The conditional update is the guard, so two concurrent uses cannot both pass.
   */
  async function claimTotpStep(userId: string, code: string): Promise<boolean> {
    const key = await totpKey(userId);
    const step = key ? matchingStep(key, code, Date.now()) : undefined;
    if (step === undefined) return false;
    const claimed = await db
      .update(twoFactor)
      .set({ lastTotpStep: step })
      .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
      .returning({ id: twoFactor.id });
    return claimed.length > 0;
  }

  /** Whether this code's step was already used (checked before verifying, when the user is known). */
  async function isReplayed(userId: string, code: string): Promise<boolean> {
    const [row] = await db.select({ last: twoFactor.lastTotpStep }).from(twoFactor).where(eq(twoFactor.userId, userId)).limit(1);
    if (row?.last === null || row?.last === undefined) return false;
    const key = await totpKey(userId);
    const step = key ? matchingStep(key, code, Date.now()) : undefined;
    return step !== undefined && step <= row.last;
  }

  /** Seconds until the second-factor lock of the user behind this sign-in challenge ends. */
  async function lockRemainingSeconds(headers: Headers): Promise<number> {
    try {
      const name = `${SESSION_COOKIE_PREFIX}.two_factor`;
      const raw = (headers.get('cookie') ?? '')
        .split(';')
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name}=`))
        ?.slice(name.length + 1);
      if (!raw) return DEFAULT_LOCK_SECONDS;
      const signed = decodeURIComponent(raw);
      const challenge = signed.slice(0, signed.lastIndexOf('.'));
      const ctx = await auth.$context;
      const pending = await ctx.internalAdapter.findVerificationValue(challenge);
      if (!pending) return DEFAULT_LOCK_SECONDS;
      const [row] = await db.select({ lockedUntil: twoFactor.lockedUntil }).from(twoFactor).where(eq(twoFactor.userId, pending.value)).limit(1);
      if (!row?.lockedUntil) return DEFAULT_LOCK_SECONDS;
      return Math.max(1, Math.ceil((row.lockedUntil.getTime() - Date.now()) / 1000));
    } catch {
      return DEFAULT_LOCK_SECONDS;
    }
  }

  return { claimTotpStep, isReplayed, lockRemainingSeconds };
}

/**
 * The two-factor part of the port: enrolment and sign-in codes, with what better-auth lacks
 * (a TOTP code accepted once only, the remaining lockout time).
 */
export function createTwoFactorPort(
  auth: Auth,
  db: Db,
): Pick<AuthPort, 'verifyTotp' | 'verifyBackupCode' | 'enableTwoFactor' | 'confirmTwoFactor' | 'disableTwoFactor'> {
  const api = auth.api;

  const { claimTotpStep, isReplayed, lockRemainingSeconds } = createSecondFactorGuards(auth, db);

  async function refusedSecondFactor(error: unknown, headers: Headers): Promise<AuthOutcome<SecondFactorResult>> {
    if (statusOf(error) === 429) return { value: { kind: 'locked', retryAfterSeconds: await lockRemainingSeconds(headers) }, setCookies: [] };
    if (isClientError(error)) return { value: { kind: 'invalid' }, setCookies: [] };
    throw error;
  }

  return {
    async verifyTotp(input, headers) {
      let verified: { userId: string; sessionToken: string | undefined; setCookies: string[] };
      try {
        const { headers: out, response } = await api.verifyTOTP({
          body: { code: input.code, trustDevice: input.trustDevice ?? false },
          headers,
          returnHeaders: true,
        });
        const body = response as { token?: string; user: { id: string } };
        verified = { userId: body.user.id, sessionToken: body.token, setCookies: cookiesOf(out) };
      } catch (error) {
        return refusedSecondFactor(error, headers);
      }
      // better-auth accepts a code as often as it likes within its window: a replayed code loses
      // the session it was just given, and no cookie reaches the browser.
      if (!(await claimTotpStep(verified.userId, input.code))) {
        if (verified.sessionToken) await (await auth.$context).internalAdapter.deleteSession(verified.sessionToken);
        return { value: { kind: 'invalid' }, setCookies: [] };
      }
      return { value: { kind: 'accepted', userId: verified.userId }, setCookies: verified.setCookies };
    },
    async verifyBackupCode(input, headers) {
      try {
        const { headers: out, response } = await api.verifyBackupCode({
          body: { code: input.code },
          headers,
          returnHeaders: true,
        });
        return { value: { kind: 'accepted', userId: (response as { user: { id: string } }).user.id }, setCookies: cookiesOf(out) };
      } catch (error) {
        return refusedSecondFactor(error, headers);
      }
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
    async confirmTwoFactor(userId, code, headers) {
      if (await isReplayed(userId, code)) return { value: false, setCookies: [] };
      try {
        const { headers: out } = await api.verifyTOTP({ body: { code }, headers, returnHeaders: true });
        // The enrolment code is spent too: it cannot open a sign-in in the same window.
        if (!(await claimTotpStep(userId, code))) return { value: false, setCookies: [] };
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
  };
}
