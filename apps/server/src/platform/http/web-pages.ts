import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppPath, robotsTxt, sitemapXml } from '@glucosuivi/domain/shared/site-map';
import type { Actor } from '../db/database';
import { sendError } from './error-handler';
import { createPageRenderer } from './page-renderer';

/** The built web app (when there is one), robots.txt and sitemap.xml, and what answers an unknown path. */
export async function registerWebPages(
  app: FastifyInstance,
  deps: {
    webDist?: string | undefined;
    publicUrl: string;
    /** Whether the request may be signed in (features/auth): the prerendered pages are signed out. */
    maybeSignedIn: (request: FastifyRequest) => boolean;
    /** The web app's page-render worker (apps/web/ssr), when built: signed-in pages rendered at request time. */
    pageRenderWorker?: string | undefined;
    pageRenderTimeoutMs?: number | undefined;
    /** The role of the request's signed-in user, if any: a page is rendered only for its reader. */
    roleOf: (request: FastifyRequest) => Promise<Actor['role'] | null>;
  },
): Promise<void> {
  const webDist = deps.webDist && existsSync(join(deps.webDist, 'index.html')) ? deps.webDist : undefined;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz beside each asset (scripts/build.mjs).
      preCompressed: true,
      setHeaders: (res, path) => {
        res.setHeader('vary', 'accept-encoding');
        // Hashed file names never change content: cache them for a year. Everything else
        // (index.html, manifest, robots) is revalidated so a deploy shows at once.
        res.setHeader(
          'cache-control',
          path.includes(`${join(webDist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // Written with this instance's own origin, so a self-hosted copy never points search engines
  // at another site.
  // Not part of the API: hidden from its OpenAPI document.
  app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(robotsTxt(deps.publicUrl)),
  );
  app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(sitemapXml(deps.publicUrl)),
  );

  const renderer = webDist && deps.pageRenderWorker ? createPageRenderer(app, { workerFile: deps.pageRenderWorker, timeoutMs: deps.pageRenderTimeoutMs, log: app.log }) : undefined;

  const PRERENDERED_PAGES: Readonly<Record<string, string>> = { '/': 'index.html', '/auth': 'auth.html' };

  /** A page of the web app: prerendered, rendered for its reader, or the plain app page (with a 404 for an unknown path). */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, webDist: string) => {
    const path = request.url.split('?')[0] ?? '/';
    // Sent compressed or not as the client accepts (precompressed files, or the compress plugin):
    // every page's answer depends on accept-encoding, whichever way it is sent.
    reply.header('vary', 'accept-encoding');
    // The public entry pages were rendered at build time in French, signed out, without query
    // (scripts/prerender.mjs). Any query (?lng=en, ?mode=register, ?next=…) may change what the
    // page shows, and so may a session (its header, /auth's redirect): that request gets the
    // plain page, rendered by the app alone. The answer depends on the cookie: `vary` says so.
    const prerendered = PRERENDERED_PAGES[path];
    const query = request.url.split('?')[1] ?? '';
    if (prerendered) reply.header('vary', 'accept-encoding, cookie');
    if (prerendered && (query === '' || query === 'lng=fr') && !deps.maybeSignedIn(request) && existsSync(join(webDist, 'prerendered', prerendered))) {
      return reply.header('cache-control', 'no-cache').sendFile(`prerendered/${prerendered}`, webDist);
    }
    // A signed-in page the server renders (its reader's data in it: never stored by a cache).
    // Same rule as above: no query, and a GET (a HEAD gets the plain page's headers).
    const reader = renderer?.readerOf(path);
    if (reader) reply.header('vary', 'accept-encoding, cookie');
    // A session that cannot be checked now only means the plain page.
    if (renderer && reader && request.method === 'GET' && query === '' && deps.maybeSignedIn(request) && (await deps.roleOf(request).catch(() => null)) === reader) {
      const html = await renderer.render(request, path);
      if (html) return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
    }
    // History fallback: the SPA owns every other path, including its own 404 page, which an
    // unknown path gets with a real 404 status (crawlers and monitors see it as missing).
    return reply.code(isAppPath(path) ? 200 : 404).header('cache-control', 'no-cache').sendFile('index.html', webDist);
  };

  if (webDist) {
    // Pages are answered by a route, not by the not-found handler: the compress plugin hooks
    // routes only (onRoute), so a page sent from the not-found handler went out uncompressed
    // (the rendered dashboard, 60 KB). The files above, robots.txt and the API are more specific
    // routes and win; an unknown API or asset path is handed to the not-found handler.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (path.startsWith('/api/') || path.startsWith('/assets/')) return reply.callNotFound();
      return sendPage(request, reply, webDist);
    });
  }
  // Everything else: an unknown API or asset path, or another method than GET/HEAD.
  app.setNotFoundHandler(async (request, reply) => sendError(reply, request, 'not_found', 'Not found'));
}
