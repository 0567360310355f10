import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What every server of a deployment must share, checked at start (secret-fingerprint.ts): one row
 * per secret (`auth`: AUTH_SECRET) holding a fingerprint: a hash of a key derived from the secret,
 * never the secret nor a plain hash of it. Row-level security is on without any policy and
 * the request role has no grant: only the server's owner connection reads and writes it.
 */
export const serverSecretFingerprints = pgTable('server_secret_fingerprints', {
  name: text().primaryKey(),
  fingerprint: text().notNull(),
  recordedAt: timestamp({ withTimezone: true }).notNull(),
}).enableRLS();
