import { z } from 'zod';
import { defineEndpoint } from '../shared/contract';
import {
  activeSessionSchema,
  backupCodeSchema,
  changeEmailSchema,
  confirmEmailChangeSchema,
  forgotPasswordSchema,
  MAX_PASSWORD_LENGTH,
  resetPasswordSchema,
  sessionUserSchema,
  sessionViewSchema,
  signInResultSchema,
  signInSchema,
  signInUnlockSchema,
  signUpSchema,
  specialtiesQuerySchema,
  specialtySchema,
  totpCodeSchema,
} from './accounts.schemas';

const ok = z.object({ ok: z.literal(true) });

export const signUp = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/sign-up',
  summary: 'Register a patient or a professional; signs the new user in',
  tags: ['accounts'],
  access: 'public',
  body: signUpSchema,
  status: 201,
  response: z.object({ user: sessionUserSchema, redirectTo: z.enum(['/doctor', '/admin', '/patient-dashboard']) }),
  errors: ['email_taken', 'weak_password', 'rate_limited'],
});

export const signIn = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/sign-in',
  summary: 'Sign in with e-mail and password; may ask for the second factor',
  tags: ['accounts'],
  access: 'public',
  body: signInSchema,
  response: signInResultSchema,
  errors: ['invalid_credentials', 'rate_limited', 'account_locked'],
});

export const requestSignInUnlock = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/sign-in/unlock-link',
  summary: 'E-mail a link that lifts the sign-in wait for the browser that opens it (always answers the same)',
  tags: ['accounts'],
  access: 'public',
  body: forgotPasswordSchema,
  response: ok,
  errors: ['rate_limited'],
});

export const unlockSignIn = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/sign-in/unlock',
  summary: 'Follow an unlock link: this browser becomes a known device of the account',
  tags: ['accounts'],
  access: 'public',
  body: signInUnlockSchema,
  response: ok,
  errors: ['unlock_link_invalid', 'rate_limited'],
});

export const verifyTotp = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/two-factor/verify',
  summary: 'Second sign-in step with a TOTP code',
  tags: ['accounts'],
  access: 'public',
  body: totpCodeSchema,
  response: signInResultSchema,
  errors: ['invalid_code', 'rate_limited', 'unauthenticated', 'account_locked'],
});

export const verifyBackupCode = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/two-factor/backup-code',
  summary: 'Second sign-in step with a single-use backup code',
  tags: ['accounts'],
  access: 'public',
  body: backupCodeSchema,
  response: signInResultSchema,
  errors: ['invalid_code', 'rate_limited', 'unauthenticated', 'account_locked'],
});

export const getSession = defineEndpoint({
  method: 'GET',
  path: '/api/auth/get-session',
  summary: 'The current session and user, or null',
  tags: ['accounts'],
  access: 'public',
  response: sessionViewSchema,
});

export const signOut = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/sign-out',
  summary: 'Sign out here, or everywhere',
  tags: ['accounts'],
  access: 'public',
  body: z.object({ everywhere: z.boolean().optional() }).strict().optional(),
  response: ok,
});

export const listSessions = defineEndpoint({
  method: 'GET',
  path: '/api/accounts/sessions',
  summary: 'Active sessions of the signed-in user',
  tags: ['accounts'],
  access: 'user',
  response: z.array(activeSessionSchema),
});

export const revokeSession = defineEndpoint({
  method: 'DELETE',
  path: '/api/accounts/sessions/:id',
  summary: 'End one of my sessions',
  tags: ['accounts'],
  access: 'user',
  params: z.object({ id: z.string().min(1).max(100) }),
  response: ok,
  errors: ['not_found'],
});

export const listSpecialties = defineEndpoint({
  method: 'GET',
  path: '/api/specialties',
  summary: 'Active medical specialties, in display order, named in the requested language (French when missing)',
  tags: ['accounts'],
  access: 'public',
  query: specialtiesQuerySchema,
  response: z.array(specialtySchema),
});

export const requestDeletion = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/deletion',
  summary: 'Ask for the account to be erased in 30 days; locks it at once',
  tags: ['accounts'],
  access: 'user',
  body: z.object({ confirm: z.literal(true) }).strict(),
  status: 202,
  response: z.object({ eraseAfter: z.string() }),
});

export const forgotPassword = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/password/forgot',
  summary: 'Send a password reset link (always answers the same, known e-mail or not)',
  tags: ['accounts'],
  access: 'public',
  body: forgotPasswordSchema,
  response: ok,
  errors: ['rate_limited'],
});

export const resetPassword = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/password/reset',
  summary: 'Set a new password with the e-mailed token; ends every session',
  tags: ['accounts'],
  access: 'public',
  body: resetPasswordSchema,
  response: ok,
  errors: ['invalid_code', 'weak_password', 'rate_limited'],
});

export const changeEmail = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/email',
  summary: 'Ask to change the sign-in e-mail (password required again): a confirmation link goes to the new address',
  tags: ['accounts'],
  access: 'user',
  body: changeEmailSchema,
  response: ok,
  errors: ['invalid_credentials', 'email_taken', 'rate_limited'],
});

export const confirmEmailChange = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/email/confirm',
  summary: 'Apply a requested e-mail change with the link sent to the new address (signed in as the same user)',
  tags: ['accounts'],
  access: 'user',
  body: confirmEmailChangeSchema,
  response: z.object({ email: z.string() }),
  errors: ['email_change_invalid', 'email_change_expired', 'email_taken', 'rate_limited'],
});

const passwordAgain = z.object({ password: z.string().min(1).max(MAX_PASSWORD_LENGTH) }).strict();

export const enableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/two-factor/enable',
  summary: 'Start TOTP enrolment: returns the otpauth URI and backup codes',
  tags: ['accounts'],
  access: 'user',
  body: passwordAgain,
  response: z.object({ totpUri: z.string(), backupCodes: z.array(z.string()) }),
  errors: ['invalid_credentials', 'rate_limited'],
});

export const confirmTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/two-factor/confirm',
  summary: 'Finish TOTP enrolment with a first code',
  tags: ['accounts'],
  access: 'user',
  body: z.object({ code: z.string().regex(/^\d{6}$/, 'codeInvalid') }).strict(),
  response: ok,
  errors: ['invalid_code', 'rate_limited'],
});

export const disableTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/api/accounts/two-factor/disable',
  summary: 'Turn two-factor sign-in off (password required)',
  tags: ['accounts'],
  access: 'user',
  body: passwordAgain,
  response: ok,
  errors: ['invalid_credentials', 'rate_limited'],
});

/**
 * "Télécharger mes données" (GDPR art. 15 and 20): a ZIP of JSON and CSV files, streamed as it
 * is written, so the response is the archive's bytes, not JSON. The web app opens it as a plain
 * link (the session cookie authenticates it).
 */
export const exportData = defineEndpoint({
  method: 'GET',
  path: '/api/accounts/export.zip',
  summary: 'Download all my data (ZIP: JSON and CSV)',
  tags: ['accounts'],
  access: 'user',
  response: z.custom<AsyncIterable<Uint8Array>>(
    (value) => typeof value === 'object' && value !== null && Symbol.asyncIterator in value,
  ),
});
export const ZIP_CONTENT_TYPE = 'application/zip';
