import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSignIn, axeViolations, demoPassword, trackMissingKeys } from './support/accounts';
import { appStarted } from './support/rendered-pages';

const CAMILLE = 'camille.dupont@demo.glucosuivi.fr';
const BAND_LABELS = ['Très bas', 'Bas', 'Dans la cible', 'Élevé', 'Très élevé'];

async function signInAsCamille(page: Page) {
  const response = await apiSignIn(page.request, CAMILLE, demoPassword(CAMILLE));
  expect(response.ok(), await response.text()).toBe(true);
}

/** Share of a canvas's pixels that are not blank: proves something was drawn on it. */
async function inkedShare(canvas: Locator): Promise<number> {
  return canvas.evaluate((el: HTMLCanvasElement) => {
    const ctx = el.getContext('2d');
    if (!ctx || el.width === 0 || el.height === 0) return 0;
    const { data } = ctx.getImageData(0, 0, el.width, el.height);
    let inked = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) inked++;
    return inked / (el.width * el.height);
  });
}

/** "72,4 %" → 72.4 (French decimal comma, any space before %). */
function percentValue(text: string): number {
  const match = /(\d+(?:[,.]\d+)?)\s*%/.exec(text.replace(/[\u00a0\u202f]/g, ' '));
  if (!match) throw new Error(`no percentage in "${text}"`);
  return Number(match[1]!.replace(',', '.'));
}

