import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach the server, as TanStack Query sees it (its queries and mutations wait
 * while offline). The browser's word is not enough: a phone in the metro is "online" on a network
 * that answers nothing. So the app is also offline when the service worker had to answer a page
 * with its shell (it marks it `data-offline-shell`) or a request got no answer, and online again
 * only once the server answers (a probe every few seconds, and at the browser's "online").
 */
const PROBE_MS = 5_000;
const PROBE_URL = '/api/health';
let probe: ReturnType<typeof setInterval> | undefined;

async function checkConnection(): Promise<void> {
  try {
    const response = await fetch(PROBE_URL, { cache: 'no-store', credentials: 'omit' });
    if (!response.ok) return;
    clearInterval(probe);
    probe = undefined;
    onlineManager.setOnline(true);
  } catch {
    // Still no answer: the next probe asks again.
  }
}

/** The server cannot be reached (a request got no answer): offline until it answers again. */
export function markOffline(): void {
  onlineManager.setOnline(false);
  probe ??= setInterval(() => void checkConnection(), PROBE_MS);
}

export function startOnlineTracking(): void {
  if (typeof window === 'undefined') return;
  if (!navigator.onLine || document.documentElement.hasAttribute('data-offline-shell')) markOffline();
  window.addEventListener('offline', markOffline);
  window.addEventListener('online', () => void checkConnection());
}

export function isOnline(): boolean {
  return onlineManager.isOnline();
}

export function useIsOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}
