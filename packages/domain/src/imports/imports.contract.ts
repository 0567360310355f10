import { defineEndpoint } from '../shared/contract';
import { glucoseImportCheckSchema, glucoseImportResultSchema, glucoseImportSchema } from './imports.schemas';

// A year of readings as columns is under 2 MB of JSON; the app's default body limit is 1 MB.
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;

export const checkGlucoseImport = defineEndpoint({
  method: 'POST',
  path: '/api/imports/glucose/check',
  summary: 'Preview of a glucose file import: how many readings, the period, and how many are already stored; writes nothing',
  tags: ['imports'],
  access: 'user',
  body: glucoseImportSchema,
  bodyLimit: IMPORT_BODY_LIMIT,
  response: glucoseImportCheckSchema,
  errors: ['forbidden'],
});

export const importGlucose = defineEndpoint({
  method: 'POST',
  path: '/api/imports/glucose',
  summary: 'Imports the readings of a glucose file all-or-nothing, skipping those already stored (a device reading within 2.5 minutes)',
  tags: ['imports'],
  access: 'user',
  body: glucoseImportSchema,
  bodyLimit: IMPORT_BODY_LIMIT,
  status: 201,
  response: glucoseImportResultSchema,
  errors: ['forbidden'],
});
