import { sql } from 'drizzle-orm';
import { boolean, index, pgPolicy, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user, userIdColumn } from '../auth/auth.tables';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';

/*
 * The patients' forum (issue 19). Public reading goes through the service on the owner
 * connection and shows pseudonyms only; a request's own writes (pseudonym, posts, reports) run
 * under its row-level security, which lets it write only as itself; moderation runs on the owner
 * connection with its audit record in the same transaction. Migration 0026 narrows the request
 * role's UPDATE to the columns a member may change and revokes DELETE.
 */

const asAuthor = (column: string) => sql.raw(`${column} = ${CURRENT_USER_ID}`);
const everyone = sql`true`;

/** A member's forum identity: the pseudonym shown on their posts, and a ban set by the moderators. */
export const forumProfiles = pgTable(
  'forum_profiles',
  {
    userId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    pseudonym: text().notNull(),
    bannedUntil: timestamp({ withTimezone: true }),
    banReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Unique whatever the case: "Camille" and "camille" would be the same person to a reader.
    uniqueIndex('forum_profiles_pseudonym_unique').on(sql`lower(${t.pseudonym})`),
    pgPolicy('forum_profiles_own', { as: 'permissive', for: 'all', to: appUser, using: asAuthor('user_id'), withCheck: asAuthor('user_id') }),
  ],
).enableRLS();

export const forumThreads = pgTable(
  'forum_threads',
  {
    id: uuid().primaryKey(),
    category: text().notNull(),
    title: text().notNull(),
    authorId: userIdColumn(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The newest post's time: category pages sort on it. */
    lastActivityAt: timestamp({ withTimezone: true }).notNull(),
    locked: boolean().notNull().default(false),
    /** Set with its first post's hiding: its title is then not shown. */
    hidden: boolean().notNull().default(false),
    hiddenReason: text(),
  },
  (t) => [
    index('forum_threads_category_activity_idx').on(t.category, t.lastActivityAt),
    pgPolicy('forum_threads_read', { as: 'permissive', for: 'select', to: appUser, using: everyone }),
    pgPolicy('forum_threads_start', { as: 'permissive', for: 'insert', to: appUser, withCheck: asAuthor('author_id') }),
    // A reply moves its thread's last activity (the only column the grants leave to requests), never a locked thread's.
    pgPolicy('forum_threads_touch', { as: 'permissive', for: 'update', to: appUser, using: sql`not locked`, withCheck: sql`not locked` }),
  ],
).enableRLS();

export const forumPosts = pgTable(
  'forum_posts',
  {
    id: uuid().primaryKey(),
    threadId: uuid()
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    authorId: userIdColumn(),
    /** The Markdown source as written; rendered by the web app's safe subset. */
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    editedAt: timestamp({ withTimezone: true }),
    hidden: boolean().notNull().default(false),
    hiddenReason: text(),
  },
  (t) => [
    index('forum_posts_thread_idx').on(t.threadId, t.createdAt),
    index('forum_posts_author_idx').on(t.authorId),
    pgPolicy('forum_posts_read', { as: 'permissive', for: 'select', to: appUser, using: everyone }),
    pgPolicy('forum_posts_write', { as: 'permissive', for: 'insert', to: appUser, withCheck: asAuthor('author_id') }),
  ],
).enableRLS();

export const forumReports = pgTable(
  'forum_reports',
  {
    id: uuid().primaryKey(),
    postId: uuid()
      .notNull()
      .references(() => forumPosts.id, { onDelete: 'cascade' }),
    reporterId: userIdColumn(),
    reason: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    resolvedAt: timestamp({ withTimezone: true }),
    /** `hidden`, `dismissed`, … what closed it. */
    resolution: text(),
  },
  (t) => [
    index('forum_reports_open_idx').on(t.resolvedAt, t.createdAt),
    // A member files reports and sees only their own; the moderators read them on the owner connection.
    pgPolicy('forum_reports_own', { as: 'permissive', for: 'all', to: appUser, using: asAuthor('reporter_id'), withCheck: asAuthor('reporter_id') }),
  ],
).enableRLS();
