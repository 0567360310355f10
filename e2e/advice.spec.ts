import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSignIn, axeViolations, trackMissingKeys } from './support/accounts';

// Advice (issue 17): the demo CGM patient's recurring night hypos, on her dashboard (evidence,
// the nights shaded on the chart, a vote that is kept) and on her diabetologist's patient page.

const CAMILLE = 'camille.dupont@demo.glucosuivi.fr';
const DOCTOR = 'dr.bernard@demo.glucosuivi.fr';
const NIGHT_HYPO_TITLE = 'Hypoglycémies la nuit, à plusieurs reprises';

/** A demo account's password, from the list the seed writes in the e2e server's data folder. */
function demoPassword(email: string): string {
  const file = join(process.env.E2E_DATA_DIR ?? '', 'demo-accounts.txt');
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [address, password] = line.trim().split(/\s+/);
    if (address === email && password) return password;
  }
  throw new Error(`${email} is not in ${file} (was the demo seeded?)`);
}

async function signIn(page: Page, email: string) {
  const response = await apiSignIn(page.request, email, demoPassword(email));
  expect(response.ok(), await response.text()).toBe(true);
}

const adviceCard = (page: Page, title = 'Conseils personnalisés') => page.getByRole('region', { name: title });

/** A long evidence list is folded after five lines: unfold it, so every line is there to count. */
async function unfoldEvidence(finding: Locator): Promise<void> {
  const more = finding.getByRole('button', { name: /^Voir (l'autre observation|les \d+ autres observations)$/ });
  if ((await more.count()) > 0) await more.click();
}

/**
 * Pixels of the chart's canvas tinted by the highlight's violet (more red and much more blue than
 * green): none of the trace (blue), the target band (green), the grid or the axes (greys) is.
 */
async function highlightPixels(canvas: Locator): Promise<number> {
  return canvas.evaluate((el: HTMLCanvasElement) => {
    const ctx = el.getContext('2d');
    if (!ctx || el.width === 0 || el.height === 0) return 0;
    const { data } = ctx.getImageData(0, 0, el.width, el.height);
    let tinted = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
      if (a > 0 && r > g + 10 && b > g + 30) tinted++;
    }
    return tinted;
  });
}

test.describe('advice', () => {
  test("Camille's night hypos: evidence, the nights on the chart, a vote kept, the weekly report; axe clean; en and es complete", async ({ page }) => {
    test.setTimeout(120_000);
    const missing = trackMissingKeys(page);
    await signIn(page, CAMILLE);
    await page.goto('/patient-dashboard?lng=fr');

    const card = adviceCard(page);
    const finding = card.getByRole('article', { name: NIGHT_HYPO_TITLE });
    await expect(finding).toBeVisible();
    // Severity in words, not colour alone; the evidence names each night with its lowest value.
    await expect(finding.getByText(/^(Important|À surveiller)$/)).toBeVisible();
    await unfoldEvidence(finding);
    const nights = finding.getByTestId('advice-evidence').getByRole('listitem');
    await expect(nights.first()).toHaveText(/^Nuit du \d{1,2}(\s\S+)?\sau\s\d{1,2}\s\S+\s:\s\d+\smg\/dL\sà\s\d{2}:\d{2}$/);
    const count = await nights.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(finding).toContainText(new RegExp(`pendant\\s${count}\\snuits\\sdes\\s14\\sderniers\\sjours`));
    await expect(finding.getByText('À aborder avec votre équipe soignante')).toBeVisible();
    await expect(finding.getByText(/^Référence : /)).toBeVisible();

    // The nights on the chart: shaded, counted in the text alternative, the focus on the chart.
    const chart = page.locator('#glucose-chart');
    const canvas = chart.locator('canvas');
    await expect(canvas).toHaveCount(1);
    await expect.poll(() => canvas.evaluate((el: HTMLCanvasElement) => el.width)).toBeGreaterThan(0);
    expect(await highlightPixels(canvas), 'no violet before the highlight').toBe(0);
    const show = finding.getByRole('button', { name: 'Voir ces nuits sur la courbe' });
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    await show.click();
    await expect(show).toHaveAttribute('aria-pressed', 'true');
    await expect(chart).toHaveAttribute('data-highlighted', String(count));
    await expect(chart).toBeFocused();
    await expect(page.getByTestId('chart-summary')).toContainText(`${count} nuits d'hypoglycémie mises en évidence sur la courbe.`);
    await expect.poll(() => highlightPixels(canvas), { message: 'the nights shaded on the canvas' }).toBeGreaterThan(count * 100);
    expect(await axeViolations(page, 'dashboard with the nights shown')).toEqual([]);

    await page.getByRole('button', { name: 'Effacer la mise en évidence' }).click();
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    await expect(chart).not.toHaveAttribute('data-highlighted');
    await expect(page.getByTestId('chart-summary')).not.toContainText('mises en évidence');
    await expect.poll(() => highlightPixels(canvas)).toBe(0);

    // A vote is saved, and still pressed after a reload. (The other one, if this run's server
    // already holds a vote for night hypos, so the journey proves a change either way.)
    const useful = finding.getByRole('button', { name: 'Utile', exact: true });
    const choice = (await useful.getAttribute('aria-pressed')) === 'true' ? finding.getByRole('button', { name: 'Pas utile' }) : useful;
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/advice/feedback') && r.request().method() === 'POST');
    await choice.click();
    await expect(choice).toHaveAttribute('aria-pressed', 'true');
    expect((await saved).status()).toBe(200);
    const label = (await choice.textContent())?.trim() ?? '';
    await page.reload();
    const reloaded = adviceCard(page).getByRole('article', { name: NIGHT_HYPO_TITLE });
    await expect(reloaded.getByRole('button', { name: label, exact: true })).toHaveAttribute('aria-pressed', 'true');

    // The weekly report carries the same findings (of the last 14 days, as the dashboard's card).
    await page.goto('/weekly-report');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bilan de la semaine');
    await expect(adviceCard(page).getByRole('article', { name: NIGHT_HYPO_TITLE })).toBeVisible();
    expect(await axeViolations(page, '/weekly-report with advice')).toEqual([]);

    // English and Spanish: the card, every text translated.
    for (const [lng, title] of [
      ['en', 'Personalised advice'],
      ['es', 'Consejos personalizados'],
    ] as const) {
      await page.goto(`/patient-dashboard?lng=${lng}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(adviceCard(page, title).getByTestId('advice-finding').first()).toBeVisible();
      await expect(adviceCard(page, title).locator('[data-kind="night_hypo"]')).toBeVisible();
    }
    expect(missing).toEqual([]);
  });

  test("Dr Bernard reads the same night-hypo finding on Camille's page, without votes", async ({ page }) => {
    test.setTimeout(90_000);
    const missing = trackMissingKeys(page);
    await signIn(page, DOCTOR);
    const list = (await (await page.request.get('/api/doctor/patients')).json()) as { items: { patientId: string; firstName: string; lastName: string | null }[] };
    const camille = list.items.find((r) => r.firstName === 'Camille' && r.lastName === 'Dupont');
    expect(camille, 'Camille is among Dr Bernard\u2019s patients').toBeTruthy();
    const seen = (await (await page.request.get(`/api/doctor/patients/${camille!.patientId}/advice?days=14`)).json()) as {
      findings: { kind: string; evidence: { nights?: unknown[] } }[];
    };
    const nightHypo = seen.findings.find((f) => f.kind === 'night_hypo');
    expect(nightHypo, 'the professional is given the night-hypo finding').toBeTruthy();

    await page.goto(`/doctor/patients/${camille!.patientId}?lng=fr`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Camille Dupont');
    const card = adviceCard(page);
    const finding = card.getByRole('article', { name: NIGHT_HYPO_TITLE });
    await expect(finding).toBeVisible();
    await expect(card.getByText(/Les conseils tels que le patient les voit/)).toBeVisible();
    await unfoldEvidence(finding);
    await expect(finding.getByTestId('advice-evidence').getByRole('listitem')).toHaveCount(nightHypo!.evidence.nights!.length);
    await expect(card.getByRole('button', { name: 'Utile', exact: true })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Pas utile' })).toHaveCount(0);
    expect(await axeViolations(page, "Camille's page, advice")).toEqual([]);
    expect(missing).toEqual([]);
  });
});
