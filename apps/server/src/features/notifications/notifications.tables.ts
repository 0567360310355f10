import { sql } from 'drizzle-orm';
import { check, index, pgPolicy, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user, userIdColumn } from '../auth/auth.tables';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';

const ownUser = sql.raw(`user_id = ${CURRENT_USER_ID}`);

/**
 * The in-app notification centre's rows (spec §2 /notifications): one per thing delivered to a
 * user — a reminder occurrence, a patient's alert for a professional who asked for them. Rows
 * carry ids and a kind, never a value or a text: the page reads the subject through the feature
 * that owns it, under that feature's access rules. Unique (user, kind, subject) makes an in-app
 * delivery exactly once however often its job runs. A patient's own alerts stay in `alerts`.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userIdColumn(),
    kind: text().notNull(),
    /** The occurrence, alert, … this notification is about. */
    subjectId: uuid().notNull(),
    /** The patient concerned, for a professional's notification (the link is checked on read). */
    patientId: text().references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    readAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_user_kind_subject_key').on(t.userId, t.kind, t.subjectId),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    check('notifications_kind', sql`${t.kind} in ('reminder', 'patient_alert')`),
    pgPolicy('notifications_own', { for: 'all', to: appUser, using: ownUser, withCheck: ownUser }),
  ],
).enableRLS();

/**
 * Web push subscriptions, one per browser the user enabled push on (spec §4). `endpoint` is the
 * push service's URL for that browser; `p256dh` and `auth` are its public key and secret for
 * the payload's encryption (RFC 8291). A 404 or 410 from the push service removes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: userIdColumn(),
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    /** "Chrome on Android", for the list of devices; never the full user agent. */
    deviceLabel: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSuccessAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    pgPolicy('push_subscriptions_own', { for: 'all', to: appUser, using: ownUser, withCheck: ownUser }),
  ],
).enableRLS();
