import type { FastifyInstance } from 'fastify';
import * as contract from '@glucosuivi/domain/messages/messages.contract';
import { registerEndpoint } from '../../platform/http/contract';
import * as messages from './messages.service';

export function messagesRoutes(app: FastifyInstance, deps: messages.MessagesDeps) {
  registerEndpoint(app, contract.listConversations, ({ actor }) =>
    messages.listConversations(deps, actor),
  );
  registerEndpoint(app, contract.getUnreadTotal, ({ actor }) =>
    messages.getUnreadTotal(deps, actor),
  );
  registerEndpoint(app, contract.getMessages, ({ actor, params, query }) =>
    messages.getMessages(deps, actor, params.linkId, query),
  );
  registerEndpoint(app, contract.sendMessage, ({ actor, params, body }) =>
    messages.sendMessage(deps, actor, params.linkId, body.text),
  );
  registerEndpoint(app, contract.markRead, ({ actor, params, body }) =>
    messages.markReceipts(deps, actor, params.linkId, body.upToMessageId, 'read'),
  );
  registerEndpoint(app, contract.markDelivered, ({ actor, params, body }) =>
    messages.markReceipts(deps, actor, params.linkId, body.upToMessageId, 'delivered'),
  );
}
