import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { followedSiteAnswerSchema, followedSiteSchema, type FollowedSite } from '@glucosuivi/domain/nightscout/nightscout-follow.schemas';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { asUploader, createUploader, xdripEntry } from '../../test/nightscout';
import { siteEntry, startFakeNightscoutSite, type FakeNightscoutSite } from '../../test/nightscout-site';
import { jobs } from '../../platform/jobs/jobs.tables';
import { glucoseReadings, healthMeasurements } from '../measurements/measurements.tables';
import { nightscoutFollowedSites } from './nightscout-follow.tables';
import { FOLLOW_SYNC_JOB } from './nightscout-follow.service';
import { grantPremiumUntil } from '../subscription/subscription.service';

const MIN = 60_000;
const TOKEN = 'glucosuivi-follow-3f9a1c2b7d4e5f60';
const API_SECRET = 'a-long-site-api-secret-0042';

/** Following a site is premium (cgm_follow): the patients of these tests have it for a year. */
async function premiumPatient(t: TestApp): Promise<TestUser> {
  const patient = await createTestUser(t.database);
  await grantPremiumUntil(t, patient.userId, new Date(t.clock.now().getTime() + 365 * 24 * 60 * MIN));
  return patient;
}

describe('Following a Nightscout site: polling, import, errors and backoff', () => {
  let t: TestApp;
  let site: FakeNightscoutSite;
  let patient: TestUser;
  let other: TestUser;
  let now: number;

  const follow = (who: TestUser, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/nightscout/followed-site', headers: actingAs(who), payload });
  const followed = async (who: TestUser): Promise<FollowedSite | null> => {
    const res = await t.app.inject({ url: '/api/nightscout/followed-site', headers: actingAs(who) });
    expect(res.statusCode).toBe(200);
    return followedSiteAnswerSchema.parse(res.json()).site;
  };
  /** Stops following (in `finally`: a closed fake's port may serve another test's fake later). */
  const unfollow = (who: TestUser) => t.app.inject({ method: 'DELETE', url: '/api/nightscout/followed-site', headers: actingAs(who) });
  const readings = async (who: TestUser) =>
    Number((await t.database.db.select({ n: count() }).from(glucoseReadings).where(eq(glucoseReadings.patientId, who.userId)))[0]?.n);
  const entryRequests = () => site.requests.filter((r) => r.path === '/api/v1/entries.json');
  /** Advances the clock and runs what is due (the minute scan, then the poll jobs it queued). */
  const tick = async (ms: number) => {
    t.clock.advance(ms);
    await t.jobs.runDue();
    // The scan queues the polls it found due; they run on the next claim round.
    await t.jobs.runDue();
  };

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor, nightscoutFollow: { allowLoopback: true, timeoutMs: 1500, maxBytes: 4 * 1024 * 1024 } });
    site = await startFakeNightscoutSite({ token: TOKEN, apiSecret: API_SECRET });
    patient = await premiumPatient(t);
    other = await premiumPatient(t);
    now = t.clock.now().getTime();
  });
  afterAll(async () => {
    await site?.close();
    await t?.close();
  });
  beforeEach(() => {
    site.mode = { kind: 'ok' };
  });

  it('follows a site with a token it never answers back, then the first poll imports every entry', async () => {
    // Two days of readings every 5 minutes, and one finger stick.
    for (let i = 0; i < 576; i++) site.entries.push(siteEntry(now - 10 * MIN - i * 5 * MIN, 90 + (i % 80)));
    site.entries.push({ type: 'mbg', mbg: 132, date: now - 62 * MIN, dateString: new Date(now - 62 * MIN).toISOString(), device: 'meter' });

    const res = await follow(patient, { url: `${site.url}/api/v1/`, credentialKind: 'token', credential: TOKEN });
    expect(res.statusCode, res.body).toBe(200);
    const answer = followedSiteSchema.parse(res.json());
    expect(answer).toMatchObject({ url: site.url, credentialKind: 'token', credentialHint: '••••5f60', lastSyncAt: null, lastError: null, consecutiveFailures: 0 });
    expect(res.body).not.toContain(TOKEN);
    // Sealed in the database, not stored as typed.
    const [row] = await t.database.db.select().from(nightscoutFollowedSites).where(eq(nightscoutFollowedSites.patientId, patient.userId));
    expect(JSON.stringify(row)).not.toContain(TOKEN);

    // The first poll was queued by the request itself: it runs at once.
    await t.jobs.runDue();
    expect(await readings(patient)).toBe(577);
    const after = await followed(patient);
    expect(after).toMatchObject({ importedEntries: 577, lastError: null, consecutiveFailures: 0, lastSyncAt: new Date(now).toISOString() });
    expect(after?.lastEntryAt).toBe(new Date(now - 10 * MIN).toISOString());
    expect(after?.nextAttemptAt).toBe(new Date(now + 5 * MIN).toISOString());
    // 30 days back, a week at a time, the last week open-ended; the token went as `?token=`.
    const DAY = 24 * 60 * MIN;
    expect(entryRequests().map((r) => [r.query['find[date][$gt]'], r.query['find[date][$lte]']])).toEqual([
      [String(now - 30 * DAY), String(now - 23 * DAY)],
      [String(now - 23 * DAY), String(now - 16 * DAY)],
      [String(now - 16 * DAY), String(now - 9 * DAY)],
      [String(now - 9 * DAY), String(now - 2 * DAY)],
      [String(now - 2 * DAY), undefined],
    ]);
    expect(entryRequests()[0]?.query).toMatchObject({ token: TOKEN, count: '5000' });
    // Sensor readings as uploads store them (source nightscout); the finger stick as a meter reading.
    const sources = await t.database.db
      .select({ source: glucoseReadings.source, n: count() })
      .from(glucoseReadings)
      .where(eq(glucoseReadings.patientId, patient.userId))
      .groupBy(glucoseReadings.source);
    expect(Object.fromEntries(sources.map((s) => [s.source, Number(s.n)]))).toEqual({ nightscout: 576, meter: 1 });
    expect(t.logs.join('\n')).not.toContain(TOKEN);
  });

  it('polls again 5 minutes later, asking only for what is newer, and imports only the new entries', async () => {
    const before = entryRequests().length;
    await tick(2 * MIN);
    expect(entryRequests()).toHaveLength(before);

    site.entries.push(siteEntry(now - 5 * MIN, 140), siteEntry(now, 142), siteEntry(now + 3 * MIN, 150));
    await tick(3 * MIN);
    expect(entryRequests()).toHaveLength(before + 1);
    expect(entryRequests()[before]?.query['find[date][$gt]']).toBe(String(now - 10 * MIN));
    expect(entryRequests()[before]?.query['find[date][$lte]']).toBeUndefined();
    expect(await readings(patient)).toBe(580);
    const after = await followed(patient);
    expect(after).toMatchObject({ importedEntries: 580, lastEntryAt: new Date(now + 3 * MIN).toISOString(), nextAttemptAt: new Date(now + 10 * MIN).toISOString() });

    // Nothing new: a poll, nothing added.
    await tick(5 * MIN);
    expect(entryRequests()).toHaveLength(before + 2);
    expect(await readings(patient)).toBe(580);
  });

  it('the same data twice adds nothing: uploaded readings, and a site followed again from scratch', async () => {
    const p = await premiumPatient(t);
    const base = t.clock.now().getTime() - 60 * MIN;
    const own = Array.from({ length: 6 }, (_, i) => xdripEntry(base + i * 5 * MIN, 100 + i));
    const secret = (await createUploader(t, p)).secret;
    expect((await asUploader(t, secret, { method: 'POST', url: '/api/v1/entries', payload: own })).statusCode).toBe(200);
    const second = await startFakeNightscoutSite({ token: TOKEN });
    try {
      second.entries.push(...own.map((e) => siteEntry(e.date, e.sgv)));
      expect((await follow(p, { url: second.url, credentialKind: 'token', credential: TOKEN })).statusCode).toBe(200);
      await t.jobs.runDue();
      expect(await readings(p)).toBe(6);
      expect(await followed(p)).toMatchObject({ importedEntries: 0, lastError: null });

      // Unfollowed and followed again: the cursor starts over, every entry comes again, none is added.
      expect((await t.app.inject({ method: 'DELETE', url: '/api/nightscout/followed-site', headers: actingAs(p) })).statusCode).toBe(204);
      expect(await followed(p)).toBeNull();
      expect((await follow(p, { url: second.url, credentialKind: 'token', credential: TOKEN })).statusCode).toBe(200);
      t.clock.advance(1000);
      await t.jobs.runDue();
      // 30 days a week at a time, twice.
      expect(second.requests.filter((r) => r.path === '/api/v1/entries.json')).toHaveLength(10);
      expect(await readings(p)).toBe(6);
    } finally {
      await unfollow(p);
      await second.close();
    }
  });

  it('a new token for the same address keeps where the site stands; a new address starts over', async () => {
    const p = await premiumPatient(t);
    const one = await startFakeNightscoutSite({ token: TOKEN });
    const two = await startFakeNightscoutSite({ token: TOKEN });
    try {
      one.entries.push(siteEntry(t.clock.now().getTime() - 5 * MIN, 111));
      const first = followedSiteSchema.parse((await follow(p, { url: one.url, credentialKind: 'token', credential: TOKEN })).json());
      await t.jobs.runDue();
      const synced = await followed(p);
      expect(synced).toMatchObject({ importedEntries: 1, lastEntryAt: new Date(t.clock.now().getTime() - 5 * MIN).toISOString() });

      const sameUrl = followedSiteSchema.parse((await follow(p, { url: `${one.url}/`, credentialKind: 'token', credential: `${TOKEN}-new1` })).json());
      expect(sameUrl).toMatchObject({ id: first.id, credentialHint: '••••new1', importedEntries: 1, lastEntryAt: synced?.lastEntryAt });

      const moved = followedSiteSchema.parse((await follow(p, { url: two.url, credentialKind: 'token', credential: TOKEN })).json());
      expect(moved.id).not.toBe(first.id);
      expect(moved).toMatchObject({ url: two.url, importedEntries: 0, lastEntryAt: null, lastSyncAt: null });
    } finally {
      await unfollow(p);
      await one.close();
      await two.close();
    }
  });

  it('pages down inside a week that holds more than one page (1-minute readings), losing none', async () => {
    const p = await premiumPatient(t);
    const dense = await startFakeNightscoutSite({ token: TOKEN });
    const end = t.clock.now().getTime() - 2 * 24 * 60 * MIN - 10 * MIN;
    try {
      for (let i = 0; i < 7000; i++) dense.entries.push(siteEntry(end - i * MIN, 80 + (i % 120)));
      expect((await follow(p, { url: dense.url, credentialKind: 'token', credential: TOKEN })).statusCode).toBe(200);
      await t.jobs.runDue();
      expect(await readings(p)).toBe(7000);
      const inWindow = dense.requests.filter((r) => r.path === '/api/v1/entries.json' && r.query['find[date][$lt]'] !== undefined);
      expect(inWindow).toHaveLength(1);
      expect(await followed(p)).toMatchObject({ importedEntries: 7000, lastError: null });
    } finally {
      await unfollow(p);
      await dense.close();
    }
  });

  it('imports treatments as the patient\'s events and finger sticks, then only the new ones, never twice', async () => {
    const p = await premiumPatient(t);
    const tsite = await startFakeNightscoutSite({ token: TOKEN });
    const at = (minutesAgo: number) => new Date(t.clock.now().getTime() - minutesAgo * MIN).toISOString();
    try {
      tsite.treatments.push(
        { eventType: 'Meal Bolus', insulin: 4.2, carbs: 40, created_at: at(180), identifier: 'aaps-bolus-1', enteredBy: 'AndroidAPS' },
        { eventType: 'Correction Bolus', insulin: 1.5, created_at: at(120), identifier: 'aaps-bolus-2', enteredBy: 'AndroidAPS' },
        { eventType: 'Sensor Start', created_at: at(100), enteredBy: 'xdrip' },
        { eventType: 'BG Check', glucose: 128, glucoseType: 'Finger', units: 'mg/dl', created_at: at(90), enteredBy: 'xdrip' },
      );
      expect((await follow(p, { url: tsite.url, credentialKind: 'token', credential: TOKEN })).statusCode).toBe(200);
      await t.jobs.runDue();
      const events = async () =>
        Number((await t.database.db.select({ n: count() }).from(healthMeasurements).where(and(eq(healthMeasurements.patientId, p.userId), eq(healthMeasurements.kind, 'event'))))[0]?.n);
      // Carbs and insulin of the meal bolus, the correction, the sensor start; the finger stick as a reading.
      expect(await events()).toBe(4);
      expect(await readings(p)).toBe(1);
      expect(await followed(p)).toMatchObject({ importedTreatments: 5, lastError: null });
      const first = tsite.requests.find((r) => r.path === '/api/v1/treatments.json');
      expect(first?.query).toMatchObject({ token: TOKEN, 'find[created_at][$gt]': new Date(t.clock.now().getTime() - 30 * 24 * 60 * MIN).toISOString() });

      tsite.treatments.push({ eventType: 'Carb Correction', carbs: 15, created_at: at(1), enteredBy: 'AndroidAPS', identifier: 'aaps-carbs-3' });
      await tick(5 * MIN);
      const second = tsite.requests.filter((r) => r.path === '/api/v1/treatments.json').at(-1);
      expect(second?.query['find[created_at][$gt]']).toBe(at(95)); // the finger stick, 90 minutes before the previous poll
      expect(await events()).toBe(5);
      expect(await followed(p)).toMatchObject({ importedTreatments: 6 });

      // Followed again from scratch: everything comes again, nothing is added.
      await t.app.inject({ method: 'DELETE', url: '/api/nightscout/followed-site', headers: actingAs(p) });
      expect((await follow(p, { url: tsite.url, credentialKind: 'token', credential: TOKEN })).statusCode).toBe(200);
      t.clock.advance(1000);
      await t.jobs.runDue();
      expect(await events()).toBe(5);
      expect(await readings(p)).toBe(1);
      expect(await followed(p)).toMatchObject({ importedTreatments: 0, lastError: null });
    } finally {
      await unfollow(p);
      await tsite.close();
    }
  });

  it.each([
    ['a wrong token (401)', { kind: 'status', status: 401 } as const, 'unauthorized'],
    ['a server error (500)', { kind: 'status', status: 500 } as const, 'remote_error'],
    ['no API at the address (404)', { kind: 'status', status: 404 } as const, 'not_found'],
    ['an answer that never comes', { kind: 'hang' } as const, 'timeout'],
    ['invalid JSON', { kind: 'invalid-json' } as const, 'invalid_response'],
    ['JSON that is not a list', { kind: 'not-an-array' } as const, 'invalid_response'],
    ['an answer over the size cap', { kind: 'huge', bytes: 5 * 1024 * 1024 } as const, 'too_large'],
    ['a redirect (never followed)', { kind: 'redirect', location: 'http://169.254.169.254/latest/meta-data' } as const, 'redirect'],
  ])('%s is recorded as a translated code, the poll backs off, the job itself succeeds', async (_name, mode, code) => {
    const p = await premiumPatient(t);
    const failing = await startFakeNightscoutSite({ token: TOKEN });
    try {
      failing.entries.push(siteEntry(t.clock.now().getTime() - 5 * MIN, 120));
      failing.mode = mode;
      expect((await follow(p, { url: failing.url, credentialKind: 'token', credential: TOKEN })).statusCode).toBe(200);
      const start = t.clock.now().getTime();
      await t.jobs.runDue();
      expect(await readings(p)).toBe(0);
      let state = await followed(p);
      expect(state).toMatchObject({ lastError: code, consecutiveFailures: 1, lastSyncAt: null, lastErrorAt: new Date(start).toISOString() });
      // 10 minutes after a first failure, then 20.
      expect(state?.nextAttemptAt).toBe(new Date(start + 10 * MIN).toISOString());
      await tick(10 * MIN);
      state = await followed(p);
      expect(state).toMatchObject({ lastError: code, consecutiveFailures: 2, nextAttemptAt: new Date(start + 30 * MIN).toISOString() });
      // The site answered badly: an outcome, not a failed job.
      const failedJobs = await t.database.db.select({ n: count() }).from(jobs).where(and(eq(jobs.name, FOLLOW_SYNC_JOB), eq(jobs.status, 'failed')));
      expect(Number(failedJobs[0]?.n)).toBe(0);

      // Mended: the next attempt imports and clears the error.
      failing.mode = { kind: 'ok' };
      await tick(20 * MIN);
      expect(await readings(p)).toBe(1);
      expect(await followed(p)).toMatchObject({ lastError: null, consecutiveFailures: 0, importedEntries: 1 });
    } finally {
      await unfollow(p);
      await failing.close();
    }
  });

  it('reads with the API_SECRET as its SHA-1 in the api-secret header', async () => {
    const p = await premiumPatient(t);
    const before = site.requests.length;
    const res = await follow(p, { url: site.url, credentialKind: 'api_secret', credential: API_SECRET });
    expect(res.json()).toMatchObject({ credentialKind: 'api_secret', credentialHint: '••••0042' });
    await t.jobs.runDue();
    const sent = site.requests.slice(before).find((r) => r.path === '/api/v1/entries.json');
    expect(sent?.apiSecret).toMatch(/^[0-9a-f]{40}$/);
    expect(sent?.query.token).toBeUndefined();
    expect(await followed(p)).toMatchObject({ lastError: null, importedEntries: site.entries.length });
    await unfollow(p);
  });

  it('"sync now" polls at once, then waits 30 seconds', async () => {
    t.clock.advance(MIN);
    const before = entryRequests().length;
    const res = await t.app.inject({ method: 'POST', url: '/api/nightscout/followed-site/sync', headers: actingAs(patient) });
    expect(res.statusCode, res.body).toBe(200);
    expect(entryRequests()).toHaveLength(before + 1);
    expect(followedSiteSchema.parse(res.json()).lastSyncAt).toBe(t.clock.now().toISOString());
    const again = await t.app.inject({ method: 'POST', url: '/api/nightscout/followed-site/sync', headers: actingAs(patient) });
    expect(again.statusCode).toBe(429);
    expect(errorBodySchema.parse(again.json()).error.code).toBe('rate_limited');
    const none = await t.app.inject({ method: 'POST', url: '/api/nightscout/followed-site/sync', headers: actingAs(other) });
    expect(none.statusCode).toBe(404);
  });

  it("another patient never sees nor stops the site; a professional is refused", async () => {
    expect(await followed(other)).toBeNull();
    expect(await readings(other)).toBe(0);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/nightscout/followed-site', headers: actingAs(other) })).statusCode).toBe(204);
    expect((await followed(patient))?.url).toBe(site.url);
    // Row-level security: as the other patient, the row does not exist.
    const seen = await t.database.asActor(other, (tx) => tx.select().from(nightscoutFollowedSites));
    expect(seen).toEqual([]);
    const doctor = await createTestUser(t.database, { role: 'doctor' });
    expect((await t.app.inject({ url: '/api/nightscout/followed-site', headers: actingAs(doctor) })).statusCode).toBe(403);
    expect((await follow(doctor, { url: site.url, credentialKind: 'token', credential: TOKEN })).statusCode).toBe(403);
  });

  it('needs premium to follow a site (premium_required, nothing stored); the uploader API stays free', async () => {
    const free = await createTestUser(t.database);
    const res = await follow(free, { url: site.url, credentialKind: 'token', credential: TOKEN });
    expect(res.statusCode).toBe(402);
    expect(errorBodySchema.parse(res.json()).error).toMatchObject({ code: 'premium_required', params: { entitlement: 'cgm_follow' } });
    expect(await followed(free)).toBeNull();
    const sync = await t.app.inject({ method: 'POST', url: '/api/nightscout/followed-site/sync', headers: actingAs(free) });
    expect(errorBodySchema.parse(sync.json()).error.code).toBe('premium_required');
    // An uploader app sending to this server is free.
    const uploader = await createUploader(t, free);
    const at = t.clock.now().getTime() - 5 * MIN;
    const upload = await asUploader(t, uploader.secret, { method: 'POST', url: '/api/v1/entries', payload: [xdripEntry(at, 112)] });
    expect(upload.statusCode, upload.body).toBe(200);
    expect(await readings(free)).toBe(1);
  });

  it('stops polling the site of a patient whose premium ended, without an error, and polls again once premium is back', async () => {
    const p = await createTestUser(t.database);
    await grantPremiumUntil(t, p.userId, new Date(t.clock.now().getTime() + 30 * MIN));
    const mine = await startFakeNightscoutSite({ token: TOKEN });
    const polls = () => mine.requests.filter((r) => r.path === '/api/v1/entries.json').length;
    try {
      mine.entries.push(siteEntry(t.clock.now().getTime() - 3 * MIN, 140));
      expect((await follow(p, { url: mine.url, credentialKind: 'token', credential: TOKEN })).statusCode).toBe(200);
      await t.jobs.runDue();
      const first = await followed(p);
      expect(first?.lastSyncAt).toBe(t.clock.now().toISOString());
      // The first poll reads 30 days back, a week per request.
      const firstPoll = polls();
      expect(firstPoll).toBeGreaterThan(0);

      // Premium ends; the next poll comes due but the site is left alone, without an error.
      await tick(40 * MIN);
      const lapsedAt = t.clock.now().getTime();
      await tick(5 * MIN);
      expect(polls()).toBe(firstPoll);
      const lapsed = await followed(p);
      expect(lapsed).toMatchObject({ lastSyncAt: first?.lastSyncAt, lastError: null, consecutiveFailures: 0 });
      // Not looked at again for an hour: lapsed sites never crowd the minute's scan.
      expect(Date.parse(lapsed?.nextAttemptAt ?? '')).toBe(lapsedAt + 60 * MIN);
      const sync = await t.app.inject({ method: 'POST', url: '/api/nightscout/followed-site/sync', headers: actingAs(p) });
      expect([sync.statusCode, errorBodySchema.parse(sync.json()).error.code]).toEqual([402, 'premium_required']);
      expect(polls()).toBe(firstPoll);

      await grantPremiumUntil(t, p.userId, new Date(t.clock.now().getTime() + 365 * 24 * 60 * MIN));
      await tick(60 * MIN);
      expect(polls()).toBe(firstPoll + 1);
      expect((await followed(p))?.lastSyncAt).toBe(t.clock.now().toISOString());
    } finally {
      await unfollow(p);
      await mine.close();
    }
  });

  it('refuses a bad address or credential with a translated issue, storing nothing', async () => {
    const p = await premiumPatient(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ url: 'not a url', credentialKind: 'token', credential: TOKEN }, 'url', 'url_invalid'],
      [{ url: 'ftp://ns.example.org', credentialKind: 'token', credential: TOKEN }, 'url', 'url_invalid'],
      [{ url: 'http://ns.example.org', credentialKind: 'token', credential: TOKEN }, 'url', 'url_not_https'],
      [{ url: 'https://me:pw@ns.example.org', credentialKind: 'token', credential: TOKEN }, 'url', 'url_credentials'],
      [{ url: 'https://ns.example.org/?token=abc', credentialKind: 'token', credential: TOKEN }, 'url', 'url_query'],
      [{ url: 'https://ns.example.org', credentialKind: 'api_secret', credential: 'short' }, 'credential', 'secret_too_short'],
      [{ url: 'https://ns.example.org', credentialKind: 'token', credential: '   ' }, 'credential', 'textRequired'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await follow(p, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const issues = errorBodySchema.parse(res.json()).error.issues ?? [];
      expect(issues.some((i) => i.path.at(-1) === field && i.message === message), `${JSON.stringify(payload)} → ${JSON.stringify(issues)}`).toBe(true);
    }
    for (const payload of [{ url: 'https://ns.example.org' }, { url: 'https://ns.example.org', credentialKind: 'password', credential: TOKEN }, { url: 'https://ns.example.org', credentialKind: 'token', credential: TOKEN, extra: 1 }]) {
      expect((await follow(p, payload)).statusCode).toBe(400);
    }
    expect(await followed(p)).toBeNull();
  });
});

