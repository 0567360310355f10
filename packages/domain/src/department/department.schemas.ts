import { z } from 'zod';
import { languageSchema } from '../accounts/accounts.schemas';
import { notSharedSchema } from '../doctor/doctor.schemas';

/**
 * Department tracking (/department-tracking, issue 18): the professional's linked patients as a
 * population. Everything here is drawn from the triage list's per-patient rows (same period
 * definition, same metrics), so the figures equal what the list shows by construction.
 */

/** Periods of the population view: the consensus minimum for CGM metrics, and the longer reviews. */
export const DEPARTMENT_DAYS = [14, 30, 90] as const;
export type DepartmentDays = (typeof DEPARTMENT_DAYS)[number];

const daysSchema = z.coerce
  .number()
  .int()
  .refine((d) => (DEPARTMENT_DAYS as readonly number[]).includes(d), { message: 'days must be 14, 30 or 90' })
  .default(14);

export const departmentQuerySchema = z.object({ days: daysSchema }).strict();
export type DepartmentQuery = z.infer<typeof departmentQuerySchema>;

/** The CSV takes the language of its column names and labels (the page sends its own). */
export const departmentCsvQuerySchema = z.object({ days: daysSchema, lang: languageSchema.default('fr') }).strict();
export type DepartmentCsvQuery = z.infer<typeof departmentCsvQuerySchema>;

/**
 * One control category per patient, in priority order (department.rules.ts `controlCategory`
 * documents the thresholds): the first that applies is the patient's.
 */
export const CONTROL_CATEGORIES = ['not_shared', 'hypo_risk', 'insufficient_data', 'above_target', 'on_target'] as const;
export const controlCategorySchema = z.enum(CONTROL_CATEGORIES);
export type ControlCategory = z.infer<typeof controlCategorySchema>;

/** Thresholds of "no data for N days" (days since the last glucose reading). */
export const NO_DATA_DAYS = [7, 14, 30] as const;

export const departmentRowSchema = z.object({
  patientId: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  category: controlCategorySchema,
  /** `{ notShared: true }` when the patient does not share glucose: no value is ever sent. */
  glucose: z.union([
    z.object({
      /** % of readings of the period; null without readings. */
      inRange: z.number().nullable(),
      belowRange: z.number().nullable(),
      veryLow: z.number().nullable(),
      gmi: z.number().nullable(),
      /** CGM wear: % of the expected 5-minute readings of the period. */
      activePercent: z.number(),
      readings: z.number().int(),
      lastReadingAt: z.iso.datetime().nullable(),
      /** Whole days since the last reading; null when there never was one. */
      daysSinceLastData: z.number().int().nullable(),
    }),
    notSharedSchema,
  ]),
});
export type DepartmentRow = z.infer<typeof departmentRowSchema>;

/**
 * One bar of a distribution. `to` is null for an open last bin (TBR "> 10 %"). Which bound a bin
 * includes is the rules' (TIR and GMI: the lower; TBR: the upper, as its thresholds are "> x %").
 */
export const histogramBinSchema = z.object({ from: z.number(), to: z.number().nullable(), count: z.number().int() });
export type HistogramBin = z.infer<typeof histogramBinSchema>;

export const distributionSchema = z.object({
  /** Patients with a value (glucose shared and at least one reading in the period). */
  patients: z.number().int(),
  bins: z.array(histogramBinSchema),
  /** Median and interquartile range of the patients' values; null without any. */
  median: z.number().nullable(),
  q1: z.number().nullable(),
  q3: z.number().nullable(),
});
export type Distribution = z.infer<typeof distributionSchema>;

export const departmentSummarySchema = z.object({
  /** Linked patients (active care links). */
  patients: z.number().int(),
  /** Patients who share glucose; the others are only counted as "not shared". */
  glucoseShared: z.number().int(),
  categories: z.object({
    not_shared: z.number().int(),
    hypo_risk: z.number().int(),
    insufficient_data: z.number().int(),
    above_target: z.number().int(),
    on_target: z.number().int(),
  }),
  /** Patients sharing glucose whose last reading is at least 7, 14, 30 days old (or who never had one). */
  noData: z.object({ days7: z.number().int(), days14: z.number().int(), days30: z.number().int() }),
  tir: distributionSchema,
  gmi: distributionSchema,
  tbr: distributionSchema,
});
export type DepartmentSummary = z.infer<typeof departmentSummarySchema>;

export const departmentSchema = z.object({
  period: z.object({ from: z.iso.datetime(), to: z.iso.datetime(), days: z.number().int() }),
  summary: departmentSummarySchema,
  items: z.array(departmentRowSchema),
});
export type Department = z.infer<typeof departmentSchema>;
