import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { invoicesSchema, subscriptionSchema, type SubscriptionDto } from '@glucosuivi/domain/subscription/subscription.schemas';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { startStripeStandin, type StripeStandin } from '../../test/stripe-standin';
import { paymentCustomers, paymentEvents } from './payments.tables';
import { subscriptions } from './subscription.tables';

// Paying for premium through Stripe (issue 19), against the local stand-in that speaks Stripe's
// API and sends signed webhooks to this app, listening on a real port.

const SECRET_KEY = 'sk_test_payments_int';
const WEBHOOK_SECRET = 'whsec_payments_int_secret';
const START = new Date('2026-11-02T09:00:00Z');
const MONTH_LATER = new Date('2026-12-02T09:00:00Z');

describe('Stripe payments: checkout, signed webhooks, cancel and invoices', () => {
  let t: TestApp;
  let standin: StripeStandin;

  const get = (who: TestUser, url: string) => t.app.inject({ url, headers: actingAs(who) });
  const post = (who: TestUser, url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: actingAs(who), ...(payload ? { payload } : {}) });
  const subscription = async (who: TestUser): Promise<SubscriptionDto> => {
    const res = await get(who, '/api/subscription');
    expect(res.statusCode, res.body).toBe(200);
    return subscriptionSchema.parse(res.json());
  };
  const rowOf = async (who: TestUser) => (await t.database.db.select().from(subscriptions).where(eq(subscriptions.patientId, who.userId)))[0];
  const takenEvents = async () => Number((await t.database.db.select({ n: count() }).from(paymentEvents))[0]?.n);
  const eventsOf = (subscriptionId: string) => standin.events.filter((e) => (e.payload.data as { object: { id: string } }).object.id === subscriptionId);

  /** Opens checkout as the patient and answers the stand-in's session id. */
  async function checkout(who: TestUser, interval: 'month' | 'year'): Promise<string> {
    const res = await post(who, '/api/subscription/checkout', { interval });
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json() as { url: string };
    expect(url.startsWith(`${standin.url}/checkout/cs_test_`)).toBe(true);
    return url.split('/').pop()!;
  }

  /** A patient who paid the monthly premium; answers their Stripe subscription id. */
  async function paidPatient(): Promise<{ patient: TestUser; subscriptionId: string }> {
    const patient = await createTestUser(t.database);
    await standin.pay(await checkout(patient, 'month'));
    const row = await rowOf(patient);
    expect(row?.providerSubscriptionId).toMatch(/^sub_/);
    return { patient, subscriptionId: row!.providerSubscriptionId! };
  }

  beforeAll(async () => {
    standin = await startStripeStandin({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, now: () => (t ? t.clock.now().getTime() : Date.now()) });
    t = await createTestApp({ resolveActor: headerActor, payments: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: standin.url } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    standin.webhookUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/subscription/webhook`;
  });
  afterAll(async () => {
    await t?.close();
    await standin?.close();
  });

  it('opens Stripe Checkout without changing the plan, and upgrades on the signed webhooks once paid', async () => {
    const patient = await createTestUser(t.database);
    const sessionId = await checkout(patient, 'month');
    expect(await subscription(patient)).toMatchObject({ plan: 'free', status: null, paymentsConfigured: true });
    const [customer] = await t.database.db.select().from(paymentCustomers).where(eq(paymentCustomers.patientId, patient.userId));
    expect(customer?.customerId).toMatch(/^cus_/);
    // A second checkout reuses the patient's customer.
    await checkout(patient, 'year');
    expect(await t.database.db.select().from(paymentCustomers).where(eq(paymentCustomers.patientId, patient.userId))).toHaveLength(1);

    const back = await standin.pay(sessionId);
    expect(back).toBe('http://localhost:3000/abonnement?paiement=reussi');
    const delivered = standin.events.slice(-3);
    expect(delivered.map((e) => [e.type, e.deliveries])).toEqual([
      ['customer.subscription.created', [200]],
      ['invoice.paid', [200]],
      ['checkout.session.completed', [200]],
    ]);
    expect(await subscription(patient)).toMatchObject({
      plan: 'premium',
      status: 'active',
      interval: 'month',
      source: 'payment',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: MONTH_LATER.toISOString(),
      entitlements: ['cgm_follow', 'advanced_advice', 'unlimited_pdf'],
    });
    expect(await rowOf(patient)).toMatchObject({ providerCustomerId: customer!.customerId, providerEventAt: START });
    // Paid: the PDF reports have no limit any more, and premium is not sold twice.
    for (let i = 0; i < 4; i++) expect((await get(patient, '/api/reports/glucose.pdf?days=7')).statusCode).toBe(200);
    expect((await post(patient, '/api/subscription/checkout', { interval: 'year' })).statusCode).toBe(409);
  });

  it("lists the patient's invoices from Stripe, total with VAT, and none before a payment", async () => {
    const stranger = await createTestUser(t.database);
    const none = await get(stranger, '/api/subscription/invoices');
    expect(none.headers['cache-control']).toBe('no-store');
    expect(invoicesSchema.parse(none.json())).toEqual({ invoices: [] });
    const { patient } = await paidPatient();
    const { invoices } = invoicesSchema.parse((await get(patient, '/api/subscription/invoices')).json());
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ grossCents: 499, currency: 'EUR', status: 'paid', issuedAt: START.toISOString() });
    expect(invoices[0]?.url).toMatch(new RegExp(`^${standin.url}/invoices/in_`));
    expect(invoices[0]?.pdfUrl).toMatch(/\/pdf$/);
  });

  it('takes the same event once: delivered again, it changes nothing', async () => {
    const { patient, subscriptionId } = await paidPatient();
    const before = await takenEvents();
    standin.holdEvents = true;
    try {
      await standin.updateSubscription(subscriptionId, { cancel_at_period_end: true });
      const [cancelEvent] = eventsOf(subscriptionId).slice(-1);
      t.clock.set(new Date(START.getTime() + 60_000));
      expect(await standin.deliver(cancelEvent!.id)).toBe(200);
      const applied = await rowOf(patient);
      expect(applied).toMatchObject({ cancelAtPeriodEnd: true });
      expect(await takenEvents()).toBe(before + 1);

      // Stripe now says otherwise (its event not delivered yet); the old event sent again is
      // recognised and does not even read Stripe back.
      await standin.updateSubscription(subscriptionId, { cancel_at_period_end: false });
      t.clock.set(new Date(START.getTime() + 120_000));
      expect(await standin.deliver(cancelEvent!.id)).toBe(200);
      expect(await standin.deliver(cancelEvent!.id)).toBe(200);
      expect(await rowOf(patient)).toEqual(applied);
      expect(await takenEvents()).toBe(before + 1);
    } finally {
      standin.holdEvents = false;
      t.clock.set(START);
    }
  });

  it('keeps the newest state when events arrive out of order', async () => {
    const { patient, subscriptionId } = await paidPatient();
    standin.holdEvents = true;
    try {
      t.clock.set(new Date(START.getTime() + 60_000));
      await standin.updateSubscription(subscriptionId, { cancel_at_period_end: true });
      t.clock.set(new Date(START.getTime() + 120_000));
      await standin.updateSubscription(subscriptionId, { cancel_at_period_end: false });
      const [older, newer] = eventsOf(subscriptionId).slice(-2);
      expect(older!.created).toBeLessThan(newer!.created);

      expect(await standin.deliver(newer!.id)).toBe(200);
      expect(await rowOf(patient)).toMatchObject({ cancelAtPeriodEnd: false, providerEventAt: new Date(newer!.created * 1000) });
      // Stripe changes again (event held): the older event, arriving now, is not applied and
      // Stripe is not read back for it, so the row stays as the newest event left it.
      t.clock.set(new Date(START.getTime() + 180_000));
      await standin.updateSubscription(subscriptionId, { cancel_at_period_end: true });
      const [newest] = eventsOf(subscriptionId).slice(-1);
      expect(await standin.deliver(older!.id)).toBe(200);
      expect(await rowOf(patient)).toMatchObject({ cancelAtPeriodEnd: false, providerEventAt: new Date(newer!.created * 1000) });
      // The newest event brings Stripe's state.
      expect(await standin.deliver(newest!.id)).toBe(200);
      expect(await rowOf(patient)).toMatchObject({ cancelAtPeriodEnd: true, providerEventAt: new Date(newest!.created * 1000) });
      // The creation event, delivered last of all, puts nothing older back either.
      const created = standin.events.find((e) => e.type === 'customer.subscription.created' && (e.payload.data as { object: { id: string } }).object.id === subscriptionId);
      expect(await standin.deliver(created!.id)).toBe(200);
      expect(await subscription(patient)).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: true });
    } finally {
      standin.holdEvents = false;
      t.clock.set(START);
    }
  });

  it('refuses a forged or altered webhook with 400 webhook_signature_invalid and stores nothing', async () => {
    const patient = await createTestUser(t.database);
    const before = await takenEvents();
    const event = {
      id: 'evt_forged_0001',
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'sub_forged', object: 'subscription', status: 'active', metadata: { patientId: patient.userId } } },
    };
    const payload = JSON.stringify(event);
    const stripeCall = (body: string, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/subscription/webhook',
        // As Stripe sends it: no Origin, no cookie.
        headers: { origin: undefined, 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
        payload: body,
      });
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_the_apps' });
    const signedForOther = Stripe.webhooks.generateTestHeaderString({ payload: payload.replace('sub_forged', 'sub_other'), secret: WEBHOOK_SECRET });
    for (const res of [await stripeCall(payload, forged), await stripeCall(payload, signedForOther), await stripeCall(payload)]) {
      expect(res.statusCode).toBe(400);
      expect(errorBodySchema.parse(res.json()).error.code).toBe('webhook_signature_invalid');
    }
    expect(await takenEvents()).toBe(before);
    expect(await rowOf(patient)).toBeUndefined();
    // Correctly signed, the same bytes are taken: a subscription Stripe does not know grants nothing.
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const res = await stripeCall(payload, signed);
    expect(res.statusCode, res.body).toBe(200);
    expect(await takenEvents()).toBe(before + 1);
    expect(await rowOf(patient)).toBeUndefined();
  });

  it('cancels at the period end at Stripe: premium until then, resume undoes it, free once Stripe ends it', async () => {
    const { patient, subscriptionId } = await paidPatient();
    const canceled = subscriptionSchema.parse((await post(patient, '/api/subscription/cancel')).json());
    expect(canceled).toMatchObject({ plan: 'premium', status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: MONTH_LATER.toISOString() });
    expect(standin.subscriptions.get(subscriptionId)).toMatchObject({ cancel_at_period_end: true });
    expect(eventsOf(subscriptionId).at(-1)).toMatchObject({ type: 'customer.subscription.updated', deliveries: [200] });

    const resumed = subscriptionSchema.parse((await post(patient, '/api/subscription/resume')).json());
    expect(resumed).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: false });
    expect(standin.subscriptions.get(subscriptionId)).toMatchObject({ cancel_at_period_end: false });
    expect((await post(patient, '/api/subscription/cancel')).statusCode).toBe(200);

    try {
      t.clock.set(new Date(MONTH_LATER.getTime() - 1000));
      expect(await subscription(patient)).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: true });
      // Stripe ends the subscription at the period's end and says so.
      t.clock.set(MONTH_LATER);
      await standin.updateSubscription(subscriptionId, { status: 'canceled' });
      expect(eventsOf(subscriptionId).at(-1)).toMatchObject({ type: 'customer.subscription.deleted', deliveries: [200] });
      expect(await subscription(patient)).toMatchObject({ plan: 'free', status: 'expired', entitlements: [] });
      expect((await post(patient, '/api/subscription/resume')).statusCode).toBe(404);
    } finally {
      t.clock.set(START);
    }
  });

  it('follows renewals: a paid one moves the period on; a refused one is past_due while Stripe retries, and premium ends when Stripe ends it', async () => {
    const { patient, subscriptionId } = await paidPatient();
    try {
      t.clock.set(MONTH_LATER);
      await standin.renew(subscriptionId, 'paid');
      expect(await subscription(patient)).toMatchObject({ plan: 'premium', status: 'active', currentPeriodEnd: '2027-01-02T09:00:00.000Z' });
      t.clock.set(new Date('2027-01-02T09:00:00Z'));
      await standin.renew(subscriptionId, 'failed');
      expect(standin.events.slice(-2).map((e) => [e.type, e.deliveries])).toEqual([
        ['invoice.payment_failed', [200]],
        ['customer.subscription.updated', [200]],
      ]);
      // Stripe retries meanwhile: premium runs on through the new period while it does.
      expect(await subscription(patient)).toMatchObject({ plan: 'premium', status: 'past_due', currentPeriodEnd: '2027-02-02T09:00:00.000Z' });
      const { invoices } = invoicesSchema.parse((await get(patient, '/api/subscription/invoices')).json());
      expect(invoices.map((i) => [i.status, i.grossCents])).toEqual([
        ['open', 499],
        ['paid', 499],
        ['paid', 499],
      ]);
      // Stripe gives up and ends the subscription: premium ends then, not at the period's end.
      t.clock.set(new Date('2027-01-20T09:00:00Z'));
      await standin.updateSubscription(subscriptionId, { status: 'canceled' });
      expect(await subscription(patient)).toMatchObject({ plan: 'free', status: 'expired', currentPeriodEnd: '2027-01-20T09:00:00.000Z' });
    } finally {
      t.clock.set(START);
    }
  });

  it('refuses to open a checkout whose Stripe price is not the price the app shows', async () => {
    const patient = await createTestUser(t.database);
    const monthly = [...standin.prices.values()].find((p) => p.lookup_key === 'glucosuivi_premium_monthly')!;
    monthly.unit_amount = 599;
    try {
      const res = await post(patient, '/api/subscription/checkout', { interval: 'month' });
      expect(res.statusCode).toBe(503);
      expect(errorBodySchema.parse(res.json()).error.code).toBe('unavailable');
      expect((await post(patient, '/api/subscription/checkout', { interval: 'year' })).statusCode).toBe(200);
    } finally {
      monthly.unit_amount = 499;
    }
  });
});
