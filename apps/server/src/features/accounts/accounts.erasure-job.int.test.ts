import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/fixtures';
import { user } from '../auth/auth.tables';
import { jobs } from '../../platform/jobs/jobs.tables';
import { ACCOUNT_ERASURE_JOB } from './accounts.jobs';

const DAY = 24 * 3600_000;

describe('account erasure as an hourly job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('runs once per hour slot and erases an account 30 days after its deletion request', async () => {
    const leaving = await createTestUser(t.database);
    const staying = await createTestUser(t.database);
    await t.database.db.update(user).set({ deletionRequestedAt: t.clock.now() }).where(eq(user.id, leaving.userId));
    const exists = async (userId: string) => (await t.database.db.select({ id: user.id }).from(user).where(eq(user.id, userId))).length === 1;

    t.clock.advance(29 * DAY);
    await t.jobs.runDue();
    expect(await exists(leaving.userId)).toBe(true);
    t.clock.advance(DAY + 3600_000);
    await t.jobs.runDue();
    expect(await exists(leaving.userId)).toBe(false);
    expect(await exists(staying.userId)).toBe(true);

    const runs = await t.database.db.select().from(jobs).where(eq(jobs.name, ACCOUNT_ERASURE_JOB));
    expect(runs.map((r) => [r.idempotencyKey, r.status])).toEqual([
      [`${ACCOUNT_ERASURE_JOB}:2026-12-01T09:00:00.000Z`, 'done'],
      [`${ACCOUNT_ERASURE_JOB}:2026-12-02T10:00:00.000Z`, 'done'],
    ]);
    // Within the same hour, it does not run again (other features' minute jobs may).
    t.clock.advance(10 * 60_000);
    await t.jobs.runDue();
    expect(await t.database.db.select().from(jobs).where(eq(jobs.name, ACCOUNT_ERASURE_JOB))).toHaveLength(2);
  });
});
