import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { apiSignIn, apiSignUp, axeViolations, BASE, ORIGIN, signInAsAdmin, trackMissingKeys, uniqueEmail } from './support/accounts';

// The back office (issue 18) as the demo administrator, who signs in with two-factor sign-in:
// a professional's licence verified, a specialty added and offered at registration, an account
// locked and unlocked, and every section axe clean in French, English and Spanish.

const NURSE = 'infirmier.petit@demo.glucosuivi.fr';
const SECTIONS = ['accounts', 'verification', 'specialties', 'support', 'audit', 'figures', 'jobs'] as const;

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

/** A demo account's password, from the e2e server's DATA_DIR/demo-accounts.txt. */
function demoPassword(email: string): string {
  const line = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'demo-accounts.txt'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${email} `));
  const password = line?.trim().split(/\s+/)[1];
  if (!password) throw new Error(`${email} is not in demo-accounts.txt`);
  return password;
}

/** A request context of its own (its own cookies): another person than the page's administrator. */
const someoneElse = () => playwrightRequest.newContext({ baseURL: BASE });

async function adminPage(page: Page, query: string) {
  expect(await signInAsAdmin(page), 'admin sign-in with its second factor').toBe(true);
  await page.goto(`/admin${query}`);
  await expect(h1(page)).toBeVisible({ timeout: 20_000 });
}

test.describe('the back office', () => {
  test('verifies the demo nurse: the nurse then shows as verified', async ({ page }) => {
    test.setTimeout(120_000);
    const missing = trackMissingKeys(page);
    expect(await signInAsAdmin(page), 'admin sign-in with its second factor').toBe(true);
    // Repeatable on a reused server: a nurse verified by an earlier run goes back to the queue.
    const verified = await page.request.get('/api/admin/professionals?status=verified');
    const nurse = ((await verified.json()) as { items: { id: string; email: string }[] }).items.find((p) => p.email === NURSE);
    if (nurse) await page.request.post(`/api/admin/professionals/${nurse.id}/reject`, { headers: ORIGIN, data: { reason: 'Nouvelle vérification' } });

    await page.goto('/admin?section=verification');
    await page.getByLabel('Afficher').selectOption(nurse ? 'rejected' : 'pending');
    const card = page.getByTestId('professional-card').filter({ hasText: NURSE });
    await expect(card).toContainText('10000000009');
    await expect(card).toContainText('clé de contrôle valide');
    await card.getByRole('button', { name: 'Marquer Lucas Petit vérifié' }).click();
    await expect(toasts(page)).toContainText('Lucas Petit est maintenant vérifié');
    await page.getByLabel('Afficher').selectOption('verified');
    await expect(page.getByTestId('professional-card').filter({ hasText: NURSE })).toContainText('Vérifié le');

    // The nurse's own profile says so.
    const nurseSide = await someoneElse();
    expect((await apiSignIn(nurseSide, NURSE, demoPassword(NURSE))).ok()).toBe(true);
    expect(await (await nurseSide.get('/api/doctor/profile')).json()).toMatchObject({ verified: true, rejectionReason: null });
    await nurseSide.dispose();
    expect(missing).toEqual([]);
  });

  test('adds a specialty, offered at once in the registration form in each language', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const tag = Date.now().toString(36);
    const name = `Podologue ${tag}`;
    await adminPage(page, '?section=specialties');
    await page.getByRole('button', { name: 'Ajouter une spécialité' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter une spécialité' });
    await dialog.getByLabel('Nom en français').fill(name);
    await dialog.getByLabel('Nom en anglais').fill(`Podiatrist ${tag}`);
    await dialog.getByLabel('Nom en espagnol').fill(`Podólogo ${tag}`);
    await dialog.getByRole('button', { name: 'Ajouter' }).click();
    await expect(toasts(page)).toContainText(`Spécialité ${name} ajoutée`);
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();

    // A visitor registering as a professional sees it, named in the page's language.
    const visitor = await browser.newContext();
    const signUp = await visitor.newPage();
    for (const [lng, label, expected] of [
      ['fr', 'Spécialité', name],
      ['en', 'Speciality', `Podiatrist ${tag}`],
      ['es', 'Especialidad', `Podólogo ${tag}`],
    ] as const) {
      await signUp.goto(`/auth?role=doctor&lng=${lng}`);
      await expect(signUp.getByLabel(new RegExp(`^${label}`)).locator('option', { hasText: expected })).toHaveCount(1);
    }
    await visitor.close();
  });

  test('locks a fresh account, which then cannot sign in, and unlocks it', async ({ page }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('locked');
    const owner = await someoneElse();
    expect((await apiSignUp(owner, { email, firstName: 'Jeanne', lastName: 'Verrou' })).ok()).toBe(true);
    await adminPage(page, '?section=accounts');
    await page.getByLabel('Nom ou adresse e-mail').fill(email);
    await page.getByRole('button', { name: 'Rechercher' }).click();
    const table = page.getByTestId('accounts-table');
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('button', { name: 'Verrouiller le compte de Jeanne Verrou' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verrouiller le compte de Jeanne Verrou' });
    await dialog.getByLabel('Motif').fill('Vérification d’identité demandée');
    await dialog.getByRole('button', { name: 'Verrouiller le compte' }).click();
    await expect(toasts(page)).toContainText('Compte de Jeanne Verrou verrouillé');
    await expect(table).toContainText('Motif : Vérification d’identité demandée');

    // Its session ended, and its right password is refused as locked.
    expect(await (await owner.get('/api/auth/get-session')).json()).toBeNull();
    const refused = await apiSignIn(owner, email);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error.code).toBe('account_locked');

    await table.getByRole('button', { name: 'Déverrouiller le compte de Jeanne Verrou' }).click();
    await expect(toasts(page)).toContainText('Compte de Jeanne Verrou déverrouillé');
    expect((await apiSignIn(owner, email)).ok()).toBe(true);
    await owner.dispose();
  });

  // One test per language: seven sections scanned each, 3.1 min for all three in one test on a
  // loaded 2-core machine (past its 3 minutes). The administrator's session is shared between
  // journeys (signInAsAdmin), so three tests cost one TOTP step, not three.
  for (const lng of ['fr', 'en', 'es'] as const) {
    test(`every section is axe clean in ${lng}`, async ({ page }) => {
      test.setTimeout(120_000);
      const missing = trackMissingKeys(page);
      expect(await signInAsAdmin(page), 'admin sign-in with its second factor').toBe(true);
      const violations: string[] = [];
      for (const section of SECTIONS) {
        await page.goto(`/admin?section=${section}&lng=${lng}`);
        await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
        await expect(page.locator('[role="status"]', { hasText: /Chargement|Loading|Cargando/ })).toHaveCount(0);
        violations.push(...(await axeViolations(page, `${section} (${lng})`)));
      }
      expect(violations).toEqual([]);
      expect(missing).toEqual([]);
    });
  }
});
