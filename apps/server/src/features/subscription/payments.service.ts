import type Stripe from 'stripe';
import { effectivePlan, PREMIUM_PRICE_TTC_CENTS, type BillingInterval } from '@glucosuivi/domain/subscription/plans';
import type { InvoiceDto } from '@glucosuivi/domain/subscription/subscription.schemas';
import type { Clock } from '../../platform/clock';
import type { Actor, Database, Tx } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { findAccountById } from '../accounts/accounts.service';
import * as payments from './payments.repository';
import * as repo from './subscription.repository';
import { customerIdOf, invoiceOf, PRICE_LOOKUP_KEYS, providerStateOf, subscriptionIdOf, type PaymentGateway } from './stripe-gateway';

/*
 * Paying for premium with Stripe (issue 19). Checkout only opens Stripe's payment page; the plan
 * changes on Stripe's signed webhook alone. Each event is taken once (its id is recorded with the
 * change it made, in one transaction), and its payload is only a hint: the subscription's current
 * state is read back from Stripe, so events arriving late, twice or out of order cannot put an
 * older state back. An event older than the newest one already applied is not even read back.
 */

export interface PaymentDeps {
  database: Database;
  clock: Clock;
  /** Null: no payment provider on this server (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET unset). */
  payments: PaymentGateway | null;
  /** The app's public origin, for Stripe's return links to /abonnement. */
  appUrl: string;
}

/** What a webhook came to, for the log line (never the event's content). */
export type WebhookOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored' | 'unknown_patient';

const CHECKOUT_LOCALES = new Set(['fr', 'en', 'es']);

function gatewayOf(deps: PaymentDeps): PaymentGateway {
  if (!deps.payments) throw new AppError('payments_not_configured', 'No payment provider is configured on this server');
  return deps.payments;
}

/** A Stripe call that failed (network, Stripe down, refused): 503, so the caller may try again. */
async function provider<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const type = (error as { type?: string }).type ?? 'error';
    throw new AppError('unavailable', `Payment provider: ${what} failed (${type})`);
  }
}

/** The Stripe price of an interval, by lookup key, checked against the price the app shows. */
async function priceOf(gateway: PaymentGateway, interval: BillingInterval): Promise<Stripe.Price> {
  const list = await provider('price lookup', () => gateway.stripe.prices.list({ lookup_keys: [PRICE_LOOKUP_KEYS[interval]], active: true, limit: 1 }));
  const price = list.data[0];
  const matches = price && price.currency === 'eur' && price.unit_amount === PREMIUM_PRICE_TTC_CENTS[interval] && price.recurring?.interval === interval;
  // Never charge another amount than the one /abonnement shows (a mistyped price in Stripe).
  if (!price || !matches) throw new AppError('unavailable', `No Stripe price ${PRICE_LOOKUP_KEYS[interval]} of ${PREMIUM_PRICE_TTC_CENTS[interval]} cents EUR per ${interval}`);
  return price;
}

/** The patient's Stripe customer: the one made at an earlier checkout, or a new one. */
async function customerFor(deps: PaymentDeps, gateway: PaymentGateway, patientId: string): Promise<string> {
  const known = await payments.customerOf(deps.database.db, patientId);
  if (known) return known;
  const account = await findAccountById(deps.database.db, patientId);
  if (!account) throw new AppError('not_found');
  const customer = await provider('customer creation', () =>
    gateway.stripe.customers.create(
      { email: account.email, metadata: { patientId } },
      // Two checkouts started at once make one customer (Stripe keeps a key for a day).
      { idempotencyKey: `glucosuivi-customer-${patientId}` },
    ),
  );
  return payments.keepCustomer(deps.database.db, patientId, customer.id, deps.clock.now());
}

/**
 * Opens Stripe Checkout for premium at the chosen interval: the customer is the patient's,
 * `client_reference_id` and the subscription's metadata name the patient, and Stripe sends the
 * browser back to /abonnement. A patient whose paid premium runs is not sold it twice (409).
 */
