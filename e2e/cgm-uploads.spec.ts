import { createHash } from 'node:crypto';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { axe, ORIGIN, signUpPatient, trackMissingKeys } from './support/health-api';
import { liveChannelOpen } from './support/realtime';

/*
 * A sensor app sending to GlucoSuivi as to a Nightscout site: the patient creates an uploader
 * secret on /cgm-connection (by keyboard), an uploader client without any cookie POSTs xDrip+
 * entries with the secret's SHA-1 as `api-secret`, the open dashboard shows them without a
 * reload, the page says what the uploader last sent, and once revoked the secret is refused.
 */

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

/** `n` xDrip+ entries, 5 minutes apart, ending 5 minutes ago. */
function xdripEntries(n: number) {
  const end = Math.floor(Date.now() / 60_000) * 60_000 - 5 * 60_000;
  return Array.from({ length: n }, (_, i) => {
    const date = end - i * 5 * 60_000;
    return { device: 'xDrip-DexcomG6', date, dateString: new Date(date).toISOString(), sgv: String(110 + i), direction: 'Flat', type: 'sgv', noise: 1 };
  });
}

test('an uploader secret made on the page lets a sensor app send readings that show live on the dashboard; revoked, it is refused', async ({ page }) => {
  test.setTimeout(90_000);
  const missing = trackMissingKeys(page);
  await signUpPatient(page);
  await page.goto('/cgm-connection');
  await expect(h1(page)).toHaveText('Connexion capteur de glucose');

  // By keyboard: the name, then Enter submits the form.
  await page.getByLabel(/^Nom de l'appareil/).fill('xDrip+ Pixel 7');
  await page.keyboard.press('Enter');
  const shown = page.getByTestId('uploader-secret');
  await expect(shown.getByRole('heading')).toHaveText('Secret de « xDrip+ Pixel 7 »');
  await expect(shown.getByRole('heading')).toBeFocused();
  const secret = await shown.getByRole('textbox', { name: 'Secret (API secret)' }).inputValue();
  expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(await axe(page).analyze().then((r) => r.violations.map((v) => v.id))).toEqual([]);
  await shown.getByRole('button', { name: "J'ai copié le secret" }).click();
  await expect(page.getByTestId('uploader-secret')).toHaveCount(0);
  await expect(page.getByTestId('uploader')).toContainText("Aucun envoi pour l'instant");

  // The dashboard is open, and its live channel said hello, when the uploader sends: the
  // readings then reach the page by the live event, not by the refetch that follows the hello.
  const live = liveChannelOpen(page);
  await page.goto('/patient-dashboard');
  await expect(page.getByRole('heading', { name: 'Ajoutez votre première mesure' })).toBeVisible();
  await live;
  const uploader = await playwrightRequest.newContext({ baseURL: ORIGIN });
  const sent = await uploader.post('/api/v1/entries', { headers: { 'api-secret': sha1(secret) }, data: xdripEntries(12) });
  expect(sent.status(), await sent.text()).toBe(200);
  const stored = (await sent.json()) as { _id?: string; sgv: number }[];
  expect(stored).toHaveLength(12);
  expect(stored.every((entry) => typeof entry._id === 'string' && typeof entry.sgv === 'number')).toBe(true);
  await expect(page.getByTestId('chart-summary')).toContainText('12 mesures', { timeout: 10_000 });

  // The page tells what the uploader sent.
  await page.goto('/cgm-connection');
  const item = page.getByTestId('uploader');
  await expect(item).not.toContainText("Aucun envoi pour l'instant");
  await expect(item.locator('dt', { hasText: 'Glycémies reçues en 24 h' }).locator('+ dd')).toHaveText('12');

  // Revoked after a confirmation: the same secret is refused, nothing more is stored.
  await item.getByRole('button', { name: 'Révoquer « xDrip+ Pixel 7 »' }).click();
  await item.getByRole('button', { name: "Révoquer l'appareil" }).click();
  await expect(item).toContainText('Révoqué');
  const refused = await uploader.post('/api/v1/entries', { headers: { 'api-secret': sha1(secret) }, data: xdripEntries(1) });
  expect(refused.status()).toBe(401);
  await uploader.dispose();
  expect(missing).toEqual([]);
});
