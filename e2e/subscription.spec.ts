import { expect, test, type Page } from '@playwright/test';
import { apiSignUp, axeViolations, ORIGIN, trackMissingKeys, uniqueEmail } from './support/accounts';

// Plans (issue 19, without a payment provider): a free patient's three PDF reports a month, the
// fourth refused with the way to premium, /abonnement saying so and that payments are not set up
// on this server; /abonnement and /subscription axe-clean in French, English and Spanish.

/** A fresh patient, signed in in this page's browser. */
async function signUpPatient(page: Page, tag: string): Promise<void> {
  const response = await apiSignUp(page.request, { email: uniqueEmail(tag), firstName: 'Maëlle' });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Twelve hours of sensor readings, so the report has a curve to draw. */
async function addGlucose(page: Page): Promise<void> {
  const now = Date.now();
  const readings = Array.from({ length: 48 }, (_, i) => ({
    measuredAt: new Date(now - (i + 1) * 15 * 60_000).toISOString(),
    value: 100 + (i % 12) * 8,
  }));
  const response = await page.request.post('/api/measurements/glucose/batch', {
    headers: ORIGIN,
    data: { source: 'cgm', deviceId: 'e2e-sensor', unit: 'mg/dL', readings },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

const PRICES = {
  fr: ['4,99 € TTC par mois ou 49,90 € TTC par an', 'Mon abonnement'],
  en: ['€4.99 incl. VAT per month or €49.90 incl. VAT per year', 'My subscription'],
  es: ['4,99 € IVA incl. al mes o 49,90 € IVA incl. al año', 'Mi suscripción'],
} as const;

const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

test.describe('plans and the PDF quota', () => {
  test('a free patient downloads 3 PDF reports, the 4th is refused with the link to /abonnement, which says 3 of 3 and that payments are not configured', async ({ page }) => {
    test.setTimeout(90_000);
    const missing = trackMissingKeys(page);
    await signUpPatient(page, 'pdf-quota');
    await addGlucose(page);

    await page.goto('/reports?lng=fr');
    const pdf = page.getByRole('link', { name: 'Télécharger le rapport PDF' });
    for (let i = 0; i < 3; i++) {
      const [download] = await Promise.all([page.waitForEvent('download'), pdf.click()]);
      expect(download.suggestedFilename()).toBe('glucosuivi-rapport.pdf');
      expect(await download.failure()).toBeNull();
    }
    await pdf.click();
    const refusal = page.getByTestId('premium-required');
    await expect(refusal).toContainText('Vous avez utilisé vos 3 rapports PDF gratuits de ce mois-ci.');
    await refusal.getByRole('link', { name: "Voir l'offre Premium" }).click();

    await expect(page).toHaveURL(/\/abonnement$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mon abonnement' })).toBeVisible();
    await expect(page.getByTestId('plan-name')).toHaveText('Gratuit');
    await expect(page.getByTestId('pdf-usage')).toHaveText('Rapports PDF ce mois-ci : 3 sur 3');
    await expect(page.getByTestId('invoices-empty')).toBeVisible();
    await page.getByRole('button', { name: 'Choisir le mensuel' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      "Le paiement en ligne n'est pas configuré sur ce serveur. Un administrateur peut activer Premium pour votre compte.",
    );
    expect(missing).toEqual([]);
  });

  test('/abonnement and /subscription show the prices of the plans, fit a phone and are axe-clean in fr, en and es', async ({ page }) => {
    test.setTimeout(90_000);
    const missing = trackMissingKeys(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await signUpPatient(page, 'plans-axe');
    const violations: string[] = [];
    for (const lng of ['fr', 'en', 'es'] as const) {
      const [premiumPrice, title] = PRICES[lng];
      await page.goto(`/abonnement?lng=${lng}`);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByTestId('current-plan')).toBeVisible();
      await expect(page.getByTestId('price-year')).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `/abonnement ${lng} fits 390 px`).toBe(true);
      violations.push(...(await axeViolations(page, `/abonnement ${lng}`)));

      await page.goto(`/subscription?lng=${lng}`);
      const price = page.getByTestId('plan-price-premium');
      await expect(price).toBeVisible();
      expect(plain(await price.textContent())).toBe(premiumPrice);
      violations.push(...(await axeViolations(page, `/subscription ${lng}`)));
    }
    expect(violations).toEqual([]);
    expect(missing).toEqual([]);
  });
});
