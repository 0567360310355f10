import { z } from 'zod';
import { freeText } from '../shared/text';
import { glucoseTargetsSchema, type GlucoseTargets } from '../glucose/bands';
import { measurementRecordSchema } from '../measurements/measurements.schemas';
import { glucoseSeriesQuerySchema, glucoseSeriesResponseSchema, summaryQuerySchema } from '../measurements/summary.schemas';
import { alertSchema } from '../alerts/alerts.schemas';
import { adviceSignalFindingSchema } from '../advice/advice.schemas';
import { targetsInputSchema } from '../profile/profile.schemas';
import { shareCategorySchema, sharedSummarySchema } from '../care-team/care-team.schemas';

/**
 * The professional's own profile (/doctor-profile): identity from registration, the RPPS number,
 * whether an administrator checked it, and the personal code patients use to add them.
 */
export const doctorProfileSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** RPPS number (11 digits) as registered; changing it needs a new check, so it is read-only here. */
  medicalLicense: z.string(),
  /** Speciality id (`diabetologue`…) and its display name; null when none. */
  speciality: z.string().nullable(),
  specialityName: z.string().nullable(),
  verified: z.boolean(),
  verifiedAt: z.iso.datetime().nullable(),
  /** When an administrator refused the licence, and why (told to the professional); null otherwise. */
  rejectedAt: z.iso.datetime().nullable(),
  rejectionReason: z.string().nullable(),
  /** Personal code a patient types to add this professional to their care team. */
  inviteCode: z.string(),
  createdAt: z.iso.datetime(),
});
export type DoctorProfile = z.infer<typeof doctorProfileSchema>;

/**
 * What a professional may change themself: the speciality (an active one, or null for none).
 * Names and licence come from registration and the administrator's check.
 */
export const doctorProfileUpdateSchema = z
  .object({
    speciality: freeText({ min: 1, max: 64 }).nullable(),
  })
  .strict();
export type DoctorProfileUpdate = z.infer<typeof doctorProfileUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// What a professional sees of a linked patient (/api/doctor/patients/…)

/** A user id as better-auth writes it (letters, digits, `-`, `_`): anything else cannot exist. */
const userIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'invalid id');

/** A field hidden because its category is not shared: the value is null and this marker is set. */
export const notSharedSchema = z.object({ notShared: z.literal(true) });

const sharedOr = <T extends z.ZodType>(schema: T) => z.union([schema, notSharedSchema]);

export const patientIdParamsSchema = z.object({ patientId: userIdSchema }).strict();

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

export const patientAlertParamsSchema = z.object({ patientId: userIdSchema, alertId: z.uuid() }).strict();
/**
 * A patient's alert as a professional sees it: who acknowledged it, as the reader may know them —
 * the patient, the reader, or another member of the care team (named to nobody: the patient
 * shares each professional with the patient's own data, not with each other).
 */
export const patientAlertSchema = alertSchema.extend({
  acknowledgedByWho: z.enum(['patient', 'you', 'care_team']).nullable(),
});
export const patientAlertListSchema = z.object({ items: z.array(patientAlertSchema) });

// Consultation notes: private to the professional who wrote them.
export const consultationNoteSchema = z.object({
  id: z.uuid(),
  body: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ConsultationNote = z.infer<typeof consultationNoteSchema>;
export const consultationNoteListSchema = z.object({ items: z.array(consultationNoteSchema) });
export const consultationNoteInputSchema = z.object({ body: freeText({ min: 1, max: 10_000, multiline: true }) }).strict();
export const noteParamsSchema = z.object({ patientId: userIdSchema, noteId: z.uuid() }).strict();

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
    q: freeText({ max: 80 }).optional(),
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
  /**
   * The patient's advice findings in short (kind and severity, most pressing first), as this
   * professional sees them on the patient's advice page: from the shared categories only. Null
   * until computed for the link's current categories (a refresh follows every change within a minute).
   */
  advice: z.object({ findings: z.array(adviceSignalFindingSchema), computedAt: z.iso.datetime() }).nullable(),
});
export type TriageRow = z.infer<typeof triageRowSchema>;

export const triageListSchema = z.object({
  items: z.array(triageRowSchema),
  /** Linked patients before filter and search. */
  total: z.number().int(),
  period: z.object({ from: z.iso.datetime(), to: z.iso.datetime(), days: z.number().int() }),
});
export type TriageList = z.infer<typeof triageListSchema>;

/**
 * Whether the professional is told of this patient's alerts outside the patient page (in-app
 * notification; e-mail and push per their own settings). `available` is false while the link
 * does not share what an alert needs (its data category and the alerts): nothing would be sent.
 */
export const alertNotificationsSchema = z.object({
  enabled: z.boolean(),
  available: z.boolean(),
});
export type AlertNotifications = z.infer<typeof alertNotificationsSchema>;

export const alertNotificationsInputSchema = z.strictObject({ enabled: z.boolean() });
