import { sql } from 'drizzle-orm';
import { check, index, integer, pgPolicy, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userIdColumn } from '../auth/auth.tables';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';

const ownPatient = sql.raw(`patient_id = ${CURRENT_USER_ID}`);

/**
 * The Nightscout site a patient follows (at most one: `patient_id` is unique) and where its
 * polling stands.
 *
 * `credential_sealed` is the read token or API_SECRET encrypted with AES-256-GCM under a key
 * derived from the server's secret, bound to the patient's id: a database dump alone reads
 * nothing. `credential_hint` is the last four characters, all the page ever shows.
 *
 * `last_entry_at` / `last_treatment_at` are the cursors (newest date imported); the poll asks the
 * site for what is newer. `next_attempt_at` is when the job polls next: 5 minutes after a
 * success, longer after each failure (`consecutive_failures`). `last_error` is a code of
 * FOLLOW_ERROR_CODES, never the remote's text.
 *
 * Every row is its patient's own (RLS `*_patient_own`); the job finds due rows on the owner
 * connection and writes as the patient.
 */
export const nightscoutFollowedSites = pgTable(
  'nightscout_followed_sites',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: userIdColumn(),
    url: text().notNull(),
    credentialKind: text({ enum: ['token', 'api_secret'] }).notNull(),
    credentialSealed: text().notNull(),
    credentialHint: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    lastSyncAt: timestamp({ withTimezone: true }),
    lastEntryAt: timestamp({ withTimezone: true }),
    lastTreatmentAt: timestamp({ withTimezone: true }),
    lastError: text(),
    lastErrorAt: timestamp({ withTimezone: true }),
    consecutiveFailures: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    importedEntries: integer().notNull().default(0),
    importedTreatments: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('nightscout_followed_sites_patient_key').on(t.patientId),
    index('nightscout_followed_sites_next_attempt_idx').on(t.nextAttemptAt),
    check('nightscout_followed_sites_kind', sql`${t.credentialKind} in ('token', 'api_secret')`),
    check('nightscout_followed_sites_failures', sql`${t.consecutiveFailures} >= 0`),
    pgPolicy('nightscout_followed_sites_patient_own', { for: 'all', to: appUser, using: ownPatient, withCheck: ownPatient }),
  ],
).enableRLS();
