import { defineEndpoint } from '../shared/contract';
import { figuresSchema } from './figures.schemas';

/** The platform's figures (counts only); administrators only, anyone else gets 404. */
export const getFigures = defineEndpoint({
  method: 'GET',
  path: '/api/admin/figures',
  summary:
    'Administrators: accounts by type, professionals verified or pending, active accounts (30 days), new accounts per week (12 weeks), readings received per day (30 days), support tickets by status and type, failed jobs — counts only',
  tags: ['admin'],
  access: 'admin',
  response: figuresSchema,
});