export async function startPaidCheckout(deps: PaymentDeps, patient: Actor, interval: BillingInterval): Promise<{ url: string }> {
  const gateway = gatewayOf(deps);
  const row = await repo.findSubscription(deps.database.db, patient.userId);
  if (row?.source === 'payment' && row.status !== 'canceled' && effectivePlan(stateOfRow(row), deps.clock.now().getTime()) === 'premium') {
    throw new AppError('conflict', 'Premium is already paid for');
  }
  const price = await priceOf(gateway, interval);
  const customer = await customerFor(deps, gateway, patient.userId);
  const language = await payments.languageOf(deps.database.db, patient.userId);
  const back = `${deps.appUrl}/abonnement`;
  const session = await provider('checkout', () =>
    gateway.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      client_reference_id: patient.userId,
      line_items: [{ price: price.id, quantity: 1 }],
      subscription_data: { metadata: { patientId: patient.userId } },
      success_url: `${back}?paiement=reussi`,
      cancel_url: `${back}?paiement=annule`,
      locale: (CHECKOUT_LOCALES.has(language) ? language : 'auto') as Stripe.Checkout.SessionCreateParams.Locale,
    }),
  );
  if (!session.url) throw new AppError('unavailable', 'Stripe gave no checkout page');
  return { url: session.url };
}

function stateOfRow(row: repo.SubscriptionRow) {
  return { plan: row.plan, status: row.status, currentPeriodEnd: row.currentPeriodEnd?.getTime() ?? null, cancelAtPeriodEnd: row.cancelAtPeriodEnd };
}

/** The subscription an event is about, from its payload (only as a pointer: its state is read back). */
function subscriptionOfEvent(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string };
  switch (event.type) {
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return object.id ?? null;
    case 'checkout.session.completed':
      return subscriptionIdOf(event.data.object);
    case 'invoice.paid':
    case 'invoice.payment_failed':
      return subscriptionIdOf(event.data.object);
    default:
      return null;
  }
}

/**
 * Whose subscription it is: the patient whose customer it bills (made by our checkout), else the
 * patient our checkout named in its metadata, if that account still exists.
 */
async function patientOf(deps: PaymentDeps, subscription: Stripe.Subscription): Promise<string | null> {
  const customer = customerIdOf(subscription);
  const byCustomer = customer ? await payments.patientOfCustomer(deps.database.db, customer) : undefined;
  if (byCustomer) return byCustomer;
  const named = subscription.metadata?.patientId;
  if (!named) return null;
  return (await findAccountById(deps.database.db, named)) ? named : null;
}

/**
 * Whether a subscription's state may replace the patient's row: not when the row is another
 * subscription that still runs and this one does not (an old subscription's late events).
 */
function mayReplace(row: repo.SubscriptionRow | undefined, paid: payments.PaidSubscription, nowMs: number): boolean {
  if (!row || row.providerSubscriptionId === paid.subscriptionId || row.providerSubscriptionId === null) return true;
  const incomingRuns = paid.state.status === 'active' || paid.state.status === 'past_due';
  return incomingRuns || effectivePlan(stateOfRow(row), nowMs) === 'free';
}

async function applyInTx(deps: PaymentDeps, tx: Tx, paid: payments.PaidSubscription): Promise<void> {
  await payments.lockPatientSubscription(tx, paid.patientId);
  const row = await repo.findSubscription(tx, paid.patientId);
  const now = deps.clock.now();
  if (mayReplace(row, paid, now.getTime())) await payments.applyPaidState(tx, paid, now);
}

/**
 * One webhook delivery. The signature is checked by the SDK on the raw body (400
 * `webhook_signature_invalid`, nothing stored); an event already taken changes nothing; Stripe
 * unreachable while reading the subscription back → 503 and nothing stored, so Stripe retries.
 */
