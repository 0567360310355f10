import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, axeViolations, demoPassword, trackMissingKeys } from './support/accounts';

// The triage list on a desk (issue 35): the demo diabetologist follows 30 patients, enough to fill
// a 1280×800 screen. One line per patient, nothing scrolls sideways, the advice as short badges
// whose full words come on focus, and the list's settings in the address.

const DOCTOR = 'dr.bernard@demo.glucosuivi.fr';
const rows = (page: Page) => page.getByTestId('triage-row');

interface TriageRow {
  patientId: string;
  advice: { findings: { kind: string; severity: string }[] } | null;
}

/** The demo's advice signals are computed by the job worker after the start: wait until they are. */
async function waitForAdviceSignals(page: Page) {
  const computed = async () => {
    const res = await page.request.get('/api/doctor/patients');
    const items = ((await res.json()) as { items: TriageRow[] }).items;
    return items.filter((r) => r.advice?.findings.some((f) => f.severity !== 'info')).length;
  };
  await expect.poll(computed, { timeout: 30_000 }).toBeGreaterThan(5);
}

/** Nothing wider than the window, and the table no wider than its own box. */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const box = document.querySelector('[data-testid="triage-table-box"]');
    return {
      page: document.scrollingElement!.scrollWidth - window.innerWidth,
      table: box && box.getBoundingClientRect().width > 0 ? box.scrollWidth - box.clientWidth : 0,
    };
  });
}

test.describe('triage on a desk', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('ten patients or more on a 1280×800 screen, one line each, badges readable, settings kept in the address; a phone gets cards', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const missing = trackMissingKeys(page);
    expect((await apiSignIn(page.request, DOCTOR, demoPassword(DOCTOR))).status()).toBe(200);
    await waitForAdviceSignals(page);
    await page.goto('/doctor');
    await expect(rows(page)).toHaveCount(30);

    // At least ten rows whole on the first screen, each one line (at most 64 px).
    const boxes = await rows(page).evaluateAll((els) =>
      els
        .map((el) => el.getBoundingClientRect())
        .map((r) => ({ top: r.top, bottom: r.bottom, height: r.height })),
    );
    expect(boxes.filter((b) => b.top >= 0 && b.bottom <= 800).length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...boxes.map((b) => b.height))).toBeLessThanOrEqual(64);
    expect(await horizontalOverflow(page)).toEqual({ page: 0, table: 0 });

    // The advice badges: short words inside the table's box, the full words for a screen reader,
    // and shown on keyboard focus.
    const badge = rows(page).locator('[data-advice-kind] [tabindex="0"]').first();
    await expect(badge).toBeVisible();
    const inside = await page.evaluate(() => {
      const box = document
        .querySelector('[data-testid="triage-table-box"]')!
        .getBoundingClientRect();
      return Array.from(
        document.querySelectorAll('[data-testid="triage-row"] [data-advice-kind] > [tabindex="0"]'),
      ).every((el) => {
        const r = el.getBoundingClientRect();
        return r.left >= box.left && r.right <= box.right;
      });
    });
    expect(inside, 'every advice badge lies whole inside the table').toBe(true);
    const fullWords = (await badge.locator('.sr-only').textContent()) ?? '';
    const shortWord = (await badge.locator('span[aria-hidden="true"]').first().textContent()) ?? '';
    expect(fullWords.length).toBeGreaterThan(shortWord.length);
    await badge.focus();
    await expect(page.getByTestId('hint-badge-text')).toHaveText(fullWords);
    await expect(page.getByTestId('hint-badge-text')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('hint-badge-text')).toHaveCount(0);
    expect(await axeViolations(page, '/doctor at 1280')).toEqual([]);

    // Filter and sort go into the address; a reload (or a link) finds the same list.
    await page
      .getByRole('group', { name: 'Afficher' })
      .getByText('Alertes ouvertes', { exact: true })
      .click();
    await expect(page).toHaveURL(/\/doctor\?filter=open_alerts$/);
    await page.getByLabel('Trier par').selectOption('name');
    await expect(page).toHaveURL(/\/doctor\?filter=open_alerts&sort=name$/);
    // The list is the API's answer for those settings, in its order.
    const shown = async () =>
      rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-patient-id')));
    const asked = (
      (await (
        await page.request.get('/api/doctor/patients?filter=open_alerts&sort=name')
      ).json()) as { items: TriageRow[] }
    ).items.map((r) => r.patientId);
    expect(asked.length).toBeLessThan(30);
    await expect.poll(shown).toEqual(asked);
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Alertes ouvertes' })).toBeChecked();
    await expect(page.getByLabel('Trier par')).toHaveValue('name');
    await expect.poll(shown).toEqual(asked);

    // A phone: cards, nothing sideways, the advice in full words.
    await page.goto('/doctor');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('triage-card')).toHaveCount(30);
    await expect(page.getByTestId('triage-table')).toBeHidden();
    expect(await horizontalOverflow(page)).toEqual({ page: 0, table: 0 });
    expect(await axeViolations(page, '/doctor at 390')).toEqual([]);
    expect(missing).toEqual([]);
  });
});
