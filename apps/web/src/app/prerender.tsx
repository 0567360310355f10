import '@/lib/zod-setup';
import { prerender } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { PRERENDERED_PAGES, SERVER_RENDERED_PAGES } from '@/app/rendered-pages';
import { routes } from '@/app/routes';
import { collectPrerenderedMeta, type PrerenderedMeta } from '@/lib/document-title';
import { i18nReady } from '@/lib/i18n';

/**
 * Build-time rendering of the public entry pages (scripts/prerender.mjs): their HTML is in the
 * first response, so a visitor on a slow phone reads the page while the scripts arrive. The
 * client then hydrates it (main.tsx): its tree must stay the client's (same providers, same
 * routes), or ids and markup would differ. Waits for lazy pages (prerender, not renderToString)
 * and writes no inline script (`hydrate={false}`): the CSP allows none.
 */
export async function renderPage(url: string): Promise<{ body: string; meta: PrerenderedMeta }> {
  // Loaded first so nothing suspends: a boundary resolved late would be streamed as hidden HTML
  // plus an inline script to reveal it, which the CSP blocks.
  await Promise.all([i18nReady(), PRERENDERED_PAGES[new URL(url).pathname]?.()]);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} answered a redirect during prerendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const meta = collectPrerenderedMeta();
  const { prelude } = await prerender(
    <Providers>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>,
    // One document, never split: React outlines large boundaries into hidden parts otherwise.
    { progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  return { body: await new Response(prelude).text(), meta };
}

export { renderSignedInPage, warmUpSignedInRender } from './signed-in-render';
export { PAGE_STATE_ID, pageStateJson } from './page-state';
export const SERVER_RENDERED_PATHS = Object.keys(SERVER_RENDERED_PAGES);
export { SERVER_RENDERED_READER } from '@/app/rendered-pages';
