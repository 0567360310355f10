import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser } from '../../test/fixtures';
import { jobs } from '../../platform/jobs/jobs.tables';
import { accessLog } from './care-team.tables';
import { ACCESS_LOG_EXPIRY_JOB } from './care-team.jobs';

const DAY = 24 * 3600_000;

describe('access-log expiry as a daily job', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('forgets rows older than 12 months, keeps the rest, once per day slot', async () => {
    const patient = await createTestUser(t.database);
    const now = t.clock.now().getTime();
    const row = (daysAgo: number, name: string) => ({
      patientId: patient.userId,
      actorKind: 'share_link',
      actorId: name,
      actorName: name,
      category: 'glucose',
      at: new Date(now - daysAgo * DAY),
    });
    await t.database.db.insert(accessLog).values([row(400, 'old'), row(366, 'just-over'), row(364, 'just-under'), row(10, 'recent')]);
    const names = async () =>
      (await t.database.db.select({ name: accessLog.actorName }).from(accessLog).where(eq(accessLog.patientId, patient.userId))).map((r) => r.name).sort();

    await t.jobs.runDue();
    expect(await names()).toEqual(['just-under', 'recent']);

    // Two days later, the row that was 364 days old is past its 12 months too.
    t.clock.advance(2 * DAY);
    await t.jobs.runDue();
    expect(await names()).toEqual(['recent']);
    // Later the same day, the daily job does not run again.
    t.clock.advance(3600_000);
    await t.jobs.runDue();
    expect((await t.database.db.select().from(jobs).where(eq(jobs.name, ACCESS_LOG_EXPIRY_JOB))).map((r) => r.status)).toEqual(['done', 'done']);
  });
});
