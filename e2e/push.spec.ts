import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { BASE, ORIGIN, apiSignUp, trackMissingKeys, uniqueEmail } from './support/accounts';
import { startTestPushService, type TestPushSubscription } from './support/push-service';

// Web push (spec §4, §8), end to end: the settings toggle, the browser's subscription, the
// server's encrypted and signed push, the push service, the service worker's notification.
//
// Why a stand-in push service: PushManager.subscribe() in Chromium asks Google's push service
// (FCM), a vendor cloud this machine cannot and must not reach. The stand-in is web-push-testing
// on loopback, which speaks the same protocol (RFC 8030 endpoints, RFC 8291 payload encryption,
// RFC 8292 VAPID signatures): it hands out a real subscription (endpoint and keys) for our
// server's key, checks the server's signature, and decrypts what it receives. The page's
// PushManager.subscribe() is replaced (addInitScript) by one that returns that subscription,
// and only if the page asks with the server's own applicationServerKey. Everything else is
// real: Chromium's permission, the service worker at /sw.js, the server's sender, the payload.
// Chromium's own delivery from the push service to the worker is the one step played by the
// DevTools protocol (ServiceWorker.deliverPushMessage), with the bytes the push service decrypted.

const expect = baseExpect.configure({ timeout: 15_000 });
const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

const FRENCH_TEST_PUSH = {
  title: 'Notifications activées',
  body: "Vos rappels et alertes GlucoSuivi s'afficheront ainsi sur cet appareil.",
  url: '/settings',
  tag: 'push-test',
};

async function newContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: BASE, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
}

/** A fresh patient signed in in this page, with push off (the default is on, with no browser registered). */
async function signedInPatientWithPushOff(page: Page) {
  const signedUp = await apiSignUp(page.request, { email: uniqueEmail('push'), firstName: 'Léa' });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  const off = await page.request.patch('/api/settings', { headers: ORIGIN, data: { notificationsPush: false } });
  expect(off.ok(), await off.text()).toBe(true);
}

/**
 * PushManager as a browser whose push service is `subscription`'s: subscribe() answers with it
 * when given the expected server key (and refuses any other key), getSubscription() with what
 * was subscribed, unsubscribe() forgets it. Counts the calls in `window.__push`.
 */
function installStandInPushManager(args: { subscription: TestPushSubscription | null; serverKey: string }) {
  const log = { subscribed: 0, unsubscribed: 0, keys: [] as string[] };
  (window as unknown as { __push: typeof log }).__push = log;
  const toBase64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  let current: object | null = null;
  PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
    const given = options?.applicationServerKey;
    const bytes = given instanceof ArrayBuffer ? new Uint8Array(given) : ArrayBuffer.isView(given) ? new Uint8Array(given.buffer, given.byteOffset, given.byteLength) : new Uint8Array();
    const key = toBase64url(bytes);
    log.keys.push(key);
    if (!args.subscription || key !== args.serverKey) throw new DOMException('push service refused this applicationServerKey', 'InvalidAccessError');
    const { endpoint, keys } = args.subscription;
    log.subscribed++;
    const subscription = {
      endpoint,
      expirationTime: null,
      options: { applicationServerKey: bytes.slice().buffer, userVisibleOnly: true },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: async () => {
        log.unsubscribed++;
        current = null;
        return true;
      },
    };
    current = subscription;
    return subscription as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async function () {
    return current as PushSubscription | null;
  };
}

/**
 * The notifications the service worker shows now (its registration's getNotifications()). Read it
 * only when no push is being handled: see pushesHandled below.
 */
function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });
}

