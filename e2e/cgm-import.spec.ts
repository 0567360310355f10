import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { axe, signUpPatient, trackMissingKeys } from './support/health-api';

/*
 * Importing a LibreView export from /cgm-connection, as a patient would: the file is chosen with
 * the keyboard-reachable file field, the preview says what is in it, the import is one click,
 * the readings show on the dashboard, and the same file a second time adds nothing. The file is
 * the French sample's own title and header lines (packages/domain/test-data/samples) with readings of the last
 * two days, so the dashboard's default period shows them.
 */

const SAMPLE = new URL('../packages/domain/test-data/samples/libreview_fr_mgdl_excerpt.csv', import.meta.url);
const READINGS = 192;
const ARTIFACTS = join(import.meta.dirname, 'artifacts');
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** `MM-DD-YYYY hh:mm AM/PM` in Paris, as the French LibreView export writes its device times. */
function libreViewTime(at: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: true })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month}-${parts.day}-${parts.year} ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}

/** The sample's two header lines, READINGS historic readings every 15 minutes up to an hour ago, and two scans. */
function recentExport(corruptLine?: number): string {
  const [title, header] = readFileSync(SAMPLE, 'utf8').split('\r\n');
  const columns = header!.split(',').length;
  const row = (at: number, type: 0 | 1, value: number) => {
    const cells = new Array<string>(columns).fill('');
    cells[0] = 'FreeStyle LibreLink';
    cells[1] = '10D06121-1654-4FE8-8850-08C1E630EF7C';
    cells[2] = libreViewTime(at);
    cells[3] = String(type);
    cells[type === 0 ? 4 : 5] = String(value);
    return cells.join(',');
  };
  const end = Math.floor(Date.now() / 900_000) * 900_000 - 3_600_000;
  const rows = Array.from({ length: READINGS }, (_, i) => row(end - (READINGS - 1 - i) * 900_000, 0, 100 + ((i * 7) % 90)));
  rows.splice(50, 0, row(end - 100 * 900_000 + 120_000, 1, 131), row(end - 20 * 900_000 + 60_000, 1, 142));
  const lines = [title!, header!, ...rows];
  if (corruptLine) lines[corruptLine - 1] = lines[corruptLine - 1]!.replace(/\d\d-\d\d-\d{4} \d\d:\d\d [AP]M/, '31-31-2026 25:99');
  return `${lines.join('\r\n')}\r\n`;
}

/** How many glucose readings the signed-in patient has stored (one page of up to 500). */
async function storedGlucose(page: Page): Promise<number> {
  const response = await page.request.get('/api/measurements?kind=glucose&limit=500');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: unknown[] }).items.length;
}

// On a phone, where most patients will pick the file their sensor app saved.
test.use({ viewport: { width: 390, height: 844 } });

async function chooseFile(page: Page, text: string) {
  await page.getByLabel('Fichier CSV').setInputFiles({ name: 'export-libreview.csv', mimeType: 'text/csv', buffer: Buffer.from(text, 'utf8') });
}

test('a LibreView export is previewed, imported once, and shown on the dashboard; the same file adds nothing', async ({ page }) => {
  test.setTimeout(90_000);
  const missing = trackMissingKeys(page);
  await signUpPatient(page);
  await page.goto('/cgm-connection');
  await expect(h1(page)).toHaveText('Connexion capteur de glucose');

  // A damaged file is refused as a whole, naming the line and the column.
  await chooseFile(page, recentExport(7));
  await expect(page.getByRole('alert')).toContainText("Ligne 7, colonne « Horodatage de l'appareil »");
  await expect(page.getByRole('alert')).toContainText("Rien n'a été importé");
  expect(await storedGlucose(page)).toBe(0);

  const file = recentExport();
  await chooseFile(page, file);
  const preview = page.getByRole('heading', { name: 'Aperçu avant import' }).locator('..');
  await expect(preview).toContainText('LibreView (FreeStyle Libre)');
  await expect(preview).toContainText('FreeStyle LibreLink');
  await expect(preview.locator('dt', { hasText: 'Glycémies dans le fichier' }).locator('+ dd')).toHaveText(String(READINGS));
  await expect(preview.locator('dt', { hasText: 'Déjà enregistrées' }).locator('+ dd')).toHaveText('0');
  await expect(preview).toContainText("2 lignes du fichier ne sont pas des glycémies de fond");
  expect(await axe(page).analyze().then((r) => r.violations.map((v) => v.id))).toEqual([]);
  await page.screenshot({ path: join(ARTIFACTS, 'cgm-import-preview.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no horizontal scroll').toBeLessThanOrEqual(390);

  // By keyboard: the import button is reached and pressed.
  const submit = page.getByRole('button', { name: `Importer ${READINGS} mesures` });
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${READINGS} mesures importées.`)).toBeVisible();
  expect(await storedGlucose(page)).toBe(READINGS);

  await page.getByRole('link', { name: 'Voir mon tableau de bord' }).click();
  await expect(page).toHaveURL(/\/patient-dashboard$/);
  await expect(page.getByTestId('chart-summary')).toContainText(`${READINGS} mesures`);

  // The same file again: everything is already there, nothing to import.
  await page.goto('/cgm-connection');
  await chooseFile(page, file);
  await expect(page.getByText("Toutes les mesures de ce fichier sont déjà enregistrées : il n'y a rien à importer.")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Aperçu avant import' }).locator('..').locator('dt', { hasText: 'Déjà enregistrées' }).locator('+ dd')).toHaveText(String(READINGS));
  await expect(page.getByRole('button', { name: /^Importer/ })).toHaveCount(0);
  expect(await storedGlucose(page)).toBe(READINGS);
  expect(missing).toEqual([]);
});
