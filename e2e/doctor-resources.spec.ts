import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, axeViolations, trackMissingKeys } from './support/accounts';

// The professional's resources (issue 18), as the demo diabetologist: the consensus targets, the
// formulas, reading the AGP and the patient handouts, in the three languages; a handout downloads
// as a real PDF.

const DOCTOR = 'dr.bernard@demo.glucosuivi.fr';
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

const PAGE: Record<'fr' | 'en' | 'es', { title: string; sections: string[] }> = {
  fr: {
    title: 'Ressources professionnelles',
    sections: ['Objectifs du consensus par population', "Formules utilisées dans l'application", 'Lire le profil glycémique ambulatoire (AGP)', 'Fiches patients'],
  },
  en: {
    title: 'Professional resources',
    sections: ['Consensus targets by population', 'Formulas used in the app', 'Reading the ambulatory glucose profile (AGP)', 'Patient handouts'],
  },
  es: {
    title: 'Recursos profesionales',
    sections: ['Objetivos del consenso por población', 'Fórmulas usadas en la aplicación', 'Leer el perfil ambulatorio de glucosa (AGP)', 'Fichas para pacientes'],
  },
};

/** A demo account's password, from the e2e server's data folder (written by the demo seed). */
function demoPassword(email: string): string {
  const file = join(process.env.E2E_DATA_DIR ?? '', 'demo-accounts.txt');
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [address, password] = line.trim().split(/\s+/);
    if (address === email && password) return password;
  }
  throw new Error(`${email} is not in ${file}`);
}

test.describe('professional resources', () => {
  test('headings and axe in fr, en and es; the French hypoglycaemia handout downloads as a PDF; fits a phone', async ({ page }) => {
    test.setTimeout(120_000);
    const missing = trackMissingKeys(page);
    const res = await apiSignIn(page.request, DOCTOR, demoPassword(DOCTOR));
    expect(res.status()).toBe(200);

    for (const lng of ['fr', 'en', 'es'] as const) {
      await page.goto(`/doctor-resources?lng=${lng}`);
      await expect(h1(page)).toHaveText(PAGE[lng].title);
      await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(PAGE[lng].sections);
      // The targets are drawn once the reader's unit is known.
      await expect(page.getByTestId('consensus-adults')).toBeVisible();
      await expect(page.getByTestId('handout-hypoglycaemia').getByRole('link')).toHaveCount(3);
      expect(await axeViolations(page, `/doctor-resources (${lng})`)).toEqual([]);
    }

    await page.goto('/doctor-resources?lng=fr');
    await expect(page.getByTestId('consensus-adults').locator('tr[data-row="inRange"]')).toContainText(/Temps dans la cible \((70–180 mg\/dL|3,9–10,0 mmol\/L)\)/);
    const hypo = page.getByTestId('handout-hypoglycaemia');
    const [download] = await Promise.all([page.waitForEvent('download'), hypo.getByRole('link', { name: /^Français/ }).click()]);
    expect(download.suggestedFilename()).toBe('glucosuivi-fiche-hypoglycemie.pdf');
    const file = await download.path();
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(1000);

    // A phone: nothing scrolls sideways; the tables and the download buttons fit.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('consensus-pregnancy')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const link = await hypo.getByRole('link', { name: /^Español/ }).boundingBox();
    expect(link!.height).toBeGreaterThanOrEqual(44);
    expect(await axeViolations(page, '/doctor-resources (390 px)')).toEqual([]);
    expect(missing).toEqual([]);
  });
});
