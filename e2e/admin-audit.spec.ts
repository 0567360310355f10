import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, axeViolations, signInAsAdmin, trackMissingKeys, uniqueEmail } from './support/accounts';

// The back office's upkeep as the demo administrator: a failed sign-in made elsewhere is found in
// the audit by the address typed, the audit downloads as CSV, the platform figures count the demo
// patients, and the audit, figures and failed-jobs sections are axe-clean in fr, en and es.

const sectionTitle = (page: Page) => page.locator('#admin-section-title');

interface Figures {
  accounts: { patient: number; professional: number; admin: number };
}

test.describe('admin audit and figures', () => {
  test('a failed sign-in shows in the audit and its CSV; figures count the patients; titled in fr, en and es, axe in fr', async ({ page, request }) => {
    test.setTimeout(120_000);
    const missing = trackMissingKeys(page);

    // Someone types a wrong password for an address nobody has (another browser: `request`).
    const typed = uniqueEmail('audit-intrus');
    expect((await apiSignIn(request, typed, 'Pas-le-bon-mot-de-passe-42')).status()).toBe(401);

    expect(await signInAsAdmin(page), 'the demo administrator signs in with the second factor').toBe(true);

    // The audit, searched by that address.
    await page.goto('/admin?section=audit&lng=fr');
    await expect(sectionTitle(page)).toHaveText("Journal d'audit");
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill(typed);
    await page.getByRole('button', { name: 'Filtrer' }).click();
    const table = page.getByTestId('audit-table');
    const row = table.locator('tbody tr').filter({ hasText: typed });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Connexions échouées');
    await expect(row).toContainText('Mot de passe ou adresse incorrects');
    expect(await axeViolations(page, '/admin?section=audit fr')).toEqual([]);

    // The CSV of the same filters: a BOM, the French header, that one line.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exporter en CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('glucosuivi-audit.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, ...lines] = csv.slice(1).trimEnd().split('\r\n');
    expect(header).toBe('Date (UTC);Type;Événement;Auteur (e-mail);Compte visé (e-mail);Adresse IP;Client;Détail');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`;Connexion échouée;sign_in_failure;${typed};`);

    // On a phone the lines stack as cards: nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });

    // The figures: the demo has patients, and the page says how many.
    const figuresResponse = await page.request.get('/api/admin/figures');
    expect(figuresResponse.status()).toBe(200);
    expect(figuresResponse.headers()['cache-control']).toBe('no-store');
    const figures = (await figuresResponse.json()) as Figures;
    expect(figures.accounts.patient).toBeGreaterThanOrEqual(2);
    await page.goto('/admin?section=figures&lng=fr');
    await expect(sectionTitle(page)).toHaveText('Chiffres de la plateforme');
    // Grouped the French way (a narrow no-break space): any space matches.
    const patients = new Intl.NumberFormat('fr').format(figures.accounts.patient).replace(/\s/g, '\\s');
    await expect(page.getByRole('list', { name: 'Résumé' })).toContainText(new RegExp(`${patients}\\spatients`));
    expect(await axeViolations(page, '/admin?section=figures fr')).toEqual([]);

    await page.goto('/admin?section=jobs&lng=fr');
    await expect(sectionTitle(page)).toHaveText('Tâches en échec');
    // None failed, or the list of those that did (each with its retry button).
    await expect(page.getByText('Aucune tâche en échec.').or(page.getByRole('list', { name: /tâches? en échec$/ }))).toBeVisible();
    expect(await axeViolations(page, '/admin?section=jobs fr')).toEqual([]);

    for (const [lng, titles] of [
      ['en', { audit: 'Audit log', figures: 'Platform figures', jobs: 'Failed jobs' }],
      ['es', { audit: 'Registro de auditoría', figures: 'Cifras de la plataforma', jobs: 'Tareas fallidas' }],
    ] as const) {
      for (const section of ['audit', 'figures', 'jobs'] as const) {
        await page.goto(`/admin?section=${section}&lng=${lng}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await expect(sectionTitle(page)).toHaveText(titles[section]);
        if (section === 'audit') await expect(page.getByTestId('audit-table')).toBeVisible();
        if (section === 'figures') await expect(page.getByRole('list', { name: lng === 'en' ? 'Summary' : 'Resumen' })).toBeVisible();
        // Their axe scans in English and Spanish are admin.spec.ts's, one test per language.
      }
    }
    expect(missing).toEqual([]);
  });
});
