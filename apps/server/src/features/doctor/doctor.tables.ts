import { sql } from 'drizzle-orm';
import { customType, date, foreignKey, index, integer, pgPolicy, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';
import { userIdColumn } from '../auth/auth.tables';
import { medicalSpecialties } from '../accounts/accounts.tables';

const ownDoctorRow = sql.raw(`user_id = ${CURRENT_USER_ID}`);

/** Raw bytes; read back as base64 text (see glucoseColumnsFromDays), so no driver conversion is needed. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** A professional's record (SPEC §3 `doctors`), created only with first name, last name and licence. */
export const doctors = pgTable(
  'doctors',
  {
    id: text().primaryKey(),
    userId: userIdColumn(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    /** French RPPS number: 11 digits, Luhn-valid. */
    medicalLicense: text().notNull(),
    speciality: text().references(() => medicalSpecialties.id),
    email: text().notNull(),
    /** Set by an administrator after checking the licence. */
    verifiedAt: timestamp({ withTimezone: true }),
    /** Set when an administrator refuses the licence; cleared by a later verification. */
    rejectedAt: timestamp({ withTimezone: true }),
    /** Why the licence was refused, told to the professional. */
    rejectionReason: text(),
    /** Personal code a patient can use to invite this professional. */
    inviteCode: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('doctors_user_id_key').on(t.userId),
    uniqueIndex('doctors_invite_code_key').on(t.inviteCode),
    index('doctors_license_idx').on(t.medicalLicense),
    pgPolicy('doctors_owner', { for: 'all', to: appUser, using: ownDoctorRow, withCheck: ownDoctorRow }),
  ],
).enableRLS();

/**
 * Per patient and local calendar day (the patient's zone), the sums the triage list needs (count,
 * sum, sum of squares, standard 54/70/180/250 band counts, last reading), so the list of 500
 * patients reads ~7 000 small rows instead of ~2 million readings; the day's readings themselves
 * are in glucose_day_readings, written with the row. Maintained by a statement-level trigger on
 * glucose_readings (custom migration `*_care_team_access.sql`): every write path — single reading, CGM batch,
 * edit, delete, erasure — keeps it exact in the same transaction, without the measurements
 * service knowing about it. Written only by the trigger's SECURITY DEFINER function; readable by
 * the patient and by professionals the patient shares glucose with (policies in that migration).
 */
export const glucoseDailyAggregates = pgTable(
  'glucose_daily_aggregates',
  {
    patientId: userIdColumn(),
    day: date({ mode: 'string' }).notNull(),
    n: integer().notNull(),
    nDevice: integer().notNull(),
    sumMgdl: real().notNull(),
    sumSquares: real().notNull(),
    nVeryLow: integer().notNull(),
    nLow: integer().notNull(),
    nInRange: integer().notNull(),
    nHigh: integer().notNull(),
    nVeryHigh: integer().notNull(),
    lastAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'glucose_daily_aggregates_pkey', columns: [t.patientId, t.day] }),
    index('glucose_daily_aggregates_day_idx').on(t.day),
  ],
).enableRLS();

/**
 * The day's readings of a patient-day row, packed as columns in the order of the readings table
 * (measured_at, id): epoch milliseconds as big-endian float8, mg/dL as big-endian float4, one byte
 * per reading (1 = from a device: CGM, import, uploader). A 90-day dashboard reads 90 of these rows
 * instead of ~26,000 readings (ADR 0013). A table of its own, kept in its own pages rather than out
 * of line (ADR 0014): a day of 5-minute CGM (~3.7 KB) is one page read, where the same columns in
 * glucose_daily_aggregates' TOAST took two to three, and the triage list's scans of the sums stay
 * narrow. Written with its day row by the same function, deleted with it (foreign key).
 */
export const glucoseDayReadings = pgTable(
  'glucose_day_readings',
  {
    patientId: text().notNull(),
    day: date({ mode: 'string' }).notNull(),
    timesMs: bytea().notNull(),
    valuesMgdl: bytea().notNull(),
    deviceFlags: bytea().notNull(),
  },
  (t) => [
    primaryKey({ name: 'glucose_day_readings_pkey', columns: [t.patientId, t.day] }),
    foreignKey({
      name: 'glucose_day_readings_day_row_fk',
      columns: [t.patientId, t.day],
      foreignColumns: [glucoseDailyAggregates.patientId, glucoseDailyAggregates.day],
    }).onDelete('cascade'),
  ],
).enableRLS();

/**
 * A professional's consultation notes about a linked patient: private to the professional who
 * wrote them, only while the care link is active. Row-level security is enabled here; the
 * policies live in the custom migration `*_care_team_access.sql`, beside the care-link functions
 * they call.
 */
export const consultationNotes = pgTable(
  'consultation_notes',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: userIdColumn(),
    professionalId: userIdColumn(),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('consultation_notes_patient_professional_idx').on(t.patientId, t.professionalId, t.createdAt)],
).enableRLS();
