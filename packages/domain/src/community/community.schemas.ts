import { z } from 'zod';
import { freeText } from '../shared/text';

/**
 * The patients' forum (issue 19). Everything here is public to read: authors are shown by their
 * forum pseudonym only, never by their account's name or address, and nothing from the app's
 * health data ever reaches a forum answer.
 */

/** The fixed categories, in display order; their names are translated by the web catalogs. */
export const FORUM_CATEGORIES = ['type-1', 'type-2', 'gestational', 'devices', 'food', 'sport', 'parents'] as const;
export const forumCategorySchema = z.enum(FORUM_CATEGORIES);
export type ForumCategory = z.infer<typeof forumCategorySchema>;

export const FORUM_TITLE_MIN = 3;
export const FORUM_TITLE_MAX = 120;
export const FORUM_BODY_MAX = 5000;
export const FORUM_REASON_MAX = 500;
export const PSEUDONYM_MIN = 3;
export const PSEUDONYM_MAX = 30;
/** Threads per category page and posts per thread page. */
export const FORUM_PAGE_SIZE = 20;
/** Longest ban in days; a ban without a number of days is for good. */
export const FORUM_BAN_DAYS_MAX = 3650;

// Issue messages are translation keys of the web's `community:errors.<key>`.
const title = freeText({ min: FORUM_TITLE_MIN, max: FORUM_TITLE_MAX, messages: { required: 'titleTooShort', tooLong: 'titleTooLong' } });
const body = freeText({ min: 1, max: FORUM_BODY_MAX, multiline: true, messages: { required: 'bodyRequired', tooLong: 'bodyTooLong' } });
const reason = freeText({ min: 1, max: FORUM_REASON_MAX, multiline: true, messages: { required: 'reasonRequired', tooLong: 'reasonTooLong' } });

/** Letters (any script), digits, and `_ - .` inside; case-insensitively unique on the server. */
export const pseudonymSchema = z
  .string()
  .trim()
  .min(PSEUDONYM_MIN, 'pseudonymTooShort')
  .max(PSEUDONYM_MAX, 'pseudonymTooLong')
  .regex(/^[\p{L}\p{N}](?:[\p{L}\p{N}_.-]*[\p{L}\p{N}])?$/u, 'pseudonymInvalid');

export const pseudonymInputSchema = z.object({ pseudonym: pseudonymSchema }).strict();
export type PseudonymInput = z.infer<typeof pseudonymInputSchema>;

export const newThreadInputSchema = z.object({ title, body }).strict();
export type NewThreadInput = z.infer<typeof newThreadInputSchema>;

export const newPostInputSchema = z.object({ body }).strict();
export type NewPostInput = z.infer<typeof newPostInputSchema>;

export const reportInputSchema = z.object({ reason }).strict();
export type ReportInput = z.infer<typeof reportInputSchema>;

const page = z.coerce.number().int().min(1).max(10_000).default(1);
export const pageQuerySchema = z.object({ page }).strict();
export const searchQuerySchema = z.object({ q: freeText({ min: 2, max: 100, messages: { required: 'searchTooShort' } }), page }).strict();
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const categoryParamsSchema = z.object({ slug: forumCategorySchema }).strict();
export const idParamsSchema = z.object({ id: z.uuid() }).strict();

// ---------------------------------------------------------------------------------------------
// Answers.

export const forumMeSchema = z.object({
  pseudonym: z.string().nullable(),
  /** Until when posting is refused; null when not banned. A year ≥ 9999 means for good. */
  bannedUntil: z.iso.datetime().nullable(),
  banReason: z.string().nullable(),
});
export type ForumMe = z.infer<typeof forumMeSchema>;

export const categorySummarySchema = z.object({
  slug: forumCategorySchema,
  threadCount: z.number().int().nonnegative(),
  postCount: z.number().int().nonnegative(),
  lastActivityAt: z.iso.datetime().nullable(),
});
export const categoryListSchema = z.object({ categories: z.array(categorySummarySchema) });
export type CategoryList = z.infer<typeof categoryListSchema>;

