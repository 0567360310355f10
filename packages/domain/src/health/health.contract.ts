import { defineEndpoint } from '../shared/contract';
import { healthSchema } from './health.schemas';

export const getHealth = defineEndpoint({
  method: 'GET',
  path: '/api/health',
  summary: 'Service health: database engine, reachability and migration state',
  tags: ['health'],
  access: 'public',
  response: healthSchema,
});
