import { z } from 'zod';
import { defineEndpoint } from '../shared/contract';
import {
  accountIdParamsSchema,
  accountListQuerySchema,
  accountListSchema,
  adminAccountSchema,
  adminProfessionalSchema,
  adminSpecialtyListSchema,
  adminSpecialtySchema,
  createSpecialtySchema,
  failedJobListSchema,
  lockAccountSchema,
  professionalListQuerySchema,
  professionalListSchema,
  rejectProfessionalSchema,
  specialtyIdParamsSchema,
  updateSpecialtySchema,
} from './admin.schemas';

/*
 * The back office (issue 18). Every endpoint here is `access: 'admin'`: anyone else gets 404 as if
 * it did not exist, and an administrator whose account has no second factor gets 403
 * `two_factor_required`. Administrators see accounts and aggregates, never health data.
 */

/** The 100 most recent failed jobs (ADR 0010); administrators only, anyone else gets 404. */
export const listFailedJobs = defineEndpoint({
  method: 'GET',
  path: '/api/admin/jobs/failed',
  summary: 'Jobs that failed after their last attempt, newest first (no payload)',
  tags: ['admin'],
  access: 'admin',
  response: failedJobListSchema,
});

export const listAccounts = defineEndpoint({
  method: 'GET',
  path: '/api/admin/accounts',
  summary: 'Accounts (name, e-mail, type, status, last sign-in), filtered and searched, 50 a page; no health data',
  tags: ['admin'],
  access: 'admin',
  query: accountListQuerySchema,
  response: accountListSchema,
});

export const lockAccount = defineEndpoint({
  method: 'POST',
  path: '/api/admin/accounts/:id/lock',
  summary: 'Lock an account with a reason: its sessions end and it cannot sign in until unlocked',
  tags: ['admin'],
  access: 'admin',
  params: accountIdParamsSchema,
  body: lockAccountSchema,
  response: adminAccountSchema,
  errors: ['not_found', 'cannot_lock_self', 'last_admin'],
});

export const unlockAccount = defineEndpoint({
  method: 'POST',
  path: '/api/admin/accounts/:id/unlock',
  summary: 'Unlock an account',
  tags: ['admin'],
  access: 'admin',
  params: accountIdParamsSchema,
  response: adminAccountSchema,
  errors: ['not_found'],
});

export const sendAccountPasswordReset = defineEndpoint({
  method: 'POST',
  path: '/api/admin/accounts/:id/password-reset',
  summary: "Send the account's owner the password-reset e-mail",
  tags: ['admin'],
  access: 'admin',
  params: accountIdParamsSchema,
  response: z.object({ ok: z.literal(true) }),
  errors: ['not_found'],
});

export const listProfessionals = defineEndpoint({
  method: 'GET',
  path: '/api/admin/professionals',
  summary: 'Professionals by licence check status (RPPS number and its checksum, speciality, dates), 50 a page',
  tags: ['admin'],
  access: 'admin',
  query: professionalListQuerySchema,
  response: professionalListSchema,
});

export const verifyProfessional = defineEndpoint({
  method: 'POST',
  path: '/api/admin/professionals/:id/verify',
  summary: "Mark a professional's licence verified (clears an earlier refusal)",
  tags: ['admin'],
  access: 'admin',
  params: accountIdParamsSchema,
  response: adminProfessionalSchema,
  errors: ['not_found'],
});

export const rejectProfessional = defineEndpoint({
  method: 'POST',
  path: '/api/admin/professionals/:id/reject',
  summary: "Refuse a professional's licence with a reason, told to the professional",
  tags: ['admin'],
  access: 'admin',
  params: accountIdParamsSchema,
  body: rejectProfessionalSchema,
  response: adminProfessionalSchema,
  errors: ['not_found'],
});

export const listAdminSpecialties = defineEndpoint({
  method: 'GET',
  path: '/api/admin/specialties',
  summary: 'Every medical specialty, active or not, with its names and how many professionals use it',
  tags: ['admin'],
  access: 'admin',
  response: adminSpecialtyListSchema,
});

export const createSpecialty = defineEndpoint({
  method: 'POST',
  path: '/api/admin/specialties',
  summary: 'Add a specialty (French, English and Spanish names, display order); active at once',
  tags: ['admin'],
  access: 'admin',
  body: createSpecialtySchema,
  status: 201,
  response: adminSpecialtySchema,
  errors: ['specialty_exists'],
});

export const updateSpecialty = defineEndpoint({
  method: 'PATCH',
  path: '/api/admin/specialties/:id',
  summary: 'Rename, reorder, activate or deactivate a specialty',
  tags: ['admin'],
  access: 'admin',
  params: specialtyIdParamsSchema,
  body: updateSpecialtySchema,
  response: adminSpecialtySchema,
  errors: ['not_found', 'specialty_exists'],
});
