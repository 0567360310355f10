import { z } from 'zod';
import { languageSchema } from '../accounts/accounts.schemas';
import { plausibleDateTime } from '../shared/dates';
import { freeText } from '../shared/text';

/**
 * The administrators' audit: the account security events (`auth_audit`: sign-ins, failures,
 * second factor, refused admin requests…) and the administrators' own actions (`admin_actions`),
 * merged in one list, newest first. Accounts, addresses and clients only: neither table holds a
 * health value, and nothing here reads one.
 */

/** What kind of line: a filter of the list and a column of the file. */
export const AUDIT_KINDS = ['sign_in', 'sign_in_failed', 'access_denied', 'admin_action', 'security'] as const;
export const auditKindSchema = z.enum(AUDIT_KINDS);
export type AuditKind = z.infer<typeof auditKindSchema>;

/** Lines per page of the list. */
export const AUDIT_PAGE_SIZE = 50;
/** Most lines in one CSV file (the newest matching the filters). */
export const AUDIT_CSV_MAX_ROWS = 10_000;
export const AUDIT_SEARCH_MAX = 200;

/** Why a signed-in person was refused an admin endpoint (recorded with the route pattern). */
export const ACCESS_DENIED_REASONS = ['not_admin', 'two_factor_required'] as const;
export type AccessDeniedReason = (typeof ACCESS_DENIED_REASONS)[number];

const filters = {
  /** Part of an e-mail address (the actor's or the target's) or of an IP address. */
  q: freeText({ max: AUDIT_SEARCH_MAX }).optional(),
  kind: auditKindSchema.optional(),
  /** From this instant, included. */
  from: plausibleDateTime.optional(),
  /** Up to this instant, excluded. */
  to: plausibleDateTime.optional(),
};

export const auditQuerySchema = z
  .object({
    ...filters,
    /** Keyset: lines strictly older than this cursor (a previous page's `nextCursor`). */
    cursor: z.string().max(200).optional(),
  })
  .strict();
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The same filters; the file's column names and kinds in `lang` (the page sends its own). */
export const auditCsvQuerySchema = z.object({ ...filters, lang: languageSchema.default('fr') }).strict();
export type AuditCsvQuery = z.infer<typeof auditCsvQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.iso.datetime(),
  kind: auditKindSchema,
  /**
   * The stable key of what happened: an account event (`sign_in_success`, `sign_in_failure`,
   * `second_factor_failure_totp`, `access_denied_not_admin`…) or an administrator's action
   * (`account.lock`, `job.retry`…).
   */
  event: z.string(),
  /** Who acted: the account, or the address typed at a failed sign-in, or the administrator. */
  actorEmail: z.string().nullable(),
  /** Whom an administrator's action was about. */
  targetEmail: z.string().nullable(),
  ip: z.string().nullable(),
  /** Browser and system, e.g. `Firefox 128 · Windows`; never the whole header. */
  userAgent: z.string().nullable(),
  /** The administrator's reason or what changed; the route pattern of a refused request. */
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  /** Newest first. */
  items: z.array(auditEntrySchema),
  /** Null on the oldest page. */
  nextCursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
