import {
  signInSchema,
  signUpSchema,
  type Language,
  type SignInInput,
} from '@glucosuivi/domain/accounts/accounts.schemas';
import type { z } from 'zod';
import type { ValidationIssue } from '@glucosuivi/domain/shared/errors';

/** What POST /api/accounts/sign-up receives (the schema's output: language always set). */
export type SignUpBody = z.output<typeof signUpSchema>;

export type AuthMode = 'login' | 'register';
export type RegisterRole = 'patient' | 'doctor';

/** The select's "no speciality" option: a select option value is never an empty string (spec §5). */
export const NO_SPECIALITY = 'none';

export interface AuthValues {
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  medicalLicense: string;
  speciality: string;
}
export type AuthField = keyof AuthValues;

export const EMPTY_VALUES: AuthValues = {
  email: '',
  password: '',
  confirmPassword: '',
  firstName: '',
  lastName: '',
  medicalLicense: '',
  speciality: NO_SPECIALITY,
};

/** Order of the fields on screen: the first one in error receives the focus. */
export const FIELD_ORDER: readonly AuthField[] = [
  'firstName',
  'lastName',
  'email',
  'medicalLicense',
  'speciality',
  'password',
  'confirmPassword',
];

/** Field → translation key under `auth:errors.` (the domain schemas' issue messages). */
export type FieldErrors = Partial<Record<AuthField, string>>;

export type Validation =
  | { ok: true; kind: 'signIn'; body: SignInInput }
  | { ok: true; kind: 'signUp'; body: SignUpBody }
  | { ok: false; errors: FieldErrors };

/** Which fields a form shows, and which of them must be filled in (spec §5). */
export function requiredFields(mode: AuthMode, role: RegisterRole): AuthField[] {
  if (mode === 'login') return ['email', 'password'];
  const fields: AuthField[] = ['email', 'password', 'confirmPassword', 'firstName'];
  if (role === 'doctor') fields.push('lastName', 'medicalLicense');
  return fields;
}

const REQUIRED_KEY: Record<AuthField, string> = {
  email: 'emailRequired',
  password: 'passwordRequired',
  confirmPassword: 'confirmPasswordRequired',
  firstName: 'firstNameRequired',
  lastName: 'lastNameRequired',
  medicalLicense: 'medicalLicenseRequired',
  speciality: 'specialityInvalid',
};

function isField(name: unknown): name is AuthField {
  return typeof name === 'string' && name in EMPTY_VALUES;
}

/** Keeps the first issue of each field, as translation keys. */
export function issuesToErrors(issues: readonly Pick<ValidationIssue, 'path' | 'message'>[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isField(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** What the form sends: trimmed names, optional fields left out when empty. */
export function signUpBody(role: RegisterRole, values: AuthValues, language: Language): SignUpBody {
  const body: SignUpBody = {
    email: values.email.trim(),
    password: values.password,
    confirmPassword: values.confirmPassword,
    firstName: values.firstName.trim(),
    role,
    language,
  };
  const lastName = values.lastName.trim();
  if (lastName) body.lastName = lastName;
  if (role === 'doctor') {
    const license = values.medicalLicense.replace(/\s+/g, '');
    if (license) body.medicalLicense = license;
    if (values.speciality && values.speciality !== NO_SPECIALITY) body.speciality = values.speciality;
  }
  return body;
}

/**
 * Validates with the same zod schemas as the server. Empty required fields get a "required"
 * message first; every other message is the schema's own key (passwordMismatch, passwordTooShort…).
 */
export function validateAuth(mode: AuthMode, role: RegisterRole, values: AuthValues, language: Language): Validation {
  const errors: FieldErrors = {};
  for (const field of requiredFields(mode, role)) {
    if (!values[field].trim()) errors[field] = REQUIRED_KEY[field];
  }
  if (mode === 'login') {
    const body = { email: values.email.trim(), password: values.password };
    const parsed = signInSchema.safeParse(body);
    const all = { ...issuesToErrors(parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message }))), ...errors };
    return Object.keys(all).length ? { ok: false, errors: all } : { ok: true, kind: 'signIn', body };
  }
  const body = signUpBody(role, values, language);
  const parsed = signUpSchema.safeParse(body);
  const schemaErrors = parsed.success
    ? {}
    : issuesToErrors(parsed.error.issues.map((i) => ({ path: i.path as (string | number)[], message: i.message })));
  // A mismatch only makes sense once the confirmation is typed.
  if (errors.confirmPassword) delete schemaErrors.confirmPassword;
  const all = { ...schemaErrors, ...errors };
  return Object.keys(all).length ? { ok: false, errors: all } : { ok: true, kind: 'signUp', body };
}

/** The first field in error, in screen order. */
export function firstErrorField(errors: FieldErrors): AuthField | undefined {
  return FIELD_ORDER.find((field) => errors[field]);
}
