/**
 * Query keys of the messages (GET /api/messages/…), shared by the patient's /messages page, the
 * professional's inbox and patient page, the header's count and the realtime client, which
 * invalidates them when a message is sent or read elsewhere:
 * - `message.sent`: the conversation (a new message; the open view then marks it delivered or
 *   read), the list (preview, unread count) and the unread total;
 * - `message.read`: the conversation (the sender's receipts turn to "Lu"), the list and the total.
 */
export const messageKeys = {
  /** Everything about messages (after signing out or a lost realtime connection). */
  all: ['messages'] as const,
  /** GET /api/messages/conversations: the list, with previews and unread counts. */
  conversations: ['messages', 'conversations'] as const,
  /** GET /api/messages/conversations/:linkId/messages: the pages of one conversation. */
  conversation: (linkId: string) => ['messages', 'conversation', linkId] as const,
  /** GET /api/messages/unread: the header's count. */
  unread: ['messages', 'unread'] as const,
};