export async function handleWebhook(deps: PaymentDeps, rawBody: string, signature: string | undefined): Promise<WebhookOutcome> {
  const gateway = gatewayOf(deps);
  let event: Stripe.Event;
  try {
    // Stripe's tolerance (5 minutes) is checked against this machine's real clock: it bounds
    // the replay of a captured delivery, a matter of transport, not of the app's time.
    event = gateway.stripe.webhooks.constructEvent(rawBody, signature ?? '', gateway.webhookSecret);
  } catch {
    throw new AppError('webhook_signature_invalid', 'Webhook signature does not match');
  }
  const db = deps.database.db;
  if (await payments.eventTaken(db, event.id)) return 'duplicate';
  const created = new Date(event.created * 1000);
  const record = { id: event.id, type: event.type, created };
  const subscriptionId = subscriptionOfEvent(event);
  if (!subscriptionId) return (await recordOnly(deps, record)) ? 'ignored' : 'duplicate';

  const known = await payments.findByProviderSubscription(db, subscriptionId);
  if (known?.providerEventAt && created < known.providerEventAt) return (await recordOnly(deps, record)) ? 'stale' : 'duplicate';

  const subscription = await provider('subscription read', () => gateway.stripe.subscriptions.retrieve(subscriptionId).catch(missingAsNull));
  // Signed, but about a subscription Stripe does not have (another account's, a deleted test
  // object): taken, nothing to apply; any other failure leaves it for Stripe's retry.
  if (!subscription) return (await recordOnly(deps, record)) ? 'ignored' : 'duplicate';
  const patientId = await patientOf(deps, subscription);
  const state = providerStateOf(subscription);
  if (!patientId || !state) return (await recordOnly(deps, record)) ? (patientId ? 'ignored' : 'unknown_patient') : 'duplicate';
  const paid = { patientId, state, customerId: customerIdOf(subscription), subscriptionId, eventAt: created };
  const applied = await db.transaction(async (tx) => {
    if (!(await payments.recordEvent(tx, record, deps.clock.now()))) return false;
    await applyInTx(deps, tx, paid);
    return true;
  });
  return applied ? 'applied' : 'duplicate';
}

function missingAsNull(error: unknown): null {
  if ((error as { code?: string }).code === 'resource_missing') return null;
  throw error;
}

async function recordOnly(deps: PaymentDeps, record: { id: string; type: string; created: Date }): Promise<boolean> {
  return deps.database.db.transaction((tx) => payments.recordEvent(tx, record, deps.clock.now()));
}

/**
 * Cancels at the period's end (or resumes) a paid subscription at Stripe, and applies Stripe's
 * answer at once (the state Stripe now holds, so the page is right immediately); the webhook that
 * follows brings the same state and stays the authority. Undefined: not a paid subscription.
 */
export async function setPaidCancel(deps: PaymentDeps, patientId: string, cancel: boolean): Promise<boolean | undefined> {
  const row = await repo.findSubscription(deps.database.db, patientId);
  if (row?.source !== 'payment' || !row.providerSubscriptionId || !deps.payments) return undefined;
  const now = deps.clock.now();
  if (row.status === 'canceled' || effectivePlan(stateOfRow(row), now.getTime()) === 'free') return false;
  const gateway = deps.payments;
  const subscriptionId = row.providerSubscriptionId;
  const updated = await provider('subscription update', () => gateway.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
  const state = providerStateOf(updated);
  if (state) {
    const paid = { patientId, state, customerId: customerIdOf(updated), subscriptionId, eventAt: null };
    await deps.database.db.transaction((tx) => applyInTx(deps, tx, paid));
  }
  return true;
}

/** The patient's invoices at Stripe, newest first; none without a provider or a customer. */
export async function listPaidInvoices(deps: PaymentDeps, patientId: string): Promise<InvoiceDto[]> {
  const gateway = deps.payments;
  if (!gateway) return [];
  const customer = await payments.customerOf(deps.database.db, patientId);
  if (!customer) return [];
  const list = await provider('invoice list', () => gateway.stripe.invoices.list({ customer, limit: 24 }));
  return list.data.map(invoiceOf).filter((invoice): invoice is InvoiceDto => invoice !== null);
}
