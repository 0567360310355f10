import type { FastifyInstance } from 'fastify';
import * as contract from '@glucosuivi/domain/support/support.contract';
import { registerEndpoint } from '../../platform/http/contract';
import {
  createSupportTicket,
  getMySupportTicket,
  listMySupportTickets,
  replyToMySupportTicket,
  sendContactMessage,
  type SupportDeps,
} from './support.service';
import {
  answerSupportTicket,
  getSupportTicket,
  listSupportTickets,
  setSupportTicketStatus,
  type SupportAdminDeps,
} from './support-admin.service';

/** Messages allowed per client address: 5 every 10 minutes, both forms and follow-ups together. */
export const SUPPORT_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;

/** Its limiter (deps.perIp) comes from app.ts, on the shared counter store. */
export function supportRoutes(app: FastifyInstance, deps: SupportDeps & SupportAdminDeps) {
  registerEndpoint(app, contract.createSupportTicket, async ({ body, actor, request }) =>
    createSupportTicket(deps, actor, body, request.ip),
  );
  registerEndpoint(app, contract.sendContactMessage, async ({ body, request }) =>
    sendContactMessage(deps, body, request.ip),
  );
  registerEndpoint(app, contract.listMySupportTickets, ({ actor }) => listMySupportTickets(deps, actor));
  registerEndpoint(app, contract.getMySupportTicket, ({ actor, params }) => getMySupportTicket(deps, actor, params.id));
  registerEndpoint(app, contract.replyToMySupportTicket, ({ actor, params, body, request }) =>
    replyToMySupportTicket(deps, actor, params.id, body, request.ip),
  );
  registerEndpoint(app, contract.listSupportTickets, ({ actor, query }) => listSupportTickets(deps, actor, query));
  registerEndpoint(app, contract.getSupportTicket, ({ actor, params }) => getSupportTicket(deps, actor, params.id));
  registerEndpoint(app, contract.answerSupportTicket, ({ actor, params, body }) =>
    answerSupportTicket(deps, actor, params.id, body),
  );
  registerEndpoint(app, contract.setSupportTicketStatus, ({ actor, params, body }) =>
    setSupportTicketStatus(deps, actor, params.id, body),
  );
}
