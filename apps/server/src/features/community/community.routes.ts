import type { FastifyInstance } from 'fastify';
import * as contract from '@glucosuivi/domain/community/community.contract';
import { registerEndpoint } from '../../platform/http/contract';
import * as forum from './community.service';
import * as moderation from './community-moderation.service';

/** Posting limits per account (threads and replies together for the posts). */
export const FORUM_LIMITS = {
  postsBurst: { max: 5, windowMs: 10 * 60_000 },
  postsDaily: { max: 20, windowMs: 24 * 60 * 60_000 },
  threads: { max: 3, windowMs: 60 * 60_000 },
  reports: { max: 10, windowMs: 60 * 60_000 },
} as const;

/** The limiters (deps.limits) come from app.ts, on the shared counter store. */
export function communityRoutes(app: FastifyInstance, deps: forum.CommunityDeps & moderation.ModerationDeps) {
  registerEndpoint(app, contract.listForumCategories, () => forum.listCategories(deps));
  registerEndpoint(app, contract.listForumThreads, ({ actor, params, query }) => forum.listThreads(deps, actor, params.slug, query.page));
  registerEndpoint(app, contract.getForumThread, ({ actor, params, query }) => forum.getThread(deps, actor, params.id, query.page));
  registerEndpoint(app, contract.searchForum, ({ query }) => forum.search(deps, query));
  registerEndpoint(app, contract.getForumMe, ({ actor }) => forum.getMe(deps, actor));
  registerEndpoint(app, contract.setForumPseudonym, ({ actor, body }) => forum.setPseudonym(deps, actor, body.pseudonym));
  registerEndpoint(app, contract.createForumThread, ({ actor, params, body }) => forum.createThread(deps, actor, params.slug, body));
  registerEndpoint(app, contract.replyToForumThread, ({ actor, params, body }) => forum.reply(deps, actor, params.id, body));
  registerEndpoint(app, contract.editForumPost, ({ actor, params, body }) => forum.editPost(deps, actor, params.id, body));
  registerEndpoint(app, contract.reportForumPost, ({ actor, params, body }) => forum.report(deps, actor, params.id, body));
  registerEndpoint(app, contract.listForumReports, () => moderation.listReports(deps));
  registerEndpoint(app, contract.hideForumPost, ({ actor, params, body }) => moderation.hidePost(deps, actor, params.id, body));
  registerEndpoint(app, contract.lockForumThread, ({ actor, params, body }) => moderation.lockThread(deps, actor, params.id, body));
  registerEndpoint(app, contract.banForumAuthor, ({ actor, params, body }) => moderation.banAuthor(deps, actor, params.id, body));
  registerEndpoint(app, contract.dismissForumReport, ({ actor, params }) => moderation.dismissReport(deps, actor, params.id));
  registerEndpoint(app, contract.listForumBans, () => moderation.listBans(deps));
  registerEndpoint(app, contract.liftForumBan, ({ actor, params }) => moderation.liftBan(deps, actor, params.userId));
}
