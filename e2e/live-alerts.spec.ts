import { createHash } from 'node:crypto';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser } from '@playwright/test';
import { apiSignUp, axe, BASE, ORIGIN, uniqueEmail } from './support/accounts';

/*
 * Issue 36: readings uploaded through /api/v1/entries fall towards a low; the patient's browser,
 * open on /notifications, shows "Hypoglycémie imminente" before any reading below 54 was sent.
 * The latency from the upload's request to the alert on screen (in-app, through the realtime
 * channel and the list's refetch) is measured over 50 uploads, one patient each (the re-alert
 * rules raise one alert per fall, so each measure needs a fall of its own), and printed.
 *
 * Measured 2026-12-07 on the 2-core test machine with other work running (load average 17–20):
 * p50 546 ms, p95 959 ms, max 3,655 ms over 50 uploads (bench/README.md, "Live CGM alerts").
 * Push delivery is not timed here (the browser is not subscribed to push); its job is enqueued by
 * the same delivery job as the in-app alert.
 */

const MIN = 60_000;
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
const entry = (date: number, sgv: number) => ({ device: 'xDrip-DexcomG6', date, dateString: new Date(date).toISOString(), sgv, direction: 'SingleDown', type: 'sgv' });

async function patientWithUploader(request: APIRequestContext, tag: string): Promise<string> {
  const signedUp = await apiSignUp(request, { email: uniqueEmail(tag), firstName: 'Camille' });
  expect(signedUp.status(), await signedUp.text()).toBeLessThan(300);
  const created = await request.post('/api/nightscout/uploaders', { headers: ORIGIN, data: { name: 'xDrip+' } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { secret: string }).secret;
}

/** One fall: three readings (130, 115, 100 mg/dL, the last 5 minutes ago), then 85 now; returns ms from the last upload to the alert on screen. */
async function oneFall(browser: Browser, uploader: APIRequestContext, index: number, checks: boolean): Promise<number> {
  const context = await browser.newContext({ baseURL: BASE });
  try {
    const page = await context.newPage();
    const secret = await patientWithUploader(context.request, `live-alert-${index}`);
    const now = Date.now();
    // The uploader app: no cookie, no Origin, its secret only.
    const history = await uploader.post('/api/v1/entries', {
      headers: { 'api-secret': sha1(secret) },
      data: [entry(now - 15 * MIN, 130), entry(now - 10 * MIN, 115), entry(now - 5 * MIN, 100)],
    });
    expect(history.status()).toBe(200);
    const hello = page
      .waitForEvent('websocket', (socket) => socket.url().includes('/api/realtime'))
      .then((socket) => socket.waitForEvent('framereceived', (frame) => String(frame.payload).includes('"hello"')));
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
    await hello;
    const imminent = page.getByRole('heading', { level: 3, name: 'Hypoglycémie imminente' });
    // Nothing yet: 100 mg/dL falling 3 mg/dL/min is not forecast below 54 within 20 minutes.
    await expect(page.getByTestId('alert-list').or(page.getByText('Aucune alerte.', { exact: false }))).toBeVisible();
    await expect(imminent).toHaveCount(0);

    const started = Date.now();
    // 85 mg/dL: still above 54 (every reading sent is), the forecast crosses it.
    const sent = await uploader.post('/api/v1/entries', { headers: { 'api-secret': sha1(secret) }, data: [entry(started, 85)] });
    expect(sent.status()).toBe(200);
    await expect(imminent).toBeVisible({ timeout: 15_000 });
    const latency = Date.now() - started;
    if (checks) {
      const alert = page.locator('article', { has: imminent });
      await expect(alert).toContainText('Prenez 15 g de sucre rapide maintenant et recontrôlez dans 15 minutes.');
      await expect(alert).toContainText("En cas d'urgence, appelez le 15 (SAMU) ou le 112.");
      await expect(page.getByRole('heading', { level: 3, name: 'Baisse rapide' })).toBeVisible();
      // Acknowledged in the app: the list says so.
      await alert.getByRole('button', { name: "J'ai vu" }).click();
      await expect(alert).toContainText('Vue');
      await expect(page.getByTestId('live-alert-settings')).toBeVisible();
      expect((await axe(page).analyze()).violations.map((v) => v.id)).toEqual([]);
    }
    return latency;
  } finally {
    await context.close();
  }
}

test('a fall uploaded through /api/v1/entries shows "Hypoglycémie imminente" before any reading below 54, within seconds (50 uploads)', async ({ browser }) => {
  const runs = Number(process.env.LIVE_ALERT_RUNS ?? 50);
  test.setTimeout(runs * 30_000);
  const latencies: number[] = [];
  const uploader = await playwrightRequest.newContext({ baseURL: BASE });
  for (let i = 0; i < runs; i++) latencies.push(await oneFall(browser, uploader, i, i === 0));
  await uploader.dispose();
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  console.log(`upload → "Hypoglycémie imminente" on screen over ${runs} uploads: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${sorted[sorted.length - 1]} ms`);
  expect(at(0.95)).toBeLessThanOrEqual(5_000);
});
