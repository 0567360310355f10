import { randomUUID } from 'node:crypto';
import {
  FORUM_CATEGORIES,
  FORUM_EDIT_WINDOW_HOURS,
  FORUM_PAGE_SIZE,
  type CategoryList,
  type CreatedPost,
  type ForumCategory,
  type ForumMe,
  type ForumPost,
  type NewPostInput,
  type NewThreadInput,
  type ReportInput,
  type SearchQuery,
  type SearchResults,
  type ThreadList,
  type ThreadPage,
  type ThreadSummary,
} from '@glucosuivi/domain/community/community.schemas';
import { markdownToPlainText } from '@glucosuivi/domain/community/markdown';
import type { Actor, Database } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { RateLimiter } from '../../platform/rate-limit';
import { AppError } from '../../platform/http/app-error';
import { PG, pgError } from '../../platform/db/pg-error';
import * as repo from './community.repository';

/*
 * The forum's reading (public, pseudonyms only) and its members' writing (issue 19). A member
 * writes under their own row-level security; posting needs a pseudonym and no current ban, and
 * is rate-limited per account.
 */

export interface CommunityLimits {
  /** Posts (threads and replies) per account: a short burst, and a day's worth. */
  postsBurst: RateLimiter;
  postsDaily: RateLimiter;
  /** New threads per account. */
  threads: RateLimiter;
  /** Reports per account. */
  reports: RateLimiter;
}

export interface CommunityDeps {
  database: Database;
  clock: Clock;
  limits: CommunityLimits;
}

const iso = (date: Date) => date.toISOString();
const pageCount = (total: number) => Math.max(1, Math.ceil(total / FORUM_PAGE_SIZE));
const offsetOf = (page: number) => (page - 1) * FORUM_PAGE_SIZE;

export async function listCategories(deps: CommunityDeps): Promise<CategoryList> {
  const stats = new Map((await repo.categoryStats(deps.database.db)).map((row) => [row.category, row]));
  return {
    categories: FORUM_CATEGORIES.map((slug) => {
      const row = stats.get(slug);
      return { slug, threadCount: row?.threadCount ?? 0, postCount: row?.postCount ?? 0, lastActivityAt: row?.lastActivityAt ? iso(row.lastActivityAt) : null };
    }),
  };
}

/** A thread as listed; a hidden thread's title is the moderators' and its author's only. */
function threadSummary(row: repo.ThreadListRow, readerId: string | null): ThreadSummary {
  return {
    id: row.id,
    category: row.category as ForumCategory,
    title: row.hidden && row.authorId !== readerId ? null : row.title,
    author: row.author,
    createdAt: iso(row.createdAt),
    lastActivityAt: iso(row.lastActivityAt),
    replyCount: row.replyCount,
    locked: row.locked,
    hidden: row.hidden,
  };
}

export async function listThreads(deps: CommunityDeps, actor: Actor | null, category: ForumCategory, page: number): Promise<ThreadList> {
  const { rows, total } = await repo.listThreads(deps.database.db, category, offsetOf(page), FORUM_PAGE_SIZE);
  return { category, threads: rows.map((row) => threadSummary(row, actor?.userId ?? null)), page, pageCount: pageCount(total), total };
}

/** A thread's page of posts: a hidden post keeps its place, its text and reason shown to its author only. */
export async function getThread(deps: CommunityDeps, actor: Actor | null, id: string, page: number): Promise<ThreadPage> {
  const db = deps.database.db;
  const thread = await repo.findThread(db, id);
  if (!thread) throw new AppError('not_found', 'No such thread');
  const readerId = actor?.userId ?? null;
  const [rows, total] = await Promise.all([repo.listPosts(db, id, offsetOf(page), FORUM_PAGE_SIZE), repo.countPosts(db, id)]);
  const posts: ForumPost[] = rows.map((row) => {
    const mine = row.authorId === readerId;
    return {
      id: row.id,
      author: row.author,
      body: row.hidden && !mine ? null : row.body,
      createdAt: iso(row.createdAt),
      editedAt: row.editedAt ? iso(row.editedAt) : null,
      hidden: row.hidden,
      hiddenReason: mine ? row.hiddenReason : null,
      mine,
    };
  });
  return { thread: threadSummary(thread, readerId), posts, page, pageCount: pageCount(total), total };
}