test.describe('demo CGM patient', () => {
  test('90 days summarised day by day (a day opened by keyboard), the raw curve on demand, five bands adding up to 100 %, the AGP drawn, and the PDF report', async ({ page }) => {
    test.setTimeout(120_000);
    const missing = trackMissingKeys(page);
    await signInAsCamille(page);

    await page.goto('/patient-dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The page came rendered by the server: a tap before its app is there is held and done once
    // it is (boot.js), so the choice shows a moment later, not at once as check() expects.
    await page.locator('label', { hasText: '90 jours' }).click();
    await expect(page.getByRole('radio', { name: '90 jours' })).toBeChecked();

    // 90 days open as a summary per day: the median and bands of each day, days with lows counted.
    const daily = page.getByRole('img', { name: /^Résumé par jour sur 90 jours : médiane, 25–75 % et 5–95 %/ });
    await expect(daily).toHaveCount(1);
    await expect.poll(() => inkedShare(daily.locator('canvas')), { message: 'daily summary drawn' }).toBeGreaterThan(0.02);
    await expect(page.getByRole('radio', { name: 'Résumé par jour' })).toBeChecked();
    const dailyText = (await page.getByTestId('chart-summary').textContent())?.replace(/[\u00a0\u202f]/g, ' ') ?? '';
    const summarised = Number(/^(\d+) jours résumés par jour : médiane, 25–75 % et 5–95 % ; /.exec(dailyText)?.[1]);
    expect(summarised, dailyText).toBeGreaterThanOrEqual(85);
    expect(summarised, dailyText).toBeLessThanOrEqual(91);
    expect(dailyText).toMatch(/(aucun jour|\d+ jours? avec au moins une valeur basse)\./);
    expect(await axeViolations(page, '/patient-dashboard, 90 days summarised')).toEqual([]);

    // By keyboard: the last day but one, its figures read out, Enter opens its curve.
    await daily.focus();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    const tip = page.locator('main p[aria-live="polite"]').filter({ hasText: /Médiane : \d+ mg\/dL/ });
    await expect(tip).toContainText(/25–75 % : \d+–\d+ mg\/dL/);
    const dayName = /^[^M]+?(?=Médiane)/.exec(((await tip.textContent()) ?? '').replace(/[\u00a0\u202f]/g, ' '))?.[0]?.trim() ?? '';
    expect(dayName).toMatch(/^\d{1,2} \S+ \d{4}$/);
    await page.keyboard.press('Enter');
    const dayChart = page.getByRole('img', { name: `Courbe de glycémie du ${dayName}, plage cible en vert` });
    await expect(dayChart).toBeFocused();
    await expect.poll(() => inkedShare(dayChart.locator('canvas')), { message: 'day curve drawn' }).toBeGreaterThan(0.01);
    const dayText = (await page.getByTestId('chart-summary').textContent())?.replace(/[\u00a0\u202f]/g, ' ') ?? '';
    const dayReadings = Number(new RegExp(`^Courbe du ${dayName} : (\\d+) mesures`).exec(dayText)?.[1]);
    expect(dayReadings, dayText).toBeGreaterThan(200);
    expect(dayReadings, dayText).toBeLessThanOrEqual(300);
    await page.getByRole('button', { name: 'Jour suivant' }).click();
    await expect(page.getByTestId('chart-summary')).not.toContainText(dayName);
    await page.getByRole('radio', { name: 'Semaine' }).check({ force: true });
    await expect(page.getByRole('img', { name: /^Courbe de glycémie du .+ au .+, plage cible en vert$/ })).toHaveCount(1);
    expect(await axeViolations(page, '/patient-dashboard, one week of 90 days')).toEqual([]);
    await page.getByRole('button', { name: 'Retour au résumé des 90 jours' }).click();
    await expect(daily).toBeFocused();

    // The raw curve of the whole 90 days, on demand.
    await page.getByRole('radio', { name: 'Courbe' }).check({ force: true });
    const chart = page.getByRole('img', { name: 'Courbe de glycémie sur 90 jours, plage cible en vert' });
    await expect(chart).toHaveCount(1);
    await expect(chart.locator('canvas')).toHaveCount(1);
    await expect.poll(() => inkedShare(chart.locator('canvas')), { message: 'glucose chart drawn' }).toBeGreaterThan(0.02);
    // The text alternative counts the readings behind it: 90 days of 5-minute readings, less sensor gaps.
    const summary = (await page.getByTestId('chart-summary').textContent()) ?? '';
    const readings = Number(/([\d\s\u00a0\u202f]+) mesures/.exec(summary)?.[1]?.replace(/\D/g, ''));
    expect(readings, summary).toBeGreaterThan(0.9 * 90 * 288);
    expect(readings, summary).toBeLessThanOrEqual(90 * 288);

    // The five bands, as printed, add up to exactly 100 %.
    const legend = page.getByRole('list', { name: 'Répartition par zone de glycémie' });
    const items = legend.getByRole('listitem');
    await expect(items).toHaveCount(5);
    for (const label of BAND_LABELS) await expect(legend.getByText(label, { exact: true })).toBeVisible();
    const shares: number[] = [];
    for (const item of await items.all()) shares.push(percentValue((await item.locator('span.tabular-nums').textContent()) ?? ''));
    expect(shares.every((s) => s >= 0 && s <= 100), shares.join(' ')).toBe(true);
    expect(Math.round(shares.reduce((a, b) => a + b, 0) * 10) / 10, shares.join(' + ')).toBe(100);
    // A demo CGM patient spends most of the time in range, not all of it.
    expect(shares[2]!).toBeGreaterThan(40);
    expect(shares[2]!).toBeLessThan(100);

    // The AGP: percentile curves drawn on their own canvas.
    const agp = page.getByRole('img', { name: /^Profil glycémique ambulatoire/ });
    await expect(agp).toBeVisible();
    await expect.poll(() => inkedShare(agp.locator('canvas')), { message: 'AGP drawn' }).toBeGreaterThan(0.02);

    expect(await axeViolations(page, '/patient-dashboard, 90 days')).toEqual([]);

    // The PDF report of the same 90 days, read back with pdftotext.
    await page.goto('/reports');
    await page.getByRole('radio', { name: '90 jours' }).check({ force: true });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Télécharger le rapport PDF' }).click()]);
    const dir = mkdtempSync(join(tmpdir(), 'health-demo-'));
    try {
      const file = join(dir, 'rapport.pdf');
      await download.saveAs(file);
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[\u00a0\u202f]/g, ' ');
      expect(text).toContain('Camille');
      expect(text).toContain('Dupont');
      for (const label of BAND_LABELS) expect(text).toContain(label);
      expect(text).toContain('GMI');
      expect(text).toContain('90 jours');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(missing).toEqual([]);
  });

  test('the period changes from the keyboard, and the focus stays on it while the new figures load', async ({ page }) => {
    // Two 90-day summaries and the app's start on a loaded CI machine: more than the default 30 s.
    test.setTimeout(60_000);
    await signInAsCamille(page);
    await page.goto('/patient-dashboard');
    // A key is a sign of use: the app starts on a page the server rendered (boot.js).
    await page.keyboard.press('Tab');
    await expect.poll(() => appStarted(page)).toBe(true);
    await expect(page.locator('[data-prerender-inert]')).toHaveCount(0);
    await page.getByRole('radio', { name: '14 jours' }).focus();
    await page.keyboard.press('ArrowRight');
    const thirty = page.getByRole('radio', { name: '30 jours' });
    await expect(thirty).toBeChecked();
    await expect(page.getByTestId('period-caption')).toContainText('30 jours du calendrier');
    await expect(page.getByTestId('period-figures')).toHaveAttribute('aria-busy', 'false');
    // Still on the radio the key moved to: the page was kept while the figures loaded.
    await expect(thirty).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('period-caption')).toContainText('90 jours du calendrier');
    await expect(page.getByRole('radio', { name: '90 jours' })).toBeFocused();
  });
});
