import type { FastifyInstance } from 'fastify';

/**
 * Browser features no page of the app uses are switched off, so an injected script or a framed
 * page cannot ask for them; copying to the clipboard (invite code, share link) stays allowed.
 */
export const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'bluetooth=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
  'browsing-topics=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
].join(', ');

/**
 * Every API answer is `Cache-Control: no-store`, whatever the route set: nearly all of them carry
 * personal or health data, and one rule that cannot be forgotten beats a list of exceptions (the
 * few public ones, health and the OpenAPI document, are cheap and must be live anyway). Pages and
 * assets keep their own caching (app.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
  });
}
