import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CookieJar } from '../../test/cookie-jar';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './auth';
import { session } from './auth.tables';

// Every request asks who sends it; the common case is answered by one query (session-lookup.ts)
// and every other case by better-auth. These tests hold the two to the same answers.

const STRONG = 'Glyc3mie-Stable!42';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;
async function signedUpPatient() {
  const jar = new CookieJar();
  const email = `session-${++counter}@example.test`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/accounts/sign-up',
    payload: { email, password: STRONG, confirmPassword: STRONG, firstName: 'Camille', role: 'patient' },
    remoteAddress: `10.9.0.${counter}`,
  });
  expect(res.statusCode).toBe(201);
  jar.store(res);
  const userId = (res.json() as { user: { id: string } }).user.id;
  const [row] = await t.database.db.select().from(session).where(eq(session.userId, userId));
  return { jar, userId, row: row! };
}

function headersOf(jar: CookieJar, extra = ''): Headers {
  const cookie = jar.header().cookie ?? '';
  return new Headers({ cookie: extra ? `${cookie}; ${extra}` : cookie });
}

async function setExpiry(sessionId: string, expiresAt: Date) {
  await t.database.db.update(session).set({ expiresAt }).where(eq(session.id, sessionId));
}

describe('who sends a request', () => {
  it('is the session’s user for a fresh session, with no cookie to set', async () => {
    const { jar, userId, row } = await signedUpPatient();
    const outcome = await t.accountsDeps.auth.getSession(headersOf(jar));
    expect(outcome.value).toEqual({ userId, sessionId: row.id, expiresAt: row.expiresAt });
    expect(outcome.setCookies).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: '/api/measurements/summary?days=14', headers: jar.header() });
    expect(res.statusCode).toBe(200);
  });

  it('is nobody once the session is deleted (signed out elsewhere), at the next request', async () => {
    const { jar } = await signedUpPatient();
    const signOut = await t.app.inject({ method: 'POST', url: '/api/accounts/sign-out', payload: { everywhere: true }, headers: jar.header() });
    expect(signOut.statusCode).toBeLessThan(300);
    // The jar did not take the sign-out's cleared cookie: the old one is sent again.
    const res = await t.app.inject({ method: 'GET', url: '/api/measurements/summary?days=14', headers: jar.header() });
    expect(res.statusCode).toBe(401);
  });

  it('is nobody with a token whose signature is not the server’s, even when the token exists', async () => {
    const { jar, row } = await signedUpPatient();
    const cookieName = jar.header().cookie!.split('=')[0]!;
    const forged = `${cookieName}=${encodeURIComponent(`${row.token}.${'A'.repeat(43)}=`)}`;
    expect((await t.accountsDeps.auth.getSession(new Headers({ cookie: forged }))).value).toBeNull();
    const unsigned = `${cookieName}=${row.token}`;
    expect((await t.accountsDeps.auth.getSession(new Headers({ cookie: unsigned }))).value).toBeNull();
  });

  it('is nobody once the session has expired, and better-auth clears the cookie and the row', async () => {
    const { jar, row } = await signedUpPatient();
    await setExpiry(row.id, new Date(Date.now() - 1000));
    const outcome = await t.accountsDeps.auth.getSession(headersOf(jar));
    expect(outcome.value).toBeNull();
    expect(outcome.setCookies.some((cookie) => /session_token=;/.test(cookie) && /max-age=0/i.test(cookie))).toBe(true);
    expect(await t.database.db.select().from(session).where(eq(session.id, row.id))).toEqual([]);
  });

  it('renews a session last renewed more than a day ago, as better-auth always did', async () => {
    const { jar, userId, row } = await signedUpPatient();
    const lastRenewed = Date.now() - SESSION_UPDATE_AGE_SECONDS * 1000 - 60_000;
    await setExpiry(row.id, new Date(lastRenewed + SESSION_EXPIRES_IN_SECONDS * 1000));
    const outcome = await t.accountsDeps.auth.getSession(headersOf(jar));
    expect(outcome.value?.userId).toBe(userId);
    expect(outcome.setCookies.some((cookie) => /session_token=[^;]+/.test(cookie) && /max-age=604800/i.test(cookie))).toBe(true);
    const [renewed] = await t.database.db.select().from(session).where(eq(session.id, row.id));
    expect(renewed!.expiresAt.getTime()).toBeGreaterThan(Date.now() + SESSION_EXPIRES_IN_SECONDS * 1000 - 60_000);
  });

  it('leaves a session renewed less than a day ago as it is', async () => {
    const { jar, row } = await signedUpPatient();
    const lastRenewed = Date.now() - SESSION_UPDATE_AGE_SECONDS * 1000 + 60_000;
    const expiresAt = new Date(lastRenewed + SESSION_EXPIRES_IN_SECONDS * 1000);
    await setExpiry(row.id, expiresAt);
    const outcome = await t.accountsDeps.auth.getSession(headersOf(jar));
    expect(outcome.value?.expiresAt).toEqual(expiresAt);
    expect(outcome.setCookies).toEqual([]);
  });

  it('lets better-auth clear a leftover session-data cookie', async () => {
    const { jar, userId } = await signedUpPatient();
    const cookieName = jar.header().cookie!.split('=')[0]!;
    const dataCookie = cookieName.replace('session_token', 'session_data');
    const outcome = await t.accountsDeps.auth.getSession(headersOf(jar, `${dataCookie}=stale`));
    expect(outcome.value?.userId).toBe(userId);
    expect(outcome.setCookies.some((cookie) => cookie.startsWith(`${dataCookie}=;`) || (cookie.startsWith(`${dataCookie}=`) && /max-age=0/i.test(cookie)))).toBe(true);
  });
});
