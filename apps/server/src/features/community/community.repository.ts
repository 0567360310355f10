import { and, asc, count, desc, eq, max, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db/database';
import { forumPosts, forumProfiles, forumReports, forumThreads } from './community.tables';

/*
 * Public reads take the owner connection (`Db`): the forum is public, and these queries select
 * pseudonyms from forum_profiles, never a name or address from the account tables. Member writes
 * take the member's own transaction (`Tx`), where row-level security lets them write only as
 * themselves.
 */

export type ProfileRow = typeof forumProfiles.$inferSelect;
export type ThreadRow = typeof forumThreads.$inferSelect;

const authorProfile = alias(forumProfiles, 'author_profile');

const threadColumns = {
  id: forumThreads.id,
  category: forumThreads.category,
  title: forumThreads.title,
  authorId: forumThreads.authorId,
  author: authorProfile.pseudonym,
  createdAt: forumThreads.createdAt,
  lastActivityAt: forumThreads.lastActivityAt,
  locked: forumThreads.locked,
  hidden: forumThreads.hidden,
  // Spelled out: the subquery must name the outer table.
  replyCount: sql<number>`(select greatest(count(*) - 1, 0)::int from forum_posts p where p.thread_id = "forum_threads"."id")`,
};
export interface ThreadListRow {
  id: string;
  category: string;
  title: string;
  authorId: string;
  author: string;
  createdAt: Date;
  lastActivityAt: Date;
  locked: boolean;
  hidden: boolean;
  replyCount: number;
}

export interface CategoryStats {
  category: string;
  threadCount: number;
  postCount: number;
  lastActivityAt: Date | null;
}

export async function categoryStats(db: Db): Promise<CategoryStats[]> {
  const threads = await db
    .select({ category: forumThreads.category, threadCount: count(), lastActivityAt: max(forumThreads.lastActivityAt) })
    .from(forumThreads)
    .groupBy(forumThreads.category);
  const posts = await db
    .select({ category: forumThreads.category, postCount: count() })
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
    .groupBy(forumThreads.category);
  const postCounts = new Map(posts.map((row) => [row.category, row.postCount]));
  return threads.map((row) => ({ ...row, postCount: postCounts.get(row.category) ?? 0 }));
}

export async function listThreads(db: Db, category: string, offset: number, limit: number): Promise<{ rows: ThreadListRow[]; total: number }> {
  const rows = await db
    .select(threadColumns)
    .from(forumThreads)
    .innerJoin(authorProfile, eq(authorProfile.userId, forumThreads.authorId))
    .where(eq(forumThreads.category, category))
    .orderBy(desc(forumThreads.lastActivityAt), desc(forumThreads.id))
    .offset(offset)
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(forumThreads).where(eq(forumThreads.category, category));
  return { rows, total: total?.n ?? 0 };
}

export async function findThread(db: Db | Tx, id: string): Promise<ThreadListRow | undefined> {
  const [row] = await db
    .select(threadColumns)
    .from(forumThreads)
    .innerJoin(authorProfile, eq(authorProfile.userId, forumThreads.authorId))
    .where(eq(forumThreads.id, id));
  return row;
}

/** A post's own text and state, as a thread page and the author's data archive show it. */
const postContent = {
  body: forumPosts.body,
  createdAt: forumPosts.createdAt,
  editedAt: forumPosts.editedAt,
  hidden: forumPosts.hidden,
  hiddenReason: forumPosts.hiddenReason,
};

export async function listPosts(db: Db, threadId: string, offset: number, limit: number) {
  return db
    .select({
      id: forumPosts.id,
      authorId: forumPosts.authorId,
      author: authorProfile.pseudonym,
      ...postContent,
    })
    .from(forumPosts)
    .innerJoin(authorProfile, eq(authorProfile.userId, forumPosts.authorId))
    .where(eq(forumPosts.threadId, threadId))
    .orderBy(asc(forumPosts.createdAt), asc(forumPosts.id))
    .offset(offset)
    .limit(limit);
}

/** Posts of a thread up to and including one (its position, for the page it is on). */
export async function postPosition(db: Db | Tx, threadId: string, createdAt: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(forumPosts)
    .where(and(eq(forumPosts.threadId, threadId), sql`${forumPosts.createdAt} <= ${createdAt.toISOString()}`));
  return row?.n ?? 1;
}

export async function countPosts(db: Db, threadId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(forumPosts).where(eq(forumPosts.threadId, threadId));
  return row?.n ?? 0;
}

/** `%`, `_` and `\` typed by the reader are matched as themselves in ILIKE. */
export function likePattern(words: string): string {
  return `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Visible threads whose title or a visible post contains the words (case-insensitive), with the
 * first matching post's text (or the first post's) for the excerpt.
 */
export async function searchThreads(db: Db, words: string, offset: number, limit: number) {
  const pattern = likePattern(words);
  const matches = sql`not ${forumThreads.hidden} and (${forumThreads.title} ilike ${pattern} or exists (
    select 1 from forum_posts p where p.thread_id = "forum_threads"."id" and not p.hidden and p.body ilike ${pattern}))`;
  const rows = await db
    .select({
      threadId: forumThreads.id,
      category: forumThreads.category,
      title: forumThreads.title,
      lastActivityAt: forumThreads.lastActivityAt,
      body: sql<string | null>`coalesce(
        (select p.body from forum_posts p where p.thread_id = "forum_threads"."id" and not p.hidden and p.body ilike ${pattern} order by p.created_at limit 1),
        (select p.body from forum_posts p where p.thread_id = "forum_threads"."id" and not p.hidden order by p.created_at limit 1))`,
    })
    .from(forumThreads)
    .where(matches)
    .orderBy(desc(forumThreads.lastActivityAt), desc(forumThreads.id))
    .offset(offset)
    .limit(limit);
  const [total] = await db.select({ n: count() }).from(forumThreads).where(matches);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// A member's own writes, in their transaction.

export async function ownProfile(tx: Tx, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await tx.select().from(forumProfiles).where(eq(forumProfiles.userId, userId));
  return row;
}

/** Whether another member already has this pseudonym, whatever its case (owner connection: others' rows are closed to RLS). */
export async function pseudonymTaken(db: Db, pseudonym: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: forumProfiles.userId })
    .from(forumProfiles)
    .where(and(sql`lower(${forumProfiles.pseudonym}) = lower(${pseudonym})`, sql`${forumProfiles.userId} <> ${userId}`));
  return Boolean(row);
}

export async function savePseudonym(tx: Tx, userId: string, pseudonym: string, exists: boolean): Promise<void> {
  if (exists) await tx.update(forumProfiles).set({ pseudonym }).where(eq(forumProfiles.userId, userId));
  else await tx.insert(forumProfiles).values({ userId, pseudonym });
}

export async function insertThread(tx: Tx, thread: typeof forumThreads.$inferInsert): Promise<void> {
  await tx.insert(forumThreads).values(thread);
}

export async function insertPost(tx: Tx, post: typeof forumPosts.$inferInsert): Promise<void> {
  await tx.insert(forumPosts).values(post);
}

/** Moves a thread's last activity; false when the thread is locked (its update policy hides it). */
export async function touchThread(tx: Tx, id: string, at: Date): Promise<boolean> {
  const rows = await tx.update(forumThreads).set({ lastActivityAt: at }).where(eq(forumThreads.id, id)).returning({ id: forumThreads.id });
  return rows.length > 0;
}

export async function postExists(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: forumPosts.id }).from(forumPosts).where(eq(forumPosts.id, id));
  return Boolean(row);
}

export async function insertReport(tx: Tx, report: typeof forumReports.$inferInsert): Promise<void> {
  await tx.insert(forumReports).values(report);
}

/** Every post the user wrote, oldest first, with its thread ("Télécharger mes données"; hidden ones too, with the reason). */
export async function postsByAuthor(db: Db | Tx, authorId: string) {
  return db
    .select({
      id: forumPosts.id,
      threadId: forumPosts.threadId,
      threadTitle: forumThreads.title,
      category: forumThreads.category,
      ...postContent,
    })
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
    .where(eq(forumPosts.authorId, authorId))
    .orderBy(asc(forumPosts.createdAt), asc(forumPosts.id));
}

/** A post with what editing it depends on: its author, time, hiding and its thread's lock. */
export async function postForEdit(db: Db | Tx, id: string) {
  const [row] = await db
    .select({ id: forumPosts.id, threadId: forumPosts.threadId, authorId: forumPosts.authorId, createdAt: forumPosts.createdAt, hidden: forumPosts.hidden, locked: forumThreads.locked })
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
    .where(eq(forumPosts.id, id));
  return row;
}

/** Replaces the text of the author's own visible post; false when it changed hands in between (hidden, gone). */
export async function updatePostBody(db: Db | Tx, id: string, authorId: string, body: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(forumPosts)
    .set({ body, editedAt: at })
    .where(and(eq(forumPosts.id, id), eq(forumPosts.authorId, authorId), eq(forumPosts.hidden, false)))
    .returning({ id: forumPosts.id });
  return rows.length > 0;
}
