import { defineEndpoint } from '../shared/contract';
import { settingsPatchSchema, userSettingsSchema } from './settings.schemas';

export const getSettings = defineEndpoint({
  method: 'GET',
  path: '/api/settings',
  summary: "The signed-in user's settings",
  tags: ['settings'],
  access: 'user',
  response: userSettingsSchema,
});

export const updateSettings = defineEndpoint({
  method: 'PATCH',
  path: '/api/settings',
  summary: 'Change one or more settings (applied at once)',
  tags: ['settings'],
  access: 'user',
  body: settingsPatchSchema,
  response: userSettingsSchema,
});
