import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installTestI18n } from './i18n-catalogs';

installTestI18n();

// findBy… and waitFor resolve as soon as what they wait for appears; their default 1 s limit only
// decides how long a page may take to get there. A CI machine under load (the whole suite in
// parallel, load average 10) took longer than that on pages that are right: 5 s.
configure({ asyncUtilTimeout: 5_000 });

// No component test dials a server: the signed-in layout opens the realtime channel, and
// happy-dom's WebSocket would really connect to localhost. This one never opens; the realtime
// tests hand their own fake to the client. Assigned, not stubbed, so unstubAllGlobals keeps it.
class OfflineWebSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  send(): void {}
  close(): void {}
}
globalThis.WebSocket = OfflineWebSocket as unknown as typeof WebSocket;

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
});
