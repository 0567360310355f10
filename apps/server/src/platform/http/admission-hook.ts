import type { FastifyInstance, FastifyRequest } from 'fastify';
import { REALTIME_PATH } from '@glucosuivi/domain/realtime/realtime.schemas';
import type { AdmissionQueue } from '../admission';

declare module 'fastify' {
  interface FastifyRequest {
    /** Gives the request's database turn back; set once it was admitted (ADR 0019). */
    admissionRelease: (() => void) | null;
  }
}

/**
 * Every API request waits its turn in the admission queue before its session lookup, so a burst
 * queues here, first come first served per user, and is refused with 503 + Retry-After rather
 * than answered late. Not queued: the health check (monitoring must see a busy server as up),
 * the realtime channel (a socket that stays open would hold a turn for hours) and everything
 * outside /api (static assets and pages).
 */
export function registerAdmission(
  app: FastifyInstance,
  queue: AdmissionQueue,
  keyOf: (request: FastifyRequest) => string,
) {
  app.decorateRequest('admissionRelease', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!queued(request.url.split('?', 1)[0]!)) return;
    const { admitted, leave } = queue.enter(keyOf(request));
    // A client that goes away while waiting gives its place up.
    const socket = request.raw.socket as
      | {
          once?: (event: string, fn: () => void) => void;
          off?: (event: string, fn: () => void) => void;
        }
      | undefined;
    socket?.once?.('close', leave);
    let giveBack: () => void;
    try {
      giveBack = await admitted;
    } finally {
      socket?.off?.('close', leave);
    }
    request.admissionRelease = giveBack;
    // However the exchange ends, the turn comes back (once: giving back twice is a no-op). The
    // hooks below are the early way; the response's close is the sure one: a journey run lost both
    // turns of PGlite to exchanges that ended without either hook, and every later API request
    // waited for a turn that never came (503 at its deadline). A connection already gone, or a
    // response already ended, when the turn came would never close again: given back at once.
    if (request.raw.destroyed || reply.raw.destroyed || reply.raw.writableEnded || request.raw.socket?.destroyed) {
      giveBack();
      request.admissionRelease = null;
      return;
    }
    reply.raw.once('close', giveBack);
  });
  const release = async (request: FastifyRequest) => {
    request.admissionRelease?.();
    request.admissionRelease = null;
  };
  app.addHook('onResponse', release);
  // A client that left mid-request: Fastify may never send, so the turn is given back here.
  app.addHook('onRequestAbort', release);
}

const NOT_QUEUED = ['/api/health', REALTIME_PATH];

function queued(path: string): boolean {
  return (
    path.startsWith('/api/') &&
    !NOT_QUEUED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
  );
}
