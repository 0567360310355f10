import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { axeViolations, PASSWORD, trackMissingKeys, uniqueEmail } from './support/accounts';
import { freePort } from './support/ports';

// Issue 19, "must show" 1 and 2, in Chromium: a free patient's 4th PDF report is refused with the
// way to premium; they pay through the local Stripe stand-in (its checkout page, then its signed
// webhooks to the server); premium, the 4th report works and the invoice is listed; the same
// webhooks sent again or out of order change nothing; a forged one is refused; cancelling keeps
// premium until the period's end.
//
// A server of its own with Stripe keys, pointed at a stand-in this spec starts: the journeys'
// shared server has no payment provider (e2e/subscription.spec.ts shows that case).
const ROOT = join(import.meta.dirname, '..');
const SECRET_KEY = 'sk_test_e2e_payments';
const WEBHOOK_SECRET = 'whsec_e2e_payments_secret';

/** A child process, resolved once `ready` answers 2xx; its output kept for a failure's message. */
async function startProcess(args: string[], env: Record<string, string>, ready: string, output: string[]): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`process exited: ${output.join('')}`);
    try {
      if ((await fetch(ready)).status < 500) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`process not ready: ${output.join('')}`);
}

interface StandinEvent {
  id: string;
  type: string;
  created: number;
  deliveries: number[];
}

