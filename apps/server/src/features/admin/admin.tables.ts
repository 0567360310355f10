import { sql } from 'drizzle-orm';
import { index, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth.tables';
import { appUser } from '../../platform/db/roles';

/**
 * Every action an administrator takes (lock, verify, answer a ticket, grant…), for the audit.
 * Kept when either account is erased (ids nulled, the e-mails as they were stay readable).
 * Read and written only by the admin service with the owner connection; a request role sees
 * nothing of it (RLS on, one policy refusing everything).
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: uuid().primaryKey(),
    actorId: text().references(() => user.id, { onDelete: 'set null' }),
    actorEmail: text().notNull(),
    /** What was done, a stable key (e.g. `account.lock`, `professional.verify`, `ticket.answer`). */
    action: text().notNull(),
    targetUserId: text().references(() => user.id, { onDelete: 'set null' }),
    targetEmail: text(),
    /** The reason given, or what changed (never a health value). */
    detail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('admin_actions_created_idx').on(t.createdAt),
    pgPolicy('admin_actions_no_request_access', { as: 'restrictive', for: 'all', to: appUser, using: sql`false`, withCheck: sql`false` }),
  ],
).enableRLS();
