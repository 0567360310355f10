import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { figuresSchema, type Figures } from '@glucosuivi/domain/admin/figures.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { authAudit, session, user } from '../auth/auth.tables';
import { doctors } from '../doctor/doctor.tables';
import { glucoseReadings } from '../measurements/measurements.tables';
import { supportTickets } from '../support/support.tables';
import { jobs } from '../../platform/jobs/jobs.tables';

// The test clock: Monday 2 November 2026, 10:00 in Paris.
const NOW = '2026-11-02T09:00:00.000Z';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ resolveActor: headerActor });
  admin = await createTestUser(t.database, { role: 'admin' });
});
afterAll(async () => t?.close());

async function figures(): Promise<{ body: Figures; raw: string; cacheControl: unknown }> {
  const response = await t.app.inject({ url: '/api/admin/figures', headers: actingAs(admin) });
  expect(response.statusCode).toBe(200);
  return { body: figuresSchema.parse(response.json()), raw: response.body, cacheControl: response.headers['cache-control'] };
}

const countOf = <T extends { count: number }>(items: T[], match: (item: T) => boolean) => items.find(match)?.count ?? 0;

describe('GET /api/admin/figures', () => {
  it('counts an address of ADMIN_EMAILS as a patient until it is verified, then as an administrator', async () => {
    const before = (await figures()).body.accounts;
    const listed = await createTestUser(t.database, { email: 'admin@glucosuivi.fr' });
    expect((await figures()).body.accounts).toEqual({ ...before, patient: before.patient + 1 });
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.id, listed.userId));
    expect((await figures()).body.accounts).toEqual({ ...before, admin: before.admin + 1 });
  });

  it('counts what the rows say: accounts, professionals, activity, weeks, uploads, tickets, failed jobs', async () => {
    const before = (await figures()).body;

    // Accounts: 3 patients, 3 professionals (verified, pending, refused), 1 more administrator.
    const patients = await Promise.all([1, 2, 3].map(() => createTestUser(t.database)));
    const [verified, pending, refused] = await Promise.all([1, 2, 3].map(() => createTestUser(t.database, { role: 'doctor' })));
    await t.database.db.update(doctors).set({ verifiedAt: new Date(NOW) }).where(eq(doctors.userId, verified!.userId));
    await t.database.db.update(doctors).set({ rejectedAt: new Date(NOW), rejectionReason: 'Numéro RPPS inconnu' }).where(eq(doctors.userId, refused!.userId));
    await createTestUser(t.database, { role: 'admin' });

    // New accounts: this week (Monday 2 Nov, Paris), the week of 26 Oct, and 13 weeks ago (outside).
    const ids = (users: TestUser[]) => users.map((u) => u.userId);
    await t.database.db.update(user).set({ createdAt: new Date('2026-11-01T23:30:00Z') }).where(inArray(user.id, ids(patients))); // Mon 2 Nov 00:30 Paris
    await t.database.db.update(user).set({ createdAt: new Date('2026-11-01T22:30:00Z') }).where(eq(user.id, verified!.userId)); // Sun 1 Nov 23:30 Paris
    await t.database.db.update(user).set({ createdAt: new Date('2026-08-01T10:00:00Z') }).where(eq(user.id, pending!.userId));

    // Activity in the last 30 days is the account's last use (user.last_seen_at: its sign-ins and
    // its requests with a session): two in, one a minute too old, one long ago. A session row or an
    // audit line alone counts for nothing (the seed's sign-ups leave unused sessions).
    await t.database.db.update(user).set({ lastSeenAt: new Date('2026-11-01T08:00:00Z') }).where(eq(user.id, patients[0]!.userId));
    await t.database.db.update(user).set({ lastSeenAt: new Date('2026-10-31T08:00:00Z') }).where(eq(user.id, verified!.userId));
    await t.database.db.update(user).set({ lastSeenAt: new Date('2026-10-03T08:59:00Z') }).where(eq(user.id, patients[1]!.userId));
    await t.database.db.update(user).set({ lastSeenAt: new Date('2026-09-01T08:00:00Z') }).where(eq(user.id, pending!.userId));
    await t.database.db.insert(authAudit).values([
      { id: randomUUID(), userId: patients[2]!.userId, event: 'sign_in_failure', createdAt: new Date('2026-10-30T08:00:00Z') },
      { id: randomUUID(), userId: patients[2]!.userId, event: 'sign_up', createdAt: new Date('2026-10-30T08:00:00Z') },
    ]);
    await t.database.db.insert(session).values([
      { id: randomUUID(), token: randomUUID(), userId: patients[2]!.userId, expiresAt: new Date('2026-12-01T00:00:00Z'), updatedAt: new Date('2026-11-01T08:00:00Z') },
    ]);

    // Readings received: counted by the Paris day they arrived, whatever day they were measured.
    const received = [
      '2026-11-02T08:00:00Z', // today
      '2026-11-02T08:00:00Z',
      '2026-11-01T23:10:00Z', // Mon 2 Nov 00:10 in Paris: today
      '2026-10-25T12:00:00Z', // the day the clocks go back
      '2026-10-03T22:30:00Z', // Sun 4 Oct 00:30 in Paris: the first day of the 30
      '2026-10-03T21:30:00Z', // Sat 3 Oct 23:30 in Paris: before the 30 days
    ];
    await t.database.db.insert(glucoseReadings).values(
      received.map((createdAt, i) => ({
        patientId: patients[0]!.userId,
        measuredAt: new Date(Date.parse('2026-06-01T00:00:00Z') + i * 60_000),
        valueMgdl: 287.5,
        source: i % 2 ? 'cgm' : 'manual',
        note: 'note-de-sante-secrete',
        createdAt: new Date(createdAt),
      })),
    );

    await t.database.db.insert(supportTickets).values([
      { id: randomUUID(), email: 'a@example.test', type: 'bug', subject: 'Sujet-privé', message: 'Message-privé', status: 'open' },
      { id: randomUUID(), email: 'b@example.test', type: 'bug', subject: 's', message: 'm', status: 'closed' },
      { id: randomUUID(), email: 'c@example.test', type: 'urgent', subject: 's', message: 'm', status: 'open' },
    ]);
    await t.database.db.insert(jobs).values([
      { name: 'a.job', status: 'failed', attempts: 5, runAt: new Date(NOW), finishedAt: new Date(NOW) },
      { name: 'b.job', status: 'failed', attempts: 5, runAt: new Date(NOW), finishedAt: new Date(NOW) },
      { name: 'c.job', status: 'queued', runAt: new Date(NOW) },
    ]);

    const { body, raw, cacheControl } = await figures();
    expect(body.generatedAt).toBe(NOW);
    expect(body.accounts).toEqual({
      patient: before.accounts.patient + 3,
      professional: before.accounts.professional + 3,
      admin: before.accounts.admin + 1,
    });
    expect(body.professionals).toEqual({
      verified: before.professionals.verified + 1,
      pending: before.professionals.pending + 1,
      rejected: before.professionals.rejected + 1,
    });
    // patients[0] and verified; not the older ones, nor patients[2]'s failure, sign-up line or unused session.
    expect(body.activeAccounts30Days).toBe(before.activeAccounts30Days + 2);

    expect(body.newAccountsPerWeek).toHaveLength(12);
    expect(body.newAccountsPerWeek[0]!.weekStart).toBe('2026-08-17');
    expect(body.newAccountsPerWeek.at(-1)).toEqual({ weekStart: '2026-11-02', count: countOf(before.newAccountsPerWeek, (w) => w.weekStart === '2026-11-02') + 3 });
    expect(countOf(body.newAccountsPerWeek, (w) => w.weekStart === '2026-10-26')).toBe(countOf(before.newAccountsPerWeek, (w) => w.weekStart === '2026-10-26') + 1);

    expect(body.uploadsPerDay).toHaveLength(30);
    expect(body.uploadsPerDay[0]).toEqual({ day: '2026-10-04', count: 1 });
    expect(body.uploadsPerDay.at(-1)).toEqual({ day: '2026-11-02', count: 3 });
    expect(countOf(body.uploadsPerDay, (d) => d.day === '2026-10-25')).toBe(1);
    expect(body.uploadsPerDay.reduce((sum, d) => sum + d.count, 0)).toBe(5);
    expect(new Set(body.uploadsPerDay.map((d) => d.day)).size).toBe(30);

    expect(countOf(body.supportTickets.byStatus, (s) => s.status === 'open')).toBe(countOf(before.supportTickets.byStatus, (s) => s.status === 'open') + 2);
    expect(countOf(body.supportTickets.byStatus, (s) => s.status === 'closed')).toBe(countOf(before.supportTickets.byStatus, (s) => s.status === 'closed') + 1);
    expect(countOf(body.supportTickets.byType, (s) => s.type === 'bug')).toBe(countOf(before.supportTickets.byType, (s) => s.type === 'bug') + 2);
    expect(countOf(body.supportTickets.byType, (s) => s.type === 'urgent')).toBe(countOf(before.supportTickets.byType, (s) => s.type === 'urgent') + 1);
    expect(body.failedJobs).toBe(before.failedJobs + 2);

    // Counts only: no value, note, subject, message or address of anyone.
    for (const secret of ['287', 'note-de-sante-secrete', 'Sujet-privé', 'Message-privé', '@example.test', 'glucosuivi.fr', 'RPPS'])
      expect(raw).not.toContain(secret);
    expect(cacheControl).toBe('no-store');
  });

  it('answers 404 to a patient and 401 without a session', async () => {
    const patient = await createTestUser(t.database);
    expect((await t.app.inject({ url: '/api/admin/figures', headers: actingAs(patient) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/figures' })).statusCode).toBe(401);
  });
});
