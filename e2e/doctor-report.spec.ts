import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, request, test, type Page } from '@playwright/test';
import { apiSignIn, axeViolations, BASE, demoPassword, trackMissingKeys } from './support/accounts';

// The professional's copy of a patient's PDF report: Dr Bernard downloads Camille's (she shares
// every category, reports included) and cannot get Jean's (he shares glucose, HbA1c and blood
// pressure only), at a desk and on a phone.

const DOCTOR = 'dr.bernard@demo.glucosuivi.fr';
const CAMILLE = 'camille.dupont@demo.glucosuivi.fr';
const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;

interface TriageRow {
  patientId: string;
  firstName: string;
  lastName: string | null;
}

async function demoPatients(page: Page): Promise<{ camille: string; jean: string }> {
  const res = await page.request.get('/api/doctor/patients');
  expect(res.status()).toBe(200);
  const rows = ((await res.json()) as { items: TriageRow[] }).items;
  const id = (first: string, last: string) => rows.find((r) => r.firstName === first && r.lastName === last)?.patientId ?? '';
  const ids = { camille: id('Camille', 'Dupont'), jean: id('Jean', 'Martin') };
  expect(ids.camille).not.toBe('');
  expect(ids.jean).not.toBe('');
  return ids;
}

/** The categories of the patient's access log read by Dr Bernard, newest first (as Camille reads it). */
async function camilleAccessLog(): Promise<string[]> {
  const camille = await request.newContext({ baseURL: BASE });
  try {
    expect((await apiSignIn(camille, CAMILLE, demoPassword(CAMILLE))).status()).toBe(200);
    const res = await camille.get('/api/care-team/access-log?limit=200');
    expect(res.status()).toBe(200);
    const items = ((await res.json()) as { items: { category: string; actorName: string; at: string }[] }).items;
    return items.filter((e) => e.actorName.includes('Bernard')).map((e) => `${e.at} ${e.category}`);
  } finally {
    await camille.dispose();
  }
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the professional downloads Camille's PDF report and cannot for Jean (${viewport.width}×${viewport.height})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const missing = trackMissingKeys(page);
    expect((await apiSignIn(page.request, DOCTOR, demoPassword(DOCTOR))).status()).toBe(200);
    const ids = await demoPatients(page);
    const before = await camilleAccessLog();

    await page.goto(`/doctor/patients/${ids.camille}`);
    const card = page.getByRole('region', { name: 'Rapport PDF' });
    await expect(card).toBeVisible();
    await card.getByText('30 jours', { exact: true }).click();
    await expect(card.getByRole('radio', { name: '30 jours' })).toBeChecked();
    const link = card.getByRole('link', { name: 'Télécharger le rapport PDF' });
    await expect(link).toHaveAttribute('href', `/api/doctor/patients/${ids.camille}/report.pdf?days=30`);
    const box = await link.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('glucosuivi-rapport-patient.pdf');
    const file = (await download.path())!;
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    if (hasPdftotext) {
      const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout.replace(/[\u00A0\u202F]/g, ' ');
      expect(text).toContain('Camille Dupont');
      expect(text).toContain('Statistiques glycémiques et objectifs');
      expect(text).toContain('(30 jours)');
      expect(text).toContain('Exemplaire de');
    }
    // Written to the access log Camille reads: the report and what it read.
    const after = await camilleAccessLog();
    const added = after.filter((entry) => !before.includes(entry)).map((entry) => entry.split(' ')[1]);
    expect(added).toContain('reports');
    expect(added).toContain('glucose');
    expect(await axeViolations(page, `patient page with the report card (${viewport.width})`)).toEqual([]);

    // Jean does not share his reports: the card says so, and the address answers not found.
    await page.goto(`/doctor/patients/${ids.jean}`);
    const jeanCard = page.getByRole('region', { name: 'Rapport PDF' });
    await expect(jeanCard.getByTestId('patient-report-not-shared')).toBeVisible();
    await expect(jeanCard.getByRole('link', { name: 'Télécharger le rapport PDF' })).toHaveCount(0);
    const refused = await page.request.get(`/api/doctor/patients/${ids.jean}/report.pdf?days=14`);
    expect(refused.status()).toBe(404);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect(await axeViolations(page, `patient page without reports shared (${viewport.width})`)).toEqual([]);
    // No horizontal scroll on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(missing).toEqual([]);
  });
}
