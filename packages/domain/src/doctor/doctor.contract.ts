import { defineEndpoint } from '../shared/contract';
import { okSchema } from '../care-team/care-team.schemas';
import {
  alertNotificationsInputSchema,
  alertNotificationsSchema,
  consultationNoteInputSchema,
  consultationNoteListSchema,
  consultationNoteSchema,
  doctorProfileSchema,
  doctorProfileUpdateSchema,
  noteParamsSchema,
  patientAlertListSchema,
  patientAlertParamsSchema,
  patientAlertSchema,
  patientAnalyticsSchema,
  patientEntriesQuerySchema,
  patientEntriesSchema,
  patientIdParamsSchema,
  patientSeriesQuerySchema,
  patientSummaryQuerySchema,
  patientTargetsSchema,
  setPatientTargetsSchema,
  sharedSeriesSchema,
  triageListSchema,
  triageQuerySchema,
} from './doctor.schemas';

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

/*
 * A patient seen by a professional: the patient must have an active care link with them, and
 * every read is written to the patient's access log (care-team contract, PRODUCT.md §4). No link,
 * or a category the patient does not share, answers `not_found`.
 */

// --- Professional: triage and one patient ------------------------------------------------------

export const triage = defineEndpoint({
  method: 'GET',
  path: '/api/doctor/patients',
  summary: 'Professional: linked patients with 14-day glucose metrics, open alerts and last HbA1c, worst first',
  tags: ['doctor'],
  access: 'user',
  query: triageQuerySchema,
  response: triageListSchema,
  errors: ['not_found'],
});

export const patientAnalytics = defineEndpoint({
  method: 'GET',
  path: '/api/doctor/patients/:patientId/summary',
  summary: 'Professional: the patient’s dashboard summary limited to the shared categories',
  tags: ['doctor'],
  access: 'user',
  params: patientIdParamsSchema,
  query: patientSummaryQuerySchema,
  response: patientAnalyticsSchema,
  errors: ['not_found'],
});

export const patientGlucoseSeries = defineEndpoint({
  method: 'GET',
  path: '/api/doctor/patients/:patientId/glucose/series',
  summary: 'Professional: glucose readings for charts (needs the glucose category)',
  tags: ['doctor'],
  access: 'user',
  params: patientIdParamsSchema,
  query: patientSeriesQuerySchema,
  response: sharedSeriesSchema,
  errors: ['not_found'],
});

export const patientEntries = defineEndpoint({
  method: 'GET',
  path: '/api/doctor/patients/:patientId/entries',
  summary: 'Professional: the patient’s latest entries of the shared kinds, newest first (needs at least one measurement category)',
  tags: ['doctor'],
  access: 'user',
  params: patientIdParamsSchema,
  query: patientEntriesQuerySchema,
  response: patientEntriesSchema,
  errors: ['not_found'],
});

export const patientAlerts = defineEndpoint({
  method: 'GET',
  path: '/api/doctor/patients/:patientId/alerts',
  summary: 'Professional: the patient’s open and acknowledged alerts, newest first (needs the alerts category)',
  tags: ['doctor'],
  access: 'user',
  params: patientIdParamsSchema,
  response: patientAlertListSchema,
  errors: ['not_found'],
});

export const acknowledgePatientAlert = defineEndpoint({
  method: 'POST',
  path: '/api/doctor/patients/:patientId/alerts/:alertId/acknowledge',
  summary: 'Professional: marks a patient’s open alert as seen (needs the alerts category; idempotent)',
  tags: ['doctor'],
  access: 'user',
  params: patientAlertParamsSchema,
  response: patientAlertSchema,
  errors: ['not_found'],
});

export const getAlertNotifications = defineEndpoint({
  method: 'GET',
  path: '/api/doctor/patients/:patientId/alert-notifications',
  summary: 'Professional: whether I am told of this patient’s alerts (in-app; e-mail and push per my settings)',
  tags: ['doctor'],
  access: 'user',
  params: patientIdParamsSchema,
  response: alertNotificationsSchema,
  errors: ['not_found'],
});

export const setAlertNotifications = defineEndpoint({
  method: 'PUT',
  path: '/api/doctor/patients/:patientId/alert-notifications',
  summary: 'Professional: asks (or stops asking) to be told of this patient’s alerts',
  tags: ['doctor'],
  access: 'user',
  params: patientIdParamsSchema,
  body: alertNotificationsInputSchema,
  response: alertNotificationsSchema,
  errors: ['validation_failed', 'not_found'],
});

export const setPatientTargets = defineEndpoint({
  method: 'PUT',
  path: '/api/doctor/patients/:patientId/targets',
  summary: 'Professional: sets the patient’s glycaemic targets (preset or custom), recorded as set by this professional',
  tags: ['doctor'],
  access: 'user',
  params: patientIdParamsSchema,
  body: setPatientTargetsSchema,
  response: patientTargetsSchema,
  errors: ['not_found'],
});

export const listNotes = defineEndpoint({
  method: 'GET',
  path: '/api/doctor/patients/:patientId/notes',
  summary: 'Professional: my private consultation notes about this patient, newest first',
  tags: ['doctor'],
  access: 'user',
  params: patientIdParamsSchema,
  response: consultationNoteListSchema,
  errors: ['not_found'],
});

export const createNote = defineEndpoint({
  method: 'POST',
  path: '/api/doctor/patients/:patientId/notes',
  summary: 'Professional: writes a private consultation note (never shown to the patient or other professionals)',
  tags: ['doctor'],
  access: 'user',
  params: patientIdParamsSchema,
  body: consultationNoteInputSchema,
  status: 201,
  response: consultationNoteSchema,
  errors: ['not_found'],
});

export const updateNote = defineEndpoint({
  method: 'PUT',
  path: '/api/doctor/patients/:patientId/notes/:noteId',
  summary: 'Professional: rewrites one of my notes',
  tags: ['doctor'],
  access: 'user',
  params: noteParamsSchema,
  body: consultationNoteInputSchema,
  response: consultationNoteSchema,
  errors: ['not_found'],
});

export const deleteNote = defineEndpoint({
  method: 'DELETE',
  path: '/api/doctor/patients/:patientId/notes/:noteId',
  summary: 'Professional: deletes one of my notes',
  tags: ['doctor'],
  access: 'user',
  params: noteParamsSchema,
  response: okSchema,
  errors: ['not_found'],
});
