import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database';
import { userSettings } from '../settings/settings.tables';
import { paymentCustomers, paymentEvents } from './payments.tables';
import { subscriptions } from './subscription.tables';

type SubscriptionRow = typeof subscriptions.$inferSelect;

/* The payment provider's events, customers and the paid subscription rows; owner connection only. */

export async function customerOf(db: Db | Tx, patientId: string): Promise<string | undefined> {
  const [row] = await db.select({ customerId: paymentCustomers.customerId }).from(paymentCustomers).where(eq(paymentCustomers.patientId, patientId));
  return row?.customerId;
}

export async function patientOfCustomer(db: Db | Tx, customerId: string): Promise<string | undefined> {
  const [row] = await db.select({ patientId: paymentCustomers.patientId }).from(paymentCustomers).where(eq(paymentCustomers.customerId, customerId));
  return row?.patientId;
}

/** Keeps the patient's customer; a patient who already has one keeps theirs (the answer). */
export async function keepCustomer(db: Db | Tx, patientId: string, customerId: string, at: Date): Promise<string> {
  await db.insert(paymentCustomers).values({ patientId, customerId, createdAt: at }).onConflictDoNothing();
  return (await customerOf(db, patientId)) ?? customerId;
}

/** The patient's language (their settings; French when unset), for the provider's pages. */
export async function languageOf(db: Db | Tx, patientId: string): Promise<string> {
  const [row] = await db.select({ language: userSettings.language }).from(userSettings).where(eq(userSettings.userId, patientId));
  return row?.language ?? 'fr';
}

export async function eventTaken(db: Db | Tx, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, eventId));
  return row !== undefined;
}

/** Records an event as taken; false when it already was (the same event delivered twice at once). */
export async function recordEvent(tx: Tx, event: { id: string; type: string; created: Date }, at: Date): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ eventId: event.id, type: event.type, created: event.created, processedAt: at })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  return inserted.length > 0;
}

export async function findByProviderSubscription(db: Db | Tx, subscriptionId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, subscriptionId));
  return row;
}

/** One patient's paid subscription at a time, until the transaction ends (two webhooks at once). */
export async function lockPatientSubscription(tx: Tx, patientId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`glucosuivi.subscription:${patientId}`}))`);
}

export interface PaidSubscription {
  patientId: string;
  state: Pick<SubscriptionRow, 'status' | 'cancelAtPeriodEnd'> & { interval: SubscriptionRow['billingInterval']; currentPeriodEnd: Date };
  customerId: string | null;
  subscriptionId: string;
  /** When the provider created the event that brought this state; null: an API answer, not an event. */
  eventAt: Date | null;
}

/**
 * The patient's row becomes the paid subscription's current state (replacing a grant). The
 * newest event time is kept: an API answer (no event) leaves it as it was.
 */
export async function applyPaidState(tx: Tx, paid: PaidSubscription, at: Date): Promise<void> {
  const values = {
    plan: 'premium' as const,
    status: paid.state.status,
    billingInterval: paid.state.interval,
    currentPeriodEnd: paid.state.currentPeriodEnd,
    cancelAtPeriodEnd: paid.state.cancelAtPeriodEnd,
    source: 'payment' as const,
    providerCustomerId: paid.customerId,
    providerSubscriptionId: paid.subscriptionId,
    updatedAt: at,
  };
  await tx
    .insert(subscriptions)
    .values({ patientId: paid.patientId, ...values, providerEventAt: paid.eventAt, createdAt: at })
    .onConflictDoUpdate({
      target: subscriptions.patientId,
      set: {
        ...values,
        providerEventAt: paid.eventAt
          ? sql`greatest(${subscriptions.providerEventAt}, ${paid.eventAt.toISOString()}::timestamptz)`
          : sql`${subscriptions.providerEventAt}`,
      },
    });
}
