import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { rowsOf } from './db/open-database';
import { databaseRateLimitStore } from './rate-limit-store';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.destroy());

const T0 = Date.parse('2026-11-02T09:00:00Z');
const at = (ms: number) => new Date(T0 + ms);

describe('database rate-limit store', () => {
  it('counts every one of 50 parallel increments exactly once (one atomic upsert each)', async () => {
    const store = databaseRateLimitStore(database.db);
    const counts = await Promise.all(
      Array.from({ length: 50 }, () => store.increment('parallel', 60_000, at(0))),
    );
    expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
    expect(await store.peek('parallel', at(1_000))).toEqual({ count: 50, resetAt: at(60_000) });
  });

  it('opens a new window once the previous one ended, and forgets on reset', async () => {
    const store = databaseRateLimitStore(database.db);
    await store.increment('window', 10_000, at(0));
    expect(await store.increment('window', 10_000, at(5_000))).toEqual({
      count: 2,
      resetAt: at(10_000),
    });
    expect(await store.peek('window', at(10_000))).toBeNull();
    expect(await store.increment('window', 10_000, at(10_000))).toEqual({
      count: 1,
      resetAt: at(20_000),
    });
    await store.reset('window');
    expect(await store.peek('window', at(11_000))).toBeNull();
  });

  it('sweeps rows whose window ended', async () => {
    const store = databaseRateLimitStore(database.db);
    await store.increment('old', 1_000, at(0));
    await store.increment('fresh', 3_600_000, at(120_000));
    const keys = rowsOf<{ key: string }>(
      await database.db.execute(sql`select key from rate_limit_counters order by key`),
    ).map((r) => r.key);
    expect(keys).toContain('fresh');
    expect(keys).not.toContain('old');
  });
});
