import { defineEndpoint } from '../shared/contract';
import {
  conversationListSchema,
  conversationParamsSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messageSchema,
  receiptResultSchema,
  receiptSchema,
  sendMessageSchema,
  unreadTotalSchema,
} from './messages.schemas';

/*
 * Messages (PRODUCT.md §4–5): one conversation per care link, named by the link's id. Access
 * rules, enforced by the service and by PostgreSQL row-level security on `messages`:
 * - Only the two people of the link: the patient (patient account) and the professional (doctor
 *   account). Anyone else — another professional, another patient, an administrator (who never
 *   reads messages) — gets `not_found`, as for a link that does not exist.
 * - A professional reaches a conversation only through an ACTIVE care link. No shared category is
 *   needed: messaging is part of the care link itself, not a kind of health data the patient
 *   shares, so a link sharing only `weight` still carries its conversation.
 * - Once the patient revokes the link, the professional loses the conversation entirely
 *   (`not_found` everywhere, it leaves their list); the patient keeps it read-only: they list,
 *   read and mark read, and a send answers `conversation_read_only`.
 * - Reading a conversation is not reading health data: it is not written to the access log.
 * - `message.sent` and `message.read` domain events follow the commits (ids only, never text).
 */

export const listConversations = defineEndpoint({
  method: 'GET',
  path: '/api/messages/conversations',
  summary:
    'My conversations, most recent first, with the other person’s name, the last message’s preview and the unread count. ' +
    'A patient: one per care link, active or revoked (read-only). A professional: one per active link.',
  tags: ['messages'],
  access: 'user',
  response: conversationListSchema,
  errors: ['not_found'],
});

export const getUnreadTotal = defineEndpoint({
  method: 'GET',
  path: '/api/messages/unread',
  summary:
    'How many messages of others I have not read, in all my conversations (the header’s count)',
  tags: ['messages'],
  access: 'user',
  response: unreadTotalSchema,
  errors: ['not_found'],
});

export const getMessages = defineEndpoint({
  method: 'GET',
  path: '/api/messages/conversations/:linkId/messages',
  summary:
    'One page of a conversation, newest first (30 by default, at most 100), older pages through `before` = `nextCursor`',
  tags: ['messages'],
  access: 'user',
  params: conversationParamsSchema,
  query: messagePageQuerySchema,
  response: messagePageSchema,
  errors: ['not_found'],
});

export const sendMessage = defineEndpoint({
  method: 'POST',
  path: '/api/messages/conversations/:linkId/messages',
  summary:
    'Sends a plain-text message (1 to 4,000 characters after trimming) in an active care link’s conversation',
  tags: ['messages'],
  access: 'user',
  params: conversationParamsSchema,
  body: sendMessageSchema,
  status: 201,
  response: messageSchema,
  errors: ['not_found', 'conversation_read_only'],
});

export const markRead = defineEndpoint({
  method: 'POST',
  path: '/api/messages/conversations/:linkId/read',
  summary:
    'Recipient: marks the other person’s messages read up to this message, included (they count as delivered too)',
  tags: ['messages'],
  access: 'user',
  params: conversationParamsSchema,
  body: receiptSchema,
  response: receiptResultSchema,
  errors: ['not_found'],
});

export const markDelivered = defineEndpoint({
  method: 'POST',
  path: '/api/messages/conversations/:linkId/delivered',
  summary:
    'Recipient’s client: acknowledges that it fetched the other person’s messages up to this message, included',
  tags: ['messages'],
  access: 'user',
  params: conversationParamsSchema,
  body: receiptSchema,
  response: receiptResultSchema,
  errors: ['not_found'],
});
