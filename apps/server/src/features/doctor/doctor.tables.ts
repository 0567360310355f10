import { date, index, integer, pgTable, primaryKey, real, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth.tables';

/**
 * Per patient and UTC day, the sums the triage list needs (count, sum, sum of squares, standard
 * 54/70/180/250 band counts, last reading), so the list of 500 patients reads ~7 000 small rows
 * instead of ~2 million readings. Maintained by a statement-level trigger on glucose_readings
 * (custom migration `*_care_team_access.sql`): every write path — single reading, CGM batch,
 * edit, delete, erasure — keeps it exact in the same transaction, without the measurements
 * service knowing about it. Written only by the trigger's SECURITY DEFINER function; readable by
 * the patient and by professionals the patient shares glucose with (policies in that migration).
 */
export const glucoseDailyAggregates = pgTable(
  'glucose_daily_aggregates',
  {
    patientId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
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
