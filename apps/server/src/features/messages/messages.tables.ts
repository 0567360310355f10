import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userIdColumn } from '../auth/auth.tables';
import { careLinks } from '../care-team/care-team.tables';

/**
 * Messages (PRODUCT.md §5): one conversation per care link. Each row carries the link and its two
 * people (`patient_id` is the distribution key of the scale-out plan) and cascades with the link
 * and with either person, so erasing an account erases its conversations.
 *
 * Receipts are the recipient's, and a message has exactly one recipient (the person of the link
 * who did not send it): `delivered_at` when their client acknowledged it, `read_at` when they
 * opened the conversation up to it.
 *
 * Row-level security is enabled here; the policies live in the hand-written part of the same
 * migration (`*_messages.sql`), because they call the SECURITY DEFINER function created there
 * (`message_links()`), which drizzle-kit cannot express.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    linkId: uuid()
      .notNull()
      .references(() => careLinks.id, { onDelete: 'cascade' }),
    patientId: userIdColumn(),
    professionalId: userIdColumn(),
    senderId: userIdColumn(),
    /** Plain text as typed (trimmed, line ends normalised); HTML is not interpreted. */
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    deliveredAt: timestamp({ withTimezone: true }),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // History pages, newest first with the (created_at, id) keyset, and the last message of a
    // conversation. NULLS FIRST is what a plain DESC sorts by, so ORDER BY … DESC reads the index as is.
    index('messages_link_created_idx').on(
      t.linkId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Unread counts: only unread rows, few per conversation.
    index('messages_link_unread_idx')
      .on(t.linkId, t.senderId)
      .where(sql`read_at is null`),
    check('messages_sender_is_party', sql`${t.senderId} in (${t.patientId}, ${t.professionalId})`),
    // The service's rule (1..4,000 characters) as the last lock; char_length counts code points,
    // never more than the service's UTF-16 length, so it never refuses what the service accepts.
    check('messages_body_length', sql`char_length(${t.body}) between 1 and 4000`),
  ],
).enableRLS();
