import { z } from 'zod';
import { glucoseUnitSchema } from '../measurements/measurements.schemas';
import { glucoseBasisSchema, glucoseFiguresSchema, glucoseMetricsSchema, meterFiguresSchema } from '../measurements/summary.schemas';

export const REPORT_DAYS = [7, 14, 30, 90] as const;

export const glucosePdfQuerySchema = z
  .object({
    days: z.coerce
      .number()
      .int()
      .refine((d) => (REPORT_DAYS as readonly number[]).includes(d), { message: 'days must be 7, 14, 30 or 90' })
      .optional(),
  })
  .strict();

/**
 * Difference last week − previous week of each metric: null when either week lacks it, and all
 * null when the weeks may not be compared (`comparison`).
 */
export const metricDeltasSchema = z.object({
  mean: z.number().nullable(),
  gmi: z.number().nullable(),
  cv: z.number().nullable(),
  inRange: z.number().nullable(),
  belowRange: z.number().nullable(),
  aboveRange: z.number().nullable(),
  gri: z.number().nullable(),
  activePercent: z.number().nullable(),
});

export const weekSchema = z.object({
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  basis: glucoseBasisSchema,
  figures: glucoseFiguresSchema,
  meter: meterFiguresSchema.nullable(),
  readings: z.number().int(),
  metrics: glucoseMetricsSchema.nullable(),
  hypoAlerts: z.number().int(),
  hyperAlerts: z.number().int(),
});

/** Weekly report page: the last 7 days against the 7 before. */
export const weeklyReportSchema = z.object({
  glucoseUnit: glucoseUnitSchema,
  timeZone: z.string(),
  current: weekSchema,
  previous: weekSchema,
  /** Whether a change may be claimed (glucose-figures.ts comparePeriods), and why not. */
  comparison: z.object({
    comparable: z.boolean(),
    reason: z.enum(['current_too_little', 'previous_too_little', 'basis_changed']).nullable(),
  }),
  deltas: metricDeltasSchema,
});
export type WeeklyReport = z.infer<typeof weeklyReportSchema>;
