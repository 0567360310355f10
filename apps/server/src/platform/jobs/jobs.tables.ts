import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * The job queue (ADR 0010): one row per piece of work to run outside a request, on any server.
 * `payload` holds ids and kinds only, never health values, names, addresses or message texts: a
 * handler reads what it needs under the right actor, as an event subscriber does (ADR 0007).
 * `idempotency_key` makes an enqueue happen once (`on conflict do nothing`): one job per message,
 * one recurring run per slot, however many servers try. `locked_until` is the lease of the worker
 * running it; a job still `running` past its lease belonged to a worker that died and is claimed
 * again. `last_error` is the error's type and code only (never its message, which may quote data).
 *
 * Row-level security is on with a single policy (migration `*_jobs.sql`): the request role may
 * add a queued job inside a service's transaction, and nothing else; reading, claiming and
 * finishing jobs is the server's owner connection.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    payload: jsonb().notNull().default({}),
    runAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Claims so far; the claim that runs it counts (a crashed run counts too). */
    attempts: integer().notNull().default(0),
    maxAttempts: integer().notNull().default(5),
    status: text({ enum: JOB_STATUSES }).notNull().default('queued'),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    idempotencyKey: text().unique('jobs_idempotency_key_unique'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The claim: queued jobs that are due, in run_at order; running ones whose lease ran out.
    index('jobs_status_run_at_idx').on(t.status, t.runAt),
    check('jobs_status_known', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('jobs_attempts_bounds', sql`${t.attempts} >= 0 and ${t.maxAttempts} between 1 and 100`),
    check('jobs_last_error_short', sql`char_length(${t.lastError}) <= 200`),
  ],
).enableRLS();
