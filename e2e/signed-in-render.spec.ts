import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, demoPassword } from './support/accounts';
import { appStarted, trackErrors } from './support/rendered-pages';

/**
 * The patient dashboard comes rendered by the server, with the reader's own figures
 * (app/signed-in-render.tsx, apps/server/src/platform/http/page-renderer.ts): readable before the
 * app's scripts run, then hydrated by the app with the same answers — the nodes on screen stay,
 * no hydration error — and the live parts (the chart, the advice) arrive once it runs.
 */
const CAMILLE = 'camille.dupont@demo.glucosuivi.fr';

/**
 * Signed in as Camille, once the server renders her dashboard: its page-render worker starts
 * after the server is ready (a moment after the journeys' server answers), and until then the
 * plain page is sent, by design.
 */
async function signInAsCamilleOnceRendered(page: Page) {
  expect((await apiSignIn(page.request, CAMILLE, demoPassword(CAMILLE))).ok()).toBe(true);
  await expect
    .poll(async () => (await (await page.request.get('/dashboard')).text()).includes('id="page-state"'), { timeout: 30_000 })
    .toBe(true);
}

/** Signed in as Camille, the page's clock standing still: the app starts at use, not on its own. */
async function openDashboardHeld(page: Page) {
  await signInAsCamilleOnceRendered(page);
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  const response = await page.goto('/dashboard');
  // The server's render, not the plain page the app starts on at once (what a late render gives).
  expect((await response?.text()) ?? '').toContain('id="page-state"');
  await page.waitForLoadState('networkidle');
  expect(await appStarted(page)).toBe(false);
  return response;
}

test("Camille's dashboard is in the server's answer, readable before the app, and hydrated by it: same nodes, no error", async ({ page }) => {
  const errors = trackErrors(page);
  const response = await openDashboardHeld(page);
  expect(response?.headers()['cache-control']).toBe('no-store');
  expect(response?.headers().vary).toContain('cookie');
  const html = (await response?.text()) ?? '';
  expect(html).toContain('data-prerendered="/dashboard"');
  expect(html).toContain('id="page-state"');

  // Her figures, from the HTML alone.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord');
  await expect(page.getByText('Du ').filter({ hasText: '14 jours du calendrier' })).toBeVisible();
  await expect(page.getByTestId('last-glucose')).toContainText('mg/dL');
  await expect(page.getByRole('heading', { name: 'Temps dans les cibles' })).toBeVisible();
  await expect(page.getByTestId('recent-entries')).toContainText('Glycémie');
  await page.evaluate(() => {
    const kept = window as unknown as { renderedH1?: Element | null; renderedLast?: Element | null };
    kept.renderedH1 = document.querySelector('h1');
    kept.renderedLast = document.querySelector('[data-testid="last-glucose"]');
  });

  // A key is a sign of use: the app starts, hydrates the page and takes its controls over.
  await page.keyboard.press('Tab');
  await page.clock.resume();
  await expect(page.locator('[data-prerender-inert]')).toHaveCount(0);
  expect(await appStarted(page)).toBe(true);
  expect(
    await page.evaluate(() => {
      const kept = window as unknown as { renderedH1?: Element; renderedLast?: Element };
      return document.querySelector('h1') === kept.renderedH1 && document.querySelector('[data-testid="last-glucose"]') === kept.renderedLast;
    }),
  ).toBe(true);
  // The page's answers are no longer in the document; the parts left to the browser arrive.
  expect(await page.locator('#page-state').count()).toBe(0);
  await expect(page.locator('canvas').first()).toBeVisible();
  await expect(page.getByText('Chargement des conseils…')).toHaveCount(0);
  await expect(page.getByText('Du ').filter({ hasText: '14 jours du calendrier' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a tap on a period before the app is there is held, then done once the app owns the page', async ({ page }) => {
  const errors = trackErrors(page);
  await openDashboardHeld(page);
  await page.locator('label', { hasText: '30 jours' }).click();
  await page.clock.resume();
  await expect(page.getByRole('radio', { name: '30 jours' })).toBeChecked();
  await expect(page.getByText('Du ').filter({ hasText: '30 jours du calendrier' })).toBeVisible();
  expect(await appStarted(page)).toBe(true);
  expect(errors).toEqual([]);
});

test('left alone, the dashboard starts its app by itself a few seconds after load', async ({ page }) => {
  const errors = trackErrors(page);
  await signInAsCamilleOnceRendered(page);
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  expect((await (await page.goto('/dashboard'))?.text()) ?? '').toContain('id="page-state"');
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(4_900);
  expect(await appStarted(page)).toBe(false);
  await page.clock.runFor(200);
  await expect.poll(() => appStarted(page)).toBe(true);
  await page.clock.resume();
  await expect(page.locator('[data-prerender-inert]')).toHaveCount(0);
  await expect(page.locator('canvas').first()).toBeVisible();
  expect(errors).toEqual([]);
});
