import type { FastifyInstance } from 'fastify';
import {
  createSupportTicket,
  sendContactMessage,
} from '@glucosuivi/domain/support/support.contract';
import { registerEndpoint } from '../../platform/http/contract';
import { RateLimiter } from '../../platform/rate-limit';
import { createSupportService, type SupportDeps, type SupportService } from './support.service';

/** Messages allowed per client address: 5 every 10 minutes, both forms together. */
export const SUPPORT_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;

export function supportRoutes(app: FastifyInstance, service: SupportService) {
  registerEndpoint(app, createSupportTicket, async ({ body, actor, request }) =>
    service.createTicket(actor, body, request.ip),
  );
  registerEndpoint(app, sendContactMessage, async ({ body, request }) =>
    service.sendContact(body, request.ip),
  );
}

/** Creates the service with its own rate limiter and registers its routes (one line in app.ts). */
export function registerSupport(app: FastifyInstance, deps: Omit<SupportDeps, 'perIp' | 'log'>) {
  supportRoutes(
    app,
    createSupportService({
      ...deps,
      log: app.log,
      perIp: new RateLimiter(SUPPORT_LIMIT.max, SUPPORT_LIMIT.windowMs),
    }),
  );
}
