import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import source from '../../../public/sw.js?raw';

/*
 * public/sw.js's offline part run as a browser would: a fresh global with `self`, Cache Storage
 * and a network that answers from a table (or fails: offline). The journey (e2e/offline.spec.ts)
 * runs it in Chromium; here each rule.
 */

const ORIGIN = 'https://glucosuivi.example';
// The source as written, before the build puts its id in.
const APP_CACHE = 'glucosuivi-app-__GLUCOSUIVI_BUILD_ID__';
const SHELL_HTML =
  '<!doctype html><html lang="fr"><head><script type="module" crossorigin src="/assets/index-A1.js"></script><link rel="stylesheet" crossorigin href="/assets/web-B2.css"></head><body><div id="root"></div></body></html>';

type Network = Record<string, () => Response>;

function offlineWorker(options: { network?: Network; offline?: boolean; active?: boolean; caches?: string[] } = {}) {
  const network: Network = {
    '/index.html': () => new Response(SHELL_HTML, { headers: { 'content-type': 'text/html' } }),
    ...options.network,
  };
  let offline = options.offline ?? false;
  const requested: string[] = [];
  const fetch = vi.fn(async (input: string | { url: string }) => {
    const url = new URL(typeof input === 'string' ? input : input.url, ORIGIN);
    requested.push(url.pathname);
    if (offline) throw new TypeError('Failed to fetch');
    const answer = network[url.pathname];
    return answer ? answer() : new Response('not found', { status: 404 });
  });
  const stores = new Map<string, Map<string, Response>>((options.caches ?? []).map((name) => [name, new Map()]));
  const keyOf = (request: string | { url: string }) => new URL(typeof request === 'string' ? request : request.url, ORIGIN).pathname;
  const caches = {
    open: async (name: string) => {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      const cache = {
        match: async (request: string | { url: string }) => store.get(keyOf(request))?.clone(),
        put: async (request: string | { url: string }, response: Response) => void store.set(keyOf(request), response),
        add: async (url: string) => {
          const response = await fetch(url);
          if (!response.ok) throw new TypeError(`${url}: ${response.status}`);
          store.set(keyOf(url), response);
        },
        addAll: async (urls: string[]) => {
          for (const url of urls) await cache.add(url);
        },
      };
      return cache;
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const listeners = new Map<string, (event: unknown) => void>();
  const self = {
    location: new URL(`${ORIGIN}/sw.js`),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: vi.fn(),
    registration: { active: options.active ? {} : null, navigationPreload: { enable: vi.fn(async () => undefined) } },
    clients: { claim: vi.fn(async () => undefined) },
  };
  runInNewContext(source, { self, URL, caches, fetch, Response, Promise });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let pending: Promise<unknown> | undefined;
    listeners.get(type)?.({ ...event, waitUntil: (p: Promise<unknown>) => void (pending = p) });
    await pending;
  };
  /** A fetch event: what the worker answered, or undefined when it let the browser go to the network. */
  const request = async (path: string, init: { method?: string; mode?: string } = {}) => {
    let answered: Promise<Response> | undefined;
    const event = {
      request: { url: `${ORIGIN}${path}`, method: init.method ?? 'GET', mode: init.mode ?? 'cors' },
      preloadResponse: Promise.resolve(undefined),
      respondWith: (response: Promise<Response>) => void (answered = response),
    };
    listeners.get('fetch')?.(event);
    return answered ? await answered : undefined;
  };
  const kept = (name = APP_CACHE) => [...(stores.get(name)?.keys() ?? [])].sort();
  return { self, stores, dispatch, request, kept, requested, goOffline: () => void (offline = true) };
}

const ASSETS: Network = {
  '/assets/index-A1.js': () => new Response('console.log(1)'),
  '/assets/web-B2.css': () => new Response('body{}'),
  '/theme-init.js': () => new Response('/* theme */'),
  '/boot.js': () => new Response('/* boot */'),
  '/favicon.svg': () => new Response('<svg/>'),
  '/manifest.webmanifest': () => new Response('{}'),
  '/icons/icon-192.png': () => new Response('png'),
};

describe('service worker, offline (public/sw.js)', () => {
  it('keeps, at install, the shell and the built files it names; the first worker takes over at once', async () => {
    const sw = offlineWorker({ network: ASSETS });
    await sw.dispatch('install', {});
    expect(sw.kept()).toEqual(['/assets/index-A1.js', '/assets/web-B2.css', '/boot.js', '/favicon.svg', '/icons/icon-192.png', '/index.html', '/manifest.webmanifest', '/theme-init.js']);
    expect(sw.self.skipWaiting).toHaveBeenCalled();
  });

  it('a new version waits for the page to say so, then takes over', async () => {
    const sw = offlineWorker({ network: ASSETS, active: true });
    await sw.dispatch('install', {});
    expect(sw.self.skipWaiting).not.toHaveBeenCalled();
    await sw.dispatch('message', { data: { type: 'skip-waiting' } });
    expect(sw.self.skipWaiting).toHaveBeenCalledTimes(1);
  });

  it('on activation, drops the files of other builds and keeps what is not its own (the page keeps the last dashboard)', async () => {
    const sw = offlineWorker({ caches: ['glucosuivi-app-older', APP_CACHE, 'glucosuivi-data', 'someone-else'] });
    await sw.dispatch('activate', {});
    expect([...sw.stores.keys()].sort()).toEqual([APP_CACHE, 'glucosuivi-data', 'someone-else'].sort());
    expect(sw.self.clients.claim).toHaveBeenCalled();
  });

  it('never answers the API, nor a write: those go to the network, never to a cache', async () => {
    const sw = offlineWorker({ network: { '/api/measurements/summary': () => new Response('{}') } });
    expect(await sw.request('/api/measurements/summary?days=14')).toBeUndefined();
    expect(await sw.request('/api/measurements', { method: 'POST' })).toBeUndefined();
    expect(sw.kept()).toEqual([]);
  });

  it('answers a page from the network and keeps none (a page may be rendered for its reader)', async () => {
    const sw = offlineWorker({ network: { '/patient-dashboard': () => new Response('<html>personal</html>') } });
    const page = await sw.request('/patient-dashboard', { mode: 'navigate' });
    expect(await page?.text()).toBe('<html>personal</html>');
    expect(sw.kept()).toEqual([]);
  });

  it('offline, answers a page with the shell, marked so the app starts offline', async () => {
    const sw = offlineWorker({ network: ASSETS });
    await sw.dispatch('install', {});
    sw.goOffline();
    const page = await sw.request('/patient-dashboard', { mode: 'navigate' });
    const html = (await page?.text()) ?? '';
    expect(html).toContain('<html data-offline-shell lang="fr">');
    expect(html).toContain('/assets/index-A1.js');
  });

  it('keeps a built file the first time it loads and answers it from the cache after, offline too', async () => {
    const sw = offlineWorker({ network: { '/assets/DashboardPage-C3.js': () => new Response('export {}') } });
    expect(await (await sw.request('/assets/DashboardPage-C3.js'))?.text()).toBe('export {}');
    expect(sw.kept()).toEqual(['/assets/DashboardPage-C3.js']);
    sw.goOffline();
    expect(await (await sw.request('/assets/DashboardPage-C3.js'))?.text()).toBe('export {}');
    expect(sw.requested.filter((path) => path === '/assets/DashboardPage-C3.js')).toHaveLength(1);
  });

  it('keeps the built files a page names (loaded before it controlled the page), and only built files', async () => {
    const sw = offlineWorker({ network: { '/assets/app-D4.js': () => new Response('x'), '/api/profile': () => new Response('{}') } });
    await sw.dispatch('message', { data: { type: 'keep-assets', urls: [`${ORIGIN}/assets/app-D4.js`, `${ORIGIN}/api/profile`, 'https://elsewhere.example/assets/x.js'] } });
    expect(sw.kept()).toEqual(['/assets/app-D4.js']);
  });
});
