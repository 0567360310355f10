import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../db/database';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user acting in this request, or null. Resolved once per request. */
    actor: Actor | null;
  }
}

/**
 * How a request's cookies/headers become an actor; the accounts feature provides it. With a reply
 * it may also refresh the session's cookies; without (an open WebSocket asking again who its
 * handshake signs in) it only answers.
 */
export type ResolveActor = (request: FastifyRequest, reply?: FastifyReply) => Promise<Actor | null>;

export function registerActor(app: FastifyInstance, resolveActor: ResolveActor) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request, reply) => {
    // Static files and the SPA shell never need a session lookup.
    if (!request.url.startsWith('/api/')) return;
    request.actor = await resolveActor(request, reply);
  });
}
