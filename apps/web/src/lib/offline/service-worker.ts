/**
 * The app's service worker (public/sw.js), registered for a signed-in reader once the page has
 * loaded and the browser is idle: it never competes with a first load (Lighthouse measures none
 * of it). It keeps the app's files for offline use and tells of a new version, which waits until
 * the reader chooses to reload (UpdatePrompt).
 */

export const WORKER_URL = '/sw.js';
/** A tab left open still learns of a deploy: the worker is checked again this often, and when the tab comes back. */
const UPDATE_CHECK_MS = 30 * 60_000;

type Listener = () => void;
const listeners = new Set<Listener>();
let waitingWorker: ServiceWorker | null = null;
let started = false;

export function subscribeUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when a new version is installed and waits for a reload. */
export function updateWaiting(): boolean {
  return waitingWorker !== null;
}

function setWaiting(worker: ServiceWorker | null): void {
  waitingWorker = worker;
  for (const listener of listeners) listener();
}

/** Hands over to the waiting version; the page reloads once it controls the tab. */
export function applyUpdate(): void {
  const worker = waitingWorker;
  if (!worker) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  worker.postMessage({ type: 'skip-waiting' });
}

function watch(registration: ServiceWorkerRegistration): void {
  // Only a replacement is an update: the first worker of this browser has nothing to replace.
  const offer = (worker: ServiceWorker | null) => {
    if (worker && navigator.serviceWorker.controller) setWaiting(worker);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(registration.waiting ?? installing);
    });
  });
}

/** The built files this page loaded before the worker controlled it: the worker keeps them too. */
function loadedAssets(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => {
      const url = new URL(name, window.location.href);
      return url.origin === window.location.origin && url.pathname.startsWith('/assets/');
    });
}

function whenIdle(run: () => void): void {
  // Safari has no requestIdleCallback.
  const idle = () => (typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(run, { timeout: 5_000 }) : setTimeout(run, 1_000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Registers the worker (once per page). `keepForOffline` loads what must work offline even if
 * never visited on this version (the entry form): its files, and every built file this page
 * loaded before the worker controlled it, are then handed to the worker to keep.
 */
export function registerAppWorker(keepForOffline?: () => Promise<unknown>): void {
  if (started || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  whenIdle(() => {
    void navigator.serviceWorker
      .register(WORKER_URL, { scope: '/', updateViaCache: 'none' })
      .then(async (registration) => {
        watch(registration);
        const ready = await navigator.serviceWorker.ready;
        await keepForOffline?.().catch(() => undefined);
        ready.active?.postMessage({ type: 'keep-assets', urls: loadedAssets() });
        const check = () => void registration.update().catch(() => undefined);
        window.setInterval(check, UPDATE_CHECK_MS);
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') check();
        });
      })
      .catch(() => {
        // No worker (private mode, a policy): the app works online as before.
      });
  });
}

