import { expect, test, type Page } from '@playwright/test';
import { axe, ORIGIN, setGlucoseUnit, signUpPatient, storedMeasurements, trackMissingKeys } from './support/health-api';
import { waitForMail } from './support/mail';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const glucoseInput = (page: Page) => page.getByRole('textbox', { name: /^Glycémie/ });

async function enterGlucose(page: Page, value: string, context?: string) {
  await page.goto('/new-measurement');
  await expect(h1(page)).toHaveText('Nouvelle mesure');
  await glucoseInput(page).fill(value);
  if (context) await page.getByLabel('Moment de la mesure').selectOption({ label: context });
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
}

test.describe('health data', () => {
  test('a low glucose appears in the list, the chart and the alerts, in both units', async ({ page }) => {
    test.setTimeout(90_000);
    const missing = trackMissingKeys(page);
    await signUpPatient(page);

    // A new patient is told what to do first.
    await page.goto('/patient-dashboard');
    await expect(page.getByRole('heading', { name: 'Ajoutez votre première mesure' })).toBeVisible();

    await enterGlucose(page, '65', 'Avant le repas');
    await expect(page).toHaveURL(/\/patient-dashboard$/);
    await expect(page.getByText('Mesure enregistrée')).toBeVisible();
    const recent = page.getByTestId('recent-entries');
    await expect(recent).toContainText('65 mg/dL');
    await expect(recent).toContainText('Avant le repas');
    await expect(page.getByTestId('last-glucose')).toContainText('65');
    await expect(page.getByTestId('chart-summary')).toContainText('1 mesure : 65 mg/dL');
    await expect(page.getByRole('img', { name: /Courbe de glycémie/ })).toBeVisible();
    await expect(page.locator('canvas').first()).toBeVisible();
    // The latest reading is named by its range, as the time-in-range bands are.
    await expect(page.getByTestId('last-glucose-band')).toHaveText('Bas');
    await expect(page.getByRole('list', { name: /Répartition par zone de glyc/ }).getByText('Bas', { exact: true })).toBeVisible();

    // The hypo alert: in the header count and in /notifications.
    await expect(page.getByRole('link', { name: 'Notifications : 1 non lue' })).toBeVisible();
    await page.goto('/notifications');
    await expect(h1(page)).toHaveText('Notifications');
    const list = page.getByTestId('alert-list');
    await expect(list).toContainText('Hypoglycémie');
    await expect(list).toContainText('65 mg/dL');

    // mmol/L: every figure of that reading reads 3,6.
    await setGlucoseUnit(page, 'mmol/l');
    await page.goto('/patient-dashboard');
    await expect(page.getByTestId('last-glucose')).toContainText('3,6');
    await expect(page.getByTestId('last-glucose')).toContainText('mmol/L');
    await expect(page.getByTestId('recent-entries')).toContainText('3,6 mmol/L');
    await expect(page.getByTestId('chart-summary')).toContainText('3,6 mmol/L');
    await page.goto('/notifications');
    await expect(page.getByTestId('alert-list')).toContainText('3,6 mmol/L');

    // Acknowledging clears the header count.
    await page.getByRole('button', { name: "J'ai vu" }).click();
    await expect(page.getByRole('link', { name: 'Notifications : aucune non lue' })).toBeVisible();

    // Entry now defaults to mmol/L and takes a decimal comma.
    await page.goto('/new-measurement');
    await expect(page.getByRole('radio', { name: 'mmol/L' })).toBeChecked();
    await glucoseInput(page).fill('5,4');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page).toHaveURL(/\/patient-dashboard$/);
    await expect(page.getByTestId('recent-entries')).toContainText('5,4 mmol/L');
    const stored = await storedMeasurements(page);
    // Both were entered within the same minute: compare without relying on the order.
    expect(stored.map((m) => [m.valueMgdl, m.entryUnit]).sort()).toEqual([
      [65, 'mg/dL'],
      [97.3, 'mmol/L'],
    ]);
    expect(missing).toEqual([]);
  });

  test('out-of-range values are refused with a translated message and nothing is stored', async ({ page }) => {
    const missing = trackMissingKeys(page);
    await signUpPatient(page);

    await enterGlucose(page, '700');
    await expect(page.getByText('La glycémie doit être comprise entre 20 et 600 mg/dL.')).toBeVisible();
    await expect(glucoseInput(page)).toBeFocused();
    await expect(page).toHaveURL(/\/new-measurement$/);

    await page.getByText('mmol/L', { exact: true }).click();
    await glucoseInput(page).fill('40');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('La glycémie doit être comprise entre 1,2 et 33,3 mmol/L.')).toBeVisible();

    await page.getByText('Tension', { exact: true }).click();
    await page.getByRole('textbox', { name: /^Systolique/ }).fill('120');
    await page.getByRole('textbox', { name: /^Diastolique/ }).fill('130');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(page.getByText('La pression diastolique doit être inférieure à la systolique.')).toBeVisible();
    await expect(page).toHaveURL(/\/new-measurement$/);

    expect(await storedMeasurements(page)).toEqual([]);
    expect(missing).toEqual([]);
  });

  test('the server refuses 700 mg/dL too, whatever the client sends', async ({ page }) => {
    await signUpPatient(page);
    const response = await page.request.post('/api/measurements', {
      headers: { Origin: ORIGIN },
      data: { kind: 'glucose', measuredAt: new Date().toISOString(), value: 700, unit: 'mg/dL' },
    });
    expect(response.status()).toBe(400);
    expect(await storedMeasurements(page)).toEqual([]);
  });

  test('with e-mail alerts on, a very low glucose sends an e-mail with the emergency numbers', async ({ page }) => {
    const email = await signUpPatient(page, 'Élise');
    const on = await page.request.patch('/api/settings', { headers: { Origin: ORIGIN }, data: { emailAlerts: true } });
    expect(on.ok(), await on.text()).toBe(true);
    await enterGlucose(page, '48');
    await expect(page).toHaveURL(/\/patient-dashboard$/);
    const mail = await waitForMail(email, (m) => m.subject.includes('hypoglycémie sévère'));
    expect(mail.subject).toBe('Alerte GlucoSuivi\u00a0: hypoglycémie sévère');
    expect(mail.text).toContain("En cas d'urgence, appelez le 15 (SAMU) ou le 112");
    expect(mail.text).toContain('Bonjour Élise,');
    expect(mail.text).toContain('48\u00a0mg/dL');
  });

  // English on a phone, the others on a laptop: with the signed-in frame's scans in
  // navigation.spec.ts (English on the laptop, Spanish on the phone, French on both), each
  // language is scanned at both sizes.
  for (const lng of ['fr', 'en', 'es'] as const) {
    test(`no accessibility violation on the health pages (${lng}${lng === 'en' ? ', 390×844' : ''})`, async ({ page }) => {
      test.setTimeout(90_000);
      if (lng === 'en') await page.setViewportSize({ width: 390, height: 844 });
      const missing = trackMissingKeys(page);
      await signUpPatient(page);
      await page.goto(`/patient-dashboard?lng=${lng}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page.getByTestId('alert-badge')).toBeVisible();
      await expect(page.locator('section[aria-labelledby="empty-title"]')).toBeVisible();
      expect((await axe(page).analyze()).violations, 'empty dashboard').toEqual([]);

      await page.goto('/new-measurement');
      await expect(h1(page)).toBeVisible();
      // The form comes once the unit and zone are known: scan it, not the loading line.
      await expect(page.locator('input[inputmode="decimal"]').first()).toBeVisible({ timeout: 20_000 });
      expect((await axe(page).analyze()).violations, '/new-measurement').toEqual([]);
      await page.locator('input[inputmode="decimal"]').first().fill('62');
      await page.locator('button[type="submit"]').first().click();
      await expect(page).toHaveURL(/\/patient-dashboard$/);
      await expect(page.locator('canvas').first()).toBeVisible();
      // A toast fading out (data-removed) is mid-animation, not content: leave it out of the scan.
      expect((await axe(page).exclude('[data-sonner-toast][data-removed="true"]').analyze()).violations, '/patient-dashboard').toEqual([]);

      await expect(page.getByTestId('chart-summary')).toBeVisible();
      await page.goto('/notifications');
      await expect(page.getByTestId('alert-list')).toBeVisible();
      expect((await axe(page).analyze()).violations, '/notifications').toEqual([]);
      expect(missing).toEqual([]);
    });
  }

  test('the dashboard fits a 375 px phone screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signUpPatient(page);
    await enterGlucose(page, '110', 'À jeun');
    await expect(page.getByTestId('recent-entries')).toContainText('110 mg/dL');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