const EXCERPT_LENGTH = 200;

/** Up to 200 characters of the post's text around the first match. */
function excerptAround(text: string, words: string): string {
  const at = text.toLowerCase().indexOf(words.toLowerCase());
  const start = at > EXCERPT_LENGTH / 2 ? at - EXCERPT_LENGTH / 2 : 0;
  const slice = text.slice(start, start + EXCERPT_LENGTH);
  return `${start > 0 ? '…' : ''}${slice}${start + EXCERPT_LENGTH < text.length ? '…' : ''}`;
}

export async function search(deps: CommunityDeps, query: SearchQuery): Promise<SearchResults> {
  const { rows, total } = await repo.searchThreads(deps.database.db, query.q, offsetOf(query.page), FORUM_PAGE_SIZE);
  return {
    results: rows.map((row) => ({
      threadId: row.threadId,
      category: row.category as ForumCategory,
      title: row.title,
      excerpt: excerptAround(markdownToPlainText(row.body ?? ''), query.q),
      lastActivityAt: iso(row.lastActivityAt),
    })),
    page: query.page,
    pageCount: pageCount(total),
    total,
  };
}

// ---------------------------------------------------------------------------------------------
// The member's side.

function meView(profile: repo.ProfileRow | undefined, now: Date): ForumMe {
  const banned = profile?.bannedUntil && profile.bannedUntil > now ? profile : null;
  return { pseudonym: profile?.pseudonym ?? null, bannedUntil: banned ? iso(banned.bannedUntil!) : null, banReason: banned?.banReason ?? null };
}

export async function getMe(deps: CommunityDeps, actor: Actor): Promise<ForumMe> {
  const profile = await deps.database.asActor(actor, (tx) => repo.ownProfile(tx, actor.userId));
  return meView(profile, deps.clock.now());
}

export async function setPseudonym(deps: CommunityDeps, actor: Actor, pseudonym: string): Promise<ForumMe> {
  if (await repo.pseudonymTaken(deps.database.db, pseudonym, actor.userId)) throw new AppError('pseudonym_taken');
  try {
    const profile = await deps.database.asActor(actor, async (tx) => {
      await repo.savePseudonym(tx, actor.userId, pseudonym, Boolean(await repo.ownProfile(tx, actor.userId)));
      return repo.ownProfile(tx, actor.userId);
    });
    return meView(profile, deps.clock.now());
  } catch (error) {
    // Two members choosing the same pseudonym at once: the unique index decides.
    if (pgError(error)?.code === PG.uniqueViolation) throw new AppError('pseudonym_taken');
    throw error;
  }
}

/**
 * Who may post: a member with a pseudonym and no ban running. Checked before the limits are
 * counted, so a refused post costs nothing and nothing is stored.
 */
async function assertMayPost(deps: CommunityDeps, actor: Actor): Promise<void> {
  const profile = await deps.database.asActor(actor, (tx) => repo.ownProfile(tx, actor.userId));
  if (!profile) throw new AppError('pseudonym_required');
  const me = meView(profile, deps.clock.now());
  if (me.bannedUntil) throw new AppError('forum_banned', 'Banned from the forum', undefined, { params: { until: me.bannedUntil } });
}

async function countPost(deps: CommunityDeps, actor: Actor, newThread: boolean): Promise<void> {
  const now = deps.clock.now();
  if (newThread) await deps.limits.threads.consume(actor.userId, now);
  await deps.limits.postsBurst.consume(actor.userId, now);
  await deps.limits.postsDaily.consume(actor.userId, now);
}

