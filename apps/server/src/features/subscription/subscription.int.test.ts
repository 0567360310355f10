import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { plansSchema, premiumGrantSchema, subscriptionSchema, type SubscriptionDto } from '@glucosuivi/domain/subscription/subscription.schemas';
import { PREMIUM_PRICES } from '@glucosuivi/domain/subscription/plans';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { adminActions } from '../admin/admin.tables';
import { grantPremiumUntil } from './subscription.service';
import { pdfReportDownloads, subscriptions } from './subscription.tables';
import { PG, pgError } from '../../platform/db/pg-error';

/** The SQLSTATE a refused statement failed with (undefined when it did not fail). */
const refusal = (attempt: Promise<unknown>): Promise<string | undefined> =>
  attempt.then(
    () => undefined,
    (error: unknown) => pgError(error)?.code ?? 'not a database error',
  );

const DAY = 86_400_000;
const START = new Date('2026-11-02T09:00:00Z');

describe('plans, the patient subscription and the PDF quota', () => {
  let t: TestApp;

  const get = (who: TestUser | null, url: string) => t.app.inject({ url, headers: who ? actingAs(who) : {} });
  const post = (who: TestUser, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: actingAs(who), ...(payload ? { payload } : {}) });
  const subscription = async (who: TestUser): Promise<SubscriptionDto> => {
    const res = await get(who, '/api/subscription');
    expect(res.statusCode, res.body).toBe(200);
    return subscriptionSchema.parse(res.json());
  };
  const pdf = (who: TestUser) => get(who, '/api/reports/glucose.pdf?days=7');
  const downloads = async (who: TestUser) =>
    Number((await t.database.db.select({ n: count() }).from(pdfReportDownloads).where(eq(pdfReportDownloads.patientId, who.userId)))[0]?.n);
  const errorOf = (res: { json(): unknown }) => errorBodySchema.parse(res.json()).error;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
  });
  afterAll(async () => t?.close());

  it('lists the plans publicly, with the prices of the one source of truth', async () => {
    const res = await get(null, '/api/subscription/plans');
    expect(res.statusCode).toBe(200);
    const plans = plansSchema.parse(res.json());
    expect(plans.freePdfReportsPerMonth).toBe(3);
    expect(plans.plans.map((p) => [p.plan, p.entitlements])).toEqual([
      ['free', []],
      ['premium', ['cgm_follow', 'advanced_advice', 'unlimited_pdf']],
    ]);
    expect(plans.plans[1]?.prices).toEqual(PREMIUM_PRICES);
    expect(plans.plans[1]?.prices.map((p) => [p.grossCents, p.netCents, p.vatCents])).toEqual([
      [499, 416, 83],
      [4990, 4158, 832],
    ]);
  });

  it('shows a new patient the free plan, nothing used, no invoice, and payments not configured; patients only', async () => {
    const patient = await createTestUser(t.database);
    const res = await get(patient, '/api/subscription');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(subscriptionSchema.parse(res.json())).toMatchObject({
      plan: 'free',
      status: null,
      interval: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      entitlements: [],
      usage: { pdfReports: { month: '2026-11', used: 0, limit: 3, left: 3, resetsAt: '2026-11-30T23:00:00.000Z' } },
      paymentsConfigured: false,
    });
    expect((await get(null, '/api/subscription')).statusCode).toBe(401);
    const doctor = await createTestUser(t.database, { role: 'doctor' });
    expect((await get(doctor, '/api/subscription')).statusCode).toBe(403);
  });

  it('says payments are not configured on upgrade and on a webhook, with its own code; no invoices', async () => {
    const patient = await createTestUser(t.database);
    const res = await post(patient, '/api/subscription/checkout', { interval: 'year' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).code).toBe('payments_not_configured');
    const webhook = await t.app.inject({ method: 'POST', url: '/api/subscription/webhook', headers: { origin: undefined, 'stripe-signature': 't=1,v1=00' }, payload: { id: 'evt_1' } });
    expect(webhook.statusCode).toBe(409);
    expect((await get(patient, '/api/subscription/invoices')).json()).toEqual({ invoices: [] });
    expect((await post(patient, '/api/subscription/checkout', { interval: 'week' })).statusCode).toBe(400);
  });

  it('lets a free patient download 3 PDF reports a month, refuses the 4th with premium_required and counts nothing more', async () => {
    const patient = await createTestUser(t.database);
    for (let i = 0; i < 3; i++) {
      const res = await pdf(patient);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    expect((await subscription(patient)).usage.pdfReports).toMatchObject({ used: 3, limit: 3, left: 0 });
    const refused = await pdf(patient);
    expect(refused.statusCode).toBe(402);
    expect(refused.headers['content-type']).toContain('application/json');
    expect(errorOf(refused)).toMatchObject({ code: 'premium_required', params: { entitlement: 'unlimited_pdf' } });
    expect(await downloads(patient)).toBe(3);
    // Concurrent requests for the last report take it once.
    const other = await createTestUser(t.database);
    for (let i = 0; i < 2; i++) expect((await pdf(other)).statusCode).toBe(200);
    const race = await Promise.all([pdf(other), pdf(other), pdf(other)]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 402, 402]);
    expect(await downloads(other)).toBe(3);
  });

  it('counts a month in the patient’s time zone: 00:30 on 1 December in Paris is a new month, not yet in UTC', async () => {
    try {
      t.clock.set(new Date('2026-11-30T22:00:00Z')); // 23:00 on 30 November in Paris
      const paris = await createTestUser(t.database);
      const utc = await createTestUser(t.database, { timezone: 'UTC' });
      for (const who of [paris, utc]) for (let i = 0; i < 3; i++) expect((await pdf(who)).statusCode).toBe(200);
      t.clock.set(new Date('2026-11-30T23:30:00Z')); // 00:30 on 1 December in Paris, 23:30 on 30 November in UTC
      expect((await pdf(utc)).statusCode).toBe(402);
      expect((await subscription(paris)).usage.pdfReports).toMatchObject({ month: '2026-12', used: 0, left: 3 });
      expect((await pdf(paris)).statusCode).toBe(200);
      t.clock.set(new Date('2026-12-01T00:00:00Z'));
      expect((await subscription(utc)).usage.pdfReports).toMatchObject({ month: '2026-12', used: 0, left: 3, resetsAt: '2027-01-01T00:00:00.000Z' });
      expect((await pdf(utc)).statusCode).toBe(200);
    } finally {
      t.clock.set(START);
    }
  });

  it('gives premium unlimited reports, still counted for the page', async () => {
    const patient = await createTestUser(t.database);
    await grantPremiumUntil(t, patient.userId, new Date(START.getTime() + 30 * DAY));
    for (let i = 0; i < 5; i++) expect((await pdf(patient)).statusCode).toBe(200);
    expect((await subscription(patient)).usage.pdfReports).toMatchObject({ used: 5, limit: null, left: null });
  });

  it('keeps premium after a cancellation until the period ends, then the free plan; resume undoes it meanwhile', async () => {
    const patient = await createTestUser(t.database);
    expect((await post(patient, '/api/subscription/cancel')).statusCode).toBe(404);
    const end = new Date(START.getTime() + 10 * DAY);
    await grantPremiumUntil(t, patient.userId, end);
    try {
      const canceled = subscriptionSchema.parse((await post(patient, '/api/subscription/cancel')).json());
      expect(canceled).toMatchObject({ plan: 'premium', status: 'active', cancelAtPeriodEnd: true, currentPeriodEnd: end.toISOString(), source: 'admin_grant' });
      expect(canceled.entitlements).toContain('unlimited_pdf');
      const resumed = subscriptionSchema.parse((await post(patient, '/api/subscription/resume')).json());
      expect(resumed).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: false });
      expect((await post(patient, '/api/subscription/cancel')).statusCode).toBe(200);

      t.clock.set(new Date(end.getTime() - 1000));
      expect((await subscription(patient)).plan).toBe('premium');
      t.clock.set(end);
      const lapsed = await subscription(patient);
      expect(lapsed).toMatchObject({ plan: 'free', status: 'expired', cancelAtPeriodEnd: false, entitlements: [] });
      expect(lapsed.usage.pdfReports.limit).toBe(3);
      expect((await post(patient, '/api/subscription/resume')).statusCode).toBe(404);
    } finally {
      t.clock.set(START);
    }
  });

  it('lets an administrator grant premium through a date, recorded in the audit; refused to anyone else', async () => {
    const admin = await createTestUser(t.database, { role: 'admin', email: 'grant-admin@example.test' });
    const patient = await createTestUser(t.database);
    const doctor = await createTestUser(t.database, { role: 'doctor' });
    const url = `/api/admin/accounts/${patient.userId}/premium`;

    for (const who of [patient, doctor]) {
      const refused = await post(who, url, { until: '2027-01-31' });
      expect(refused.statusCode).toBe(404);
    }
    expect((await post({ ...admin, secondFactor: false }, url, { until: '2027-01-31' })).statusCode).toBe(403);
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.patientId, patient.userId))).toEqual([]);

    const res = await post(admin, url, { until: '2027-01-31' });
    expect(res.statusCode, res.body).toBe(200);
    // The whole of 31 January in Paris (UTC+1).
    expect(premiumGrantSchema.parse(res.json())).toEqual({ userId: patient.userId, plan: 'premium', currentPeriodEnd: '2027-01-31T23:00:00.000Z' });
    expect(await subscription(patient)).toMatchObject({ plan: 'premium', status: 'active', source: 'admin_grant', interval: null });
    const audit = await t.database.db.select().from(adminActions).where(eq(adminActions.targetUserId, patient.userId));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.userId, actorEmail: 'grant-admin@example.test', action: 'subscription.grant_premium', targetEmail: patient.email, detail: 'premium until 2027-01-31' });

    // Patients only; not a day already over; a real date.
    expect((await post(admin, `/api/admin/accounts/${doctor.userId}/premium`, { until: '2027-01-31' })).statusCode).toBe(404);
    expect((await post(admin, `/api/admin/accounts/${admin.userId}/premium`, { until: '2027-01-31' })).statusCode).toBe(404);
    const past = await post(admin, url, { until: '2026-11-01' });
    expect(past.statusCode).toBe(400);
    expect(errorOf(past).issues?.[0]?.path).toEqual(['body', 'until']);
    expect((await post(admin, url, { until: '31/01/2027' })).statusCode).toBe(400);
    expect(await t.database.db.select().from(adminActions).where(eq(adminActions.targetUserId, patient.userId))).toHaveLength(1);
  });

  it('lets the request role read only its own subscription and write none', async () => {
    const patient = await createTestUser(t.database);
    const other = await createTestUser(t.database);
    await grantPremiumUntil(t, other.userId, new Date(START.getTime() + DAY));
    const seen = await t.database.asActor(patient, (tx) => tx.select().from(subscriptions));
    expect(seen).toEqual([]);
    // Refused by the grants (insufficient privilege), not failing for another reason.
    expect(
      await refusal(
        t.database.asActor(patient, (tx) =>
          tx.insert(subscriptions).values({ patientId: patient.userId, plan: 'premium', status: 'active', currentPeriodEnd: new Date(START.getTime() + DAY), source: 'payment', createdAt: START, updatedAt: START }),
        ),
      ),
    ).toBe(PG.insufficientPrivilege);
    expect(await refusal(t.database.asActor(patient, (tx) => tx.execute(sql`delete from pdf_report_downloads`)))).toBe(PG.insufficientPrivilege);
    expect(await t.database.asActor(other, (tx) => tx.select({ id: subscriptions.patientId }).from(subscriptions))).toEqual([{ id: other.userId }]);
  });
});
