import { z } from 'zod';

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
    speciality: z.string().trim().min(1).max(64).nullable(),
  })
  .strict();
export type DoctorProfileUpdate = z.infer<typeof doctorProfileUpdateSchema>;
