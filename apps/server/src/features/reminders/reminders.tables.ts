import { sql } from 'drizzle-orm';
import { boolean, check, date, index, jsonb, pgPolicy, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userIdColumn } from '../auth/auth.tables';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';

const ownPatient = sql.raw(`patient_id = ${CURRENT_USER_ID}`);

/**
 * A patient's reminders (PRODUCT.md §5): what to remember (a measurement, a medication by name
 * with the patient's own instructions, an appointment) and when, in the patient's time zone.
 * `schedule` is the domain's `ReminderSchedule` (times of day + days of week, or an RFC 5545
 * rule). `next_due_at` is the next occurrence as an instant, kept by the service and the
 * scheduler; null while paused or once the schedule has ended. The scheduler reads only this
 * column's partial index, so 100,000 patients' reminders cost one index range scan per minute.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: userIdColumn(),
    kind: text().notNull(),
    label: text().notNull(),
    /** Medication reminders: the name and the patient's own instructions, as typed. Never a dose of ours. */
    medicationName: text(),
    instructions: text(),
    /** Appointment reminders point at their appointment (issue 16); plain reference until then. */
    appointmentId: uuid(),
    schedule: jsonb().notNull(),
    timeZone: text().notNull(),
    /** First local day the schedule may fire on. */
    startsOn: date({ mode: 'string' }).notNull(),
    /** Last local day, inclusive; null for no end. */
    endsOn: date({ mode: 'string' }),
    sendPush: boolean().notNull().default(false),
    sendEmail: boolean().notNull().default(false),
    pausedAt: timestamp({ withTimezone: true }),
    nextDueAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('reminders_patient_idx').on(t.patientId, t.createdAt),
    index('reminders_next_due_idx').on(t.nextDueAt).where(sql`next_due_at is not null`),
    check('reminders_kind', sql`${t.kind} in ('measurement', 'medication', 'appointment')`),
    pgPolicy('reminders_patient_own', { for: 'all', to: appUser, using: ownPatient, withCheck: ownPatient }),
  ],
).enableRLS();

/**
 * One row per occurrence that came due: the reminder's history and today's timeline. The
 * unique (reminder, due instant) pair is what makes the scheduler's work exactly once: a second
 * scheduler (another server, a retried slot) inserting the same occurrence inserts nothing.
 * `status`: `pending` (delivered, waiting for the patient), `done`, `snoozed` (comes back at
 * `snoozed_until`, then `pending` again), `skipped` (the patient dismissed it).
 */
export const reminderOccurrences = pgTable(
  'reminder_occurrences',
  {
    id: uuid().primaryKey().defaultRandom(),
    reminderId: uuid()
      .notNull()
      .references(() => reminders.id, { onDelete: 'cascade' }),
    patientId: userIdColumn(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    status: text().notNull().default('pending'),
    snoozedUntil: timestamp({ withTimezone: true }),
    /** Each snooze delivers again under a new idempotency key (`…:<snoozeCount>`). */
    snoozeCount: smallint().notNull().default(0),
    deliveredAt: timestamp({ withTimezone: true }),
    doneAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('reminder_occurrences_reminder_due_key').on(t.reminderId, t.dueAt),
    index('reminder_occurrences_patient_due_idx').on(t.patientId, t.dueAt),
    index('reminder_occurrences_snoozed_idx').on(t.snoozedUntil).where(sql`status = 'snoozed'`),
    check('reminder_occurrences_status', sql`${t.status} in ('pending', 'done', 'snoozed', 'skipped')`),
    pgPolicy('reminder_occurrences_patient_own', { for: 'all', to: appUser, using: ownPatient, withCheck: ownPatient }),
  ],
).enableRLS();
