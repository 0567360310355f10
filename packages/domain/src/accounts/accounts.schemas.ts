import { z } from 'zod';
import { freeText } from '../shared/text';
import { isValidRpps, rppsProblem } from './rpps';

export const LANGUAGES = ['fr', 'en', 'es'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;

/** The roles a person can have; 'admin' is never chosen by a client. */
export const userTypeSchema = z.enum(['patient', 'doctor', 'admin']);
export type UserType = z.infer<typeof userTypeSchema>;

/** What a client may register as. */
export const registrationRoleSchema = z.enum(['patient', 'doctor']);

// Issue messages are translation keys (auth.errors.<key>): the web app shows them in the
// user's language; the French ones are the spec's exact texts.
export const signUpSchema = z
  .object({
    email: z.email('emailInvalid').max(254, 'emailInvalid'),
    password: z.string().min(MIN_PASSWORD_LENGTH, 'passwordTooShort').max(MAX_PASSWORD_LENGTH, 'passwordTooLong'),
    confirmPassword: z.string(),
    firstName: freeText({ min: 1, max: 100, messages: { required: 'firstNameRequired', tooLong: 'nameTooLong' } }),
    lastName: freeText({ max: 100, messages: { tooLong: 'nameTooLong' } }).optional(),
    role: registrationRoleSchema,
    medicalLicense: freeText({ max: 20, messages: { tooLong: 'medicalLicenseInvalid', invalidCharacters: 'medicalLicenseInvalid' } }).optional(),
    speciality: freeText({ min: 1, max: 50, messages: { required: 'specialityInvalid', tooLong: 'specialityInvalid', invalidCharacters: 'specialityInvalid' } }).optional(),
    language: languageSchema.default('fr'),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'passwordMismatch' });
    }
    if (value.role === 'doctor') {
      if (!value.lastName) ctx.addIssue({ code: 'custom', path: ['lastName'], message: 'lastNameRequired' });
      if (!value.medicalLicense) {
        ctx.addIssue({ code: 'custom', path: ['medicalLicense'], message: 'medicalLicenseRequired' });
      } else if (rppsProblem(value.medicalLicense) === 'checksum') {
        ctx.addIssue({ code: 'custom', path: ['medicalLicense'], message: 'medicalLicenseChecksum' });
      } else if (!isValidRpps(value.medicalLicense)) {
        ctx.addIssue({ code: 'custom', path: ['medicalLicense'], message: 'medicalLicenseInvalid' });
      }
    }
  });
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z
  .object({
    email: z.email('emailInvalid').max(254, 'emailInvalid'),
    password: z.string().min(1, 'passwordRequired').max(MAX_PASSWORD_LENGTH, 'passwordTooLong'),
    rememberMe: z.boolean().optional(),
  })
  .strict();
export type SignInInput = z.infer<typeof signInSchema>;

export const totpCodeSchema = z.object({ code: z.string().regex(/^\d{6}$/, 'codeInvalid'), trustDevice: z.boolean().optional() }).strict();
export const backupCodeSchema = z.object({ code: z.string().min(6, 'codeInvalid').max(32, 'codeInvalid') }).strict();

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  userType: userTypeSchema,
  role: z.string().nullable(),
  twoFactorEnabled: z.boolean(),
  language: languageSchema,
  /** A professional's speciality id (medical_specialties), null when not given or not a professional. */
  speciality: z.string().nullable().default(null),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionViewSchema = z
  .object({
    user: sessionUserSchema,
    session: z.object({ id: z.string(), expiresAt: z.string() }),
  })
  .nullable();
export type SessionView = z.infer<typeof sessionViewSchema>;

export const signInResultSchema = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('signed_in'),
    user: sessionUserSchema,
    redirectTo: z.enum(['/doctor', '/admin', '/patient-dashboard']),
    /** The account was waiting for deletion; signing in cancelled it. */
    deletionCancelled: z.boolean(),
  }),
  z.object({ status: z.literal('two_factor_required') }),
]);
export type SignInResult = z.infer<typeof signInResultSchema>;

/** Specialities whose holders are physicians: only they are addressed as "Dr" (a nurse is not). */
export const PHYSICIAN_SPECIALITIES: readonly string[] = ['medecin', 'diabetologue'];

export function isPhysician(speciality: string | null | undefined): boolean {
  return speciality !== null && speciality !== undefined && PHYSICIAN_SPECIALITIES.includes(speciality);
}

export const specialtySchema = z.object({
  id: z.string(),
  /** In the requested language when the specialty has a name in it, else French. */
  name: z.string(),
  displayOrder: z.number().int(),
  /** The name is in the requested language (false: the French name stands in for a missing translation). */
  translated: z.boolean().optional(),
});

/** `?lang=` of the specialties list: the sign-up page's language. */
export const specialtiesQuerySchema = z.object({ lang: languageSchema.optional() }).strict();

export const activeSessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
  /** Approximate place in the network, never the full address. */
  ipPrefix: z.string().nullable(),
  current: z.boolean(),
});

/** Post-login destination (SPEC §4): doctor, admin or patient dashboard. */
export function homeFor(userType: UserType): '/doctor' | '/admin' | '/patient-dashboard' {
  return userType === 'admin' ? '/admin' : userType === 'doctor' ? '/doctor' : '/patient-dashboard';
}

/** Display name (SPEC §3): first name, else the e-mail before '@', else 'Utilisateur'. */
export function displayName(firstName: string | null | undefined, email: string | null | undefined, fallback = 'Utilisateur'): string {
  if (firstName && firstName.trim()) return firstName.trim();
  const local = email?.split('@')[0];
  return local ? local : fallback;
}

export const forgotPasswordSchema = z.object({ email: z.email('emailInvalid').max(254, 'emailInvalid') }).strict();

export const resetPasswordSchema = z
  .object({
    token: z.string().min(10, 'tokenInvalid').max(200, 'tokenInvalid'),
    password: z.string().min(MIN_PASSWORD_LENGTH, 'passwordTooShort').max(MAX_PASSWORD_LENGTH, 'passwordTooLong'),
    confirmPassword: z.string(),
  })
  .strict()
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: 'passwordMismatch' });

/** The token of the e-mailed link that proves the new address belongs to the user. */
/** The token of an e-mailed sign-in unlock link. */
export const signInUnlockSchema = z
  .object({
    token: z.string().min(10, 'tokenInvalid').max(400, 'tokenInvalid'),
  })
  .strict();

export const confirmEmailChangeSchema = z
  .object({
    token: z.string().min(10, 'tokenInvalid').max(200, 'tokenInvalid'),
  })
  .strict();

export const changeEmailSchema = z
  .object({
    newEmail: z.email('emailInvalid').max(254, 'emailInvalid'),
    password: z.string().min(1, 'passwordRequired').max(MAX_PASSWORD_LENGTH, 'passwordTooLong'),
  })
  .strict();
