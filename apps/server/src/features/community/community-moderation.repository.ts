import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../platform/db/database';
import { profiles } from '../accounts/accounts.tables';
import { user } from '../auth/auth.tables';
import { userSettings } from '../settings/settings.tables';
import { forumPosts, forumProfiles, forumReports, forumThreads } from './community.tables';

/*
 * The moderators' queries, on the owner connection: reports are closed to an administrator's
 * request role (only reporters see their own), and every change here commits with its audit
 * record in the same transaction.
 */

const author = alias(forumProfiles, 'author_profile');
const reporter = alias(forumProfiles, 'reporter_profile');

/** Open reports, oldest first, with what the moderator needs to judge them. */
export function openReports(db: Db, limit: number) {
  return db
    .select({
      id: forumReports.id,
      postId: forumPosts.id,
      threadId: forumThreads.id,
      threadTitle: forumThreads.title,
      body: forumPosts.body,
      author: author.pseudonym,
      reporter: reporter.pseudonym,
      reason: forumReports.reason,
      createdAt: forumReports.createdAt,
      postHidden: forumPosts.hidden,
      threadLocked: forumThreads.locked,
      authorBannedUntil: author.bannedUntil,
    })
    .from(forumReports)
    .innerJoin(forumPosts, eq(forumPosts.id, forumReports.postId))
    .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
    .innerJoin(author, eq(author.userId, forumPosts.authorId))
    .leftJoin(reporter, eq(reporter.userId, forumReports.reporterId))
    .where(isNull(forumReports.resolvedAt))
    .orderBy(asc(forumReports.createdAt), asc(forumReports.id))
    .limit(limit);
}

export interface ModeratedPost {
  id: string;
  threadId: string;
  authorId: string;
  threadTitle: string;
  /** The thread's opening post: hiding it hides the thread's title too. */
  first: boolean;
}

export async function findPost(db: Db | Tx, id: string): Promise<ModeratedPost | undefined> {
  const [row] = await db
    .select({
      id: forumPosts.id,
      threadId: forumPosts.threadId,
      authorId: forumPosts.authorId,
      threadTitle: forumThreads.title,
      // Spelled out: the subquery must name the outer table's row.
      first: sql<boolean>`not exists (select 1 from forum_posts e where e.thread_id = "forum_posts"."thread_id"
        and (e.created_at, e.id) < ("forum_posts"."created_at", "forum_posts"."id"))`,
    })
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
    .where(eq(forumPosts.id, id));
  return row;
}

export async function setPostHidden(tx: Tx, post: ModeratedPost, hidden: boolean, reason: string | null): Promise<void> {
  await tx.update(forumPosts).set({ hidden, hiddenReason: reason }).where(eq(forumPosts.id, post.id));
  if (post.first) await tx.update(forumThreads).set({ hidden, hiddenReason: reason }).where(eq(forumThreads.id, post.threadId));
}

/** Closes the open reports of a post with what was done. */
export async function resolveReportsOf(tx: Tx, postId: string, resolution: string, at: Date): Promise<void> {
  await tx
    .update(forumReports)
    .set({ resolvedAt: at, resolution })
    .where(and(eq(forumReports.postId, postId), isNull(forumReports.resolvedAt)));
}

export async function resolveReport(tx: Tx, id: string, resolution: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(forumReports)
    .set({ resolvedAt: at, resolution })
    .where(and(eq(forumReports.id, id), isNull(forumReports.resolvedAt)))
    .returning({ id: forumReports.id });
  return rows.length > 0;
}

export async function findThreadRow(tx: Tx, id: string) {
  const [row] = await tx.select().from(forumThreads).where(eq(forumThreads.id, id));
  return row;
}

export async function setThreadLocked(tx: Tx, id: string, locked: boolean): Promise<void> {
  await tx.update(forumThreads).set({ locked }).where(eq(forumThreads.id, id));
}

export async function setBan(tx: Tx, userId: string, until: Date, reason: string): Promise<void> {
  await tx.update(forumProfiles).set({ bannedUntil: until, banReason: reason }).where(eq(forumProfiles.userId, userId));
}

/** Authors whose ban runs at `now`, the longest first. */
export async function activeBans(db: Db, now: Date) {
  return db
    .select({ userId: forumProfiles.userId, pseudonym: forumProfiles.pseudonym, bannedUntil: forumProfiles.bannedUntil, reason: forumProfiles.banReason })
    .from(forumProfiles)
    .where(gt(forumProfiles.bannedUntil, now))
    .orderBy(desc(forumProfiles.bannedUntil), asc(forumProfiles.pseudonym));
}

/** Ends a running ban; false when the user has none. */
export async function liftBan(tx: Tx, userId: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(forumProfiles)
    .set({ bannedUntil: null, banReason: null })
    .where(and(eq(forumProfiles.userId, userId), gt(forumProfiles.bannedUntil, now)))
    .returning({ userId: forumProfiles.userId });
  return rows.length > 0;
}

/** Where and in which language to tell an author about a moderation (account address and setting). */
export async function authorContact(db: Db, userId: string): Promise<{ email: string; language: string | null } | undefined> {
  const [row] = await db
    .select({ email: user.email, profileEmail: profiles.email, language: userSettings.language })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(userSettings, eq(userSettings.userId, user.id))
    .where(eq(user.id, userId));
  return row ? { email: row.email ?? row.profileEmail, language: row.language } : undefined;
}
