import { z } from 'zod';
import { freeText } from '../shared/text';
import { glucoseTargetsSchema } from '../glucose/bands';

/**
 * The patient's clinical profile (/profil). Identity (names, e-mail) belongs to accounts; this
 * is what the care needs: diabetes, treatment, device, height (for BMI) and glucose targets.
 */

export const DIABETES_TYPES = ['type1', 'type2', 'gestational', 'prediabetes', 'other'] as const;
export const TREATMENTS = ['none', 'oral', 'insulin_pen', 'insulin_pump', 'aid'] as const;
export const GLUCOSE_DEVICE_KINDS = ['cgm', 'meter'] as const;
export const EARLIEST_YEAR = 1900;

export const glucoseDeviceSchema = z
  .object({ kind: z.enum(GLUCOSE_DEVICE_KINDS), model: freeText({ max: 100 }).nullable().optional() })
  .strict();

/**
 * Targets as written: a preset by name (its values come from glucose/bands.ts), or `custom`
 * with every threshold and share.
 */
export const targetsInputSchema = z.union([
  z.object({ preset: z.enum(['standard', 'older_high_risk', 'pregnancy']) }).strict(),
  glucoseTargetsSchema.extend({ preset: z.literal('custom') }).strict(),
]);
export type TargetsInput = z.infer<typeof targetsInputSchema>;

export const profileInputSchema = z
  .object({
    birthYear: z.number().int().min(EARLIEST_YEAR).nullable(),
    diabetesType: z.enum(DIABETES_TYPES).nullable(),
    diagnosisYear: z.number().int().min(EARLIEST_YEAR).nullable(),
    treatment: z.enum(TREATMENTS).nullable(),
    heightCm: z.number().min(50).max(250).nullable(),
    glucoseDevice: glucoseDeviceSchema.nullable(),
    targets: targetsInputSchema,
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.birthYear !== null && p.diagnosisYear !== null && p.diagnosisYear < p.birthYear) {
      ctx.addIssue({ code: 'custom', path: ['diagnosisYear'], message: 'diagnosis before birth', rule: 'diagnosis_before_birth' });
    }
  });
export type ProfileInput = z.infer<typeof profileInputSchema>;

export const profileSchema = z.object({
  birthYear: z.number().int().nullable(),
  diabetesType: z.enum(DIABETES_TYPES).nullable(),
  diagnosisYear: z.number().int().nullable(),
  treatment: z.enum(TREATMENTS).nullable(),
  heightCm: z.number().nullable(),
  glucoseDevice: z
    .object({ kind: z.enum(GLUCOSE_DEVICE_KINDS), model: z.string().nullable() })
    .nullable(),
  targets: glucoseTargetsSchema,
  /** The professional who last set the targets; null when the patient did (or defaults). */
  targetsSetBy: z.object({ userId: z.string(), name: z.string() }).nullable(),
  updatedAt: z.iso.datetime().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;
