import '@/lib/zod-setup';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from '@/app/providers';
import { router } from '@/app/router';
import { PRERENDERED_PAGES } from '@/app/routes';
import { i18nReady, initialLanguage } from '@/lib/i18n';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * A prerendered page (scripts/prerender.mjs; French, signed-out) is shown until the app renders
 * the same page over it. Its page module is loaded first so that first render is the page itself,
 * not a loading screen. In another language the prerendered HTML is dropped (theme-init.js has
 * already hidden it before the first paint).
 */
async function takeOverPrerenderedPage(root: HTMLElement): Promise<void> {
  const path = root.dataset.prerendered;
  if (path === undefined) return;
  delete root.dataset.prerendered;
  const preload = PRERENDERED_PAGES[path];
  if (initialLanguage() !== 'fr' || !preload || window.location.pathname !== path) {
    root.replaceChildren();
    return;
  }
  await preload().catch(() => root.replaceChildren());
  keepOpenDisclosures(root);
}

/**
 * A FAQ answer (`<details>`) works without scripts, so a visitor may open one before the app
 * takes over; the app's first render replaces the prerendered nodes and would close it again.
 * The same disclosures, in the same order, are reopened once React has put its own in place.
 */
function keepOpenDisclosures(root: HTMLElement): void {
  const open = [...root.querySelectorAll('details')].map((details) => details.open);
  if (!open.includes(true)) return;
  const before = new Set(root.querySelectorAll('details'));
  const observer = new MutationObserver(() => {
    const now = [...root.querySelectorAll('details')];
    if (now.length !== open.length || now.some((details) => before.has(details))) return;
    observer.disconnect();
    now.forEach((details, i) => {
      if (open[i]) details.open = true;
    });
  });
  observer.observe(root, { childList: true, subtree: true });
  // Nothing to do if the page never renders the same disclosures (the observer would wait forever).
  setTimeout(() => observer.disconnect(), 30_000);
}

// The first render is a transition so React yields to the browser every few milliseconds instead
// of blocking the main thread for the whole tree (Lighthouse's total blocking time on a phone);
// the prerendered page stays on screen until React commits over it.
void Promise.all([i18nReady(), takeOverPrerenderedPage(container)]).then(() => {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
});
