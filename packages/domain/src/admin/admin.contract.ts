import { defineEndpoint } from '../shared/contract';
import { failedJobListSchema } from './admin.schemas';

/** The 100 most recent failed jobs (ADR 0010); administrators only, anyone else gets 404. */
export const listFailedJobs = defineEndpoint({
  method: 'GET',
  path: '/api/admin/jobs/failed',
  summary: 'Jobs that failed after their last attempt, newest first (no payload)',
  tags: ['admin'],
  access: 'admin',
  response: failedJobListSchema,
});
