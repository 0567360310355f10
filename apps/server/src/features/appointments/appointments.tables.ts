import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgPolicy,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user, userIdColumn } from '../auth/auth.tables';
import { careLinks } from '../care-team/care-team.tables';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';

/*
 * Appointments (PRODUCT.md §5, issue 16). Row-level security: a professional sees and writes only
 * their own schedule and appointments, a patient only theirs; a patient reads a professional's
 * schedule only across an active care link (`care_linked_with`, migration 0009). What a patient
 * may know of other patients' bookings — only that a slot is taken — comes from the SECURITY
 * DEFINER function `appointment_busy()` of the hand-written part of the migration, and a
 * professional's satisfaction figure from `appointment_ratings_received()`, which never returns
 * who rated.
 */

const me = CURRENT_USER_ID;
const ownProfessional = sql.raw(`professional_id = ${me}`);
const ownParty = sql.raw(`(patient_id = ${me} or professional_id = ${me})`);
const ownPatient = sql.raw(`patient_id = ${me}`);
const ownUser = sql.raw(`user_id = ${me}`);

/** A professional's schedule: weekly rules and exceptions (domain schemas), in `timezone`. */
export const appointmentAvailability = pgTable(
  'appointment_availability',
  {
    professionalId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    timezone: text().notNull(),
    /** WeeklyRule[] */
    rules: jsonb().notNull(),
    /** AvailabilityException[] */
    exceptions: jsonb().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  () => [
    pgPolicy('appointment_availability_owner', {
      for: 'all',
      to: appUser,
      using: ownProfessional,
      withCheck: ownProfessional,
    }),
    pgPolicy('appointment_availability_linked_read', {
      for: 'select',
      to: appUser,
      using: sql.raw(
        `current_setting('app.role', true) = 'patient' and care_linked_with(professional_id)`,
      ),
    }),
  ],
).enableRLS();

/**
 * One appointment between the two people of a care link. `starts_at` is null only for a request
 * for another time that no slot answers yet. The partial unique index is THE rule that two
 * requested/confirmed appointments never share a professional's start instant: whatever the
 * race between two bookings, the second insert fails (23505 → `slot_taken`).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid().primaryKey().defaultRandom(),
    linkId: uuid()
      .notNull()
      .references(() => careLinks.id, { onDelete: 'cascade' }),
    patientId: userIdColumn(),
    professionalId: userIdColumn(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    mode: text().notNull(),
    address: text(),
    /** Unguessable video room name (base32, 160 bits); the URL is built with VIDEO_BASE_URL. */
    videoRoom: text(),
    status: text().notNull(),
    /** Who must answer a `requested` appointment. */
    awaiting: text(),
    requestMessage: text(),
    proposalMessage: text(),
    cancelledBy: text(),
    cancelReason: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('appointments_slot_held_key')
      .on(t.professionalId, t.startsAt)
      .where(sql`status in ('requested', 'confirmed')`),
    index('appointments_professional_starts_idx').on(t.professionalId, t.startsAt),
    index('appointments_patient_starts_idx').on(t.patientId, t.startsAt),
    check(
      'appointments_status',
      sql`${t.status} in ('requested', 'confirmed', 'cancelled', 'done', 'no_show')`,
    ),
    check('appointments_mode', sql`${t.mode} in ('in_person', 'video')`),
    check(
      'appointments_awaiting',
      sql`${t.awaiting} is null or ${t.awaiting} in ('patient', 'professional')`,
    ),
    check(
      'appointments_cancelled_by',
      sql`${t.cancelledBy} is null or ${t.cancelledBy} in ('patient', 'professional')`,
    ),
    check(
      'appointments_range',
      sql`(${t.startsAt} is null) = (${t.endsAt} is null) and (${t.endsAt} is null or ${t.endsAt} > ${t.startsAt})`,
    ),
    // Only a request may wait for a time; anything confirmed or past has one.
    check(
      'appointments_time_when_settled',
      sql`${t.startsAt} is not null or ${t.status} in ('requested', 'cancelled')`,
    ),
    pgPolicy('appointments_parties_read', { for: 'select', to: appUser, using: ownParty }),
    // A patient requests with a professional of an active link; nobody else creates one.
    pgPolicy('appointments_patient_request', {
      for: 'insert',
      to: appUser,
      withCheck: sql.raw(
        `patient_id = ${me} and current_setting('app.role', true) = 'patient' and status = 'requested' and care_linked_with(professional_id)`,
      ),
    }),
    pgPolicy('appointments_parties_update', {
      for: 'update',
      to: appUser,
      using: ownParty,
      withCheck: ownParty,
    }),
  ],
).enableRLS();

/** The patient's rating of a `done` appointment: one per appointment, the patient's only. */
export const appointmentRatings = pgTable(
  'appointment_ratings',
  {
    appointmentId: uuid()
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    patientId: userIdColumn(),
    professionalId: userIdColumn(),
    stars: smallint().notNull(),
    comment: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('appointment_ratings_professional_idx').on(t.professionalId),
    check('appointment_ratings_stars', sql`${t.stars} between 1 and 5`),
    check(
      'appointment_ratings_comment_length',
      sql`${t.comment} is null or char_length(${t.comment}) <= 1000`,
    ),
    pgPolicy('appointment_ratings_patient_own', {
      for: 'all',
      to: appUser,
      using: ownPatient,
      withCheck: ownPatient,
    }),
  ],
).enableRLS();

/**
 * A user's private calendar feed: only the SHA-256 of its 256-bit token is kept, so a database
 * dump opens no feed. One per user; creating again replaces it, deleting revokes it.
 */
export const appointmentCalendarFeeds = pgTable(
  'appointment_calendar_feeds',
  {
    userId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    /** The account's role when it was created: the feed lists that side's appointments. */
    role: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('appointment_calendar_feeds_token_key').on(t.tokenHash),
    check('appointment_calendar_feeds_role', sql`${t.role} in ('patient', 'doctor')`),
    pgPolicy('appointment_calendar_feeds_own', {
      for: 'all',
      to: appUser,
      using: ownUser,
      withCheck: ownUser,
    }),
  ],
).enableRLS();