test('a free patient pays for premium through the Stripe stand-in: the 4th PDF works, webhooks replayed or forged change nothing, cancelling keeps premium to the period end', async ({ browser }) => {
  test.setTimeout(180_000);
  const [appPort, standinPort] = [await freePort(), await freePort()];
  const app = `http://127.0.0.1:${appPort}`;
  const standin = `http://127.0.0.1:${standinPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'glucosuivi-payments-'));
  const output: string[] = [];
  const children: ChildProcess[] = [];
  const origin = { Origin: app };
  try {
    children.push(
      await startProcess(
        ['--import', 'tsx', 'apps/server/src/test/stripe-standin.ts'],
        { STANDIN_PORT: String(standinPort), STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STANDIN_WEBHOOK_URL: `${app}/api/subscription/webhook` },
        `${standin}/_standin/events`,
        output,
      ),
    );
    children.push(
      await startProcess(
        ['apps/server/dist/main.js'],
        { PORT: String(appPort), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: app, NODE_ENV: 'production', SEED_DEMO: 'false', STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: standin,
          // The PostgreSQL run of the journeys (.ci/run) gives its database: this server shares it with the e2e server.
          ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}) },
        `${app}/api/health`,
        output,
      ),
    );
    const context = await browser.newContext({ baseURL: app });
    const page = await context.newPage();
    const missing = trackMissingKeys(page);
    const signUp = await page.request.post('/api/accounts/sign-up', {
      headers: origin,
      data: { email: uniqueEmail('stripe-pay'), password: PASSWORD, confirmPassword: PASSWORD, firstName: 'Maëlle', role: 'patient', language: 'fr' },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    await addGlucose(page.request, origin);

    // Three reports, then the fourth is refused with the way to premium.
    await page.goto('/reports?lng=fr');
    const pdf = page.getByRole('link', { name: 'Télécharger le rapport PDF' });
    for (let i = 0; i < 3; i++) await downloadReport(page);
    await pdf.click();
    const refusal = page.getByTestId('premium-required');
    await expect(refusal).toContainText('Vous avez utilisé vos 3 rapports PDF gratuits de ce mois-ci.');
    await refusal.getByRole('link', { name: "Voir l'offre Premium" }).click();

    // Upgrade: Stripe's (stand-in's) page, "Payer", back to /abonnement once the webhooks went out.
    await expect(page.getByTestId('plan-name')).toHaveText('Gratuit');
    await page.getByRole('button', { name: 'Choisir le mensuel' }).click();
    await expect(page).toHaveURL(new RegExp(`^${standin}/checkout/cs_test_`));
    await expect(page.getByTestId('standin-amount')).toHaveText('4,99 € par mois');
    await page.getByRole('button', { name: 'Payer' }).click();
    await expect(page).toHaveURL(`${app}/abonnement?paiement=reussi`);
    const main = page.getByRole('main');
    await expect(page.getByTestId('plan-name')).toHaveText('Premium');
    await expect(page.getByTestId('payment-return')).toHaveText('Merci ! Votre paiement est confirmé : Premium est actif.');
    await expect(main.getByText('Mensuelle')).toBeVisible();
    const invoice = page.getByTestId('invoice');
    await expect(invoice).toHaveCount(1);
    await expect(invoice).toContainText('Payée');
    expect(plain(await invoice.textContent())).toContain('4,99 €');

    // Premium: the fourth report of the month is served.
    await page.goto('/reports?lng=fr');
    await downloadReport(page);

    // Every event went out once and was taken; sent again, and the oldest last, nothing changes.
    const events = (await (await fetch(`${standin}/_standin/events`)).json()) as StandinEvent[];
    expect(events.map((e) => [e.type, e.deliveries])).toEqual([
      ['customer.subscription.created', [200]],
      ['invoice.paid', [200]],
      ['checkout.session.completed', [200]],
    ]);
    const before = await subscriptionOf(page.request);
    for (const event of [events[2]!, events[1]!, events[0]!, events[2]!]) expect(await redeliver(standin, event.id)).toBe(200);
    expect(await subscriptionOf(page.request)).toEqual(before);

    // A forged webhook (not signed with the secret) is refused and changes nothing.
    const forged = await fetch(`${app}/api/subscription/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      body: JSON.stringify({ id: 'evt_forged', object: 'event', type: 'customer.subscription.deleted', created: Math.floor(Date.now() / 1000), data: { object: { id: 'sub_x', object: 'subscription' } } }),
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('webhook_signature_invalid');
    expect(await subscriptionOf(page.request)).toEqual(before);

    // Cancel: premium stays until the period's end, and /abonnement says until when.
    await page.goto('/abonnement?lng=fr');
    await page.getByRole('button', { name: 'Résilier à la fin de la période' }).click();
    const dialog = page.getByRole('dialog', { name: 'Résilier Premium ?' });
    await dialog.getByRole('button', { name: 'Confirmer la résiliation' }).click();
    await expect(main.getByText('Résiliation programmée', { exact: true })).toBeVisible();
    await expect(page.getByTestId('plan-name')).toHaveText('Premium');
    await expect(page.getByTestId('current-plan')).toContainText(/Premium reste actif jusqu'au .+ inclus, puis votre compte passera à la formule gratuite\./);
    // The cancellation's own webhook came; the first events, sent again, bring nothing back.
    const afterCancel = (await (await fetch(`${standin}/_standin/events`)).json()) as StandinEvent[];
    expect(afterCancel.at(-1)).toMatchObject({ type: 'customer.subscription.updated', deliveries: [200] });
    const canceled = await subscriptionOf(page.request);
    expect(canceled).toMatchObject({ plan: 'premium', cancelAtPeriodEnd: true, currentPeriodEnd: before.currentPeriodEnd });
    for (const event of [events[0]!, events[2]!]) expect(await redeliver(standin, event.id)).toBe(200);
    expect(await subscriptionOf(page.request)).toEqual(canceled);

    // axe-clean with a paid plan and an invoice, in the three languages.
    const violations: string[] = [];
    for (const lng of ['fr', 'en', 'es'] as const) {
      await page.goto(`/abonnement?lng=${lng}`);
      await expect(page.getByTestId('invoice')).toHaveCount(1);
      violations.push(...(await axeViolations(page, `/abonnement premium ${lng}`)));
    }
    expect(violations).toEqual([]);
    expect(missing).toEqual([]);
    await context.close();
  } catch (error) {
    throw new Error(`${String(error)}\n--- processes ---\n${output.join('').slice(-4000)}`, { cause: error });
  } finally {
    for (const child of children) child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
});

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function downloadReport(page: Page): Promise<void> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Télécharger le rapport PDF' }).click()]);
  expect(download.suggestedFilename()).toBe('glucosuivi-rapport.pdf');
  expect(await download.failure()).toBeNull();
}

/** Twelve hours of sensor readings, so the report has a curve to draw. */
async function addGlucose(request: APIRequestContext, origin: Record<string, string>): Promise<void> {
  const now = Date.now();
  const readings = Array.from({ length: 48 }, (_, i) => ({ measuredAt: new Date(now - (i + 1) * 15 * 60_000).toISOString(), value: 100 + (i % 12) * 8 }));
  const response = await request.post('/api/measurements/glucose/batch', { headers: origin, data: { source: 'cgm', deviceId: 'e2e-sensor', unit: 'mg/dL', readings } });
  expect(response.ok(), await response.text()).toBe(true);
}

async function subscriptionOf(request: APIRequestContext): Promise<Record<string, unknown>> {
  const response = await request.get('/api/subscription');
  expect(response.ok()).toBe(true);
  const { usage: _usage, ...rest } = (await response.json()) as Record<string, unknown>;
  return rest;
}

async function redeliver(standin: string, eventId: string): Promise<number> {
  const response = await fetch(`${standin}/_standin/events/${eventId}/deliver`, { method: 'POST' });
  return ((await response.json()) as { status: number }).status;
}
