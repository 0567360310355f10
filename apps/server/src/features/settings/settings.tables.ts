import { sql } from 'drizzle-orm';
import { boolean, pgPolicy, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth.tables';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';

const ownRow = sql.raw(`user_id = ${CURRENT_USER_ID}`);

/** One row per user with the spec's defaults (SPEC §3). Private to its owner, enforced by RLS. */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    notificationsPush: boolean().notNull().default(true),
    emailAlerts: boolean().notNull().default(false),
    biometricAuth: boolean().notNull().default(false),
    twoFactorAuth: boolean().notNull().default(false),
    dataSharing: boolean().notNull().default(false),
    locationAccess: boolean().notNull().default(false),
    dataSync: boolean().notNull().default(true),
    autoBackup: boolean().notNull().default(true),
    darkMode: boolean().notNull().default(false),
    autoThemeEnabled: boolean().notNull().default(false),
    language: text().notNull().default('fr'),
    glucoseUnit: text().notNull().default('mg/dl'),
    timezone: text().notNull().default('Europe/Paris'),
    /**
     * Quiet hours, local 'HH:MM' (both or neither): reminders then reach only the in-app centre,
     * no push and no e-mail. Alerts are not held back.
     */
    quietHoursStart: text(),
    quietHoursEnd: text(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    pgPolicy('user_settings_owner', {
      as: 'permissive',
      for: 'all',
      to: appUser,
      using: ownRow,
      withCheck: ownRow,
    }),
  ],
).enableRLS();
