import type { FastifyReply, FastifyRequest } from 'fastify';

/** A Fetch `Headers` copy of the request's headers, for libraries that speak Fetch. */
export function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  return headers;
}

/** Adds Set-Cookie headers (session set, refreshed or cleared) to the reply. */
export function applyCookies(reply: FastifyReply, setCookies: string[]) {
  if (setCookies.length === 0) return;
  const existing = reply.getHeader('set-cookie');
  const current = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  reply.header('set-cookie', [...current, ...setCookies]);
}
