import { backoff } from '@glucosuivi/domain/shared/backoff';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { rateLimited, type Cooldown, type RateLimiter } from '../../platform/rate-limit';

/**
 * Sign-in throttling (issue 10, item 5): a guesser is slowed per (account, client) first, so
 * failures from elsewhere never lock the owner out of their own device. A client is a device
 * that once signed in to the account (its device cookie), else the address. The cost grows:
 * a few free failures, then a growing wait per client; all unknown clients of one account
 * together meet a ceiling, and an owner caught behind it on a new device proves they own the
 * mailbox with an e-mailed unlock link, which makes that browser a known device.
 */
export interface SignInLimits {
  /** Every sign-in attempt from one address, whatever the account. */
  signInPerIp: RateLimiter;
  /** Failed sign-ins of one account from one client; its count sets the growing wait. */
  signInFailuresPerClient: RateLimiter;
  /** The wait a client must let pass after its latest failure, once the free attempts are used. */
  signInWait: Cooldown;
  /**
   * Failed sign-ins of one account from every unknown client together: a ceiling far above what
   * one client can reach; devices that signed in before keep signing in past it.
   */
  signInFailuresPerAccount: RateLimiter;
  /** Devices (device cookie) that signed in to an account with the right password. */
  knownDevices: RateLimiter;
  /** Unlock e-mails sent for one account: enough for the owner, never a mail bomb. */
  unlockLinksPerAccount: RateLimiter;
  /** Unlock links already followed (by nonce): each works once. */
  unlockLinksUsed: RateLimiter;
}

/** Failures a client may make on an account before each further one costs a wait. */
export const FREE_SIGN_IN_FAILURES = 5;
const MINUTE_MS = 60_000;
/** After the free failures: 1, 2, 4, 8, then 15 minutes between attempts from that client. */
const signInBackoff = backoff({ base: MINUTE_MS, cap: 15 * MINUTE_MS });

export function signInWaitMs(failures: number): number {
  return failures < FREE_SIGN_IN_FAILURES ? 0 : signInBackoff(failures - FREE_SIGN_IN_FAILURES);
}

/** How long an e-mailed unlock link works. */
export const UNLOCK_LINK_VALID_MS = 30 * MINUTE_MS;

export const DEVICE_COOKIE = 'glucosuivi.device';
const DEVICE_ID = /^[A-Za-z0-9_-]{32,64}$/;
const DEVICE_COOKIE_MAX_AGE_S = 400 * 24 * 3600;

function deviceIdFrom(headers: Headers): string | null {
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === DEVICE_COOKIE && value && DEVICE_ID.test(value)) return value;
  }
  return null;
}

/** Who is trying: the account (by e-mail) and the client the attempt counts against. */
export interface SignInAttempt {
  email: string;
  deviceId: string | null;
  knownDevice: boolean;
  client: string;
}

export interface SignInThrottleDeps {
  limits: SignInLimits;
  /** Signs unlock links; the server's auth secret. */
  secret: string;
  /** Cookies get `Secure` when the app is served over https. */
  secureCookies: boolean;
}

