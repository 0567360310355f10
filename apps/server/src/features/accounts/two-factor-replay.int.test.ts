import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CookieJar } from '../../test/cookie-jar';
import { totp } from '../../test/totp';

// Issue 10, item 8: a TOTP code could be used twice within its window, and a locked-out second
// factor answered 400. Each accepted code now spends its time-step; a lockout answers 429.

const ORIGIN = { origin: 'http://localhost:3000' };
const STRONG = 'Glyc3mie-Stable!42';
const STEP_MS = 30_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let ipCounter = 1;
const nextIp = () => `10.3.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

async function post(url: string, payload: unknown, jar: CookieJar) {
  const res = await t.app.inject({ method: 'POST', url, payload: payload as object, headers: { ...ORIGIN, ...jar.header() }, remoteAddress: nextIp() });
  jar.store(res);
  return res;
}

async function sessionOf(jar: CookieJar) {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: jar.header() });
  return res.json() as { user: { email: string } } | null;
}

/** A patient with TOTP on; the enrolment is confirmed with the code of the step at `at`. */
async function enrolledPatient(email: string, at: number) {
  const jar = new CookieJar();
  await post('/api/accounts/sign-up', { email, password: STRONG, confirmPassword: STRONG, firstName: 'Camille', lastName: 'Durand', role: 'patient' }, jar);
  const enabled = await post('/api/accounts/two-factor/enable', { password: STRONG }, jar);
  const { totpUri } = enabled.json() as { totpUri: string };
  expect((await post('/api/accounts/two-factor/confirm', { code: totp(totpUri, at) }, jar)).statusCode).toBe(200);
  return totpUri;
}

async function passwordStep(email: string) {
  const jar = new CookieJar();
  const res = await post('/api/accounts/sign-in', { email, password: STRONG }, jar);
  expect(res.json()).toEqual({ status: 'two_factor_required' });
  return jar;
}

describe('TOTP codes are single-use', () => {
  it('refuses the enrolment code at sign-in, a reused code and an older one; a fresh code still works', async () => {
    const now = Date.now();
    const uri = await enrolledPatient('replay@example.test', now);
    const current = totp(uri, now);
    const next = totp(uri, now + STEP_MS);

    const first = await passwordStep('replay@example.test');
    const enrolmentCode = await post('/api/accounts/two-factor/verify', { code: current }, first);
    expect(enrolmentCode.statusCode).toBe(400);
    expect(await sessionOf(first)).toBeNull();
    // A replay spends the challenge: the password step comes again.
    const again = await passwordStep('replay@example.test');
    const fresh = await post('/api/accounts/two-factor/verify', { code: next }, again);
    expect(fresh.statusCode).toBe(200);
    expect(await sessionOf(again)).toMatchObject({ user: { email: 'replay@example.test' } });

    const second = await passwordStep('replay@example.test');
    const replayed = await post('/api/accounts/two-factor/verify', { code: next }, second);
    expect(replayed.statusCode).toBe(400);
    expect(errorBodySchema.parse(replayed.json()).error.code).toBe('invalid_code');
    expect(replayed.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]+/);
    expect(await sessionOf(second)).toBeNull();
    const third = await passwordStep('replay@example.test');
    const older = await post('/api/accounts/two-factor/verify', { code: current }, third);
    expect(older.statusCode).toBe(400);
    expect(await sessionOf(third)).toBeNull();
  });

  it('refuses confirming the enrolment twice with the same code', async () => {
    const jar = new CookieJar();
    await post('/api/accounts/sign-up', { email: 'confirm-twice@example.test', password: STRONG, confirmPassword: STRONG, firstName: 'Camille', lastName: 'Durand', role: 'patient' }, jar);
    const { totpUri } = (await post('/api/accounts/two-factor/enable', { password: STRONG }, jar)).json() as { totpUri: string };
    const code = totp(totpUri);
    expect((await post('/api/accounts/two-factor/confirm', { code }, jar)).statusCode).toBe(200);
    expect((await post('/api/accounts/two-factor/confirm', { code }, jar)).statusCode).toBe(400);
  });
});

describe('a locked-out second factor', () => {
  it('answers 429 with Retry-After once too many wrong codes were typed, even for the right code', async () => {
    const uri = await enrolledPatient('locked@example.test', Date.now());
    const wrong = (code: string) => (code === '000000' ? '111111' : '000000');
    // better-auth allows 5 tries per challenge and locks the second factor after 10 failures.
    for (let challenge = 0; challenge < 2; challenge++) {
      const jar = await passwordStep('locked@example.test');
      for (let attempt = 0; attempt < 5; attempt++) {
        const res = await post('/api/accounts/two-factor/verify', { code: wrong(totp(uri)) }, jar);
        expect(res.statusCode).toBe(400);
      }
    }
    const jar = await passwordStep('locked@example.test');
    const locked = await post('/api/accounts/two-factor/verify', { code: totp(uri, Date.now() + STEP_MS) }, jar);
    expect(locked.statusCode).toBe(429);
    expect(errorBodySchema.parse(locked.json()).error.code).toBe('rate_limited');
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(await sessionOf(jar)).toBeNull();
  });
});
