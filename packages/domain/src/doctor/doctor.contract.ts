import { defineEndpoint } from '../shared/contract';
import { doctorProfileSchema, doctorProfileUpdateSchema } from './doctor.schemas';

/*
 * The professional's own record. Only a doctor account has one: any other caller gets
 * `not_found`, like the other professional endpoints.
 */

export const getDoctorProfile = defineEndpoint({
  method: 'GET',
  path: '/api/doctor/profile',
  summary: 'Professional: my name, speciality, RPPS number, verified status and personal invitation code',
  tags: ['doctor'],
  access: 'user',
  response: doctorProfileSchema,
  errors: ['not_found'],
});

export const updateDoctorProfile = defineEndpoint({
  method: 'PATCH',
  path: '/api/doctor/profile',
  summary: 'Professional: changes my speciality (an active one from /api/specialties, or null)',
  tags: ['doctor'],
  access: 'user',
  body: doctorProfileUpdateSchema,
  response: doctorProfileSchema,
  errors: ['not_found'],
});