export const threadSummarySchema = z.object({
  id: z.uuid(),
  category: forumCategorySchema,
  /** Null when the moderation hid the thread (its title is not shown). */
  title: z.string().nullable(),
  author: z.string(),
  createdAt: z.iso.datetime(),
  lastActivityAt: z.iso.datetime(),
  replyCount: z.number().int().nonnegative(),
  locked: z.boolean(),
  hidden: z.boolean(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

const paging = { page: z.number().int().min(1), pageCount: z.number().int().min(1), total: z.number().int().nonnegative() };

export const threadListSchema = z.object({ category: forumCategorySchema, threads: z.array(threadSummarySchema), ...paging });
export type ThreadList = z.infer<typeof threadListSchema>;

export const forumPostSchema = z.object({
  id: z.uuid(),
  author: z.string(),
  /** The Markdown source; null when hidden by the moderation (except for its author). */
  body: z.string().nullable(),
  createdAt: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
  hidden: z.boolean(),
  /** The moderation's reason, told to the post's author only. */
  hiddenReason: z.string().nullable(),
  /** Written by the reader. */
  mine: z.boolean(),
});
export type ForumPost = z.infer<typeof forumPostSchema>;

export const threadPageSchema = z.object({ thread: threadSummarySchema, posts: z.array(forumPostSchema), ...paging });
export type ThreadPage = z.infer<typeof threadPageSchema>;

export const createdPostSchema = z.object({ threadId: z.uuid(), postId: z.uuid(), page: z.number().int().min(1) });
export type CreatedPost = z.infer<typeof createdPostSchema>;

export const searchResultSchema = z.object({
  threadId: z.uuid(),
  category: forumCategorySchema,
  title: z.string(),
  excerpt: z.string(),
  lastActivityAt: z.iso.datetime(),
});
export const searchResultsSchema = z.object({ results: z.array(searchResultSchema), ...paging });
export type SearchResults = z.infer<typeof searchResultsSchema>;

export const reportReceiptSchema = z.object({ id: z.uuid() });

// ---------------------------------------------------------------------------------------------
// Moderation (administrators).

export const adminReportSchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  threadId: z.uuid(),
  threadTitle: z.string(),
  excerpt: z.string(),
  author: z.string(),
  /** Null when the reporter has no pseudonym yet. */
  reporter: z.string().nullable(),
  reason: z.string(),
  createdAt: z.iso.datetime(),
  postHidden: z.boolean(),
  threadLocked: z.boolean(),
  authorBannedUntil: z.iso.datetime().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportListSchema = z.object({ items: z.array(adminReportSchema) });
export type AdminReportList = z.infer<typeof adminReportListSchema>;

export const hidePostInputSchema = z
  .object({ hidden: z.boolean(), reason: reason.optional() })
  .strict()
  .refine((input) => !input.hidden || Boolean(input.reason), { message: 'reasonRequired', path: ['reason'] });
export type HidePostInput = z.infer<typeof hidePostInputSchema>;

export const lockThreadInputSchema = z.object({ locked: z.boolean(), reason: reason.optional() }).strict();
export type LockThreadInput = z.infer<typeof lockThreadInputSchema>;

export const banAuthorInputSchema = z
  .object({ days: z.number().int().min(1).max(FORUM_BAN_DAYS_MAX).nullable(), reason })
  .strict();
export type BanAuthorInput = z.infer<typeof banAuthorInputSchema>;

export const moderationDoneSchema = z.object({ ok: z.literal(true) });

/**
 * How long after posting its author may still edit a post: long enough to fix a typo or add a
 * detail, short enough that a discussion does not change under its replies.
 */
export const FORUM_EDIT_WINDOW_HOURS = 24;

/** An author who may not post now: until when (null: for good), and the moderators' reason. */
export const adminBanSchema = z.object({
  userId: z.string(),
  pseudonym: z.string(),
  bannedUntil: z.iso.datetime().nullable(),
  reason: z.string().nullable(),
});
export const adminBanListSchema = z.object({ items: z.array(adminBanSchema) });
export type AdminBanList = z.infer<typeof adminBanListSchema>;
export const userIdParamsSchema = z.object({ userId: z.string().min(1).max(64) }).strict();

/** A ban's end far enough to mean "for good" and still a valid date everywhere. */
export const BANNED_FOR_GOOD = '9999-12-31T00:00:00.000Z';
export function isBannedForGood(until: string): boolean {
  return new Date(until).getUTCFullYear() >= 9999;
}
