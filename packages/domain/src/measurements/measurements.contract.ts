import { z } from 'zod';
import { defineEndpoint } from '../shared/contract';
import {
  createMeasurementBodySchema,
  glucoseBatchResultSchema,
  glucoseBatchSchema,
  listMeasurementsQuerySchema,
  measurementIdParamsSchema,
  measurementInputSchema,
  measurementPageSchema,
  measurementRecordSchema,
  measurementWriteResultSchema,
} from './measurements.schemas';
import { glucoseSeriesQuerySchema, glucoseSeriesResponseSchema, summaryQuerySchema, summarySchema } from './summary.schemas';

// Patient-only endpoints on the patient's own data; another patient's id answers 404, never 403.

export const createMeasurement = defineEndpoint({
  method: 'POST',
  path: '/api/measurements',
  summary:
    'Records one measurement or event, in the unit the patient typed; raises alerts in the same transaction. With a clientKey, a create sent again answers the entry stored the first time',
  tags: ['measurements'],
  access: 'user',
  body: createMeasurementBodySchema,
  status: 201,
  response: measurementWriteResultSchema,
  errors: ['forbidden'],
});

export const listMeasurements = defineEndpoint({
  method: 'GET',
  path: '/api/measurements',
  summary: 'Pages through measurements, newest first, by kind and period',
  tags: ['measurements'],
  access: 'user',
  query: listMeasurementsQuerySchema,
  response: measurementPageSchema,
  errors: ['forbidden'],
});

export const getMeasurement = defineEndpoint({
  method: 'GET',
  path: '/api/measurements/:id',
  summary: 'One measurement',
  tags: ['measurements'],
  access: 'user',
  params: measurementIdParamsSchema,
  response: measurementRecordSchema,
  errors: ['forbidden', 'not_found'],
});

export const updateMeasurement = defineEndpoint({
  method: 'PUT',
  path: '/api/measurements/:id',
  summary: 'Replaces a measurement (same kind); device readings cannot be edited, only deleted',
  tags: ['measurements'],
  access: 'user',
  params: measurementIdParamsSchema,
  body: measurementInputSchema,
  response: measurementWriteResultSchema,
  errors: ['forbidden', 'not_found', 'conflict'],
});

export const deleteMeasurement = defineEndpoint({
  method: 'DELETE',
  path: '/api/measurements/:id',
  summary: 'Deletes a measurement (its alerts stay, as history)',
  tags: ['measurements'],
  access: 'user',
  params: measurementIdParamsSchema,
  response: z.object({ deleted: z.uuid() }),
  errors: ['forbidden', 'not_found'],
});

export const insertGlucoseBatch = defineEndpoint({
  method: 'POST',
  path: '/api/measurements/glucose/batch',
  summary:
    'Stores up to 10,000 device readings all-or-nothing (one invalid reading: 400 with its index, nothing stored); duplicates are skipped',
  tags: ['measurements'],
  access: 'user',
  body: glucoseBatchSchema,
  response: glucoseBatchResultSchema,
  errors: ['forbidden'],
});

export const getSummary = defineEndpoint({
  method: 'GET',
  path: '/api/measurements/summary',
  summary: 'Dashboard: glucose metrics, targets, AGP and daily stats of the last 1/7/14/30/90 days, latest of each kind',
  tags: ['measurements'],
  access: 'user',
  query: summaryQuerySchema,
  response: summarySchema,
  errors: ['forbidden'],
});

export const getGlucoseSeries = defineEndpoint({
  method: 'GET',
  path: '/api/measurements/glucose-series',
  summary: 'Glucose readings of a period (≤ 92 days) as delta-encoded columns for charts',
  tags: ['measurements'],
  access: 'user',
  query: glucoseSeriesQuerySchema,
  response: glucoseSeriesResponseSchema,
  errors: ['forbidden'],
});
