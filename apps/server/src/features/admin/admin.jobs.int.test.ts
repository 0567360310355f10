import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failedJobListSchema } from '@glucosuivi/domain/admin/admin.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { jobs } from '../../platform/jobs/jobs.tables';

describe('GET /api/admin/jobs/failed', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    admin = await createTestUser(t.database, { role: 'admin' });
    const at = t.clock.now();
    await t.database.db.insert(jobs).values([
      { name: 'message.unread-email.send', payload: { recipientId: 'someone' }, status: 'failed', attempts: 5, lastError: 'Error:EENVELOPE', runAt: at, finishedAt: at },
      { name: 'accounts.erase-due', status: 'queued', runAt: at },
      { name: 'accounts.erase-due', status: 'done', runAt: at, finishedAt: at },
    ]);
  });
  afterAll(async () => t?.close());

  it('lists failed jobs to an administrator, without their payload', async () => {
    const response = await t.app.inject({ url: '/api/admin/jobs/failed', headers: actingAs(admin) });
    expect(response.statusCode).toBe(200);
    const body = failedJobListSchema.parse(response.json());
    expect(body.items).toEqual([
      {
        id: expect.any(String),
        name: 'message.unread-email.send',
        attempts: 5,
        lastError: 'Error:EENVELOPE',
        runAt: t.clock.now().toISOString(),
        finishedAt: t.clock.now().toISOString(),
      },
    ]);
    expect(response.body).not.toContain('payload');
    expect(response.body).not.toContain('someone');
  });

  it('answers 404 to a patient or a professional, 401 without a session', async () => {
    for (const role of ['patient', 'doctor'] as const) {
      const other = await createTestUser(t.database, { role });
      expect((await t.app.inject({ url: '/api/admin/jobs/failed', headers: actingAs(other) })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/admin/jobs/failed' })).statusCode).toBe(401);
  });
});
