import '@/lib/zod-setup';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { afterFirstPageCommit } from '@/app/lazy-page';
import { handOverPrerenderedControls } from '@/app/prerender-handover';
import { createAppRouter } from '@/app/router';
import { applyPageState, takePageState } from '@/app/page-state';
import { PRERENDERED_PAGES, SERVER_RENDERED_PAGES } from '@/app/rendered-pages';
import { i18nReady, initialLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { applyLastDashboard, loadLastDashboard } from '@/lib/offline/last-dashboard';
import { sessionQueryKey } from '@/lib/session';
import { isOnline, startOnlineTracking } from '@/lib/offline/online-state';
import { fixRenderNow } from '@/lib/render-clock';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * Whether the app can hydrate the page that came rendered — at build time (scripts/prerender.mjs:
 * French, signed out) or by the server for its signed-in reader (app/signed-in-render.tsx) —
 * instead of rendering from scratch: its first render must be that same page, so the page's
 * module is loaded first (no loading screen). In another language the prerendered HTML is dropped
 * (theme-init.js has already hidden it before the first paint).
 */
async function canHydratePrerenderedPage(root: HTMLElement): Promise<boolean> {
  const path = root.dataset.prerendered;
  if (path === undefined) return false;
  delete root.dataset.prerendered;
  // A signed-in page rendered by the server comes with the answers it rendered and its language
  // (the reader's account language, which wins over the browser's last choice): without them the
  // first render would not be that page. A prerendered public page is French.
  const serverRendered = SERVER_RENDERED_PAGES[path] !== undefined;
  const state = serverRendered ? takePageState() : null;
  if (state) {
    await i18nReady();
    await applyPageState(queryClient, state);
  }
  const preload = serverRendered ? (state ? SERVER_RENDERED_PAGES[path] : undefined) : PRERENDERED_PAGES[path];
  if ((state !== null || initialLanguage() === 'fr') && preload && window.location.pathname === path) {
    try {
      await preload();
      return true;
    } catch {
      // The page's chunk did not load: render from scratch (the route shows its own error).
    }
  }
  root.replaceChildren();
  // Rendered from scratch: the answers in hand still serve, but "now" is the clock's again.
  fixRenderNow(undefined);
  return false;
}

/**
 * The page is hydrated in its own pass, after the layout around it: once it has committed, the
 * prerendered controls are React's and what was done with them meanwhile is handed over.
 */
function handOverOnceHydrated(root: HTMLElement): void {
  void afterFirstPageCommit().then(() => {
    fixRenderNow(undefined);
    handOverPrerenderedControls(root);
  });
}

/** Created here, not in Providers: a server-rendered page's answers go in before the first render. */
const queryClient = createQueryClient();
startOnlineTracking();

/**
 * Opened without a connection (the service worker's shell): the last dashboard's answers kept
 * on this device go in before the first render, with the moment they date from as "now" (the
 * chart's window is keyed by it), so the page shows what it showed then.
 */
async function applyKeptAnswersOffline(): Promise<void> {
  if (isOnline()) return;
  const kept = await loadLastDashboard();
  if (!kept) return;
  applyLastDashboard(queryClient, kept, sessionQueryKey);
  fixRenderNow(kept.dataAt);
  void afterFirstPageCommit().then(() => fixRenderNow(undefined));
}

function app(hydratingPrerenderedPage: boolean) {
  return (
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={createAppRouter({ hydratingPrerenderedPage })} />
      </Providers>
    </StrictMode>
  );
}

async function prepareFirstRender(root: HTMLElement): Promise<boolean> {
  const hydrate = await canHydratePrerenderedPage(root);
  if (!hydrate) await applyKeptAnswersOffline();
  return hydrate;
}

// In a transition, hydration or the first render yields to the browser every few milliseconds
// instead of blocking the main thread for the whole tree (Lighthouse's total blocking time on a
// phone); the prerendered page stays on screen meanwhile.
void Promise.all([i18nReady(), prepareFirstRender(container)]).then(([, hydrate]) => {
  startTransition(() => {
    if (hydrate) {
      hydrateRoot(container, app(true));
      handOverOnceHydrated(container);
    } else {
      createRoot(container).render(app(false));
    }
  });
});
