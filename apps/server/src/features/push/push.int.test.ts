import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { pushTestResultSchema } from '@glucosuivi/domain/push/push.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { startTestPushService, type TestPushService, type TestPushSubscription } from '../../test/push-service';
import { createWebPushSender } from '../../platform/push/web-push-sender';
import { pushSubscriptions } from '../notifications/notifications.tables';
import { userSettings } from '../settings/settings.tables';
import { MAX_SUBSCRIPTIONS_PER_USER } from './push.service';

const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@glucosuivi.fr' };
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:140.0) Gecko/140.0 Firefox/140.0';

const asInput = (s: TestPushSubscription) => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys });

describe('push subscriptions and the test notification (web-push-testing on loopback)', () => {
  let t: TestApp;
  let service: TestPushService;
  let patient: TestUser;
  let doctor: TestUser;

  const subscribe = (who: TestUser, body: unknown, userAgent = CHROME) =>
    t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: { ...actingAs(who), 'user-agent': userAgent }, payload: body as object });
  const remove = (who: TestUser, endpoint: string) =>
    t.app.inject({ method: 'POST', url: '/api/push/subscriptions/remove', headers: actingAs(who), payload: { endpoint } });
  const test = (who: TestUser) => t.app.inject({ method: 'POST', url: '/api/push/test', headers: actingAs(who) });
  const rows = () => t.database.db.select().from(pushSubscriptions);
  const rowsOf = async (who: TestUser) => (await rows()).filter((r) => r.userId === who.userId);
  const newBrowser = () => service.subscribe(vapid.publicKey);

  beforeAll(async () => {
    service = await startTestPushService();
    t = await createTestApp({ resolveActor: headerActor, push: createWebPushSender({ ...vapid, allowHttp: true }) });
    patient = await createTestUser(t.database, { firstName: 'Inès' });
    doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Paul' });
  });
  afterAll(async () => {
    await t?.close();
    await service?.close();
  });

  it("gives the server's VAPID public key to a signed-in user only", async () => {
    const key = await t.app.inject({ url: '/api/push/key', headers: actingAs(doctor) });
    expect(key.statusCode).toBe(200);
    expect(key.json()).toEqual({ publicKey: vapid.publicKey });
    expect((await t.app.inject({ url: '/api/push/key' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', payload: asInput(await newBrowser()) })).statusCode).toBe(401);
  });

  it('refuses a bad endpoint or bad keys with a 400 that says where, and stores nothing', async () => {
    const good = asInput(await newBrowser());
    const notOnCurve = Buffer.alloc(65, 1);
    notOnCurve[0] = 4;
    const cases: [unknown, string[]][] = [
      [{ ...good, endpoint: 'not a url' }, ['endpoint']],
      [{ ...good, endpoint: 'ftp://push.example/x' }, ['endpoint']],
      [{ ...good, endpoint: `https://push.example/${'x'.repeat(1000)}` }, ['endpoint']],
      [{ ...good, keys: { ...good.keys, p256dh: 'abc' } }, ['keys', 'p256dh']],
      [{ ...good, keys: { ...good.keys, p256dh: notOnCurve.toString('base64url') } }, ['keys', 'p256dh']],
      [{ ...good, keys: { ...good.keys, auth: Buffer.alloc(17, 3).toString('base64url') } }, ['keys', 'auth']],
      [{ ...good, keys: { ...good.keys, auth: 'not base64 !!!!!!!!!' } }, ['keys', 'auth']],
      [{ endpoint: good.endpoint }, ['keys']],
    ];
    for (const [body, path] of cases) {
      const response = await subscribe(patient, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      const { error } = response.json() as { error: { code: string; issues: { path: (string | number)[] }[] } };
      expect(error.code).toBe('validation_failed');
      expect(error.issues.map((i) => i.path.join('.'))).toContain(['body', ...path].join('.'));
    }
    expect(await rows()).toEqual([]);
  });

  it('registers this browser with its browser family only; registering it again replaces its keys, still one row', async () => {
    const browser = await newBrowser();
    expect((await subscribe(patient, asInput(browser), FIREFOX_ANDROID)).statusCode).toBe(204);
    const [first, ...others] = await rowsOf(patient);
    expect(others).toEqual([]);
    expect(first).toMatchObject({ endpoint: browser.endpoint, p256dh: browser.keys.p256dh, auth: browser.keys.auth, deviceLabel: 'Firefox (mobile)', lastSuccessAt: null });

    const renewed = await newBrowser();
    expect((await subscribe(patient, { endpoint: browser.endpoint, keys: renewed.keys })).statusCode).toBe(204);
    const after = await rowsOf(patient);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: first!.id, p256dh: renewed.keys.p256dh, auth: renewed.keys.auth, deviceLabel: 'Chrome (desktop)' });

    expect((await remove(patient, browser.endpoint)).statusCode).toBe(204);
    expect(await rowsOf(patient)).toEqual([]);
    // Removing what is not there is not an error: the browser may have been forgotten already.
    expect((await remove(patient, browser.endpoint)).statusCode).toBe(204);
  });

  it("touches only the user's own rows: another user can neither remove nor test someone else's browser", async () => {
    const patientsBrowser = await newBrowser();
    expect((await subscribe(patient, asInput(patientsBrowser))).statusCode).toBe(204);

    expect((await remove(doctor, patientsBrowser.endpoint)).statusCode).toBe(204);
    expect(await rowsOf(patient)).toHaveLength(1);
    const doctorsTest = await test(doctor);
    expect(pushTestResultSchema.parse(doctorsTest.json())).toEqual({ sent: 0, removed: 0 });
    expect(await service.messages(patientsBrowser.clientHash)).toEqual([]);

    // Under row-level security the doctor's session sees none of the patient's rows.
    const seen = await t.database.asActor(doctor, (tx) => tx.select().from(pushSubscriptions));
    expect(seen).toEqual([]);
    await remove(patient, patientsBrowser.endpoint);
  });

  it('a browser registered by another account moves to the one that registers it now', async () => {
    const shared = await newBrowser();
    expect((await subscribe(patient, asInput(shared))).statusCode).toBe(204);
    expect((await subscribe(doctor, asInput(shared))).statusCode).toBe(204);
    expect(await rowsOf(patient)).toEqual([]);
    expect((await rowsOf(doctor)).map((r) => r.endpoint)).toEqual([shared.endpoint]);

    // The patient's test reaches nobody; the doctor's reaches the browser.
    expect((await test(patient)).json()).toEqual({ sent: 0, removed: 0 });
    expect((await test(doctor)).json()).toEqual({ sent: 1, removed: 0 });
    expect(await service.messages(shared.clientHash)).toHaveLength(1);
    await remove(doctor, shared.endpoint);
  });

  it('two accounts registering one browser at the same moment: both answered, one row, owned by one of them', async () => {
    for (let round = 0; round < 5; round++) {
      const shared = await newBrowser();
      const answers = await Promise.all([subscribe(patient, asInput(shared)), subscribe(doctor, asInput(shared))]);
      expect(answers.map((a) => a.statusCode)).toEqual([204, 204]);
      const owners = (await rows()).filter((r) => r.endpoint === shared.endpoint).map((r) => r.userId);
      expect(owners).toHaveLength(1);
      expect([patient.userId, doctor.userId]).toContain(owners[0]);
      await remove(patient, shared.endpoint);
      await remove(doctor, shared.endpoint);
    }
  });

  it("the test notification reaches each of the user's browsers, in their language, decrypted by the push service", async () => {
    const phone = await newBrowser();
    const laptop = await newBrowser();
    await subscribe(patient, asInput(phone), FIREFOX_ANDROID);
    await subscribe(patient, asInput(laptop));
    const response = await test(patient);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ sent: 2, removed: 0 });
    const french = {
      title: 'Notifications activées',
      body: "Vos rappels et alertes GlucoSuivi s'afficheront ainsi sur cet appareil.",
      url: '/settings',
      tag: 'push-test',
    };
    expect((await service.messages(phone.clientHash)).map((m) => JSON.parse(m) as unknown)).toEqual([french]);
    expect((await service.messages(laptop.clientHash)).map((m) => JSON.parse(m) as unknown)).toEqual([french]);
    expect((await rowsOf(patient)).every((r) => r.lastSuccessAt?.getTime() === t.clock.now().getTime())).toBe(true);

    await t.database.db.update(userSettings).set({ language: 'es' }).where(eq(userSettings.userId, patient.userId));
    await test(patient);
    expect(JSON.parse((await service.messages(phone.clientHash))[1]!)).toEqual({
      title: 'Notificaciones activadas',
      body: 'Sus recordatorios y alertas de GlucoSuivi aparecerán así en este dispositivo.',
      url: '/settings',
      tag: 'push-test',
    });
    await t.database.db.update(userSettings).set({ language: 'en' }).where(eq(userSettings.userId, patient.userId));
    await test(patient);
    expect(JSON.parse((await service.messages(laptop.clientHash))[2]!)).toMatchObject({ title: 'Notifications on', body: 'Your GlucoSuivi reminders and alerts will appear like this on this device.' });
    await remove(patient, phone.endpoint);
    await remove(patient, laptop.endpoint);
  });

  it('a browser the push service says is gone (410) is deleted by the test; the others stay', async () => {
    const kept = await newBrowser();
    const expired = await newBrowser();
    await subscribe(doctor, asInput(kept));
    await subscribe(doctor, asInput(expired));
    await service.expire(expired.clientHash);
    t.clock.advance(11 * 60_000); // a fresh rate-limit window for the doctor
    expect((await test(doctor)).json()).toEqual({ sent: 1, removed: 1 });
    expect((await rowsOf(doctor)).map((r) => r.endpoint)).toEqual([kept.endpoint]);
    await remove(doctor, kept.endpoint);
  });

  it('the test notification is limited to 5 per 10 minutes per user', async () => {
    const user = await createTestUser(t.database);
    for (let i = 0; i < 5; i++) expect((await test(user)).statusCode).toBe(200);
    const refused = await test(user);
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as { error: { code: string } }).error.code).toBe('rate_limited');
    expect((await test(patient)).statusCode).not.toBe(429);
  });

  it(`keeps a user's ${MAX_SUBSCRIPTIONS_PER_USER} most recent browsers`, async () => {
    const user = await createTestUser(t.database);
    const browsers: TestPushSubscription[] = [];
    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_USER + 2; i++) {
      const browser = await newBrowser();
      browsers.push(browser);
      t.clock.advance(1_000);
      expect((await subscribe(user, asInput(browser))).statusCode).toBe(204);
    }
    const kept = (await rowsOf(user)).map((r) => r.endpoint).sort();
    expect(kept).toEqual(browsers.slice(2).map((b) => b.endpoint).sort());
  });
});

