import { z } from 'zod';
import { freeText } from '../shared/text';
import { plausibleDateTime } from '../shared/dates';
import { glucoseSeriesResponseSchema, summarySchema } from '../measurements/summary.schemas';

/**
 * Care team, consent and sharing (PRODUCT.md §4). A care link joins a patient and a
 * professional; the patient chooses per link which categories the professional sees. A share
 * link gives read-only access without an account. Every read by someone else is logged.
 */

export const SHARE_CATEGORIES = ['glucose', 'hba1c', 'lipids', 'blood_pressure', 'weight', 'events', 'reports', 'alerts'] as const;
export const shareCategorySchema = z.enum(SHARE_CATEGORIES);
export type ShareCategory = z.infer<typeof shareCategorySchema>;

/** A non-empty set of categories, without repeats (the server stores them sorted). */
export const categoriesSchema = z
  .array(shareCategorySchema)
  .min(1)
  .max(SHARE_CATEGORIES.length)
  .refine((c) => new Set(c).size === c.length, { message: 'categories must not repeat' });

export const INVITATION_STATUSES = ['pending', 'accepted', 'declined', 'expired', 'revoked'] as const;
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

export const INVITATION_DIRECTIONS = ['professional_to_patient', 'patient_to_professional'] as const;
export const invitationDirectionSchema = z.enum(INVITATION_DIRECTIONS);
export type InvitationDirection = z.infer<typeof invitationDirectionSchema>;

/** Invitations expire after 14 days (PRODUCT.md §4). */
export const INVITATION_TTL_MS = 14 * 86_400_000;
/** Share links: 1 hour to 90 days, 7 days by default. */
export const SHARE_LINK_MIN_HOURS = 1;
export const SHARE_LINK_MAX_HOURS = 90 * 24;
export const SHARE_LINK_DEFAULT_HOURS = 7 * 24;
/** The access log is kept 12 months. */
export const ACCESS_LOG_RETENTION_DAYS = 365;

/** An opaque random token as sent in links: 32 bytes, base64url (256 bits). */
export const tokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'invalid token');

const email = z.email().max(254).transform((e) => e.trim().toLowerCase());

// ---------------------------------------------------------------------------------------------
// People as the other side sees them

/** A professional as shown to a patient. */
export const professionalCardSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Speciality id (e.g. `diabetologue`) and its display name; null when none. */
  speciality: z.string().nullable(),
  specialityName: z.string().nullable(),
  /** True once an administrator has checked the RPPS number. */
  verified: z.boolean(),
});
export type ProfessionalCard = z.infer<typeof professionalCardSchema>;

// ---------------------------------------------------------------------------------------------
// Invitations

export const invitationSchema = z.object({
  id: z.uuid(),
  direction: invitationDirectionSchema,
  /** `expired` is computed from expiresAt when the invitation is still pending. */
  status: invitationStatusSchema,
  invitedEmail: z.string().nullable(),
  /** Name of whoever sent it, as it was when sent. */
  inviterName: z.string(),
  /** Patient-to-professional invitations carry the categories the patient chose. */
  categories: z.array(shareCategorySchema).nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  respondedAt: z.iso.datetime().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.object({ items: z.array(invitationSchema) });
export type InvitationList = z.infer<typeof invitationListSchema>;

export const invitationIdParamsSchema = z.object({ id: z.uuid() }).strict();

/** Professional → patient, by e-mail. */
export const invitePatientSchema = z.object({ email }).strict();

/** Patient → professional, by e-mail or by the professional's personal code, with the categories to share. */
export const inviteProfessionalSchema = z.union([
  z.object({ email, categories: categoriesSchema }).strict(),
  z.object({ code: freeText({ min: 4, max: 32 }), categories: categoriesSchema }).strict(),
]);
export type InviteProfessionalInput = z.infer<typeof inviteProfessionalSchema>;

/**
 * What inviting a professional did: by code (or by the e-mail of an existing professional
 * account) the link is active at once — the patient's own request is the consent; otherwise a
 * pending invitation was e-mailed.
 */
export const inviteProfessionalResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('linked'), linkId: z.uuid() }),
  z.object({ outcome: z.literal('invited'), invitation: invitationSchema }),
]);
export type InviteProfessionalResult = z.infer<typeof inviteProfessionalResultSchema>;

/** The token of the e-mailed link (`/invitations/accept?token=…`), in the body so it never sits in a URL log. */
export const invitationTokenSchema = z.object({ token: tokenSchema }).strict();

