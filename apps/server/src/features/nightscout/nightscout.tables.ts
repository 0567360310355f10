import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgPolicy, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userIdColumn } from '../auth/auth.tables';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';

const ownPatient = sql.raw(`patient_id = ${CURRENT_USER_ID}`);

/**
 * Nightscout uploaders and what they send besides glucose (readings themselves go to
 * `glucose_readings` through the measurements service).
 *
 * A secret is 256 random bits shown once. Uploaders authenticate with its SHA-1 (or SHA-512) in
 * hex, which is therefore as good as the secret: the table keeps only the SHA-256 of each of
 * those two digests (`sha1_key`, `sha512_key`), so a database dump authenticates nobody. Both are
 * unique and indexed: the request's digest finds its row in one lookup, on the owner connection
 * (a credential check, before anyone is known), then the service compares in constant time.
 *
 * Every row is its patient's own (RLS `*_patient_own`) and cascades with the account.
 */
export const nightscoutUploaders = pgTable(
  'nightscout_uploaders',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: userIdColumn(),
    name: text().notNull(),
    sha1Key: text().notNull(),
    sha512Key: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    lastUploadAt: timestamp({ withTimezone: true }),
    /** From the newest device status received: the device it names and the phone's battery. */
    statusDevice: text(),
    statusBattery: smallint(),
    statusAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('nightscout_uploaders_sha1_key').on(t.sha1Key),
    uniqueIndex('nightscout_uploaders_sha512_key').on(t.sha512Key),
    index('nightscout_uploaders_patient_idx').on(t.patientId, t.createdAt),
    check('nightscout_uploaders_battery', sql`${t.statusBattery} between 0 and 100`),
    pgPolicy('nightscout_uploaders_patient_own', { for: 'all', to: appUser, using: ownPatient, withCheck: ownPatient }),
  ],
).enableRLS();

/**
 * New readings per uploader and hour of arrival, for "readings in the last 24 hours" without
 * attributing each reading to an uploader (a reading is the patient's, whoever sent it first).
 * Hours older than two days are deleted as new ones are written.
 */
export const nightscoutUploadHours = pgTable(
  'nightscout_upload_hours',
  {
    uploaderId: uuid()
      .notNull()
      .references(() => nightscoutUploaders.id, { onDelete: 'cascade' }),
    hour: timestamp({ withTimezone: true }).notNull(),
    patientId: userIdColumn(),
    readings: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'nightscout_upload_hours_pkey', columns: [t.uploaderId, t.hour] }),
    pgPolicy('nightscout_upload_hours_patient_own', { for: 'all', to: appUser, using: ownPatient, withCheck: ownPatient }),
  ],
).enableRLS();

/**
 * Device statuses as received (phone battery, pump, loop state: free-form JSON that differs by
 * uploader), minus their `_id`, capped in size by the service. `device` and `created_at` make a
 * re-sent status a no-op.
 */
export const nightscoutDeviceStatus = pgTable(
  'nightscout_device_status',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: userIdColumn(),
    uploaderId: uuid().references(() => nightscoutUploaders.id, { onDelete: 'set null' }),
    device: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    doc: jsonb().notNull(),
  },
  (t) => [
    uniqueIndex('nightscout_device_status_dedup_key').on(t.patientId, t.createdAt, t.device),
    pgPolicy('nightscout_device_status_patient_own', { for: 'all', to: appUser, using: ownPatient, withCheck: ownPatient }),
  ],
).enableRLS();
