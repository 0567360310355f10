import { sql } from 'drizzle-orm';
import { boolean, check, index, pgPolicy, pgTable, real, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user, userIdColumn } from '../auth/auth.tables';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';

const ownPatient = sql.raw(`patient_id = ${CURRENT_USER_ID}`);

/**
 * Alerts raised by readings (PRODUCT.md §3). They keep the kind and the values, never a text.
 * `measurement_id` is a plain reference, not a foreign key: glucose readings are keyed by
 * (patient_id, measured_at, id), and an alert outlives a deleted reading as history anyway.
 * `dedup_key` (unique per patient) makes raising the same alert twice a no-op: a CGM uploader
 * resends overlapping data, and an episode is seen again on every sync.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: userIdColumn(),
    kind: text().notNull(),
    status: text().notNull().default('open'),
    origin: text().notNull(),
    dedupKey: text().notNull(),
    measurementId: uuid(),
    glucoseMgdl: real(),
    systolic: smallint(),
    diastolic: smallint(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    acknowledgedAt: timestamp({ withTimezone: true }),
    acknowledgedBy: text(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: text(),
  },
  (t) => [
    uniqueIndex('alerts_patient_dedup_key').on(t.patientId, t.dedupKey),
    index('alerts_patient_created_idx').on(t.patientId, t.createdAt),
    index('alerts_patient_status_idx').on(t.patientId, t.status),
    pgPolicy('alerts_patient_own', { for: 'all', to: appUser, using: ownPatient, withCheck: ownPatient }),
  ],
).enableRLS();

/**
 * A patient's live CGM alert settings (issue 36; bounds in the domain's alert-settings.schemas,
 * checked again here so no write path can store an unsafe threshold). No row = the defaults.
 */
export const alertSettings = pgTable(
  'alert_settings',
  {
    patientId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    urgentLowSoonMgdl: smallint().notNull(),
    rateAlerts: boolean().notNull(),
    rateMgdlPerMin: real().notNull(),
    signalLoss: boolean().notNull(),
    signalLossMinutes: smallint().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('alert_settings_urgent_low_soon_bounds', sql`${t.urgentLowSoonMgdl} between 54 and 80`),
    check('alert_settings_rate_bounds', sql`${t.rateMgdlPerMin} between 1 and 5`),
    check('alert_settings_signal_loss_bounds', sql`${t.signalLossMinutes} between 10 and 60`),
    pgPolicy('alert_settings_patient_own', { for: 'all', to: appUser, using: ownPatient, withCheck: ownPatient }),
  ],
).enableRLS();
