import { defineEndpoint } from '../shared/contract';
import { profileInputSchema, profileSchema } from './profile.schemas';

export const getProfile = defineEndpoint({
  method: 'GET',
  path: '/api/profile',
  summary: "The patient's clinical profile; defaults (standard targets) before the first save",
  tags: ['profile'],
  access: 'user',
  response: profileSchema,
  errors: ['forbidden'],
});

export const putProfile = defineEndpoint({
  method: 'PUT',
  path: '/api/profile',
  summary: 'Saves the clinical profile; changing the targets makes the patient their author',
  tags: ['profile'],
  access: 'user',
  body: profileInputSchema,
  response: profileSchema,
  errors: ['forbidden'],
});