test.describe('web push', () => {
  test('enabling push registers this browser; the test notification reaches the push service in French, and the service worker shows it', async ({ browser }) => {
    test.setTimeout(90_000);
    const service = await startTestPushService();
    const context = await newContext(browser);
    try {
      await context.grantPermissions(['notifications'], { origin: BASE });
      const page = await context.newPage();
      const missing = trackMissingKeys(page);
      await signedInPatientWithPushOff(page);

      // The browser's subscription, made by the push service for our server's key.
      const keyAnswer = await page.request.get('/api/push/key');
      expect(keyAnswer.ok()).toBe(true);
      const { publicKey } = (await keyAnswer.json()) as { publicKey: string };
      const subscription = await service.subscribe(publicKey);
      await page.addInitScript(installStandInPushManager, { subscription, serverKey: publicKey });

      // The worker script is revalidated at every check (never cached as immutable), at the site root.
      const script = await page.request.get('/sw.js');
      expect(script.ok()).toBe(true);
      expect(script.headers()['cache-control']).toBe('no-cache');
      expect(script.headers()['content-type']).toMatch(/javascript/);

      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Paramètres');
      const push = page.getByRole('switch', { name: 'Notifications push' });
      await expect(push).toHaveAttribute('aria-checked', 'false');
      await push.click();
      await expect(push).toHaveAttribute('aria-checked', 'true');
      await expect(toasts(page)).toContainText('Paramètre mis à jour');

      // The server signed and encrypted the test notification for this browser; the push service
      // checked the signature and decrypted it: the French text.
      await expect.poll(() => service.messages(subscription.clientHash), { timeout: 15_000 }).toHaveLength(1);
      const [received] = await service.messages(subscription.clientHash);
      expect(JSON.parse(received!)).toEqual(FRENCH_TEST_PUSH);
      expect(await page.evaluate(() => (window as unknown as { __push: { subscribed: number } }).__push.subscribed)).toBe(1);
      await expect(toasts(page)).not.toContainText("Ce navigateur n'a pas pu être inscrit");

      // The service worker at /sw.js controls the site; Chromium hands it the push message as
      // its push service would (the exact bytes our push service received).
      // Chromium drops a push handed to a registration that has no activated worker yet (the
      // worker is registered at once but installs and activates a moment later, longer under
      // load): wait for the activated version, not just for the registration.
      const cdp = await context.newCDPSession(page);
      const registrations = new Map<string, string>();
      const activated = new Set<string>();
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
        for (const r of updated) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
      });
      cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
        for (const v of versions) if (v.status === 'activated') activated.add(v.registrationId);
      });
      await cdp.send('ServiceWorker.enable');
      await expect.poll(() => activated.has(registrations.get(`${BASE}/`) ?? ''), { message: 'the service worker is activated' }).toBe(true);
      const registrationId = registrations.get(`${BASE}/`)!;
      const deliver = (data: string) => cdp.send('ServiceWorker.deliverPushMessage', { origin: BASE, registrationId, data });

      // The notifications are read only once the worker has finished with every push handed to
      // it. Chromium's getNotifications() lists a stored notification only if the platform already
      // reports it on display (or it was stored after the read began), and deletes the others from
      // its store: a read that falls between the worker's showNotification() and the display
      // loses that notification for good (CI of stop 28 on PostgreSQL: polled at once, "[]" for
      // 15 s). Chromium's DevTools log of push events says when a push event has completed, its
      // waitUntil() (the showNotification() promise) settled.
      const completedPushes: string[] = [];
      cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: event }) => {
        if (event.eventName !== 'Push event completed') return;
        completedPushes.push(event.eventMetadata.find((m) => m.key === 'Status')?.value ?? '');
      });
      await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service: 'pushMessaging' });
      await cdp.send('BackgroundService.startObserving', { service: 'pushMessaging' });
      const pushesHandled = (count: number) =>
        expect.poll(() => completedPushes.length, { message: `${count} push event(s) completed` }).toBe(count);

      await deliver(received!);
      await pushesHandled(1);
      expect(completedPushes).toEqual(['Success']);
      expect(await shownNotifications(page)).toEqual([
        { title: FRENCH_TEST_PUSH.title, body: FRENCH_TEST_PUSH.body, tag: 'push-test', data: { url: '/settings' } },
      ]);
      // A malformed message shows nothing; the next good one shows (and the same tag would replace).
      await deliver('pas du JSON');
      await deliver(JSON.stringify({ title: 'Rappel', body: 'Mesure de glycémie', url: 'https://ailleurs.example/', tag: 'reminder:1' }));
      await pushesHandled(3);
      // The malformed one completes too: the worker ignores it (it shows nothing, and says nothing).
      expect(completedPushes).toEqual(['Success', 'Success', 'Success']);
      expect((await shownNotifications(page)).map((n) => [n.title, n.data])).toEqual([
        [FRENCH_TEST_PUSH.title, { url: '/settings' }],
        ['Rappel', { url: '/' }],
      ]);

      // Turning push off unsubscribes this browser and the server forgets it: a test reaches no one.
      const forgotten = page.waitForResponse((r) => r.url() === `${BASE}/api/push/subscriptions/remove`);
      await push.click();
      await expect(push).toHaveAttribute('aria-checked', 'false');
      expect((await forgotten).status()).toBe(204);
      expect(await page.evaluate(() => (window as unknown as { __push: { unsubscribed: number } }).__push.unsubscribed)).toBe(1);
      expect(await (await page.request.post('/api/push/test', { headers: ORIGIN })).json()).toEqual({ sent: 0, removed: 0 });
      expect(await service.messages(subscription.clientHash)).toHaveLength(1);
      await page.reload();
      await expect(page.getByRole('switch', { name: 'Notifications push' })).toHaveAttribute('aria-checked', 'false');
      expect(missing).toEqual([]);
    } finally {
      await context.close();
      await service.close();
    }
  });

  test("permission denied: 'Notifications bloquées' with how to re-enable them; the setting stays off and nothing subscribes", async ({ browser }) => {
    const context = await newContext(browser);
    try {
      await context.clearPermissions();
      const page = await context.newPage();
      await signedInPatientWithPushOff(page);
      const { publicKey } = (await (await page.request.get('/api/push/key')).json()) as { publicKey: string };
      await page.addInitScript(installStandInPushManager, { subscription: null, serverKey: publicKey });
      // Chromium asks nobody in a headless run: an unanswered prompt is a refusal.
      await page.goto('/settings');
      const push = page.getByRole('switch', { name: 'Notifications push' });
      await expect(push).toHaveAttribute('aria-checked', 'false');
      await push.click();
      await expect(toasts(page)).toContainText('Notifications bloquées');
      await expect(toasts(page)).toContainText('autorisez-les dans les paramètres du site de votre navigateur');
      await expect(push).toHaveAttribute('aria-checked', 'false');
      expect(await page.evaluate(() => (window as unknown as { __push: { keys: string[] } }).__push.keys)).toEqual([]);
      await page.reload();
      await expect(page.getByRole('switch', { name: 'Notifications push' })).toHaveAttribute('aria-checked', 'false');
    } finally {
      await context.close();
    }
  });
});
