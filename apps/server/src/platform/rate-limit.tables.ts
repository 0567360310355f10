import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit and lockout counters shared by every server of a deployment (one fixed window per
 * key). Keys are `<limit name>:<keyed hash>`: no address, e-mail or IP in clear. Expired rows are
 * swept by the store; nothing here outlives its window by more than a sweep interval. Row-level
 * security is on without any policy: only the server's owner connection reads and writes it.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text().primaryKey(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    count: integer().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_expires_idx').on(t.expiresAt)],
).enableRLS();
