import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, axeViolations, trackMissingKeys } from './support/accounts';

// Department tracking as the demo diabetologist (Dr Claire Bernard, who follows 30 demo patients
// sharing different categories): the population view is drawn from the triage list's rows, so its
// patients and figures are the list's.

const DOCTOR = 'dr.bernard@demo.glucosuivi.fr';
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

/** A demo account's password, from the e2e server's data folder (written by the demo seed). */
function demoPassword(email: string): string {
  const file = join(process.env.E2E_DATA_DIR ?? '', 'demo-accounts.txt');
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [address, password] = line.trim().split(/\s+/);
    if (address === email && password) return password;
  }
  throw new Error(`${email} is not in ${file}`);
}

type Shared<T> = T | { notShared: true };
type Figures = { inRange: number | null; belowRange: number | null; gmi: number | null };
interface TriageRow {
  patientId: string;
  firstName: string;
  lastName: string | null;
  categories: string[];
  glucose: Shared<Figures>;
}
interface DepartmentRow {
  patientId: string;
  category: string;
  glucose: Shared<Figures & { daysSinceLastData: number | null }>;
}
interface Department {
  period: { days: number };
  summary: { patients: number; glucoseShared: number; categories: Record<string, number>; noData: { days7: number; days14: number; days30: number } };
  items: DepartmentRow[];
}

const shared = <T extends object>(x: Shared<T>): T | null => ('notShared' in x ? null : (x as T));
const nameOf = (r: { firstName: string; lastName: string | null }) => [r.firstName, r.lastName].filter(Boolean).join(' ');

test.describe('department tracking', () => {
  test('the demo population: as many patients as the triage list, the same figures, the CSV, axe in fr, en and es', async ({ page }) => {
    test.setTimeout(120_000);
    const missing = trackMissingKeys(page);
    expect((await apiSignIn(page.request, DOCTOR, demoPassword(DOCTOR))).status()).toBe(200);

    const triage = (await (await page.request.get('/api/doctor/patients')).json()) as { items: TriageRow[]; total: number };
    expect(triage.items.length).toBeGreaterThanOrEqual(30);
    const departmentRes = await page.request.get('/api/doctor/department?days=14');
    expect(departmentRes.status()).toBe(200);
    expect(departmentRes.headers()['cache-control']).toBe('no-store');
    const department = (await departmentRes.json()) as Department;

    // Same patients, same figures as the triage list; a patient not sharing glucose shows none.
    expect(department.summary.patients).toBe(triage.items.length);
    expect(department.items.map((r) => r.patientId).sort()).toEqual(triage.items.map((r) => r.patientId).sort());
    const notSharing = triage.items.filter((r) => !r.categories.includes('glucose'));
    expect(notSharing.length, 'a demo patient does not share glucose').toBeGreaterThan(0);
    expect(department.summary.categories.not_shared).toBe(notSharing.length);
    expect(department.summary.glucoseShared).toBe(triage.items.length - notSharing.length);
    for (const row of triage.items) {
      const seen = department.items.find((r) => r.patientId === row.patientId)!;
      const expected = shared(row.glucose);
      const got = shared(seen.glucose);
      expect(got === null, nameOf(row)).toBe(expected === null);
      if (expected && got) expect({ inRange: got.inRange, belowRange: got.belowRange, gmi: got.gmi }, nameOf(row)).toEqual({ inRange: expected.inRange, belowRange: expected.belowRange, gmi: expected.gmi });
    }
    // The demo has patients of varied control: more than one category in use.
    expect(Object.values(department.summary.categories).filter((n) => n > 0).length).toBeGreaterThan(2);

    // The page shows that population.
    await page.goto('/department-tracking?lng=fr');
    await expect(h1(page)).toHaveText('Suivi du service');
    await expect(page.getByTestId('department-row')).toHaveCount(triage.items.length);
    await expect(page.getByTestId('summary-patients').locator('dd').first()).toHaveText(String(triage.items.length));
    await expect(page.getByTestId('summary-on_target').locator('dd').first()).toHaveText(String(department.summary.categories.on_target));
    await expect(page.getByTestId('summary-hypo_risk').locator('dd').first()).toHaveText(String(department.summary.categories.hypo_risk));
    await expect(page.getByTestId('summary-not_shared').locator('dd').first()).toHaveText(String(notSharing.length));
    await expect(page.getByTestId('no-data-7')).toContainText(String(department.summary.noData.days7));
    for (const kind of ['tir', 'tbr', 'gmi']) await expect(page.getByTestId(`distribution-${kind}`)).toBeVisible();
    const hiddenRow = page.locator(`[data-testid="department-row"][data-patient-id="${notSharing[0]!.patientId}"]`);
    await expect(hiddenRow.getByText('non partagé', { exact: true })).toHaveCount(5);
    expect(await axeViolations(page, '/department-tracking fr')).toEqual([]);

    // The CSV: a header and one line per patient, no value where glucose is not shared.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Télécharger le tableau (CSV)' }).click();
    const csv = readFileSync((await (await downloading).path())!, 'utf8').replace(/^\uFEFF/, '');
    const [header, ...lines] = csv.trimEnd().split('\r\n');
    expect(header).toBe('Patient;Catégorie;Temps dans la cible 70–180 (%);Temps sous la cible < 70 (%);GMI (%);Jours depuis la dernière donnée');
    expect(lines).toHaveLength(triage.items.length);
    expect(lines.map((l) => l.split(';')[0]).sort()).toEqual(triage.items.map(nameOf).sort());
    for (const row of notSharing) expect(lines.find((l) => l.startsWith(`${nameOf(row)};`))).toBe(`${nameOf(row)};Glycémie non partagée;;;;`);

    // A phone: nothing scrolls sideways but the table's own region.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('department-table')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // English and Spanish: every text translated, axe clean.
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const [lng, title] of [
      ['en', 'Department tracking'],
      ['es', 'Seguimiento del servicio'],
    ] as const) {
      await page.goto(`/department-tracking?lng=${lng}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(h1(page)).toHaveText(title);
      await expect(page.getByTestId('department-row')).toHaveCount(triage.items.length);
      expect(await axeViolations(page, `/department-tracking ${lng}`)).toEqual([]);
    }
    expect(missing).toEqual([]);
  });
});
