import { afterEach, describe, expect, it, vi } from 'vitest';
import { disablePushOnThisBrowser, enablePushOnThisBrowser, keyBytes, requestTestNotification } from './web-push';

// A P-256 public key as the server gives it (base64url, 65 bytes).
const SERVER_KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const ENDPOINT = 'https://push.example/send/abc';
const KEYS = { p256dh: 'BPp' + 'A'.repeat(84), auth: 'c2VjcmV0LWF1dGgtMTIzNA' };

function fakeSubscription(applicationServerKey: Uint8Array) {
  return {
    endpoint: ENDPOINT,
    expirationTime: null,
    options: { applicationServerKey: applicationServerKey.buffer, userVisibleOnly: true },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(async () => true),
  };
}

/** navigator.serviceWorker, PushManager and the API, as a browser with a push service would have them. */
function fakeBrowser(existing: ReturnType<typeof fakeSubscription> | null = null, subscribeFails = false) {
  const made = fakeSubscription(keyBytes(SERVER_KEY));
  const pushManager = {
    getSubscription: vi.fn(async () => existing),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      if (subscribeFails) throw new DOMException('push service not available', 'AbortError');
      return made;
    }),
  };
  const registration = { pushManager };
  const serviceWorker = {
    register: vi.fn(async () => registration),
    ready: Promise.resolve(registration),
    getRegistration: vi.fn(async () => registration),
  };
  vi.stubGlobal('navigator', { ...navigator, serviceWorker });
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', function Notification() {});
  const posted: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/push/key') return Response.json({ publicKey: SERVER_KEY });
      posted.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/push/test') return Response.json({ sent: 1, removed: 0 });
      return new Response(null, { status: 204 });
    }),
  );
  return { serviceWorker, pushManager, made, posted };
}

afterEach(() => vi.unstubAllGlobals());

describe('web push on this browser', () => {
  it('turns the base64url key into its 65 bytes', () => {
    const bytes = keyBytes(SERVER_KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });

  it('registers /sw.js for the whole site, subscribes with the server key, and sends the subscription to the server', async () => {
    const browser = fakeBrowser();
    expect(await enablePushOnThisBrowser()).toBe(true);
    expect(browser.serviceWorker.register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' });
    const [options] = browser.pushManager.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array)).toEqual(Array.from(keyBytes(SERVER_KEY)));
    expect(browser.posted).toEqual([{ url: '/api/push/subscriptions', body: { endpoint: ENDPOINT, expirationTime: null, keys: KEYS } }]);
  });

  it('reuses a subscription made for the same key; replaces one made for another key', async () => {
    const same = fakeBrowser(fakeSubscription(keyBytes(SERVER_KEY)));
    expect(await enablePushOnThisBrowser()).toBe(true);
    expect(same.pushManager.subscribe).not.toHaveBeenCalled();
    vi.unstubAllGlobals();

    const old = fakeSubscription(new Uint8Array(65).fill(4));
    const other = fakeBrowser(old);
    expect(await enablePushOnThisBrowser()).toBe(true);
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(other.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('says false when the browser cannot reach its push service or has no push at all; nothing is sent', async () => {
    const browser = fakeBrowser(null, true);
    expect(await enablePushOnThisBrowser()).toBe(false);
    expect(browser.posted).toEqual([]);
    vi.unstubAllGlobals();
    // A browser without service workers (an old one, or a private window in some).
    vi.stubGlobal('navigator', { userAgent: navigator.userAgent });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    expect(await enablePushOnThisBrowser()).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turning off unsubscribes this browser and asks the server to forget its endpoint', async () => {
    const existing = fakeSubscription(keyBytes(SERVER_KEY));
    const browser = fakeBrowser(existing);
    await disablePushOnThisBrowser();
    expect(existing.unsubscribe).toHaveBeenCalled();
    expect(browser.posted).toEqual([{ url: '/api/push/subscriptions/remove', body: { endpoint: ENDPOINT } }]);
  });

  it('turning off without a subscription does nothing; the test notification is a POST', async () => {
    const browser = fakeBrowser(null);
    await disablePushOnThisBrowser();
    expect(browser.posted).toEqual([]);
    expect(await requestTestNotification()).toEqual({ sent: 1, removed: 0 });
    expect(browser.posted).toEqual([{ url: '/api/push/test', body: undefined }]);
  });
});