describe('Following a Nightscout site outside tests and development: no plain http, no private address', () => {
  let t: TestApp;
  let patient: TestUser;
  const resolved: string[] = [];
  beforeAll(async () => {
    // The name resolver answers what a hostile DNS would: an address inside the network.
    const resolve = async (hostname: string) => {
      resolved.push(hostname);
      return [{ address: '10.20.30.40', family: 4 }];
    };
    t = await createTestApp({ resolveActor: headerActor, nightscoutFollow: { resolve } });
    patient = await premiumPatient(t);
  });
  afterAll(async () => t?.close());

  it.each([
    ['http://127.0.0.1:8080', 'url_not_https'],
    ['http://localhost', 'url_not_https'],
    ['https://localhost', 'url_private_address'],
    ['https://127.0.0.1', 'url_private_address'],
    ['https://[::1]', 'url_private_address'],
    ['https://10.0.0.5', 'url_private_address'],
    ['https://192.168.1.20', 'url_private_address'],
    ['https://169.254.169.254', 'url_private_address'],
    ['https://[fd00::1]', 'url_private_address'],
    ['https://[::ffff:127.0.0.1]', 'url_private_address'],
  ])('%s is refused (%s)', async (url, message) => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/nightscout/followed-site', headers: actingAs(patient), payload: { url, credentialKind: 'token', credential: TOKEN } });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).error.issues?.[0]?.message).toBe(message);
  });

  it('a name that resolves to a private address is refused when polled, whatever it looked like when saved', async () => {
    const p = await premiumPatient(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/nightscout/followed-site',
      headers: actingAs(p),
      payload: { url: 'https://ns.example.org', credentialKind: 'token', credential: TOKEN },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.jobs.runDue();
    const state = followedSiteAnswerSchema.parse((await t.app.inject({ url: '/api/nightscout/followed-site', headers: actingAs(p) })).json()).site;
    expect(state).toMatchObject({ lastError: 'address_refused', consecutiveFailures: 1 });
    expect(resolved).toContain('ns.example.org');
  });
});
