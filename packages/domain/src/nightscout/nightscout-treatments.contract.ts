import { defineEndpoint } from '../shared/contract';
import { nightscoutAuthQuerySchema, ENTRIES_BODY_LIMIT } from './nightscout.schemas';
import {
  nightscoutDeletionSchema,
  nightscoutTreatmentIdSchema,
  nightscoutTreatmentsBodySchema,
  nightscoutTreatmentsQuerySchema,
  nightscoutTreatmentsSchema,
} from './nightscout-treatments.schemas';

// Nightscout REST API v1 treatments, for uploader apps: authenticated like entries (the
// uploader's secret as `api-secret` or `?token=`), public to the app otherwise.

const V1 = { tags: ['nightscout-v1'], access: 'public' as const, originFreeClients: true };

const treatmentsGet = (path: string) =>
  defineEndpoint({
    ...V1,
    method: 'GET',
    path,
    summary:
      "The patient's events as treatments, newest first (those typed in the app too, and finger-stick readings as BG Check): count (default 100), find[eventType], find[created_at] $gte $gt $lte $lt (default: the last 4 days)",
    query: nightscoutTreatmentsQuerySchema,
    response: nightscoutTreatmentsSchema,
    errors: ['unauthenticated'],
  });

const treatmentsPost = (path: string) =>
  defineEndpoint({
    ...V1,
    method: 'POST',
    path,
    summary:
      'Stores treatments all-or-nothing: boluses and carbs become insulin and carbs events, BG Check a meter reading, notes and device changes note events; loop state (temp basals, profile switches) is answered but not kept; a re-sent treatment changes nothing',
    query: nightscoutAuthQuerySchema,
    body: nightscoutTreatmentsBodySchema,
    bodyLimit: ENTRIES_BODY_LIMIT,
    response: nightscoutTreatmentsSchema,
    errors: ['unauthenticated', 'document_too_large', 'payload_too_large'],
  });

const treatmentsPut = (path: string) =>
  defineEndpoint({
    ...V1,
    method: 'PUT',
    path,
    summary:
      "Upserts treatments (xDrip+ and Loop edits): a document with the identity of a stored one (uuid, identifier, syncIdentifier, or the `_id` answered for it) replaces that treatment's events; otherwise it is stored as by POST",
    query: nightscoutAuthQuerySchema,
    body: nightscoutTreatmentsBodySchema,
    bodyLimit: ENTRIES_BODY_LIMIT,
    response: nightscoutTreatmentsSchema,
    errors: ['unauthenticated', 'document_too_large', 'payload_too_large'],
  });

export const listTreatments = treatmentsGet('/api/v1/treatments');
export const listTreatmentsJson = treatmentsGet('/api/v1/treatments.json');
export const postTreatments = treatmentsPost('/api/v1/treatments');
export const postTreatmentsJson = treatmentsPost('/api/v1/treatments.json');
export const putTreatments = treatmentsPut('/api/v1/treatments');
export const putTreatmentsJson = treatmentsPut('/api/v1/treatments.json');

export const deleteTreatment = defineEndpoint({
  ...V1,
  method: 'DELETE',
  path: '/api/v1/treatments/:id',
  summary: 'Deletes the treatment answered with this `_id` (its events, or its finger-stick reading); answers how many went, 0 when none had it',
  params: nightscoutTreatmentIdSchema,
  query: nightscoutAuthQuerySchema,
  response: nightscoutDeletionSchema,
  errors: ['unauthenticated'],
});
