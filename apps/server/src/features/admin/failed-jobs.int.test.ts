import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { retriedJobSchema } from '@glucosuivi/domain/admin/failed-jobs.contract';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { jobs } from '../../platform/jobs/jobs.tables';
import { claimJobs } from '../../platform/jobs/job-queue';
import { adminActions } from './admin.tables';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ resolveActor: headerActor });
  admin = await createTestUser(t.database, { role: 'admin', email: 'jobs.admin@example.test' });
});
afterAll(async () => t?.close());

async function insertJob(status: 'failed' | 'queued' | 'running' | 'done', name = 'message.unread-email.send') {
  const past = new Date('2026-10-01T08:00:00Z');
  const [row] = await t.database.db
    .insert(jobs)
    .values({ name, status, attempts: status === 'queued' ? 0 : 5, lastError: status === 'failed' ? 'Error:EENVELOPE' : null, runAt: past, finishedAt: status === 'failed' || status === 'done' ? past : null })
    .returning({ id: jobs.id });
  return row!.id;
}

const retry = (id: string, as: TestUser = admin) => t.app.inject({ method: 'POST', url: `/api/admin/jobs/${id}/retry`, headers: actingAs(as) });
const jobRow = async (id: string) => (await t.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

describe('POST /api/admin/jobs/:id/retry', () => {
  it('puts a failed job back in the queue, due now with its attempts afresh, and records who did it', async () => {
    const id = await insertJob('failed');
    const response = await retry(id);
    expect(response.statusCode).toBe(200);
    expect(retriedJobSchema.parse(response.json())).toEqual({ id, name: 'message.unread-email.send', status: 'queued', runAt: t.clock.now().toISOString() });
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 0, runAt: t.clock.now(), finishedAt: null, lockedUntil: null });

    const actions = await t.database.db.select().from(adminActions).where(eq(adminActions.action, 'job.retry'));
    expect(actions).toEqual([expect.objectContaining({ actorId: admin.userId, actorEmail: 'jobs.admin@example.test', detail: `message.unread-email.send ${id}`, createdAt: t.clock.now() })]);

    // A worker takes it at once, as its first attempt.
    const claimed = await claimJobs(t.database.db, t.clock.now(), 10, 60_000);
    expect(claimed.filter((job) => job.id === id)).toEqual([expect.objectContaining({ id, attempts: 1, maxAttempts: 5 })]);

    // It is no longer failed: a second retry finds nothing.
    expect((await retry(id)).statusCode).toBe(404);
  });

  it('answers 404 for a job that is not failed or does not exist, and moves nothing', async () => {
    for (const status of ['queued', 'running', 'done'] as const) {
      const id = await insertJob(status);
      const before = await jobRow(id);
      expect((await retry(id)).statusCode).toBe(404);
      expect(await jobRow(id)).toEqual(before);
    }
    expect((await retry(randomUUID())).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/jobs/not-a-uuid/retry', headers: actingAs(admin) })).statusCode).toBe(400);
  });

  it('answers 404 to a patient or a professional, and leaves the job failed', async () => {
    const id = await insertJob('failed');
    for (const role of ['patient', 'doctor'] as const) {
      const other = await createTestUser(t.database, { role });
      expect((await retry(id, other)).statusCode).toBe(404);
    }
    expect((await jobRow(id)).status).toBe('failed');
  });
});
