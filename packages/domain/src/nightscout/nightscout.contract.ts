import { defineEndpoint } from '../shared/contract';
import {
  ENTRIES_BODY_LIMIT,
  nightscoutAuthQuerySchema,
  nightscoutDeviceStatusBodySchema,
  nightscoutDeviceStatusesSchema,
  nightscoutDeviceStatusQuerySchema,
  nightscoutEntriesBodySchema,
  nightscoutEntriesQuerySchema,
  nightscoutEntriesSchema,
  nightscoutStatusSchema,
  nightscoutVerifyAuthSchema,
  uploaderIdParamsSchema,
  uploaderListSchema,
  uploaderNameInputSchema,
  uploaderSchema,
  uploaderSecretSchema,
} from './nightscout.schemas';

// ---------------------------------------------------------------------------------------------
// The patient's uploaders (signed in, patients only; another patient's id answers 404)

export const listUploaders = defineEndpoint({
  method: 'GET',
  path: '/api/nightscout/uploaders',
  summary: 'My Nightscout uploaders, newest first: last use, last upload, battery and readings of the last 24 hours',
  tags: ['nightscout'],
  access: 'user',
  response: uploaderListSchema,
  errors: ['forbidden'],
});

export const createUploader = defineEndpoint({
  method: 'POST',
  path: '/api/nightscout/uploaders',
  summary: 'Names a new uploader and answers its secret, the only time it is shown',
  tags: ['nightscout'],
  access: 'user',
  body: uploaderNameInputSchema,
  status: 201,
  response: uploaderSecretSchema,
  errors: ['forbidden', 'conflict'],
});

export const rotateUploader = defineEndpoint({
  method: 'POST',
  path: '/api/nightscout/uploaders/:id/rotate',
  summary: 'Gives an uploader a new secret; the previous one stops working at once',
  tags: ['nightscout'],
  access: 'user',
  params: uploaderIdParamsSchema,
  response: uploaderSecretSchema,
  errors: ['forbidden', 'not_found', 'conflict'],
});

export const revokeUploader = defineEndpoint({
  method: 'DELETE',
  path: '/api/nightscout/uploaders/:id',
  summary: "Revokes an uploader's secret for good (idempotent); the uploader stays listed as revoked",
  tags: ['nightscout'],
  access: 'user',
  params: uploaderIdParamsSchema,
  response: uploaderSchema,
  errors: ['forbidden', 'not_found'],
});

// ---------------------------------------------------------------------------------------------
// Nightscout REST API v1, for uploader apps. Public to the app (no session, no Origin): the
// uploader's secret, as the `api-secret` header (its SHA-1 or SHA-512, hex) or `?token=`, says
// whose data it is; a wrong one answers 401 after a wait that grows with the client's failures.

const V1 = { tags: ['nightscout-v1'], access: 'public' as const, originFreeClients: true };
const AUTH_ERRORS = ['unauthenticated'] as const;

const entriesGet = (path: string, summary: string) =>
  defineEndpoint({ ...V1, method: 'GET', path, summary, query: nightscoutEntriesQuerySchema, response: nightscoutEntriesSchema, errors: AUTH_ERRORS });

const entriesPost = (path: string) =>
  defineEndpoint({
    ...V1,
    method: 'POST',
    path,
    summary:
      'Stores entries all-or-nothing: sgv become glucose readings (source nightscout), mbg meter readings, calibrations are answered but not kept; a re-sent entry changes nothing',
    query: nightscoutAuthQuerySchema,
    body: nightscoutEntriesBodySchema,
    bodyLimit: ENTRIES_BODY_LIMIT,
    response: nightscoutEntriesSchema,
    errors: [...AUTH_ERRORS, 'payload_too_large'],
  });

const LIST_SUMMARY = 'Entries, newest first: count (default 10), find[type], find[date] / find[dateString] $gte $gt $lte $lt (default: the last 4 days)';

export const listEntries = entriesGet('/api/v1/entries', LIST_SUMMARY);
export const listEntriesJson = entriesGet('/api/v1/entries.json', LIST_SUMMARY);
export const listSgvEntries = entriesGet('/api/v1/entries/sgv.json', 'CGM entries (type sgv), newest first, with the same filters');
export const currentEntry = entriesGet('/api/v1/entries/current', 'The newest CGM entry of the last 4 days, as a one-element array');
export const currentEntryJson = entriesGet('/api/v1/entries/current.json', 'The newest CGM entry of the last 4 days, as a one-element array');
export const postEntries = entriesPost('/api/v1/entries');
export const postEntriesJson = entriesPost('/api/v1/entries.json');

const deviceStatusGet = (path: string) =>
  defineEndpoint({
    ...V1,
    method: 'GET',
    path,
    summary: 'Device statuses, newest first: count (default 10), find[created_at] $gte $lte (default: the last 4 days)',
    query: nightscoutDeviceStatusQuerySchema,
    response: nightscoutDeviceStatusesSchema,
    errors: AUTH_ERRORS,
  });

const deviceStatusPost = (path: string) =>
  defineEndpoint({
    ...V1,
    method: 'POST',
    path,
    summary: 'Stores device statuses (phone battery, pump, loop) as received; the newest battery and device show in the uploader list',
    query: nightscoutAuthQuerySchema,
    body: nightscoutDeviceStatusBodySchema,
    response: nightscoutDeviceStatusesSchema,
    errors: [...AUTH_ERRORS, 'document_too_large'],
  });

export const listDeviceStatus = deviceStatusGet('/api/v1/devicestatus');
export const listDeviceStatusJson = deviceStatusGet('/api/v1/devicestatus.json');
export const postDeviceStatus = deviceStatusPost('/api/v1/devicestatus');
export const postDeviceStatusJson = deviceStatusPost('/api/v1/devicestatus.json');

export const nightscoutStatus = defineEndpoint({
  ...V1,
  method: 'GET',
  path: '/api/v1/status.json',
  summary: "Server status and the patient's display settings (units, targets), as Nightscout answers them",
  query: nightscoutAuthQuerySchema,
  response: nightscoutStatusSchema,
  errors: AUTH_ERRORS,
});

export const verifyAuth = defineEndpoint({
  ...V1,
  method: 'GET',
  path: '/api/v1/verifyauth',
  summary: 'Whether the request carries a working secret: message OK, or UNAUTHORIZED without one (a wrong one answers 401)',
  query: nightscoutAuthQuerySchema,
  response: nightscoutVerifyAuthSchema,
  errors: AUTH_ERRORS,
});
