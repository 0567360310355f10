import { defineEndpoint } from '../shared/contract';
import { alertSettingsPatchSchema, alertSettingsSchema } from './alert-settings.schemas';
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

export const getAlertSettings = defineEndpoint({
  method: 'GET',
  path: '/api/alerts/settings',
  summary: "The patient's live CGM alert settings (defaults until saved)",
  tags: ['alerts'],
  access: 'user',
  response: alertSettingsSchema,
  errors: ['forbidden'],
});

export const updateAlertSettings = defineEndpoint({
  method: 'PATCH',
  path: '/api/alerts/settings',
  summary: "Changes the patient's live CGM alert settings, within their safe bounds",
  tags: ['alerts'],
  access: 'user',
  body: alertSettingsPatchSchema,
  response: alertSettingsSchema,
  errors: ['forbidden', 'validation_failed'],
});
