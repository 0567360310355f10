import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { routes } from '@/app/routes';
import { collectPrerenderedMeta, type PrerenderedMeta } from '@/lib/document-title';

/**
 * The app at `url` for rendering outside the browser: the client's own providers and routes (or
 * ids and markup would differ from its hydration), and no inline script (`hydrate={false}`: the
 * CSP allows none). `queryClient`: one holding the page's answers (a signed-in page).
 */
export async function staticApp(url: string, queryClient?: QueryClient): Promise<ReactElement> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response) throw new Error(`${url} answered a redirect while rendering`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return (
    <Providers {...(queryClient ? { queryClient } : {})}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Providers>
  );
}

/** The page's HTML and its title and description, every lazy part loaded (prerender waits for them). */
export async function renderStatic(url: string, queryClient?: QueryClient): Promise<{ body: string; meta: PrerenderedMeta }> {
  const app = await staticApp(url, queryClient);
  const meta = collectPrerenderedMeta();
  // One document, never split: React outlines large boundaries into hidden parts otherwise.
  const { prelude } = await prerender(app, { progressiveChunkSize: Number.MAX_SAFE_INTEGER });
  return { body: await new Response(prelude).text(), meta };
}
