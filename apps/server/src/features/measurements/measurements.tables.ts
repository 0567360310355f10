import { sql } from 'drizzle-orm';
import { boolean, check, index, pgPolicy, pgTable, primaryKey, real, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userIdColumn } from '../auth/auth.tables';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';

const ownPatient = sql.raw(`patient_id = ${CURRENT_USER_ID}`);

/**
 * Two tables, by volume and shape:
 *
 * - `glucose_readings`: a CGM sends 288 readings a day per patient, forever. The table is narrow
 *   and its primary key starts with (patient_id, measured_at), so one patient's period is one
 *   contiguous index range (the scale-out plan adds time partitioning and Citus distribution by
 *   patient_id on the same key). Device readings carry a device id; the unique key
 *   (patient_id, source, device_id, measured_at) makes a re-sent upload a no-op through
 *   ON CONFLICT DO NOTHING. Manual readings have no device id, and NULLs never collide, so two
 *   manual entries at the same minute are both kept.
 * - `health_measurements`: HbA1c, lipid panels, blood pressure, weight and events — a few rows a
 *   week — in one table with typed, nullable columns per kind (CHECK constraints keep each kind's
 *   required columns present), so listing "everything in this period" is one index scan and a
 *   new kind is a migration adding columns, not a new table with its own policies.
 *
 * Canonical values: glucose and lipids in mg/dL, HbA1c in %, rounded to 1 decimal by the service
 * and stored as `real` (4 bytes; 1 decimal survives the round trip, PostgreSQL prints the
 * shortest exact form). `entry_unit` keeps the unit the value was typed in, for exports.
 *
 * Row-level security: `<table>_patient_own` lets the patient do everything on their own rows;
 * the care-team issue adds `<table>_care_team` (select through an active care link).
 */
export const glucoseReadings = pgTable(
  'glucose_readings',
  {
    patientId: userIdColumn(),
    measuredAt: timestamp({ withTimezone: true }).notNull(),
    id: uuid().notNull().defaultRandom(),
    valueMgdl: real().notNull(),
    context: text(),
    source: text().notNull(),
    deviceId: text(),
    entryUnit: text().notNull().default('mg/dL'),
    note: text(),
    /** The patient said they felt symptoms of a low with this reading (manual entries only; null = not said). */
    symptomatic: boolean(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'glucose_readings_pkey', columns: [t.patientId, t.measuredAt, t.id] }),
    uniqueIndex('glucose_readings_id_key').on(t.id),
    uniqueIndex('glucose_readings_device_dedup_key').on(t.patientId, t.source, t.deviceId, t.measuredAt),
    check('glucose_readings_value_range', sql`${t.valueMgdl} between 20 and 600`),
    check('glucose_readings_source', sql`${t.source} in ('manual', 'meter', 'cgm', 'import', 'nightscout')`),
    pgPolicy('glucose_readings_patient_own', { for: 'all', to: appUser, using: ownPatient, withCheck: ownPatient }),
  ],
).enableRLS();

export const healthMeasurements = pgTable(
  'health_measurements',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: userIdColumn(),
    kind: text().notNull(),
    measuredAt: timestamp({ withTimezone: true }).notNull(),
    note: text(),
    entryUnit: text(),
    hba1cPercent: real(),
    hba1cMethod: text(),
    totalCholesterolMgdl: real(),
    hdlMgdl: real(),
    ldlMgdl: real(),
    triglyceridesMgdl: real(),
    systolic: smallint(),
    diastolic: smallint(),
    pulse: smallint(),
    arm: text(),
    position: text(),
    weightKg: real(),
    eventType: text(),
    insulinUnits: real(),
    insulinType: text(),
    carbsGrams: real(),
    activityMinutes: smallint(),
    medicationName: text(),
    /**
     * Events that came from another system (Nightscout treatments): the sender's identity of the
     * record (`identifier:…`, `uuid:…`, or its type and time) and its own type ('Meal Bolus',
     * 'Site Change'…). Null for what the patient typed. One sent record may give two events
     * (a meal bolus: insulin and carbs), hence the unique key with `event_type`: a re-sent
     * record is a no-op through ON CONFLICT DO NOTHING.
     */
    externalId: text(),
    externalType: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('health_measurements_patient_time_idx').on(t.patientId, t.measuredAt),
    uniqueIndex('health_measurements_external_key').on(t.patientId, t.externalId, t.eventType),
    index('health_measurements_patient_kind_time_idx').on(t.patientId, t.kind, t.measuredAt),
    check(
      'health_measurements_kind_columns',
      sql`case ${t.kind}
        when 'hba1c' then ${t.hba1cPercent} is not null
        when 'lipids' then coalesce(${t.totalCholesterolMgdl}, ${t.hdlMgdl}, ${t.ldlMgdl}, ${t.triglyceridesMgdl}) is not null
        when 'blood_pressure' then ${t.systolic} > ${t.diastolic}
        when 'weight' then ${t.weightKg} is not null
        when 'event' then ${t.eventType} is not null
        else false end`,
    ),
    pgPolicy('health_measurements_patient_own', { for: 'all', to: appUser, using: ownPatient, withCheck: ownPatient }),
  ],
).enableRLS();

/**
 * Idempotency keys of creates (the browser's offline queue sends one per entry): the entry a key
 * first made, so that the same create sent again answers that entry instead of storing another.
 * Its own table rather than a column of each measurement table: one key covers both tables, and
 * its primary key starts with patient_id, as every unique key of a table distributed by patient
 * must (a unique (client_key) alone could not be enforced across shards). No foreign key to the
 * entry (it lives in one of two tables): an entry deleted since leaves its key, so a late replay
 * cannot bring it back.
 */
export const measurementClientKeys = pgTable(
  'measurement_client_keys',
  {
    patientId: userIdColumn(),
    clientKey: uuid().notNull(),
    measurementId: uuid().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'measurement_client_keys_pkey', columns: [t.patientId, t.clientKey] }),
    pgPolicy('measurement_client_keys_patient_own', { for: 'all', to: appUser, using: ownPatient, withCheck: ownPatient }),
  ],
).enableRLS();
