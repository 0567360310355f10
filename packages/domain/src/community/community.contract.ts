import { defineEndpoint } from '../shared/contract';
import {
  adminBanListSchema,
  adminReportListSchema,
  banAuthorInputSchema,
  categoryListSchema,
  categoryParamsSchema,
  createdPostSchema,
  forumMeSchema,
  hidePostInputSchema,
  idParamsSchema,
  lockThreadInputSchema,
  moderationDoneSchema,
  newPostInputSchema,
  newThreadInputSchema,
  pageQuerySchema,
  pseudonymInputSchema,
  reportInputSchema,
  reportReceiptSchema,
  searchQuerySchema,
  searchResultsSchema,
  threadListSchema,
  threadPageSchema,
  userIdParamsSchema,
} from './community.schemas';

/*
 * The patients' forum (issue 19). Reading is public (authors by pseudonym only); writing needs an
 * account and a pseudonym; administrators moderate. Posting is rate-limited per account.
 */

export const listForumCategories = defineEndpoint({
  method: 'GET',
  path: '/api/community/categories',
  summary: 'The forum categories with their number of threads and posts and their latest activity',
  tags: ['community'],
  access: 'public',
  response: categoryListSchema,
});

export const listForumThreads = defineEndpoint({
  method: 'GET',
  path: '/api/community/categories/:slug/threads',
  summary: 'A category’s threads, most recent activity first, 20 per page',
  tags: ['community'],
  access: 'public',
  params: categoryParamsSchema,
  query: pageQuerySchema,
  response: threadListSchema,
});

export const getForumThread = defineEndpoint({
  method: 'GET',
  path: '/api/community/threads/:id',
  summary: 'A thread and a page of its posts, oldest first; hidden posts without their text',
  tags: ['community'],
  access: 'public',
  params: idParamsSchema,
  query: pageQuerySchema,
  response: threadPageSchema,
  errors: ['not_found'],
});

export const searchForum = defineEndpoint({
  method: 'GET',
  path: '/api/community/search',
  summary: 'Threads whose title or visible posts contain the words, most recent activity first',
  tags: ['community'],
  access: 'public',
  query: searchQuerySchema,
  response: searchResultsSchema,
});

export const getForumMe = defineEndpoint({
  method: 'GET',
  path: '/api/community/me',
  summary: 'My forum pseudonym and ban, if any',
  tags: ['community'],
  access: 'user',
  response: forumMeSchema,
});

export const setForumPseudonym = defineEndpoint({
  method: 'PUT',
  path: '/api/community/me',
  summary: 'Chooses my forum pseudonym (unique, case-insensitive)',
  tags: ['community'],
  access: 'user',
  body: pseudonymInputSchema,
  response: forumMeSchema,
  errors: ['pseudonym_taken'],
});

export const createForumThread = defineEndpoint({
  method: 'POST',
  path: '/api/community/categories/:slug/threads',
  summary: 'Starts a thread with its first post',
  tags: ['community'],
  access: 'user',
  params: categoryParamsSchema,
  body: newThreadInputSchema,
  status: 201,
  response: createdPostSchema,
  errors: ['pseudonym_required', 'forum_banned', 'rate_limited'],
});

export const replyToForumThread = defineEndpoint({
  method: 'POST',
  path: '/api/community/threads/:id/posts',
  summary: 'Replies to a thread (not a locked one)',
  tags: ['community'],
  access: 'user',
  params: idParamsSchema,
  body: newPostInputSchema,
  status: 201,
  response: createdPostSchema,
  errors: ['not_found', 'pseudonym_required', 'forum_banned', 'thread_locked', 'rate_limited'],
});

export const reportForumPost = defineEndpoint({
  method: 'POST',
  path: '/api/community/posts/:id/reports',
  summary: 'Reports a post to the moderators with a reason',
  tags: ['community'],
  access: 'user',
  params: idParamsSchema,
  body: reportInputSchema,
  status: 201,
  response: reportReceiptSchema,
  errors: ['not_found', 'rate_limited'],
});

export const listForumReports = defineEndpoint({
  method: 'GET',
  path: '/api/admin/community/reports',
  summary: 'Open reports, oldest first (administrators)',
  tags: ['community', 'admin'],
  access: 'admin',
  response: adminReportListSchema,
});

export const hideForumPost = defineEndpoint({
  method: 'POST',
  path: '/api/admin/community/posts/:id/hidden',
  summary: 'Hides (with a reason) or shows again a post; its author is told (administrators)',
  tags: ['community', 'admin'],
  access: 'admin',
  params: idParamsSchema,
  body: hidePostInputSchema,
  response: moderationDoneSchema,
  errors: ['not_found'],
});

export const lockForumThread = defineEndpoint({
  method: 'POST',
  path: '/api/admin/community/threads/:id/locked',
  summary: 'Locks or unlocks a thread (administrators)',
  tags: ['community', 'admin'],
  access: 'admin',
  params: idParamsSchema,
  body: lockThreadInputSchema,
  response: moderationDoneSchema,
  errors: ['not_found'],
});

export const banForumAuthor = defineEndpoint({
  method: 'POST',
  path: '/api/admin/community/posts/:id/ban-author',
  summary: 'Bans the post’s author from posting for some days or for good, with a reason; they are told (administrators)',
  tags: ['community', 'admin'],
  access: 'admin',
  params: idParamsSchema,
  body: banAuthorInputSchema,
  response: moderationDoneSchema,
  errors: ['not_found'],
});

export const dismissForumReport = defineEndpoint({
  method: 'POST',
  path: '/api/admin/community/reports/:id/dismiss',
  summary: 'Closes a report without action (administrators)',
  tags: ['community', 'admin'],
  access: 'admin',
  params: idParamsSchema,
  response: moderationDoneSchema,
  errors: ['not_found'],
});

export const listForumBans = defineEndpoint({
  method: 'GET',
  path: '/api/admin/community/bans',
  summary: 'Authors banned now, the longest ban first (administrators)',
  tags: ['community', 'admin'],
  access: 'admin',
  response: adminBanListSchema,
});

export const liftForumBan = defineEndpoint({
  method: 'POST',
  path: '/api/admin/community/bans/:userId/lift',
  summary: 'Lets a banned author post again (administrators)',
  tags: ['community', 'admin'],
  access: 'admin',
  params: userIdParamsSchema,
  response: moderationDoneSchema,
  errors: ['not_found'],
});

export const editForumPost = defineEndpoint({
  method: 'PUT',
  path: '/api/community/posts/:id',
  summary: 'Its author edits a post within 24 hours of posting (not a hidden one, not in a locked thread)',
  tags: ['community'],
  access: 'user',
  params: idParamsSchema,
  body: newPostInputSchema,
  response: createdPostSchema,
  errors: ['not_found', 'forum_banned', 'thread_locked', 'edit_window_closed', 'rate_limited'],
});