export const invitationPreviewSchema = z.object({
  direction: invitationDirectionSchema,
  status: invitationStatusSchema,
  inviterName: z.string(),
  /** The professional behind a professional-to-patient invitation. */
  professional: professionalCardSchema.nullable(),
  categories: z.array(shareCategorySchema).nullable(),
  expiresAt: z.iso.datetime(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/**
 * Accepting: a patient accepting a professional's invitation chooses the categories; a
 * professional accepting a patient's invitation sends no categories (the patient chose them).
 */
export const acceptInvitationSchema = z.object({ token: tokenSchema, categories: categoriesSchema.optional() }).strict();

// ---------------------------------------------------------------------------------------------
// Care links

export const linkIdParamsSchema = z.object({ id: z.uuid() }).strict();

export const careTeamMemberSchema = z.object({
  linkId: z.uuid(),
  professional: professionalCardSchema,
  categories: z.array(shareCategorySchema),
  since: z.iso.datetime(),
});
export type CareTeamMember = z.infer<typeof careTeamMemberSchema>;

export const careTeamSchema = z.object({ items: z.array(careTeamMemberSchema) });
export type CareTeam = z.infer<typeof careTeamSchema>;

export const updateCategoriesSchema = z.object({ categories: categoriesSchema }).strict();

// ---------------------------------------------------------------------------------------------
// Access log ("Qui a consulté mes données")

export const accessActorKindSchema = z.enum(['professional', 'share_link']);
export const accessLogEntrySchema = z.object({
  id: z.uuid(),
  actorKind: accessActorKindSchema,
  /** Professional's user id or share link id. */
  actorId: z.string(),
  /** "Dr Claire Bernard" or the share link's label, as it was at the time. */
  actorName: z.string(),
  category: shareCategorySchema,
  at: z.iso.datetime(),
  /** Browser family ("Firefox", "Chrome"…) and network prefix (IPv4 /24, IPv6 /48), never the full address. */
  client: z.object({ userAgent: z.string().nullable(), network: z.string().nullable() }),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;

export const accessLogQuerySchema = z
  .object({
    /** Only this share link's views (the share-link list links here). */
    shareLinkId: z.uuid().optional(),
    /** Keyset: entries strictly older than this cursor. */
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
  })
  .strict();
export type AccessLogQuery = z.infer<typeof accessLogQuerySchema>;

export const accessLogPageSchema = z.object({ items: z.array(accessLogEntrySchema), nextCursor: z.string().nullable() });
export type AccessLogPage = z.infer<typeof accessLogPageSchema>;

// ---------------------------------------------------------------------------------------------
// Share links

export const createShareLinkSchema = z
  .object({
    categories: categoriesSchema,
    /** The period of data shown: [from, to). */
    from: plausibleDateTime,
    to: plausibleDateTime,
    /** Lifetime of the link in hours: 1 h to 90 days, default 7 days. */
    expiresInHours: z.number().int().min(SHARE_LINK_MIN_HOURS).max(SHARE_LINK_MAX_HOURS).default(SHARE_LINK_DEFAULT_HOURS),
    /** A name for the patient's own list ("Dr Durand, remplaçant"). */
    label: freeText({ max: 80 }).optional(),
  })
  .strict()
  .refine((s) => Date.parse(s.from) < Date.parse(s.to), { path: ['to'], message: 'to must be after from' })
  .refine((s) => Date.parse(s.to) - Date.parse(s.from) <= 366 * 86_400_000, { path: ['to'], message: 'period longer than a year' });
export type CreateShareLinkInput = z.infer<typeof createShareLinkSchema>;

export const shareLinkSchema = z.object({
  id: z.uuid(),
  label: z.string().nullable(),
  categories: z.array(shareCategorySchema),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
  /** Number of times the link was opened (access-log rows of the link, one per view). */
  views: z.number().int(),
  lastViewedAt: z.iso.datetime().nullable(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** The token is returned once, at creation; only its SHA-256 is stored. */
export const createdShareLinkSchema = z.object({ link: shareLinkSchema, token: tokenSchema, path: z.string() });
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>;

export const shareLinkListSchema = z.object({ items: z.array(shareLinkSchema) });
export type ShareLinkList = z.infer<typeof shareLinkListSchema>;

export const shareTokenParamsSchema = z.object({ token: z.string().max(100) }).strict();

// ---------------------------------------------------------------------------------------------
// What someone else sees of a patient: the shared summary (a professional's patient page, a share link)

/**
 * The patient's own dashboard summary restricted to the shared categories: fields of a category
 * not shared are `null` (latest, glucose) or `0` (counts) and the category is listed in `notShared`.
 */
export const sharedSummarySchema = summarySchema.extend({
  glucose: summarySchema.shape.glucose.nullable(),
  openAlerts: z.number().int().nullable(),
  shared: z.array(shareCategorySchema),
  notShared: z.array(shareCategorySchema),
});
export type SharedSummary = z.infer<typeof sharedSummarySchema>;

// ---------------------------------------------------------------------------------------------
// Public share view (GET /api/share/:token)

export const sharedViewSchema = z.object({
  patient: z.object({ firstName: z.string(), lastName: z.string().nullable() }),
  categories: z.array(shareCategorySchema),
  period: z.object({ from: z.iso.datetime(), to: z.iso.datetime() }),
  expiresAt: z.iso.datetime(),
  summary: sharedSummarySchema,
  /** Glucose readings of the period (null when glucose is not shared). */
  series: glucoseSeriesResponseSchema.nullable(),
});
export type SharedView = z.infer<typeof sharedViewSchema>;

export const okSchema = z.object({ ok: z.literal(true) });
