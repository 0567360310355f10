import { z } from 'zod';
import { languageSchema } from '../accounts/accounts.schemas';
import { freeText } from '../shared/text';

/**
 * A job that used all its attempts, as administrators see it: what ran and how it failed, never
 * its payload (ids of people) — administrators see accounts and aggregates only.
 */
export const failedJobSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  attempts: z.number().int().nonnegative(),
  /** The error's type and code, at most 200 characters; never its message. */
  lastError: z.string().nullable(),
  runAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const failedJobListSchema = z.object({ items: z.array(failedJobSchema) });
export type FailedJobList = z.infer<typeof failedJobListSchema>;

// ---------------------------------------------------------------------------------------------
// Accounts (issue 18). What an administrator sees of a person: identity and account state only,
// never a health value, a message or a note.

/** Rows per page of the administrators' lists. */
export const ADMIN_PAGE_SIZE = 50;

/** Issue messages of the admin forms (keys of the web's `admin:errors`). */
export const ADMIN_ISSUES = {
  reasonTooShort: 'reasonTooShort',
  reasonTooLong: 'reasonTooLong',
  nameRequired: 'nameRequired',
  nameTooLong: 'nameTooLong',
  nothingToChange: 'nothingToChange',
} as const;

export const accountTypeSchema = z.enum(['patient', 'doctor', 'admin']);
export type AccountType = z.infer<typeof accountTypeSchema>;

/** Active; locked by an administrator; waiting for its erasure (the owner asked for deletion). */
export const accountStatusSchema = z.enum(['active', 'locked', 'pending_deletion']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

/** A professional's licence check by an administrator. */
export const verificationStatusSchema = z.enum(['pending', 'verified', 'rejected']);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

/** A user id as better-auth writes it (letters, digits, `-`, `_`): anything else cannot exist. */
const userIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, 'invalid id');

const pageSchema = z.coerce.number().int().min(1).max(100_000).default(1);

export const accountListQuerySchema = z
  .object({
    /** Part of a name or an e-mail address. */
    q: freeText({ max: 100 }).optional(),
    type: accountTypeSchema.optional(),
    status: accountStatusSchema.optional(),
    page: pageSchema,
  })
  .strict();
export type AccountListQuery = z.input<typeof accountListQuerySchema>;

export const adminAccountSchema = z.object({
  id: z.string(),
  /** First and last name as registered (the e-mail when there is no profile). */
  name: z.string(),
  email: z.string(),
  type: accountTypeSchema,
  createdAt: z.iso.datetime(),
  /** The last successful sign-in, the session a sign-up opens included; null when never. */
  lastSignInAt: z.iso.datetime().nullable(),
  status: accountStatusSchema,
  lockedAt: z.iso.datetime().nullable(),
  /** The locking administrator's reason (shown to administrators only). */
  lockReason: z.string().nullable(),
  /** When a pending deletion erases the account (30 days after the request). */
  eraseAfter: z.iso.datetime().nullable(),
  emailVerified: z.boolean(),
  /** Two-factor sign-in is on. */
  secondFactor: z.boolean(),
  /** A professional's licence check; null for anyone else. */
  verification: verificationStatusSchema.nullable(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

export const accountListSchema = z.object({
  items: z.array(adminAccountSchema),
  /** Accounts matching the filters, all pages together. */
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AccountList = z.infer<typeof accountListSchema>;

export const accountIdParamsSchema = z.object({ id: userIdSchema }).strict();

/** Why an administrator locks an account or refuses a licence: 3 to 500 characters, one paragraph. */
export const adminReasonSchema = freeText({
  min: 3,
  max: 500,
  messages: { required: ADMIN_ISSUES.reasonTooShort, tooLong: ADMIN_ISSUES.reasonTooLong },
});

export const lockAccountSchema = z.object({ reason: adminReasonSchema }).strict();
export type LockAccountInput = z.infer<typeof lockAccountSchema>;

// ---------------------------------------------------------------------------------------------
// Professionals' verification

export const professionalListQuerySchema = z
  .object({
    status: verificationStatusSchema.default('pending'),
    /** The language of the speciality names (the administrator's page); French when absent. */
    lang: languageSchema.default('fr'),
    page: pageSchema,
  })
  .strict();
export type ProfessionalListQuery = z.input<typeof professionalListQuerySchema>;

export const adminProfessionalSchema = z.object({
  /** The professional's user id. */
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The RPPS number as registered. */
  medicalLicense: z.string(),
  /** The number passes the RPPS check (11 digits, Luhn). */
  licenseValid: z.boolean(),
  speciality: z.string().nullable(),
  /** In the requested language, else French. */
  specialityName: z.string().nullable(),
  registeredAt: z.iso.datetime(),
  status: verificationStatusSchema,
  verifiedAt: z.iso.datetime().nullable(),
  rejectedAt: z.iso.datetime().nullable(),
  rejectionReason: z.string().nullable(),
  /** The account is locked or waiting for its erasure. */
  accountStatus: accountStatusSchema,
});
export type AdminProfessional = z.infer<typeof adminProfessionalSchema>;

export const professionalListSchema = z.object({
  items: z.array(adminProfessionalSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type ProfessionalList = z.infer<typeof professionalListSchema>;

export const rejectProfessionalSchema = z.object({ reason: adminReasonSchema }).strict();
export type RejectProfessionalInput = z.infer<typeof rejectProfessionalSchema>;

// ---------------------------------------------------------------------------------------------
// Medical specialties (the list offered at a professional's registration)

const specialtyName = freeText({
  min: 2,
  max: 100,
  messages: { required: ADMIN_ISSUES.nameRequired, tooLong: ADMIN_ISSUES.nameTooLong },
});
const displayOrderSchema = z.number().int().min(0).max(10_000);

export const adminSpecialtySchema = z.object({
  id: z.string(),
  /** French name, the reference. */
  name: z.string(),
  nameEn: z.string().nullable(),
  nameEs: z.string().nullable(),
  isActive: z.boolean(),
  displayOrder: z.number().int(),
  /** Professionals registered with it. */
  professionals: z.number().int().nonnegative(),
});
export type AdminSpecialty = z.infer<typeof adminSpecialtySchema>;

export const adminSpecialtyListSchema = z.object({ items: z.array(adminSpecialtySchema) });
export type AdminSpecialtyList = z.infer<typeof adminSpecialtyListSchema>;

export const createSpecialtySchema = z
  .object({ name: specialtyName, nameEn: specialtyName, nameEs: specialtyName, displayOrder: displayOrderSchema })
  .strict();
export type CreateSpecialtyInput = z.infer<typeof createSpecialtySchema>;

export const updateSpecialtySchema = z
  .object({
    name: specialtyName.optional(),
    nameEn: specialtyName.optional(),
    nameEs: specialtyName.optional(),
    displayOrder: displayOrderSchema.optional(),
    isActive: z.boolean().optional(),
  })
  .strict()
  .refine((input) => Object.values(input).some((value) => value !== undefined), { message: ADMIN_ISSUES.nothingToChange });
export type UpdateSpecialtyInput = z.infer<typeof updateSpecialtySchema>;

export const specialtyIdParamsSchema = z.object({ id: z.string().regex(/^[a-z0-9-]{1,64}$/, 'invalid id') }).strict();

/**
 * The id of a new specialty, from its French name: lower case, no accents, words joined by `-`
 * (`Médecine générale` → `medecine-generale`), as the first specialties' ids are.
 */
export function specialtySlug(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 56)
    .replace(/-+$/, '');
  return slug || 'specialite';
}
