import { sql } from 'drizzle-orm';
import { boolean, index, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth.tables';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';

const ownRow = sql.raw(`user_id = ${CURRENT_USER_ID}`);
const isAdmin = sql.raw(`current_setting('app.role', true) = 'admin'`);

/**
 * Support requests (signed-in form) and contact messages (public form, `user_id` null, the
 * address to answer kept in `email`). A user's tickets go with the account (ON DELETE CASCADE).
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid().primaryKey(),
    userId: text().references(() => user.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    type: text().notNull(),
    subject: text().notNull(),
    message: text().notNull(),
    language: text().notNull().default('fr'),
    /** `open` (waiting for support), `answered` (waiting for the requester), `closed`. */
    status: text().notNull().default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Last reply or status change: the inbox sorts on it. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_user_id_idx').on(t.userId),
    // The requester sees and writes only their own tickets.
    pgPolicy('support_tickets_owner', {
      as: 'permissive',
      for: 'all',
      to: appUser,
      using: ownRow,
      withCheck: ownRow,
    }),
    // A visitor without an account may only add an anonymous message (never read one back).
    pgPolicy('support_tickets_anonymous_insert', {
      as: 'permissive',
      for: 'insert',
      to: appUser,
      withCheck: sql.raw(`user_id is null and ${CURRENT_USER_ID} is null`),
    }),
    // Administrators answer tickets (PRODUCT §1): they read them, never health data.
    pgPolicy('support_tickets_admin_read', {
      as: 'permissive',
      for: 'select',
      to: appUser,
      using: isAdmin,
    }),
    pgPolicy('support_tickets_admin_update', {
      as: 'permissive',
      for: 'update',
      to: appUser,
      using: isAdmin,
      withCheck: isAdmin,
    }),
  ],
).enableRLS();

const ownTicket = sql.raw(`exists (select 1 from support_tickets t where t.id = ticket_id and t.user_id = ${CURRENT_USER_ID})`);

/**
 * The conversation on a ticket after its first message: answers from support (`from_support`) and
 * the requester's follow-ups, oldest first. Goes with its ticket.
 */
export const supportTicketReplies = pgTable(
  'support_ticket_replies',
  {
    id: uuid().primaryKey(),
    ticketId: uuid()
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: text().references(() => user.id, { onDelete: 'set null' }),
    fromSupport: boolean().notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_ticket_replies_ticket_idx').on(t.ticketId, t.createdAt),
    // The requester reads the whole conversation of their tickets and adds follow-ups, never as support.
    pgPolicy('support_ticket_replies_requester_read', { as: 'permissive', for: 'select', to: appUser, using: ownTicket }),
    pgPolicy('support_ticket_replies_requester_insert', {
      as: 'permissive',
      for: 'insert',
      to: appUser,
      withCheck: sql.raw(`from_support = false and author_id = ${CURRENT_USER_ID} and exists (select 1 from support_tickets t where t.id = ticket_id and t.user_id = ${CURRENT_USER_ID})`),
    }),
    // Administrators read every conversation and answer as support.
    pgPolicy('support_ticket_replies_admin', { as: 'permissive', for: 'all', to: appUser, using: isAdmin, withCheck: isAdmin }),
  ],
).enableRLS();
