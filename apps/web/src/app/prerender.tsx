import '@/lib/zod-setup';
import { PRERENDERED_PAGES, SERVER_RENDERED_PAGES } from '@/app/rendered-pages';
import { renderStatic } from '@/app/static-render';
import type { PrerenderedMeta } from '@/lib/document-title';
import { i18nReady } from '@/lib/i18n';

/**
 * Build-time rendering of the public entry pages (scripts/prerender.mjs): their HTML is in the
 * first response, so a visitor on a slow phone reads the page while the scripts arrive. The
 * client then hydrates it (main.tsx), so it is the client's own tree (app/static-render.tsx).
 */
export async function renderPage(url: string): Promise<{ body: string; meta: PrerenderedMeta }> {
  // Loaded first so nothing suspends: a boundary resolved late would be streamed as hidden HTML
  // plus an inline script to reveal it, which the CSP blocks.
  await Promise.all([i18nReady(), PRERENDERED_PAGES[new URL(url).pathname]?.()]);
  return renderStatic(url);
}

export { renderSignedInPage, warmUpSignedInRender } from './signed-in-render';
export { PAGE_STATE_ID, pageStateJson } from './page-state';
export const SERVER_RENDERED_PATHS = Object.keys(SERVER_RENDERED_PAGES);
export { SERVER_RENDERED_READER } from '@/app/rendered-pages';
