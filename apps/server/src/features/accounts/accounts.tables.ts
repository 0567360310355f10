import { sql } from 'drizzle-orm';
import { boolean, integer, pgPolicy, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
  /** French name (the reference); English and Spanish beside it, shown in the sign-up list's language. */
  name: text().notNull(),
  nameEn: text(),
  nameEs: text(),
  isActive: boolean().notNull().default(true),
  displayOrder: integer().notNull().default(0),
});