export async function createThread(deps: CommunityDeps, actor: Actor, category: ForumCategory, input: NewThreadInput): Promise<CreatedPost> {
  await assertMayPost(deps, actor);
  await countPost(deps, actor, true);
  const threadId = randomUUID();
  const postId = randomUUID();
  const at = deps.clock.now();
  await deps.database.asActor(actor, async (tx) => {
    await repo.insertThread(tx, { id: threadId, category, title: input.title, authorId: actor.userId, createdAt: at, lastActivityAt: at });
    await repo.insertPost(tx, { id: postId, threadId, authorId: actor.userId, body: input.body, createdAt: at });
  });
  return { threadId, postId, page: 1 };
}

export async function reply(deps: CommunityDeps, actor: Actor, threadId: string, input: NewPostInput): Promise<CreatedPost> {
  const thread = await repo.findThread(deps.database.db, threadId);
  if (!thread) throw new AppError('not_found', 'No such thread');
  if (thread.locked) throw new AppError('thread_locked');
  await assertMayPost(deps, actor);
  await countPost(deps, actor, false);
  const postId = randomUUID();
  // Never before the thread's last post, so the order shown is the order written.
  const at = new Date(Math.max(deps.clock.now().getTime(), thread.lastActivityAt.getTime() + 1));
  const position = await deps.database.asActor(actor, async (tx) => {
    // Locked in between: the update policy hides a locked thread, and nothing is written.
    if (!(await repo.touchThread(tx, threadId, at))) throw new AppError('thread_locked');
    await repo.insertPost(tx, { id: postId, threadId, authorId: actor.userId, body: input.body, createdAt: at });
    return repo.postPosition(tx, threadId, at);
  });
  return { threadId, postId, page: pageCount(position) };
}

/**
 * Its author edits a post: within FORUM_EDIT_WINDOW_HOURS of posting, while it is visible and its
 * thread open, and not while banned; counted with the posts (an edit can carry as much as a new
 * one). Another user's post is "not found". Written on the owner connection (the request role may
 * not update posts), the author and visibility checked in the statement itself.
 */
export async function editPost(deps: CommunityDeps, actor: Actor, postId: string, input: NewPostInput): Promise<CreatedPost> {
  const post = await repo.postForEdit(deps.database.db, postId);
  if (!post || post.authorId !== actor.userId || post.hidden) throw new AppError('not_found', 'No such post of yours');
  if (post.locked) throw new AppError('thread_locked');
  const now = deps.clock.now();
  if (now.getTime() - post.createdAt.getTime() > FORUM_EDIT_WINDOW_HOURS * 3_600_000) throw new AppError('edit_window_closed');
  await assertMayPost(deps, actor);
  await deps.limits.postsBurst.consume(actor.userId, now);
  if (!(await repo.updatePostBody(deps.database.db, postId, actor.userId, input.body, now))) throw new AppError('not_found', 'No such post of yours');
  const position = await repo.postPosition(deps.database.db, post.threadId, post.createdAt);
  return { threadId: post.threadId, postId, page: pageCount(position) };
}

export async function report(deps: CommunityDeps, actor: Actor, postId: string, input: ReportInput): Promise<{ id: string }> {
  await deps.limits.reports.consume(actor.userId, deps.clock.now());
  const id = randomUUID();
  await deps.database.asActor(actor, async (tx) => {
    if (!(await repo.postExists(tx, postId))) throw new AppError('not_found', 'No such post');
    await repo.insertReport(tx, { id, postId, reporterId: actor.userId, reason: input.reason, createdAt: deps.clock.now() });
  });
  return { id };
}

/**
 * The user's forum for "Télécharger mes données": their pseudonym and ban, if any, and every post
 * they wrote with its thread, hidden ones included with the moderators' reason.
 */
export async function forumArchive(deps: { database: Database }, actor: Actor) {
  const profile = await deps.database.asActor(actor, (tx) => repo.ownProfile(tx, actor.userId));
  const posts = await repo.postsByAuthor(deps.database.db, actor.userId);
  return {
    pseudonym: profile?.pseudonym ?? null,
    bannedUntil: profile?.bannedUntil?.toISOString() ?? null,
    banReason: profile?.banReason ?? null,
    posts: posts.map((post) => ({ ...post, createdAt: post.createdAt.toISOString(), editedAt: post.editedAt?.toISOString() ?? null })),
  };
}
