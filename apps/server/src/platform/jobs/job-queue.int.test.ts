import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { createTestUser } from '../../test/fixtures';
import { openDatabase } from '../db/open-database';
import { rowsOf } from '../db/open-database';
import { fixedClock } from '../clock';
import { enqueue, enqueueMany, listFailedJobs, retryDelayMs } from './job-queue';
import { createJobWorker, jobMaintenance, type JobHandlers } from './job-worker';
import { jobs } from './jobs.tables';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const START = new Date('2026-11-02T09:00:00Z');

describe('job queue (both engines)', () => {
  let database: TestDatabase;
  const clock = fixedClock(START);
  const worker = (handlers: JobHandlers, options: { concurrency?: number; leaseMs?: number } = {}) =>
    createJobWorker({ database, handlers, clock, log: silent, ...options });
  const row = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
  const idOf = async (key: string) => (await database.db.select().from(jobs).where(eq(jobs.idempotencyKey, key)))[0]!.id;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.destroy());
  beforeEach(async () => {
    await database.db.delete(jobs);
    clock.set(START);
  });

  it('runs a due job once, with its payload, and marks it done; a future job waits for its time', async () => {
    const seen: unknown[] = [];
    const w = worker({ 'test.echo': async (payload) => void seen.push(payload) });
    expect(await enqueue(database.db, { name: 'test.echo', payload: { id: 'a' }, runAt: START, idempotencyKey: 'echo:a' })).toBe(true);
    await enqueue(database.db, { name: 'test.echo', payload: { id: 'b' }, runAt: new Date(START.getTime() + 60_000), idempotencyKey: 'echo:b' });
    expect(await w.runDue()).toBe(1);
    expect(seen).toEqual([{ id: 'a' }]);
    const done = await row(await idOf('echo:a'));
    expect(done).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null, lastError: null });
    expect(done.finishedAt?.toISOString()).toBe(START.toISOString());
    clock.advance(60_000);
    expect(await w.runDue()).toBe(1);
    expect(seen).toEqual([{ id: 'a' }, { id: 'b' }]);
    expect(await w.runDue()).toBe(0);
  });

  it('an idempotency key enqueues once, whoever asks and however often', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => enqueue(database.db, { name: 'test.echo', payload: { id: 'x' }, runAt: START, idempotencyKey: 'same-key' })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const count = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from jobs`))[0]!.n;
    expect(Number(count)).toBe(1);
    // Without a key, nothing is deduplicated.
    await enqueue(database.db, { name: 'test.echo', runAt: START });
    await enqueue(database.db, { name: 'test.echo', runAt: START });
    expect(Number(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from jobs`))[0]!.n)).toBe(3);
  });

  it('enqueues inside a service transaction as the request role, and rolls back with it; that role cannot read jobs', async () => {
    const patient = await createTestUser(database);
    await database.asActor(patient, (tx) => enqueue(tx, { name: 'test.echo', runAt: START, idempotencyKey: 'in-tx:kept' }));
    await database
      .asActor(patient, async (tx) => {
        await enqueue(tx, { name: 'test.echo', runAt: START, idempotencyKey: 'in-tx:rolled-back' });
        throw new Error('the write failed');
      })
      .catch(() => undefined);
    const keys = (await database.db.select({ key: jobs.idempotencyKey }).from(jobs)).map((r) => r.key);
    expect(keys).toEqual(['in-tx:kept']);
    // A second enqueue of a taken key inside a transaction is a quiet no-op, not an error.
    expect(await database.asActor(patient, (tx) => enqueue(tx, { name: 'test.echo', runAt: START, idempotencyKey: 'in-tx:kept' }))).toBe(false);
    await expect(database.asActor(patient, (tx) => tx.select().from(jobs))).rejects.toThrow();
    await expect(database.asActor(patient, (tx) => tx.update(jobs).set({ status: 'done' }))).rejects.toThrow();
    await expect(database.asActor(patient, (tx) => tx.delete(jobs))).rejects.toThrow();
    // Only a fresh queued job: never one already running or done.
    await expect(
      database.asActor(patient, (tx) => tx.insert(jobs).values({ name: 'test.echo', status: 'done' })),
    ).rejects.toThrow();
  });

  it('enqueues a batch in one statement: taken keys skipped, defaults kept, as the request role too', async () => {
    await enqueue(database.db, { name: 'test.echo', runAt: START, idempotencyKey: 'batch:1' });
    const added = await enqueueMany(database.db, [
      { name: 'test.echo', payload: { id: 'one', n: 1, ok: true, none: null }, runAt: START, idempotencyKey: 'batch:1' },
      { name: 'test.echo', payload: { id: 'quote " and \\ backslash' }, runAt: START, idempotencyKey: 'batch:2', maxAttempts: 2 },
      { name: 'test.echo', idempotencyKey: 'batch:3' },
    ]);
    expect(added).toBe(2);
    expect(await enqueueMany(database.db, [])).toBe(0);
    const second = await row(await idOf('batch:2'));
    expect(second).toMatchObject({ status: 'queued', attempts: 0, maxAttempts: 2, payload: { id: 'quote " and \\ backslash' } });
    expect(second.runAt.toISOString()).toBe(START.toISOString());
    expect(await row(await idOf('batch:3'))).toMatchObject({ maxAttempts: 5, payload: {} });
    const patient = await createTestUser(database);
    expect(await database.asActor(patient, (tx) => enqueueMany(tx, [{ name: 'test.echo', runAt: START, idempotencyKey: 'batch:4' }, { name: 'test.echo', idempotencyKey: 'batch:1' }]))).toBe(1);
  });

  it('a failing job is retried with a growing delay, then failed after its last attempt, with a short error and no payload', async () => {
    let calls = 0;
    const w = worker({
      'test.flaky': async () => {
        calls++;
        throw Object.assign(new Error('smtp said no to camille@example.test'), { code: 'EENVELOPE' });
      },
    });
    await enqueue(database.db, { name: 'test.flaky', payload: { id: 'p' }, runAt: START, idempotencyKey: 'flaky', maxAttempts: 3 });
    const id = await idOf('flaky');
    expect(await w.runDue()).toBe(1);
    let job = await row(id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1, lastError: 'Error:EENVELOPE', lockedUntil: null, finishedAt: null });
    expect(job.runAt.getTime() - START.getTime()).toBe(30_000);
    clock.advance(29_000);
    expect(await w.runDue()).toBe(0);
    clock.advance(1_000);
    expect(await w.runDue()).toBe(1);
    job = await row(id);
    expect(job).toMatchObject({ status: 'queued', attempts: 2 });
    expect(job.runAt.getTime() - clock.now().getTime()).toBe(60_000);
    clock.advance(60_000);
    expect(await w.runDue()).toBe(1);
    job = await row(id);
    expect(job).toMatchObject({ status: 'failed', attempts: 3, lastError: 'Error:EENVELOPE' });
    expect(job.finishedAt?.toISOString()).toBe(clock.now().toISOString());
    clock.advance(24 * 3600_000);
    expect(await w.runDue()).toBe(0);
    expect(calls).toBe(3);
    expect(retryDelayMs(1)).toBe(30_000);
    expect(retryDelayMs(4)).toBe(240_000);
    expect(retryDelayMs(30)).toBe(3600_000);

    const failed = await listFailedJobs(database.db);
    expect(failed).toEqual([{ id, name: 'test.flaky', attempts: 3, lastError: 'Error:EENVELOPE', runAt: job.runAt, finishedAt: job.finishedAt }]);
    expect(JSON.stringify(failed)).not.toContain('camille');
  });

  it('a job with no handler fails like any other (an older server met a newer job)', async () => {
    await enqueue(database.db, { name: 'test.unknown', runAt: START, idempotencyKey: 'unknown', maxAttempts: 1 });
    expect(await worker({}).runDue()).toBe(1);
    expect(await row(await idOf('unknown'))).toMatchObject({ status: 'failed', lastError: 'UnknownJob' });
  });

  it('a job left running by a crashed worker is claimed again once its lease has run out, and only then', async () => {
    await enqueue(database.db, { name: 'test.echo', runAt: START, idempotencyKey: 'crashed' });
    const id = await idOf('crashed');
    // The crashed worker had claimed it (attempt 1) with a lease until 09:05.
    await database.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, lockedUntil: new Date(START.getTime() + 5 * 60_000) })
      .where(eq(jobs.id, id));
    let runs = 0;
    const w = worker({ 'test.echo': async () => void runs++ });
    clock.advance(4 * 60_000);
    expect(await w.runDue()).toBe(0);
    clock.advance(2 * 60_000);
    expect(await w.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'done', attempts: 2 });

    // On its last attempt, an expired lease fails the job instead of running it a further time.
    await enqueue(database.db, { name: 'test.echo', runAt: clock.now(), idempotencyKey: 'crashed-last', maxAttempts: 2 });
    const last = await idOf('crashed-last');
    await database.db.update(jobs).set({ status: 'running', attempts: 2, lockedUntil: clock.now() }).where(eq(jobs.id, last));
    clock.advance(1000);
    expect(await w.runDue()).toBe(0);
    expect(await row(last)).toMatchObject({ status: 'failed', lastError: 'lease_expired' });
  });

  it('a late outcome of a worker that lost its lease does not overwrite the run that replaced it', async () => {
    await enqueue(database.db, { name: 'test.slow', runAt: START, idempotencyKey: 'slow' });
    const id = await idOf('slow');
    let release: () => void = () => undefined;
    const slowStarted = new Promise<void>((resolve) => {
      const slow = worker({ 'test.slow': () => (resolve(), new Promise<void>((r) => (release = r))) }, { leaseMs: 60_000 });
      void slow.runDue();
    });
    await slowStarted;
    clock.advance(61_000);
    // Another worker takes it over and fails it.
    const other = worker({ 'test.slow': async () => Promise.reject(new TypeError('boom')) }, { leaseMs: 60_000 });
    expect(await other.runDue()).toBe(1);
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 2, lastError: 'TypeError' });
    release();
    await new Promise((r) => setTimeout(r, 50));
    // The first worker's "done" was refused: the job stays the second claim's.
    expect(await row(id)).toMatchObject({ status: 'queued', attempts: 2, lastError: 'TypeError' });
  });

  it('a schedule runs once per slot, even with several workers (servers) asking', async () => {
    let runs = 0;
    const workers = [1, 2, 3].map(() => worker({ 'test.hourly': async () => void runs++ }));
    for (const w of workers) w.schedule('test.hourly', 3600_000);
    for (const w of workers) await w.runDue();
    expect(runs).toBe(1);
    clock.advance(30 * 60_000);
    for (const w of workers) await w.runDue();
    expect(runs).toBe(1);
    clock.advance(30 * 60_000);
    await Promise.all(workers.map((w) => w.runDue()));
    expect(runs).toBe(2);
    const keys = (await database.db.select({ key: jobs.idempotencyKey }).from(jobs)).map((r) => r.key).sort();
    expect(keys).toEqual(['test.hourly:2026-11-02T09:00:00.000Z', 'test.hourly:2026-11-02T10:00:00.000Z']);
  });

  it('maintenance forgets done jobs after 7 days and failed ones after 30', async () => {
    const old = new Date(START.getTime() - 8 * 24 * 3600_000);
    await database.db.insert(jobs).values([
      { name: 'a', status: 'done', finishedAt: old, idempotencyKey: 'done-old' },
      { name: 'a', status: 'done', finishedAt: START, idempotencyKey: 'done-new' },
      { name: 'a', status: 'failed', finishedAt: old, idempotencyKey: 'failed-8-days' },
    ]);
    const maintenance = jobMaintenance(database, clock);
    const w = worker(maintenance.handlers);
    for (const s of maintenance.schedules) w.schedule(s.name, s.everyMs);
    await w.runDue();
    const keys = (await database.db.select({ key: jobs.idempotencyKey }).from(jobs)).map((r) => r.key).sort();
    expect(keys).toEqual(['done-new', 'failed-8-days', 'jobs.prune:2026-11-02T00:00:00.000Z']);
  });

  it.runIf(process.env.DATABASE_URL)('two workers on two connection pools run 200 jobs exactly once each', async () => {
    const second = await openDatabase({ databaseUrl: database.url, dataDir: 'unused', poolSize: 4 });
    try {
      const runs = new Map<string, number>();
      const byWorker = [0, 0];
      const handlerFor = (index: 0 | 1) => ({
        'test.count': async (payload: Readonly<Record<string, unknown>>) => {
          const key = String(payload.n);
          runs.set(key, (runs.get(key) ?? 0) + 1);
          byWorker[index]!++;
          await new Promise((r) => setTimeout(r, 1));
        },
      });
      for (let n = 0; n < 200; n++) await enqueue(database.db, { name: 'test.count', payload: { n }, runAt: START, idempotencyKey: `count:${n}` });
      const a = createJobWorker({ database, handlers: handlerFor(0), clock, log: silent, concurrency: 8 });
      const b = createJobWorker({ database: second, handlers: handlerFor(1), clock, log: silent, concurrency: 8 });
      const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
      expect(ranA + ranB).toBe(200);
      expect(runs.size).toBe(200);
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect(byWorker[0]! > 0 && byWorker[1]! > 0, `both workers took jobs: ${byWorker.join(' / ')}`).toBe(true);
      const statuses = rowsOf<{ status: string; n: number }>(await database.db.execute(sql`select status, count(*)::int as n from jobs group by status`));
      expect(statuses.map((s) => [s.status, Number(s.n)])).toEqual([['done', 200]]);
    } finally {
      await second.close();
    }
  }, 60_000);
});
