import { sql } from 'drizzle-orm';
import { boolean, check, index, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { BILLING_INTERVALS, PLANS, SUBSCRIPTION_SOURCES, SUBSCRIPTION_STATUSES } from '@glucosuivi/domain/subscription/plans';
import { user, userIdColumn } from '../auth/auth.tables';
import { appUser, CURRENT_USER_ID } from '../../platform/db/roles';

const ownPatient = sql.raw(`patient_id = ${CURRENT_USER_ID}`);
const quotedList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/**
 * A patient's subscription (issue 19): at most one row, none for a patient who never had one
 * (the free plan). Premium runs while `current_period_end` is ahead, also when it was cancelled
 * (`cancel_at_period_end`): the rules are the domain's (subscription/plans.ts). `billing_interval` is the
 * billing period of a paid subscription, null for an administrator's grant. The provider ids are
 * the payment provider's (Stripe) customer and subscription; `provider_event_at` is when the
 * provider created the newest event applied to this row (its webhooks may arrive out of order:
 * an older one is not applied over it).
 *
 * The patient reads their own row (RLS); every write is the subscription service's, on the owner
 * connection: the request role may not insert, update or delete here (migration, hand-written part).
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    patientId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    plan: text({ enum: PLANS }).notNull(),
    status: text({ enum: SUBSCRIPTION_STATUSES }).notNull(),
    billingInterval: text({ enum: BILLING_INTERVALS }),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAtPeriodEnd: boolean().notNull().default(false),
    source: text({ enum: SUBSCRIPTION_SOURCES }).notNull(),
    providerCustomerId: text(),
    providerSubscriptionId: text(),
    providerEventAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  () => [
    check('subscriptions_plan', sql.raw(`plan in (${quotedList(PLANS)})`)),
    check('subscriptions_status', sql.raw(`status in (${quotedList(SUBSCRIPTION_STATUSES)})`)),
    check('subscriptions_billing_interval', sql.raw(`billing_interval is null or billing_interval in (${quotedList(BILLING_INTERVALS)})`)),
    check('subscriptions_source', sql.raw(`source in (${quotedList(SUBSCRIPTION_SOURCES)})`)),
    // Premium always says until when.
    check('subscriptions_premium_period', sql.raw(`plan <> 'premium' or current_period_end is not null`)),
    pgPolicy('subscriptions_patient_read', { for: 'select', to: appUser, using: ownPatient }),
  ],
).enableRLS();

/**
 * One row per PDF report a patient downloaded, for the free plan's monthly quota (counted per
 * calendar month of the patient's time zone). A download is counted when it succeeds; a refused
 * one is not. The patient reads their own rows; the service writes them on the owner connection.
 */
export const pdfReportDownloads = pgTable(
  'pdf_report_downloads',
  {
    id: uuid().primaryKey().defaultRandom(),
    patientId: userIdColumn(),
    at: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('pdf_report_downloads_patient_at_idx').on(t.patientId, t.at),
    pgPolicy('pdf_report_downloads_patient_read', { for: 'select', to: appUser, using: ownPatient }),
  ],
).enableRLS();
