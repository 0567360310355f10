import { describe, expect, it } from 'vitest';
import { type AppError } from '../../platform/http/app-error';
import { Cooldown, keyHasher, MemoryRateLimitStore, RateLimiter } from '../../platform/rate-limit';
import { createSignInThrottle, DEVICE_COOKIE, signInWaitMs, UNLOCK_LINK_VALID_MS } from './sign-in-throttle';

const HOUR_MS = 3_600_000;
const T0 = new Date('2026-11-24T08:00:00Z');
const later = (ms: number) => new Date(T0.getTime() + ms);

function throttle(secret = 'test-secret') {
  const store = new MemoryRateLimitStore();
  const hash = keyHasher(secret);
  const limit = (name: string, max: number, windowMs: number) => new RateLimiter(store, hash, name, max, windowMs);
  return createSignInThrottle({
    secret,
    secureCookies: false,
    limits: {
      signInPerIp: limit('ip', 1_000, HOUR_MS),
      signInFailuresPerClient: limit('client', Number.MAX_SAFE_INTEGER, HOUR_MS),
      signInWait: new Cooldown(store, hash, 'wait'),
      signInFailuresPerAccount: limit('account', 3, HOUR_MS),
      knownDevices: limit('device', Number.MAX_SAFE_INTEGER, HOUR_MS),
      unlockLinksPerAccount: limit('unlock-account', 2, HOUR_MS),
      unlockLinksUsed: limit('unlock-used', 1, UNLOCK_LINK_VALID_MS),
    },
  });
}

const noCookie = new Headers();
const withCookie = (setCookie: string) => new Headers({ cookie: setCookie.split(';')[0]! });

async function refusal(promise: Promise<unknown>): Promise<AppError | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    return error as AppError;
  }
}

describe('sign-in wait', () => {
  it('is free for five failures, then 1, 2, 4, 8 and at most 15 minutes', () => {
    expect([1, 4, 5, 6, 7, 8, 9, 20].map((n) => signInWaitMs(n) / 60_000)).toEqual([0, 0, 1, 2, 4, 8, 15, 15]);
  });
});

describe('unlock links', () => {
  it('name the account once, and are refused when forged, expired or already used', async () => {
    const limits = throttle();
    const token = limits.unlockToken('user-1', T0);
    const [payload, signature] = token.split('.');
    expect(await limits.redeemUnlockToken(`${payload}.${signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`, T0)).toBeNull();
    expect(await limits.redeemUnlockToken(`${Buffer.from('{"u":"user-2","x":9e15,"n":"x"}').toString('base64url')}.${signature}`, T0)).toBeNull();
    expect(await throttle('another-secret').redeemUnlockToken(token, T0)).toBeNull();
    expect(await limits.redeemUnlockToken(token, later(UNLOCK_LINK_VALID_MS))).toBeNull();
    expect(await limits.redeemUnlockToken(token, later(60_000))).toEqual({ userId: 'user-1' });
    expect(await limits.redeemUnlockToken(token, later(120_000))).toBeNull();
  });

  it('are mailed a few times an hour per account, not more', async () => {
    const limits = throttle();
    const sent = [];
    for (let i = 0; i < 4; i++) sent.push(await limits.mayMailUnlock('owner@example.test', T0));
    expect(sent).toEqual([true, true, false, false]);
    expect(await limits.mayMailUnlock('owner@example.test', later(HOUR_MS))).toBe(true);
  });

  it('let a browser past the ceiling of unknown clients, while others still wait', async () => {
    const limits = throttle();
    const email = 'owner@example.test';
    for (let i = 0; i < 3; i++) await limits.failed(await limits.admit(email, noCookie, `10.0.0.${i}`, T0), T0);
    expect((await refusal(limits.admit(email, noCookie, '10.0.1.1', T0)))?.code).toBe('rate_limited');
    const cookie = await limits.trustBrowser(email, noCookie, T0);
    expect(cookie).toMatch(new RegExp(`^${DEVICE_COOKIE.replace('.', '\\.')}=[A-Za-z0-9_-]{43}; Path=/api/accounts;`));
    const attempt = await limits.admit(email, withCookie(cookie), '10.0.1.1', T0);
    expect(attempt.knownDevice).toBe(true);
    expect((await refusal(limits.admit(email, noCookie, '10.0.1.2', T0)))?.code).toBe('rate_limited');
  });

  it('forgive the waits a known browser had earned', async () => {
    const limits = throttle();
    const email = 'owner@example.test';
    const cookie = await limits.trustBrowser(email, noCookie, T0);
    const device = withCookie(cookie);
    for (let i = 0; i < 5; i++) await limits.failed(await limits.admit(email, device, '10.0.0.1', T0), T0);
    expect((await refusal(limits.admit(email, device, '10.0.0.1', T0)))?.code).toBe('rate_limited');
    await limits.trustBrowser(email, device, T0);
    expect((await limits.admit(email, device, '10.0.0.1', T0)).knownDevice).toBe(true);
  });
});
