import type { FastifyInstance } from 'fastify';
import * as contract from '@glucosuivi/domain/support/support.contract';
import { registerEndpoint } from '../../platform/http/contract';
import { createSupportTicket, sendContactMessage, type SupportDeps } from './support.service';

/** Messages allowed per client address: 5 every 10 minutes, both forms together. */
export const SUPPORT_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;

/** Its limiter (deps.perIp) comes from app.ts, on the shared counter store. */
export function supportRoutes(app: FastifyInstance, deps: SupportDeps) {
  registerEndpoint(app, contract.createSupportTicket, async ({ body, actor, request }) =>
    createSupportTicket(deps, actor, body, request.ip),
  );
  registerEndpoint(app, contract.sendContactMessage, async ({ body, request }) =>
    sendContactMessage(deps, body, request.ip),
  );
}
