import { z } from 'zod';
import { freeText } from '../shared/text';

/**
 * Messages (PRODUCT.md §5): one conversation per care link, between the patient and the
 * professional of that link. A conversation is named by its care link's id.
 */

/** Longest message, in characters after trimming (PRODUCT.md §5). */
export const MESSAGE_MAX_LENGTH = 4000;
/** History pages: newest first, 30 by default, at most 100. */
export const MESSAGE_PAGE_DEFAULT = 30;
export const MESSAGE_PAGE_MAX = 100;
/** How much of the last message the conversation list shows. */
export const MESSAGE_PREVIEW_LENGTH = 140;

/** Line ends as typed on any system: CR LF and a lone CR become LF before the text rules run. */
export function normalizeLineEnds(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * A message's text: plain text, 1 to 4,000 characters after trimming, new lines and tabs allowed,
 * no NUL or other control character (the shared text type, multi-line). HTML is not special: it is
 * stored and returned as typed, and the web app shows it as text.
 */
export const messageTextSchema = z
  .string()
  .transform(normalizeLineEnds)
  .pipe(freeText({ min: 1, max: MESSAGE_MAX_LENGTH, multiline: true }));

/**
 * Receipts, as the recipient's side moved them: `sent` (stored), `delivered` (the recipient's
 * client fetched it and said so), `read` (the recipient opened the conversation up to it).
 */
export const MESSAGE_STATUSES = ['sent', 'delivered', 'read'] as const;
export const messageStatusSchema = z.enum(MESSAGE_STATUSES);
export type MessageStatus = z.infer<typeof messageStatusSchema>;

export const messageSchema = z.object({
  id: z.uuid(),
  /** The conversation: the care link's id. */
  linkId: z.uuid(),
  senderId: z.string(),
  /** Sent by the person asking. */
  mine: z.boolean(),
  text: z.string(),
  createdAt: z.iso.datetime(),
  status: messageStatusSchema,
  deliveredAt: z.iso.datetime().nullable(),
  readAt: z.iso.datetime().nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** The other person of a conversation, named as they are now. */
export const counterpartSchema = z.object({
  userId: z.string(),
  role: z.enum(['patient', 'professional']),
  firstName: z.string(),
  lastName: z.string().nullable(),
});
export type Counterpart = z.infer<typeof counterpartSchema>;

export const conversationSchema = z.object({
  linkId: z.uuid(),
  /** The care link's status: a revoked link's conversation is the patient's, read-only. */
  linkStatus: z.enum(['active', 'revoked']),
  /** False once the link is revoked (the answer to a send is then `conversation_read_only`). */
  canSend: z.boolean(),
  counterpart: counterpartSchema,
  lastMessage: z
    .object({
      id: z.uuid(),
      mine: z.boolean(),
      /** The first 140 characters of its text. */
      preview: z.string(),
      createdAt: z.iso.datetime(),
      status: messageStatusSchema,
    })
    .nullable(),
  /** Messages of the other person not read yet. */
  unreadCount: z.number().int().nonnegative(),
  since: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationListSchema = z.object({
  /** Most recent activity first (last message, else the link's creation). */
  items: z.array(conversationSchema),
  totalUnread: z.number().int().nonnegative(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

export const conversationParamsSchema = z.object({ linkId: z.uuid() }).strict();

export const messagePageQuerySchema = z
  .object({
    /** Keyset: messages strictly older than this cursor (a previous page's `nextCursor`). */
    before: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).optional(),
  })
  .strict();
export type MessagePageQuery = z.infer<typeof messagePageQuerySchema>;

export const messagePageSchema = z.object({
  conversation: conversationSchema,
  /** Newest first. */
  items: z.array(messageSchema),
  /** Null on the oldest page. */
  nextCursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

export const sendMessageSchema = z.object({ text: messageTextSchema }).strict();
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** Receipts move up to a message of the conversation, that one included. */
export const receiptSchema = z.object({ upToMessageId: z.uuid() }).strict();
export type ReceiptInput = z.infer<typeof receiptSchema>;

export const receiptResultSchema = z.object({
  linkId: z.uuid(),
  /** Messages this call moved (0 when they were already there). */
  updated: z.number().int().nonnegative(),
  /** Unread messages left in this conversation, and in all of them (the header's count). */
  unreadCount: z.number().int().nonnegative(),
  totalUnread: z.number().int().nonnegative(),
});
export type ReceiptResult = z.infer<typeof receiptResultSchema>;

export const unreadTotalSchema = z.object({ total: z.number().int().nonnegative() });
export type UnreadTotal = z.infer<typeof unreadTotalSchema>;
