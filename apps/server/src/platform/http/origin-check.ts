import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './error-handler';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route may be called by a non-browser client that sends neither a cookie nor an Origin
     * (e.g. a future API-key uploader). A request that carries a cookie is checked as usual.
     */
    originFreeClients?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type OriginVerdict = 'allowed' | 'foreign_origin' | 'missing_origin' | 'not_json';

/** The origin part of a URL (`http://host:port`), or null when it is not a URL. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length !== undefined && Number(length) > 0) return true;
  return request.headers['transfer-encoding'] !== undefined;
}

function isJson(request: FastifyRequest): boolean {
  const type = request.headers['content-type'];
  return (
    typeof type === 'string' && type.split(';')[0]!.trim().toLowerCase() === 'application/json'
  );
}

/**
 * A Nightscout client's own credential in a header (`api-secret`, or `Authorization: Bearer`):
 * a page of another origin can send such a header only after a CORS preflight, which this
 * server never grants with credentials, so a request carrying one is an app's, not a forged
 * one — even with a cookie of the same browser beside it (the route checks the credential).
 */
function carriesDeviceCredential(request: FastifyRequest): boolean {
  const authorization = request.headers.authorization;
  return typeof request.headers['api-secret'] === 'string' || (typeof authorization === 'string' && /^bearer\s/i.test(authorization));
}

/**
 * Decides whether a state-changing request may run. A browser adds `Origin` to every
 * POST/PUT/PATCH/DELETE, and no page of another origin can make it lie; when Origin is absent
 * (older browsers on same-origin requests), `Sec-Fetch-Site: same-origin` says the same. A body
 * must be JSON: the forms and `no-cors` fetches another site can send without a preflight only
 * carry text/plain, url-encoded or multipart bodies.
 */
export function judgeStateChange(
  request: FastifyRequest,
  allowedOrigins: ReadonlySet<string>,
  options: { originFreeClients?: boolean } = {},
): OriginVerdict {
  const origin = request.headers.origin;
  if (options.originFreeClients && carriesDeviceCredential(request)) {
    // Not a forgeable browser request: see carriesDeviceCredential.
  } else if (typeof origin === 'string') {
    const normalized = origin === 'null' ? null : originOf(origin);
    if (!normalized || !allowedOrigins.has(normalized)) return 'foreign_origin';
  } else if (request.headers['sec-fetch-site'] !== 'same-origin') {
    const anonymousClient =
      request.headers.cookie === undefined && request.headers['sec-fetch-site'] === undefined;
    if (!(options.originFreeClients && anonymousClient)) return 'missing_origin';
  }
  if (hasBody(request) && !isJson(request)) return 'not_json';
  return 'allowed';
}

/**
 * Refuses, before any session lookup, every state-changing request that does not come from one
 * of our own pages (cross-site request forgery, including from another port of the same host).
 * `allowedOrigins` are full URLs or origins: the public URL and the configured trusted origins.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins.map(originOf).filter((o): o is string => o !== null));
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const verdict = judgeStateChange(request, allowed, {
      originFreeClients: request.routeOptions.config?.originFreeClients === true,
    });
    if (verdict === 'allowed') return;
    request.log.warn({ verdict }, 'state-changing request refused (origin check)');
    return sendError(
      reply,
      request,
      'cross_site_request',
      'Request refused: it must come from the application itself',
    );
  });
}
