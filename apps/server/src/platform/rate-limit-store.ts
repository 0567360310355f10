import { sql } from 'drizzle-orm';
import type { Db } from './db/database';
import { rowsOf } from './db/open-database';
import type { RateLimitStore, WindowCount } from './rate-limit';
import { rateLimitCounters as counters } from './rate-limit.tables';

const SWEEP_EVERY_MS = 60_000;

/**
 * Counters in the database (PostgreSQL or PGlite): one atomic upsert per event, so servers
 * sharing the database share every limit. A window that has ended is restarted inside the same
 * upsert, and rows whose window ended are deleted at most once a minute per server.
 */
export function databaseRateLimitStore(db: Db): RateLimitStore {
  let lastSweep = 0;

  async function sweep(now: Date) {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    await db.execute(
      sql`delete from ${counters} where ${counters.expiresAt} <= ${now.toISOString()}`,
    );
  }

  function windowOf(
    row: { count: number | string; expires_at: string | Date } | undefined,
  ): WindowCount {
    if (!row) throw new Error('rate-limit upsert returned no row');
    return { count: Number(row.count), resetAt: new Date(row.expires_at) };
  }

  return {
    async increment(key, windowMs, now) {
      const at = now.toISOString();
      const expires = new Date(now.getTime() + windowMs).toISOString();
      const result = await db.execute(sql`
        insert into rate_limit_counters as c (key, window_start, count, expires_at)
        values (${key}, ${at}, 1, ${expires})
        on conflict (key) do update set
          window_start = case when c.expires_at <= ${at} then excluded.window_start else c.window_start end,
          count = case when c.expires_at <= ${at} then 1 else c.count + 1 end,
          expires_at = case when c.expires_at <= ${at} then excluded.expires_at else c.expires_at end
        returning count, expires_at`);
      const window = windowOf(rowsOf<{ count: number; expires_at: string }>(result)[0]);
      await sweep(now);
      return window;
    },

    async peek(key, now) {
      const result = await db.execute(
        sql`select count, expires_at from rate_limit_counters where key = ${key} and expires_at > ${now.toISOString()}`,
      );
      const row = rowsOf<{ count: number; expires_at: string }>(result)[0];
      return row ? windowOf(row) : null;
    },

    async reset(key) {
      await db.execute(sql`delete from rate_limit_counters where key = ${key}`);
    },
  };
}
