import { expect as baseExpect, test, type Page } from '@playwright/test';
import { BASE, PASSWORD, apiSignIn, axeViolations, signInAsAdmin, trackMissingKeys, uniqueEmail } from './support/accounts';

// The server and the browser share the machine with other runs: give slow answers time.
const expect = baseExpect.configure({ timeout: 15_000 });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

async function fillRegistration(
  page: Page,
  values: { firstName: string; lastName?: string; email: string; password: string; confirm: string; rpps?: string },
) {
  await page.getByLabel(/^Prénom/).fill(values.firstName);
  if (values.lastName !== undefined) await page.getByLabel(/^Nom/).fill(values.lastName);
  await page.getByLabel(/^Adresse e-mail/).fill(values.email);
  if (values.rpps !== undefined) await page.getByLabel(/^Numéro RPPS/).fill(values.rpps);
  await page.getByLabel(/^Mot de passe/).fill(values.password);
  await page.getByLabel(/^Confirmer le mot de passe/).fill(values.confirm);
}

test.describe('registration and sign-in', () => {
  test('a patient registers, signs out, signs in again and is kept out of other areas', async ({ page }) => {
    // Password hashing at sign-up/sign-in and a dozen full page loads: more than the default 30 s on a busy CI machine.
    test.setTimeout(90_000);
    const missing = trackMissingKeys(page);
    const email = uniqueEmail('patient');
    await page.goto('/auth');
    await expect(h1(page)).toHaveText('Connexion');
    await page.getByRole('button', { name: 'Inscription' }).click();
    await expect(h1(page)).toHaveText('Inscription');
    await fillRegistration(page, { firstName: 'Camille', email, password: PASSWORD, confirm: PASSWORD });
    await expect(page.getByText('Force du mot de passe : ')).toBeVisible();
    await page.getByRole('button', { name: 'Créer mon compte patient' }).click();

    await expect(page).toHaveURL(`${BASE}/patient-dashboard`);
    await expect(toasts(page)).toContainText('Inscription réussie');
    await expect(toasts(page)).toContainText('Votre compte patient a été créé !');
    const header = page.getByRole('banner');
    await expect(header.getByTestId('user-menu')).toContainText('Camille');
    await expect(header.getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute('href', '/patient-dashboard');

    // A patient opening professional or admin pages lands on their dashboard.
    await page.goto('/doctor');
    await expect(page).toHaveURL(`${BASE}/patient-dashboard`);
    await page.goto('/admin');
    await expect(page).toHaveURL(`${BASE}/patient-dashboard`);
    // Signed in, /auth only says it redirects.
    await page.goto('/auth');
    await expect(page).toHaveURL(`${BASE}/patient-dashboard`);

    await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(`${BASE}/`);
    await expect(header.getByRole('link', { name: 'Connexion' })).toBeVisible();
    await page.goto('/patient-dashboard');
    await expect(page).toHaveURL(`${BASE}/auth`);

    await page.getByLabel(/^Adresse e-mail/).fill(email);
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(`${BASE}/patient-dashboard`);
    await expect(toasts(page)).toContainText('Connexion réussie');
    await expect(toasts(page)).toContainText('Bienvenue !');
    expect(missing).toEqual([]);
  });

  test('a professional registers with a valid RPPS number and lands on /doctor', async ({ page }) => {
    // Password hashing at sign-up/sign-in and a dozen full page loads: more than the default 30 s on a busy CI machine.
    test.setTimeout(90_000);
    const email = uniqueEmail('doctor');
    await page.goto('/auth?role=doctor');
    await expect(h1(page)).toHaveText('Inscription');
    await expect(page.getByRole('button', { name: /Professionnel de santé/ })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText('11 chiffres, inscrit sur votre carte CPS.')).toBeVisible();
    await fillRegistration(page, { firstName: 'Claire', lastName: 'Bernard', email, password: PASSWORD, confirm: PASSWORD, rpps: '10000000009' });
    await page.getByLabel('Spécialité').selectOption('diabetologue');
    await page.getByRole('button', { name: 'Créer mon compte professionnel' }).click();

    await expect(page).toHaveURL(`${BASE}/doctor`);
    await expect(toasts(page)).toContainText('Votre compte médecin a été créé !');
    // Without two-factor sign-in, professional pages ask to turn it on.
    await expect(page.getByRole('link', { name: 'Activer maintenant' })).toHaveAttribute('href', '/doctor-settings#two-factor');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute('href', '/doctor');
    await page.goto('/settings');
    await expect(page).toHaveURL(`${BASE}/doctor`);

    await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(`${BASE}/`);
    await page.goto('/auth');
    await page.getByLabel(/^Adresse e-mail/).fill(email);
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(`${BASE}/doctor`);
    await expect(toasts(page)).toContainText('Bienvenue Dr Bernard !');
  });

  test('invalid RPPS, mismatched or short passwords show the exact messages and create nothing', async ({ page, request }) => {
    // Password hashing at sign-up/sign-in and a dozen full page loads: more than the default 30 s on a busy CI machine.
    test.setTimeout(90_000);
    const email = uniqueEmail('refused');
    await page.goto('/auth?role=doctor');
    await fillRegistration(page, { firstName: 'Paul', lastName: 'Durand', email, password: PASSWORD, confirm: PASSWORD, rpps: '10003456784' });
    await page.getByRole('button', { name: 'Créer mon compte professionnel' }).click();
    await expect(page.getByText('Ce numéro RPPS est invalide : vérifiez les chiffres saisis')).toBeVisible();
    await expect(page.getByLabel(/^Numéro RPPS/)).toBeFocused();

    await page.getByLabel(/^Numéro RPPS/).fill('10003456786');
    await page.getByLabel(/^Confirmer le mot de passe/).fill(`${PASSWORD}x`);
    await page.getByRole('button', { name: 'Créer mon compte professionnel' }).click();
    await expect(page.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
    await expect(page.getByLabel(/^Confirmer le mot de passe/)).toBeFocused();

    await page.getByLabel(/^Mot de passe/).fill('abc');
    await page.getByLabel(/^Confirmer le mot de passe/).fill('abc');
    await page.getByRole('button', { name: 'Créer mon compte professionnel' }).click();
    await expect(page.getByText('Le mot de passe doit contenir au moins 6 caractères')).toBeVisible();
    await expect(page.getByLabel(/^Mot de passe/)).toHaveAttribute('aria-invalid', 'true');

    // Empty required fields of a professional registration.
    await page.getByRole('button', { name: 'Connexion' }).click();
    await page.getByRole('button', { name: 'Inscription' }).click();
    await page.getByRole('button', { name: /Professionnel de santé/ }).click();
    await page.getByRole('button', { name: 'Créer mon compte professionnel' }).click();
    for (const text of ['Le prénom est obligatoire', 'Le nom est obligatoire', 'Le numéro RPPS est obligatoire', "L'adresse e-mail est obligatoire"]) {
      await expect(page.getByText(text)).toBeVisible();
    }
    await expect(page.getByLabel(/^Prénom/)).toBeFocused();
    await expect(page).toHaveURL(/\/auth/);

    // Nothing was created: that e-mail cannot sign in.
    const signIn = await apiSignIn(request, email);
    expect(signIn.status()).toBe(401);
    expect((await signIn.json()).error.code).toBe('invalid_credentials');
  });

  test('a wrong password shows the server error in an alert', async ({ page }) => {
    await page.goto('/auth');
    await page.getByLabel(/^Adresse e-mail/).fill(uniqueEmail('nobody'));
    await page.getByLabel(/^Mot de passe/).fill('not-the-password');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page.getByRole('alert')).toContainText('Adresse e-mail ou mot de passe incorrect.');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  });

  test('an administrator is sent from patient pages to /admin', async ({ page }) => {
    // The administrator's second factor may wait for a TOTP step no other journey used (up to 30 s).
    test.setTimeout(90_000);
    expect(await signInAsAdmin(page), 'admin sign-in or creation').toBe(true);
    await page.goto('/patient-dashboard');
    await expect(page).toHaveURL(`${BASE}/admin`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Tableau de bord' })).toHaveAttribute('href', '/admin');
    await page.goto('/auth');
    await expect(page).toHaveURL(`${BASE}/admin`);
  });

  test('the forgot-password form answers the same for any address', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    await expect(h1(page)).toHaveText('Mot de passe oublié');
    await page.getByLabel('Adresse e-mail').fill(uniqueEmail('forgot'));
    await page.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Si un compte correspond' })).toBeVisible();
  });
});

test.describe('accessibility of /auth', () => {
  for (const lng of ['fr', 'en', 'es'] as const) {
    test(`no axe violations in login and registration modes (${lng})`, async ({ page }) => {
      // Three full scans and two page loads: 33 s once on a loaded 2-core machine, past the default 30 s.
      test.setTimeout(60_000);
      const missing = trackMissingKeys(page);
      const violations: string[] = [];
      await page.goto(`/auth?lng=${lng}`);
      await expect(h1(page)).toBeVisible();
      violations.push(...(await axeViolations(page, 'login')));
      // Errors shown, then the professional registration.
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      violations.push(...(await axeViolations(page, 'login with errors')));
      await page.goto(`/auth?role=doctor&lng=${lng}`);
      await expect(page.locator('form select')).toBeVisible();
      await page.locator('form button[type="submit"]').click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      violations.push(...(await axeViolations(page, 'register doctor')));
      expect(violations).toEqual([]);
      expect(missing).toEqual([]);
    });
  }

  test('the registration form works with the keyboard only', async ({ page }) => {
    await page.goto('/auth?mode=register');
    await page.getByLabel(/^Prénom/).focus();
    await page.keyboard.press('Enter');
    // Submitting from the keyboard moves focus to the first field in error.
    await expect(page.getByLabel(/^Prénom/)).toBeFocused();
    await expect(page.getByText('Le prénom est obligatoire')).toBeVisible();
    const described = await page.getByLabel(/^Prénom/).getAttribute('aria-describedby');
    expect(described).toBeTruthy();
    await expect(page.locator(`[id="${described}"]`)).toHaveText('Le prénom est obligatoire');
  });
});
