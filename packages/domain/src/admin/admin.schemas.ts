import { z } from 'zod';

/**
 * A job that used all its attempts, as administrators see it: what ran and how it failed, never
 * its payload (ids of people) — administrators see accounts and aggregates only.
 */
export const failedJobSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  attempts: z.number().int().nonnegative(),
  /** The error's type and code, at most 200 characters; never its message. */
  lastError: z.string().nullable(),
  runAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type FailedJob = z.infer<typeof failedJobSchema>;

export const failedJobListSchema = z.object({ items: z.array(failedJobSchema) });
export type FailedJobList = z.infer<typeof failedJobListSchema>;
