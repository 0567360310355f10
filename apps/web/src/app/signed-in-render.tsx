import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { SERVER_RENDERED_PAGES } from '@/app/rendered-pages';
import { renderStatic, staticApp } from '@/app/static-render';
import type { PrerenderedMeta } from '@/lib/document-title';
import { DEFAULT_LANGUAGE, getI18n, i18nReady, type Language } from '@/lib/i18n';
import { BROWSER_ONLY, createQueryClient } from '@/lib/query-client';
import { fixRenderNow } from '@/lib/render-clock';
import { sessionQueryKey, type SessionUser } from '@/lib/session';
import type { PageState } from './page-state';

/** A page's queries depend on earlier answers (the chart's span on the summary's period): a few rounds. */
const MAX_ROUNDS = 4;

export interface SignedInPage {
  body: string;
  meta: PrerenderedMeta;
  state: PageState;
}

const isEnabled = (query: Query) => {
  const enabled: unknown = (query.options as { enabled?: unknown }).enabled;
  return typeof enabled === 'function' ? enabled(query) !== false : enabled !== false;
};

/**
 * Queries the last render asked for and nobody has fetched (their observers never subscribe on
 * a server), but those left to the browser: those stay pending here and in the hydration alike.
 */
const unfetched = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        isEnabled(query) &&
        query.meta?.browserOnly !== BROWSER_ONLY.browserOnly,
    );

/** A render that only finds out what the page asks for: synchronous, a lazy part not loaded yet shows its fallback. */
async function discover(url: string, queryClient: QueryClient): Promise<void> {
  renderToString(await staticApp(url, queryClient));
}

/**
 * Loads what every render needs — the French catalogs and the pages' own modules — so that the
 * first reader after a start does not pay for it (it would take longer than the server waits).
 */
export async function warmUpSignedInRender(): Promise<void> {
  await Promise.all([i18nReady(), ...Object.values(SERVER_RENDERED_PAGES).map((preload) => preload())]);
}

/**
 * Renders a signed-in page at request time as the browser would once its data is in (issue 20:
 * a phone reads its dashboard before the app's scripts run). The page's own queries say what it
 * needs: each round renders, then fetches what the render asked for (through `fetch`, which the
 * caller points at the API as the reader), until nothing is missing. Any failed answer gives up
 * (null): the browser's render then shows it as it always has. So does a page that did not
 * render its heading (a guard sent the reader elsewhere). `now` is the render's time, kept with
 * the state for the hydration (app/page-state.ts). One render at a time: the language and the
 * render clock are the process's own.
 */
export async function renderSignedInPage(url: string, now: number): Promise<SignedInPage | null> {
  const preload = SERVER_RENDERED_PAGES[new URL(url).pathname];
  if (!preload) return null;
  await Promise.all([i18nReady(), preload()]);
  const queryClient = createQueryClient();
  // A failure gives the page up at once: the browser will ask again, with its own retries.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  fixRenderNow(now);
  try {
    let language: Language = DEFAULT_LANGUAGE;
    for (let round = 0; round < MAX_ROUNDS; round += 1) {
      // The reader's account language, as soon as the session has answered: it wins over the
      // browser's last choice (app/layouts/use-account-language.ts).
      language = queryClient.getQueryData<SessionUser | null>(sessionQueryKey)?.language ?? DEFAULT_LANGUAGE;
      if (getI18n().language !== language) await getI18n().changeLanguage(language);
      await discover(url, queryClient);
      const missing = unfetched(queryClient);
      if (missing.length === 0) {
        const page = await renderStatic(url, queryClient);
        // Still missing after the final render: a lazy part asked for more. The browser renders it.
        if (unfetched(queryClient).length > 0 || !page.body.includes('<h1')) return null;
        return { ...page, state: { now, language, queries: dehydrate(queryClient) } };
      }
      await Promise.all(missing.map((query) => query.fetch().catch(() => undefined)));
      if (queryClient.getQueryCache().getAll().some((query) => query.state.status === 'error')) return null;
    }
    return null;
  } finally {
    fixRenderNow(undefined);
    queryClient.clear();
  }
}
