import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgPolicy, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth.tables';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';

const own = (column: string) => sql.raw(`${column} = ${CURRENT_USER_ID}`);

/** Identity and clinical profile of a person (SPEC §3 `profiles`); id is the user id. */
export const profiles = pgTable(
  'profiles',
  {
    id: text()
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text(),
    /** What the person registered as; never 'admin' from a client. */
    userType: text().notNull().default('patient'),
    /** 'admin' only when set by an administrator or the seed. */
    role: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    pgPolicy('profiles_owner', { for: 'all', to: appUser, using: own('id'), withCheck: own('id') }),
  ],
).enableRLS();

/** Medical specialties offered at professional registration (SPEC §3). */
export const medicalSpecialties = pgTable('medical_specialties', {
  id: text().primaryKey(),
  name: text().notNull(),
  isActive: boolean().notNull().default(true),
  displayOrder: integer().notNull().default(0),
});

/** A professional's record (SPEC §3 `doctors`), created only with first name, last name and licence. */
export const doctors = pgTable(
  'doctors',
  {
    id: text().primaryKey(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    firstName: text().notNull(),
    lastName: text().notNull(),
    /** French RPPS number: 11 digits, Luhn-valid. */
    medicalLicense: text().notNull(),
    speciality: text().references(() => medicalSpecialties.id),
    email: text().notNull(),
    /** Set by an administrator after checking the licence. */
    verifiedAt: timestamp({ withTimezone: true }),
    /** Personal code a patient can use to invite this professional. */
    inviteCode: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('doctors_user_id_key').on(t.userId),
    uniqueIndex('doctors_invite_code_key').on(t.inviteCode),
    index('doctors_license_idx').on(t.medicalLicense),
    pgPolicy('doctors_owner', { for: 'all', to: appUser, using: own('user_id'), withCheck: own('user_id') }),
  ],
).enableRLS();
