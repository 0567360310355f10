import { z } from 'zod';
import { glucoseTargetsSchema, type GlucoseTargets } from '../glucose/bands';
import { glucoseSeriesQuerySchema, glucoseSeriesResponseSchema, measurementRecordSchema, summaryQuerySchema, summarySchema } from '../measurements/measurements.schemas';
import { alertSchema } from '../alerts/alerts.schemas';
import { targetsInputSchema } from '../profile/profile.schemas';

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
  z.object({ code: z.string().trim().min(4).max(32), categories: categoriesSchema }).strict(),
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
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    /** Lifetime of the link in hours: 1 h to 90 days, default 7 days. */
    expiresInHours: z.number().int().min(SHARE_LINK_MIN_HOURS).max(SHARE_LINK_MAX_HOURS).default(SHARE_LINK_DEFAULT_HOURS),
    /** A name for the patient's own list ("Dr Durand, remplaçant"). */
    label: z.string().trim().max(80).optional(),
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
// What a professional (or a share link) sees of a patient

/** A field hidden because its category is not shared: the value is null and this marker is set. */
export const notSharedSchema = z.object({ notShared: z.literal(true) });

const sharedOr = <T extends z.ZodType>(schema: T) => z.union([schema, notSharedSchema]);

export const patientIdParamsSchema = z.object({ patientId: z.string().min(1).max(100) }).strict();

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

export const patientAnalyticsSchema = z.object({
  patient: z.object({ id: z.string(), firstName: z.string(), lastName: z.string().nullable() }),
  summary: sharedSummarySchema,
  targetsSetBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
});
export type PatientAnalytics = z.infer<typeof patientAnalyticsSchema>;

/** Same periods as the patient's dashboard (1, 7, 14, 30 or 90 days). */
export const patientSummaryQuerySchema = summaryQuerySchema;
/** Same bounds as the patient's chart series (at most 92 days). */
export const patientSeriesQuerySchema = glucoseSeriesQuerySchema;
export const sharedSeriesSchema = glucoseSeriesResponseSchema;

/** The patient's latest entries of the shared kinds, newest first (the dashboard's recent list). */
export const patientEntriesQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }).strict();
export const patientEntriesSchema = z.object({ items: z.array(measurementRecordSchema) });
export type PatientEntries = z.infer<typeof patientEntriesSchema>;

export const setPatientTargetsSchema = z.object({ targets: targetsInputSchema }).strict();
export const patientTargetsSchema = z.object({
  targets: glucoseTargetsSchema,
  targetsSetBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
});
export type PatientTargets = { targets: GlucoseTargets; targetsSetBy: { userId: string; name: string } | null };

export const patientAlertParamsSchema = z.object({ patientId: z.string().min(1).max(100), alertId: z.uuid() }).strict();
export const patientAlertListSchema = z.object({ items: z.array(alertSchema) });
export const patientAlertSchema = alertSchema;

// Consultation notes: private to the professional who wrote them.
export const consultationNoteSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ConsultationNote = z.infer<typeof consultationNoteSchema>;
export const consultationNoteListSchema = z.object({ items: z.array(consultationNoteSchema) });
export const consultationNoteInputSchema = z.object({ body: z.string().trim().min(1).max(10_000) }).strict();
export const noteParamsSchema = z.object({ patientId: z.string().min(1).max(100), noteId: z.uuid() }).strict();

// ---------------------------------------------------------------------------------------------
// Triage (GET /api/doctor/patients)

export const TRIAGE_DAYS = 14;

export const TRIAGE_FILTERS = ['open_alerts', 'not_enough_data', 'below_range', 'all'] as const;
export const TRIAGE_SORTS = ['worst_first', 'name', 'last_reading'] as const;

export const triageQuerySchema = z
  .object({
    filter: z.enum(TRIAGE_FILTERS).default('all'),
    sort: z.enum(TRIAGE_SORTS).default('worst_first'),
    /** Case- and accent-insensitive match on first or last name. */
    q: z.string().trim().max(80).optional(),
  })
  .strict();
export type TriageQuery = z.infer<typeof triageQuerySchema>;

export const triageRowSchema = z.object({
  patientId: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  categories: z.array(shareCategorySchema),
  /**
   * Glucose metrics of the last 14 days (standard 54/70/180/250 bands so patients compare on one
   * scale; the patient's own targets are on the analytics page). `{ notShared: true }` when the
   * patient does not share glucose.
   */
  glucose: sharedOr(
    z.object({
      lastReadingAt: z.iso.datetime().nullable(),
      readings: z.number().int(),
      /** % of readings; null without readings. */
      inRange: z.number().nullable(),
      belowRange: z.number().nullable(),
      veryLow: z.number().nullable(),
      aboveRange: z.number().nullable(),
      gmi: z.number().nullable(),
      cv: z.number().nullable(),
      daysWithData: z.number().int(),
      /** % of the expected 5-minute CGM readings of the period. */
      activePercent: z.number(),
      /** False when fewer than 14 days or less than 70 % active time (PRODUCT.md §3). */
      sufficient: z.boolean(),
    }),
  ),
  alerts: sharedOr(z.object({ open: z.number().int(), urgent: z.number().int() })),
  hba1c: sharedOr(z.object({ percent: z.number(), measuredAt: z.iso.datetime() }).nullable()),
});
export type TriageRow = z.infer<typeof triageRowSchema>;

export const triageListSchema = z.object({
  items: z.array(triageRowSchema),
  /** Linked patients before filter and search. */
  total: z.number().int(),
  period: z.object({ from: z.iso.datetime(), to: z.iso.datetime(), days: z.number().int() }),
});
export type TriageList = z.infer<typeof triageListSchema>;

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
