import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAppPath, robotsTxt, sitemapXml } from '@glucosuivi/domain/shared/site-map';
import { sendError } from './error-handler';

/** The built web app (when there is one), robots.txt and sitemap.xml, and what answers an unknown path. */
export async function registerWebPages(
  app: FastifyInstance,
  deps: {
    webDist?: string | undefined;
    publicUrl: string;
    /** Whether the request may be signed in (features/auth): the prerendered pages are signed out. */
    maybeSignedIn: (request: FastifyRequest) => boolean;
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

  const PRERENDERED_PAGES: Readonly<Record<string, string>> = { '/': 'index.html', '/auth': 'auth.html' };
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/');
    if (webDist && wantsPage && !path.startsWith('/assets/')) {
      // The public entry pages were rendered at build time in French, signed out, without query
      // (scripts/prerender.mjs). Any query (?lng=en, ?mode=register, ?next=…) may change what the
      // page shows, and so may a session (its header, /auth's redirect): that request gets the
      // plain page, rendered by the app alone. The answer depends on the cookie: `vary` says so.
      const prerendered = PRERENDERED_PAGES[path];
      const query = request.url.split('?')[1] ?? '';
      if (prerendered) reply.header('vary', 'cookie');
      if (prerendered && (query === '' || query === 'lng=fr') && !deps.maybeSignedIn(request) && existsSync(join(webDist, 'prerendered', prerendered))) {
        return reply.header('cache-control', 'no-cache').sendFile(`prerendered/${prerendered}`, webDist);
      }
      // History fallback: the SPA owns every other path, including its own 404 page, which an
      // unknown path gets with a real 404 status (crawlers and monitors see it as missing).
      return reply.code(isAppPath(path) ? 200 : 404).header('cache-control', 'no-cache').sendFile('index.html', webDist);
    }
    return sendError(reply, request, 'not_found', 'Not found');
  });
}
