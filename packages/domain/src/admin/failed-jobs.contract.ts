import { z } from 'zod';
import { defineEndpoint } from '../shared/contract';

export const jobParamsSchema = z.object({ id: z.uuid() }).strict();

export const retriedJobSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.literal('queued'),
  runAt: z.iso.datetime(),
});
export type RetriedJob = z.infer<typeof retriedJobSchema>;

/**
 * Puts a failed job back in the queue, to run now with all its attempts again; recorded in the
 * audit (`job.retry`). 404 when no failed job has this id (already retried, pruned, never failed).
 */
export const retryFailedJob = defineEndpoint({
  method: 'POST',
  path: '/api/admin/jobs/:id/retry',
  summary: 'Administrators: run a failed job again now, its attempts counted afresh (recorded in the audit)',
  tags: ['admin'],
  access: 'admin',
  params: jobParamsSchema,
  response: retriedJobSchema,
  errors: ['not_found'],
});
