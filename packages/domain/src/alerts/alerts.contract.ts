import { defineEndpoint } from '../shared/contract';
import { alertIdParamsSchema, alertListSchema, alertSchema, listAlertsQuerySchema } from './alerts.schemas';

export const listAlerts = defineEndpoint({
  method: 'GET',
  path: '/api/alerts',
  summary: "The patient's alerts, newest first, with the open and acknowledged counts",
  tags: ['alerts'],
  access: 'user',
  query: listAlertsQuerySchema,
  response: alertListSchema,
  errors: ['forbidden'],
});

export const acknowledgeAlert = defineEndpoint({
  method: 'POST',
  path: '/api/alerts/:id/acknowledge',
  summary: 'Marks an open alert as seen (idempotent; a resolved alert stays resolved)',
  tags: ['alerts'],
  access: 'user',
  params: alertIdParamsSchema,
  response: alertSchema,
  errors: ['forbidden', 'not_found'],
});

export const resolveAlert = defineEndpoint({
  method: 'POST',
  path: '/api/alerts/:id/resolve',
  summary: 'Closes an alert (idempotent)',
  tags: ['alerts'],
  access: 'user',
  params: alertIdParamsSchema,
  response: alertSchema,
  errors: ['forbidden', 'not_found'],
});
