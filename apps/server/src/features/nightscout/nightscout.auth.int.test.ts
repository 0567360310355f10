import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { nightscoutStatusSchema, nightscoutVerifyAuthSchema } from '@glucosuivi/domain/nightscout/nightscout.schemas';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { forbiddenLines } from '../../test/log-capture';
import { asUploader, createUploader, sha1Hex, sha512Hex, xdripSeries } from '../../test/nightscout';
import { glucoseReadings } from '../measurements/measurements.tables';
import { nightscoutDeviceStatus } from './nightscout.tables';
import { AUTH_FAILURE_WINDOW_MS, authFailureWaitMs } from './nightscout.service';

/** Every address its own, so the growing wait of one test does not slow the next. */
let nextAddress = 1;
const freshAddress = () => `10.20.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

describe('Nightscout API authentication', () => {
  let t: TestApp;
  let patient: TestUser;
  let other: TestUser;
  let secret: string;
  let othersSecret: string;

  const readingsOf = async (who: TestUser) =>
    Number((await t.database.db.select({ n: count() }).from(glucoseReadings).where(eq(glucoseReadings.patientId, who.userId)))[0]?.n);
  const statusesOf = async (who: TestUser) =>
    Number((await t.database.db.select({ n: count() }).from(nightscoutDeviceStatus).where(eq(nightscoutDeviceStatus.patientId, who.userId)))[0]?.n);
  const post = (headers: Record<string, string>, payload: unknown, url = '/api/v1/entries', remoteAddress = freshAddress()) =>
    t.app.inject({ method: 'POST', url, headers: { origin: undefined as unknown as string, ...headers }, payload: payload as object, remoteAddress });

  /** The failed-authentication waits the service asked for, in order: recorded, never slept. */
  const waits: number[] = [];

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor, sleep: async (ms) => void waits.push(ms) });
    patient = await createTestUser(t.database);
    other = await createTestUser(t.database);
    secret = (await createUploader(t, patient)).secret;
    othersSecret = (await createUploader(t, other, 'Loop')).secret;
  });
  afterAll(async () => t?.close());

  it('accepts the SHA-1 of the secret in api-secret (any case), its SHA-512, and ?token=', async () => {
    const now = t.clock.now().getTime();
    const ways: [Record<string, string>, string][] = [
      [{ 'api-secret': sha1Hex(secret) }, ''],
      [{ 'API-SECRET': sha1Hex(secret).toUpperCase() }, ''],
      [{ 'api-secret': sha512Hex(secret) }, ''],
      [{}, `?token=${encodeURIComponent(secret)}`],
    ];
    for (const [i, [headers, query]] of ways.entries()) {
      const res = await post(headers, xdripSeries(now, 1, 10 + i * 5), `/api/v1/entries${query}`);
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
    }
    expect(await readingsOf(patient)).toBe(4);
  });

  it('answers 401 in the error format to an unknown, malformed, rotated-away or revoked secret, and stores nothing', async () => {
    const before = await readingsOf(patient);
    const revoked = await createUploader(t, patient, 'to revoke');
    await t.app.inject({ method: 'DELETE', url: `/api/nightscout/uploaders/${revoked.uploader.id}`, headers: actingAs(patient) });
    const payload = xdripSeries(t.clock.now().getTime(), 3, 300);
    const wrong: [Record<string, string>, string][] = [
      [{ 'api-secret': sha1Hex('not-the-secret-at-all') }, ''],
      [{ 'api-secret': sha512Hex('not-the-secret-at-all') }, ''],
      [{ 'api-secret': secret }, ''],
      [{ 'api-secret': 'short' }, ''],
      [{ 'api-secret': sha1Hex(revoked.secret) }, ''],
      [{}, `?token=${encodeURIComponent(revoked.secret)}`],
      [{}, '?token=x'],
      [{}, ''],
    ];
    for (const [headers, query] of wrong) {
      for (const url of [`/api/v1/entries${query}`, `/api/v1/devicestatus${query}`]) {
        const res = await post(headers, url.includes('devicestatus') ? { device: 'x', uploaderBattery: 50 } : payload, url);
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(401);
        expect(errorBodySchema.parse(res.json()).error.code).toBe('unauthenticated');
      }
      const read = await t.app.inject({ url: `/api/v1/entries.json${query}`, headers, remoteAddress: freshAddress() });
      expect(read.statusCode).toBe(401);
    }
    expect(await readingsOf(patient)).toBe(before);
    expect(await statusesOf(patient)).toBe(0);
  });

  it('makes an address wait longer after each failure (capped), answers no credentials at once, and never delays a good secret', async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(authFailureWaitMs)).toEqual([250, 500, 1000, 2000, 4000, 8000, 10_000, 10_000]);
    expect(authFailureWaitMs(0)).toBe(0);

    const address = freshAddress();
    /** The answer's status and the waits the service asked for while answering it. */
    const waited = async (headers: Record<string, string>, remoteAddress = address) => {
      waits.length = 0;
      const res = await t.app.inject({ url: '/api/v1/entries.json', headers, remoteAddress });
      return { status: res.statusCode, waits: [...waits] };
    };
    expect(await waited({ 'api-secret': sha1Hex('wrong guess number one') })).toEqual({ status: 401, waits: [250] });
    expect(await waited({ 'api-secret': sha1Hex('wrong guess number two') })).toEqual({ status: 401, waits: [500] });
    expect(await waited({ 'api-secret': sha1Hex('wrong guess number three') })).toEqual({ status: 401, waits: [1000] });
    // No credentials: nothing was guessed, so no wait; a good secret never waits either.
    expect(await waited({})).toEqual({ status: 401, waits: [] });
    expect(await waited({ 'api-secret': sha1Hex(secret) })).toEqual({ status: 200, waits: [] });
    // The failures are counted in the shared store on the test clock: once its window passed, the wait starts over.
    t.clock.advance(AUTH_FAILURE_WINDOW_MS);
    expect(await waited({ 'api-secret': sha1Hex('wrong guess after the window') })).toEqual({ status: 401, waits: [250] });
    // Another address is not slowed by this one's failures.
    expect(await waited({ 'api-secret': sha1Hex('wrong') }, freshAddress())).toEqual({ status: 401, waits: [250] });
  });

  it("never writes one patient's data with another patient's secret", async () => {
    const mine = await readingsOf(patient);
    const theirs = await readingsOf(other);
    const readings = xdripSeries(t.clock.now().getTime(), 5, 600);
    expect((await post({ 'api-secret': sha1Hex(othersSecret) }, readings)).statusCode).toBe(200);
    expect(await readingsOf(patient)).toBe(mine);
    expect(await readingsOf(other)).toBe(theirs + 5);
    // What the other patient's secret reads is theirs only.
    const read = await t.app.inject({ url: '/api/v1/entries.json?count=1000', headers: { 'api-secret': sha1Hex(othersSecret) } });
    expect((read.json() as unknown[]).length).toBe(5);
  });

  it('lets uploader apps in without Origin or cookie, never takes an api-secret request for a forged one, and still refuses a cookie-carrying cross-site request without it', async () => {
    const headers = { 'api-secret': sha1Hex(secret) };
    const payload = xdripSeries(t.clock.now().getTime(), 1, 900);
    expect((await post(headers, payload)).statusCode).toBe(200);
    // A page of another origin cannot send an api-secret header without a CORS preflight this
    // server never grants: a request carrying one is an app's, cookie or Origin beside it.
    const withCookie = await t.app.inject({ method: 'POST', url: '/api/v1/entries', headers: { ...headers, origin: undefined as unknown as string, cookie: 'a=b' }, payload });
    expect(withCookie.statusCode).toBe(200);
    const foreign = await t.app.inject({ method: 'POST', url: '/api/v1/entries', headers: { ...headers, origin: 'https://evil.example' }, payload });
    expect(foreign.statusCode).toBe(200);
    // The secret in the address instead (`?token=`) is what a forged request could carry: with a
    // cookie or a foreign Origin it is refused before anything is read.
    const url = `/api/v1/entries?token=${encodeURIComponent(secret)}`;
    const forgedWithCookie = await t.app.inject({ method: 'POST', url, headers: { origin: undefined as unknown as string, cookie: 'a=b' }, payload });
    expect(forgedWithCookie.statusCode).toBe(403);
    const forgedForeign = await t.app.inject({ method: 'POST', url, headers: { origin: 'https://evil.example' }, payload });
    expect(forgedForeign.statusCode).toBe(403);
  });

  it('verifyauth: OK with a working secret, UNAUTHORIZED without one, 401 with a wrong one', async () => {
    const ok = await asUploader(t, secret, { url: '/api/v1/verifyauth' });
    expect(ok.statusCode).toBe(200);
    expect(nightscoutVerifyAuthSchema.parse(ok.json())).toEqual({
      status: 200,
      message: { canRead: true, canWrite: true, isAdmin: false, message: 'OK', rolefound: 'FOUND', permissions: 'ROLE' },
    });
    const none = await t.app.inject({ url: '/api/v1/verifyauth' });
    expect(none.statusCode).toBe(200);
    expect(nightscoutVerifyAuthSchema.parse(none.json()).message).toEqual({
      canRead: false,
      canWrite: false,
      isAdmin: false,
      message: 'UNAUTHORIZED',
      rolefound: 'NOTFOUND',
      permissions: 'DEFAULT',
    });
    const wrong = await t.app.inject({ url: '/api/v1/verifyauth', headers: { 'api-secret': sha1Hex('nope') }, remoteAddress: freshAddress() });
    expect(wrong.statusCode).toBe(401);
  });

  it("status.json: Nightscout's shape with the patient's unit and targets", async () => {
    const mmolPatient = await createTestUser(t.database, { glucoseUnit: 'mmol/l' });
    const mmolSecret = (await createUploader(t, mmolPatient)).secret;
    for (const [who, units] of [
      [secret, 'mg/dl'],
      [mmolSecret, 'mmol'],
    ] as const) {
      const res = await asUploader(t, who, { url: '/api/v1/status.json' });
      expect(res.statusCode).toBe(200);
      const status = nightscoutStatusSchema.parse(res.json());
      expect(status).toMatchObject({ status: 'ok', version: '15.0.7', apiEnabled: true, serverTimeEpoch: t.clock.now().getTime(), settings: { units } });
      expect(status.settings.thresholds).toEqual({ bgHigh: 250, bgTargetTop: 180, bgTargetBottom: 70, bgLow: 54 });
    }
    expect((await t.app.inject({ url: '/api/v1/status.json' })).statusCode).toBe(401);
  });

  it('logs neither the secret, its digests, the token parameter nor glucose values', async () => {
    const marker = 593;
    const payload = xdripSeries(t.clock.now().getTime(), 2, 1200, () => marker);
    await post({}, payload, `/api/v1/entries?token=${encodeURIComponent(secret)}`);
    await post({ 'api-secret': sha512Hex(secret) }, payload);
    await t.app.inject({ url: `/api/v1/entries.json?token=${encodeURIComponent(secret)}&count=5` });
    await t.app.inject({ url: `/api/v1/entries.json?token=${encodeURIComponent('wrong-token-value-123')}`, remoteAddress: freshAddress() });
    const text = t.logs.join('');
    expect(text).toContain('/api/v1/entries');
    expect(forbiddenLines(text, [secret, sha1Hex(secret), sha512Hex(secret), 'token=', 'wrong-token-value', /(?<![\w.])593(?![\w.])/])).toEqual([]);
  });
});
