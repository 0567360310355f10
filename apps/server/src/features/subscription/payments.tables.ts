import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../auth/auth.tables';

/*
 * The payment provider's side of subscriptions (issue 19, Stripe). Neither table is for the
 * request role: the subscription service reads and writes them on the owner connection only
 * (migration, hand-written part: no grant to app_user, RLS on without a policy).
 */

/**
 * Every webhook event the server took, by the provider's event id: the same event delivered
 * again (the provider retries until it gets a 2xx) is recognised and changes nothing.
 * `created` is when the provider created the event, `processed_at` when this server took it.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    eventId: text().primaryKey(),
    type: text().notNull(),
    created: timestamp({ withTimezone: true }).notNull(),
    processedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('payment_events_processed_at_idx').on(t.processedAt)],
).enableRLS();

/**
 * The provider's customer of a patient, made at their first checkout and reused for the next
 * ones (and for listing their invoices), whether or not they ended up paying.
 */
export const paymentCustomers = pgTable('payment_customers', {
  patientId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  customerId: text().notNull().unique(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
}).enableRLS();
