import { z } from 'zod';

/**
 * Alerts (PRODUCT.md §3). An alert stores its kind and the values behind it, never a text: the
 * web app (and later the mailer) words it in the reader's language.
 */

export const ALERT_KINDS = [
  'hypo',
  'urgent_hypo',
  'hyper',
  'bp_high',
  'bp_urgent',
  // Live CGM alerts (issue 36): "Hypoglycémie imminente", "Baisse rapide", "Montée rapide", "Perte de signal".
  'urgent_low_soon',
  'falling_fast',
  'rising_fast',
  'signal_loss',
] as const;
export const alertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKindSchema>;

export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export const alertStatusSchema = z.enum(ALERT_STATUSES);
export type AlertStatus = z.infer<typeof alertStatusSchema>;

/**
 * What raised the alert: one reading (manual, meter, blood pressure), a CGM episode, the
 * forecast or trend at the newest CGM reading, or the silence of an active uploader.
 */
export const ALERT_ORIGINS = ['reading', 'cgm_episode', 'forecast', 'signal'] as const;
export const alertOriginSchema = z.enum(ALERT_ORIGINS);
export type AlertOrigin = z.infer<typeof alertOriginSchema>;

export const alertSchema = z.object({
  id: z.uuid(),
  kind: alertKindSchema,
  status: alertStatusSchema,
  origin: alertOriginSchema,
  /** The reading that raised it (null for a CGM episode, which spans many readings). */
  measurementId: z.uuid().nullable(),
  /** Glucose of the reading, or the nadir/peak of the episode when raised (mg/dL); null for a signal loss. */
  glucoseMgdl: z.number().nullable(),
  systolic: z.number().int().nullable(),
  diastolic: z.number().int().nullable(),
  /** Time of the reading, start of the episode, or the last reading before a signal loss. */
  occurredAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  acknowledgedAt: z.iso.datetime().nullable(),
  acknowledgedBy: z.string().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  resolvedBy: z.string().nullable(),
});
export type Alert = z.infer<typeof alertSchema>;

export const listAlertsQuerySchema = z
  .object({
    status: alertStatusSchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
    /** Opaque cursor from the previous page's `nextCursor`. */
    cursor: z.string().max(200).optional(),
  })
  .strict();
export type ListAlertsQuery = z.infer<typeof listAlertsQuerySchema>;

export const alertListSchema = z.object({
  items: z.array(alertSchema),
  nextCursor: z.string().nullable(),
  /** Alerts nobody has looked at yet (status open) and those seen but not resolved. */
  counts: z.object({ open: z.number().int(), acknowledged: z.number().int() }),
});
export type AlertList = z.infer<typeof alertListSchema>;

export const alertIdParamsSchema = z.object({ id: z.uuid() }).strict();