describe('push endpoints depend on the sender', () => {
  it('an app without a push sender: no key and no registration (503 unavailable), a test reaches no one, removing works', async () => {
    const t = await createTestApp({ resolveActor: headerActor });
    try {
      const user = await createTestUser(t.database);
      for (const [method, url, payload] of [
        ['GET', '/api/push/key', undefined],
        ['POST', '/api/push/subscriptions', { endpoint: 'https://push.example/x', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }],
      ] as const) {
        const response = await t.app.inject({ method, url, headers: actingAs(user), ...(payload ? { payload } : {}) });
        expect(response.statusCode, url).toBe(503);
        expect((response.json() as { error: { code: string } }).error.code).toBe('unavailable');
      }
      const tested = await t.app.inject({ method: 'POST', url: '/api/push/test', headers: actingAs(user) });
      expect(tested.statusCode).toBe(200);
      expect(tested.json()).toEqual({ sent: 0, removed: 0 });
      const removed = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions/remove', headers: actingAs(user), payload: { endpoint: 'https://push.example/x' } });
      expect(removed.statusCode).toBe(204);
    } finally {
      await t.close();
    }
  });

  it('a sender that does not deliver to plain http makes such an endpoint a 400, nothing stored', async () => {
    const t = await createTestApp({ resolveActor: headerActor, push: createWebPushSender(vapid) });
    const service = await startTestPushService();
    try {
      const user = await createTestUser(t.database);
      const browser = await service.subscribe(vapid.publicKey);
      const response = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: actingAs(user), payload: asInput(browser) });
      expect(response.statusCode).toBe(400);
      expect((response.json() as { error: { issues: { path: string[]; code: string }[] } }).error.issues).toEqual([
        expect.objectContaining({ path: ['body', 'endpoint'], code: 'invalid_endpoint' }),
      ]);
      expect(await t.database.db.select().from(pushSubscriptions)).toEqual([]);
    } finally {
      await service.close();
      await t.close();
    }
  });
});
