import { getPushKey, sendTestPush, subscribePush, unsubscribePush } from '@glucosuivi/domain/push/push.contract';
import { apiCall } from '@/lib/api-client';

/*
 * This browser's web push subscription (spec §4): the service worker at /sw.js shows what the
 * server pushes; PushManager subscribes with the server's VAPID key through the browser vendor's
 * push service; the server keeps the subscription (features/push) and sends to it.
 */

const WORKER_URL = '/sw.js';
/** Installing the worker and reaching the vendor's push service: beyond this, give up. */
const STEP_TIMEOUT_MS = 15_000;

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function withTimeout<T>(promise: Promise<T>, ms = STEP_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The VAPID key (base64url) as the bytes PushManager.subscribe() takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  // updateViaCache 'none': the worker script is always checked against the server, never a cache.
  await navigator.serviceWorker.register(WORKER_URL, { scope: '/', updateViaCache: 'none' });
  return withTimeout(navigator.serviceWorker.ready);
}

/**
 * Subscribes this browser (permission already granted) and registers it with the server.
 * Resolves true when the server has it; false when the browser has no push service to reach
 * (unsupported, offline, blocked by a policy) or the server refused it.
 */
export async function enablePushOnThisBrowser(): Promise<boolean> {
  if (!pushSupported()) return false;
  try {
    const [{ publicKey }, registration] = await Promise.all([apiCall(getPushKey), workerRegistration()]);
    const key = keyBytes(publicKey);
    let subscription = await registration.pushManager.getSubscription();
    // A subscription made for another server key (keys replaced on the server) no longer works.
    if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe().catch(() => false);
      subscription = null;
    }
    subscription ??= await withTimeout(registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
    const json = subscription.toJSON();
    await apiCall(subscribePush, {
      body: {
        endpoint: subscription.endpoint,
        expirationTime: subscription.expirationTime,
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
      },
    });
    return true;
  } catch {
    return false;
  }
}

/** Unsubscribes this browser and tells the server to forget it; never throws (best effort). */
export async function disablePushOnThisBrowser(): Promise<void> {
  if (!pushSupported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration('/');
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    const { endpoint } = subscription;
    await subscription.unsubscribe().catch(() => false);
    await apiCall(unsubscribePush, { body: { endpoint } });
  } catch {
    // Offline or signed out: the push service will answer "gone" for it, and the server drops it then.
  }
}

/** Asks the server for the test notification (it goes through the push service, like any other). */
export async function requestTestNotification(): Promise<{ sent: number; removed: number } | null> {
  try {
    return await apiCall(sendTestPush);
  } catch {
    return null;
  }
}
