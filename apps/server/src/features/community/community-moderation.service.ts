import { LANGUAGES, type Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import {
  BANNED_FOR_GOOD,
  type AdminBanList,
  type AdminReportList,
  type BanAuthorInput,
  type HidePostInput,
  type LockThreadInput,
} from '@glucosuivi/domain/community/community.schemas';
import { markdownToPlainText } from '@glucosuivi/domain/community/markdown';
import type { Actor, Database } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mail';
import { AppError } from '../../platform/http/app-error';
import { recordAdminAction } from '../admin/admin-actions.service';
import { findAccountById } from '../accounts/accounts.service';
import * as repo from './community-moderation.repository';
import { moderationEmail, type ModerationNotice } from './community.emails';

/*
 * The moderators' side of the forum (issue 19), in /admin. Each action runs on the owner
 * connection with its audit record in the same transaction; the author is then e-mailed in their
 * language (hiding and banning), and a hidden post shows its reason to its author on the forum.
 */

export interface ModerationDeps {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  log: { warn(obj: object, msg: string): void };
  appUrl: string;
}

const REPORTS_MAX = 200;
const EXCERPT = 280;
const DAY_MS = 24 * 60 * 60_000;

export async function listReports(deps: ModerationDeps): Promise<AdminReportList> {
  const rows = await repo.openReports(deps.database.db, REPORTS_MAX);
  return {
    items: rows.map((row) => {
      const text = markdownToPlainText(row.body);
      return {
        id: row.id,
        postId: row.postId,
        threadId: row.threadId,
        threadTitle: row.threadTitle,
        excerpt: text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text,
        author: row.author,
        reporter: row.reporter,
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
        postHidden: row.postHidden,
        threadLocked: row.threadLocked,
        authorBannedUntil: row.authorBannedUntil && row.authorBannedUntil > deps.clock.now() ? row.authorBannedUntil.toISOString() : null,
      };
    }),
  };
}

async function auditActor(deps: ModerationDeps, actor: Actor) {
  const account = await findAccountById(deps.database.db, actor.userId);
  if (!account) throw new AppError('unauthenticated');
  return { userId: actor.userId, email: account.email };
}

/** The e-mail goes without holding the answer; a failure is logged without address or text. */
async function tellAuthor(deps: ModerationDeps, authorId: string, notice: ModerationNotice) {
  const contact = await repo.authorContact(deps.database.db, authorId);
  if (!contact) return;
  const language: Language = (LANGUAGES as readonly string[]).includes(contact.language ?? '') ? (contact.language as Language) : 'fr';
  void deps.mailer
    .send(moderationEmail(contact.email, notice, language))
    .catch((error: unknown) => deps.log.warn({ err: error, kind: notice.kind }, 'forum moderation e-mail failed'));
}

async function postOrMissing(deps: ModerationDeps, postId: string) {
  const post = await repo.findPost(deps.database.db, postId);
  if (!post) throw new AppError('not_found', 'No such post');
  return post;
}

export async function hidePost(deps: ModerationDeps, actor: Actor, postId: string, input: HidePostInput) {
  const admin = await auditActor(deps, actor);
  const post = await postOrMissing(deps, postId);
  const reason = input.hidden ? (input.reason ?? null) : null;
  await deps.database.db.transaction(async (tx) => {
    await repo.setPostHidden(tx, post, input.hidden, reason);
    if (input.hidden) await repo.resolveReportsOf(tx, postId, 'hidden', deps.clock.now());
    await recordAdminAction(
      deps,
      { actor: admin, action: input.hidden ? 'forum.post.hide' : 'forum.post.unhide', target: { userId: post.authorId }, detail: `post ${postId}${reason ? ` · ${reason}` : ''}` },
      tx,
    );
  });
  if (input.hidden && reason) {
    await tellAuthor(deps, post.authorId, { kind: 'hidden', threadTitle: post.threadTitle, reason, threadUrl: `${deps.appUrl}/community/t/${post.threadId}` });
  }
  return { ok: true as const };
}

export async function lockThread(deps: ModerationDeps, actor: Actor, threadId: string, input: LockThreadInput) {
  const admin = await auditActor(deps, actor);
  await deps.database.db.transaction(async (tx) => {
    const thread = await repo.findThreadRow(tx, threadId);
    if (!thread) throw new AppError('not_found', 'No such thread');
    await repo.setThreadLocked(tx, threadId, input.locked);
    await recordAdminAction(
      deps,
      { actor: admin, action: input.locked ? 'forum.thread.lock' : 'forum.thread.unlock', target: { userId: thread.authorId }, detail: `thread ${threadId}${input.reason ? ` · ${input.reason}` : ''}` },
      tx,
    );
  });
  return { ok: true as const };
}

export async function banAuthor(deps: ModerationDeps, actor: Actor, postId: string, input: BanAuthorInput) {
  const admin = await auditActor(deps, actor);
  const post = await postOrMissing(deps, postId);
  if (post.authorId === actor.userId) throw new AppError('forbidden', 'A moderator cannot ban themself');
  const until = input.days === null ? new Date(BANNED_FOR_GOOD) : new Date(deps.clock.now().getTime() + input.days * DAY_MS);
  await deps.database.db.transaction(async (tx) => {
    await repo.setBan(tx, post.authorId, until, input.reason);
    await repo.resolveReportsOf(tx, postId, 'banned', deps.clock.now());
    await recordAdminAction(
      deps,
      { actor: admin, action: 'forum.author.ban', target: { userId: post.authorId }, detail: `${input.days === null ? 'for good' : `${input.days} days`} · ${input.reason}` },
      tx,
    );
  });
  await tellAuthor(deps, post.authorId, { kind: 'banned', until: input.days === null ? null : until, reason: input.reason });
  return { ok: true as const };
}

export async function dismissReport(deps: ModerationDeps, actor: Actor, reportId: string) {
  const admin = await auditActor(deps, actor);
  await deps.database.db.transaction(async (tx) => {
    if (!(await repo.resolveReport(tx, reportId, 'dismissed', deps.clock.now()))) throw new AppError('not_found', 'No such open report');
    await recordAdminAction(deps, { actor: admin, action: 'forum.report.dismiss', detail: `report ${reportId}` }, tx);
  });
  return { ok: true as const };
}

/** Authors banned now; a ban "for good" shows without an end. */
export async function listBans(deps: ModerationDeps): Promise<AdminBanList> {
  const rows = await repo.activeBans(deps.database.db, deps.clock.now());
  return {
    items: rows.map((row) => ({
      userId: row.userId,
      pseudonym: row.pseudonym,
      bannedUntil: row.bannedUntil && row.bannedUntil.toISOString() !== BANNED_FOR_GOOD ? row.bannedUntil.toISOString() : null,
      reason: row.reason,
    })),
  };
}

/** Lets a banned author post again; recorded in the audit with the author as target. */
export async function liftBan(deps: ModerationDeps, actor: Actor, userId: string) {
  const admin = await auditActor(deps, actor);
  await deps.database.db.transaction(async (tx) => {
    if (!(await repo.liftBan(tx, userId, deps.clock.now()))) throw new AppError('not_found', 'No running ban for this user');
    await recordAdminAction(deps, { actor: admin, action: 'forum.author.unban', target: { userId } }, tx);
  });
  return { ok: true as const };
}
