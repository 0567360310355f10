import { z } from 'zod';
import { defineEndpoint } from '../shared/contract';
import { patientIdParamsSchema } from '../doctor/doctor.schemas';
import { glucosePdfQuerySchema, weeklyReportSchema } from './reports.schemas';

// The downloads answer a file, not JSON: the response schema documents the body as a
// string for OpenAPI; the server streams the bytes with the content type below.

export const exportMeasurementsCsv = defineEndpoint({
  method: 'GET',
  path: '/api/measurements/export.csv',
  summary:
    'All measurements as CSV for French Excel (UTF-8 BOM, semicolons, decimal commas): one line per record, canonical units and the unit entered',
  tags: ['reports'],
  access: 'user',
  query: z.object({}).strict(),
  response: z.string(),
  errors: ['forbidden'],
});
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

export const glucoseReportPdf = defineEndpoint({
  method: 'GET',
  path: '/api/reports/glucose.pdf',
  summary: 'One-page AGP-style glucose report (default 14 days) with HbA1c, lipids and blood pressure',
  tags: ['reports'],
  access: 'user',
  query: glucosePdfQuerySchema,
  // The bytes of the PDF (a Buffer on the server), not JSON.
  response: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  // premium_required: a free plan's fourth report of the patient's calendar month.
  errors: ['forbidden', 'premium_required'],
});
export const PDF_CONTENT_TYPE = 'application/pdf';

/**
 * The professional's copy of a patient's report: the same pages over the chosen period, drawn
 * from the categories the patient shares, in the professional's language and unit. Needs an
 * active care link sharing `reports`, else `not_found` (as for an unknown patient); written to
 * the patient's access log.
 */
export const patientReportPdf = defineEndpoint({
  method: 'GET',
  path: '/api/doctor/patients/:patientId/report.pdf',
  summary: 'Professional: the patient’s glucose report as PDF (the patient shares reports), default 14 days',
  tags: ['reports', 'doctor'],
  access: 'user',
  params: patientIdParamsSchema,
  query: glucosePdfQuerySchema,
  response: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  errors: ['not_found'],
});

/**
 * Every measurement as a FHIR R4 Bundle (see fhir/fhir.bundle.ts), written while it is sent: a
 * year of CGM readings is some 105,000 Observations, so the body is a stream of JSON text.
 */
export const exportFhirBundle = defineEndpoint({
  method: 'GET',
  path: '/api/reports/fhir.json',
  summary:
    'All my measurements as a FHIR R4 Bundle (collection): a Patient and Observations with LOINC codes and UCUM units (glucose, HbA1c, lipids, blood pressure, weight)',
  tags: ['reports'],
  access: 'user',
  query: z.object({}).strict(),
  response: z.custom<AsyncIterable<string | Uint8Array>>((value) => typeof value === 'object' && value !== null && Symbol.asyncIterator in value),
  errors: ['forbidden'],
});
export const FHIR_CONTENT_TYPE = 'application/fhir+json; fhirVersion=4.0';
export const FHIR_FILE_NAME = 'glucosuivi-fhir.json';

export const getWeeklyReport = defineEndpoint({
  method: 'GET',
  path: '/api/reports/weekly',
  summary: 'Last 7 days against the previous 7: glucose metrics and their changes',
  tags: ['reports'],
  access: 'user',
  response: weeklyReportSchema,
  errors: ['forbidden'],
});