export function createSignInThrottle({ limits, secret, secureCookies }: SignInThrottleDeps) {
  const deviceKey = (email: string, deviceId: string) => `${email}\n${deviceId}`;
  const clientOf = (email: string, deviceId: string | null, knownDevice: boolean, ip: string) =>
    knownDevice && deviceId ? `${email}\ndevice:${deviceId}` : `${email}\nip:${ip}`;

  function deviceCookie(deviceId: string): string {
    return `${DEVICE_COOKIE}=${deviceId}; Path=/api/accounts; Max-Age=${DEVICE_COOKIE_MAX_AGE_S}; HttpOnly; SameSite=Lax${secureCookies ? '; Secure' : ''}`;
  }

  /** Remembers this browser for the account (a new device id when it has none); its Set-Cookie. */
  async function rememberDevice(email: string, deviceId: string | null, at: Date): Promise<string> {
    const device = deviceId ?? randomBytes(32).toString('base64url');
    await limits.knownDevices.hit(deviceKey(email, device), at);
    return deviceCookie(device);
  }

  const sign = (payload: string) => createHmac('sha256', `sign-in-unlock:${secret}`).update(payload).digest('base64url');

  return {
    /**
     * Counts the attempt against the address and lets it through, or refuses with 429 while this
     * client must wait or, for an unknown client, while the account's ceiling is reached.
     */
    async admit(email: string, headers: Headers, ip: string, at: Date): Promise<SignInAttempt> {
      await limits.signInPerIp.consume(ip, at);
      const deviceId = deviceIdFrom(headers);
      const knownDevice = deviceId !== null && (await limits.knownDevices.blocked(deviceKey(email, deviceId), at)).count > 0;
      const client = clientOf(email, deviceId, knownDevice, ip);
      const waitSeconds = await limits.signInWait.remainingSeconds(client, at);
      const ceiling = knownDevice ? null : await limits.signInFailuresPerAccount.blocked(email, at);
      if (waitSeconds > 0 || ceiling?.blocked) {
        throw rateLimited(Math.max(waitSeconds, ceiling?.blocked ? ceiling.retryAfterSeconds : 0));
      }
      return { email, deviceId, knownDevice, client };
    },

    /** A wrong password: one more failure for the client (and the account, if unknown). */
    async failed(attempt: SignInAttempt, at: Date): Promise<void> {
      const { count } = await limits.signInFailuresPerClient.hit(attempt.client, at);
      if (!attempt.knownDevice) await limits.signInFailuresPerAccount.hit(attempt.email, at);
      const waitMs = signInWaitMs(count);
      if (waitMs > 0) await limits.signInWait.start(attempt.client, waitMs, at);
    },

    /**
     * The right password: this client's failures are forgiven and the device is remembered for
     * the account, so it keeps its own budget while others guess. Returns the device cookie.
     */
    async succeeded(attempt: SignInAttempt, at: Date): Promise<string> {
      await limits.signInFailuresPerClient.reset(attempt.client);
      return rememberDevice(attempt.email, attempt.deviceId, at);
    },

    /** Whether one more unlock e-mail may go to this account now (a few per hour). */
    async mayMailUnlock(email: string, at: Date): Promise<boolean> {
      return (await limits.unlockLinksPerAccount.hit(email, at)).allowed;
    },

    /** A signed, expiring, single-use token naming the account, for the unlock e-mail. */
    unlockToken(userId: string, at: Date): string {
      const payload = Buffer.from(
        JSON.stringify({ u: userId, x: at.getTime() + UNLOCK_LINK_VALID_MS, n: randomBytes(16).toString('base64url') }),
      ).toString('base64url');
      return `${payload}.${sign(payload)}`;
    },

    /** The account an unlock token names, once: null when forged, expired or already used. */
    async redeemUnlockToken(token: string, at: Date): Promise<{ userId: string } | null> {
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return null;
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let claims: unknown;
      try {
        claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return null;
      }
      const { u, x, n } = (claims ?? {}) as { u?: unknown; x?: unknown; n?: unknown };
      if (typeof u !== 'string' || typeof x !== 'number' || typeof n !== 'string' || x <= at.getTime()) return null;
      if (!(await limits.unlockLinksUsed.hit(n, at)).allowed) return null;
      return { userId: u };
    },

    /**
     * After a followed unlock link: this browser becomes a known device of the account (so the
     * ceiling of unknown clients no longer applies to it) with its failures and wait forgiven.
     * Returns the device cookie.
     */
    async trustBrowser(email: string, headers: Headers, at: Date): Promise<string> {
      const deviceId = deviceIdFrom(headers) ?? randomBytes(32).toString('base64url');
      const client = clientOf(email, deviceId, true, '');
      await limits.signInFailuresPerClient.reset(client);
      await limits.signInWait.reset(client);
      return rememberDevice(email, deviceId, at);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
