import { z } from 'zod';
import { defineEndpoint } from '../shared/contract';
import { patientIdParamsSchema } from '../doctor/doctor.schemas';
import { adviceFeedbackSchema, adviceQuerySchema, adviceResponseSchema } from './advice.schemas';

export const getAdvice = defineEndpoint({
  method: 'GET',
  path: '/api/advice',
  summary: "The patient's advice findings for the last N days, with their evidence, and the patient's votes",
  tags: ['advice'],
  access: 'user',
  query: adviceQuerySchema,
  response: adviceResponseSchema,
  errors: ['forbidden'],
});

export const voteAdvice = defineEndpoint({
  method: 'POST',
  path: '/api/advice/feedback',
  summary: 'The patient marks a kind of finding useful or not (the last vote per kind counts)',
  tags: ['advice'],
  access: 'user',
  body: adviceFeedbackSchema,
  response: z.object({ ok: z.literal(true) }),
  errors: ['forbidden'],
});

export const patientAdvice = defineEndpoint({
  method: 'GET',
  path: '/api/doctor/patients/:patientId/advice',
  summary: "Professional: the patient's findings drawn only from the shared categories",
  tags: ['doctor'],
  access: 'user',
  params: patientIdParamsSchema,
  query: adviceQuerySchema,
  response: adviceResponseSchema,
  errors: ['not_found'],
});
