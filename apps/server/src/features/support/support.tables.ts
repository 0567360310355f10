import { sql } from 'drizzle-orm';
import { index, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth.tables';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';

const ownRow = sql.raw(`user_id = ${CURRENT_USER_ID}`);

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
    status: text().notNull().default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
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
      using: sql.raw(`current_setting('app.role', true) = 'admin'`),
    }),
  ],
).enableRLS();
