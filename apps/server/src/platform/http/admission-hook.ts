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
  app.addHook('onRequest', async (request) => {
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
    try {
      request.admissionRelease = await admitted;
    } finally {
      socket?.off?.('close', leave);
    }
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
