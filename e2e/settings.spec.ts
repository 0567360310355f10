import { expect as baseExpect, test, type Page } from '@playwright/test';
import { BASE, ORIGIN, PASSWORD, apiSignIn, apiSignUp, axeViolations, freshTotp, totp, trackMissingKeys, uniqueEmail } from './support/accounts';
import { linkIn, waitForMail } from './support/mail';

// The server and the browser share the machine with other runs: give slow answers time.
const expect = baseExpect.configure({ timeout: 15_000 });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

/** A new patient, signed in in this page's browser. */
async function signedInPatient(page: Page, language: 'fr' | 'en' | 'es' = 'fr') {
  const email = uniqueEmail('settings');
  const response = await apiSignUp(page.request, { email, language });
  expect(response.status()).toBe(201);
  return email;
}

test.describe('settings', () => {
  test('a toggle is saved at once and kept; a failed save reverts with the spec message', async ({ page }) => {
    const missing = trackMissingKeys(page);
    await signedInPatient(page);
    await page.goto('/settings');
    await expect(h1(page)).toHaveText('Paramètres');

    const email = page.getByRole('switch', { name: 'Alertes par e-mail' });
    await expect(email).toHaveAttribute('aria-checked', 'false');
    await email.click();
    await expect(email).toHaveAttribute('aria-checked', 'true');
    await expect(toasts(page)).toContainText('Paramètre mis à jour');
    await page.getByLabel('Unité de glycémie').selectOption('mmol/l');
    await expect(page.getByLabel('Unité de glycémie')).toHaveValue('mmol/l');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Alertes par e-mail' })).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByLabel('Unité de glycémie')).toHaveValue('mmol/l');

    // The next PATCH fails: the switch goes back and the error is said.
    let patched = 0;
    await page.route('**/api/settings', async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      patched += 1;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom' } } });
    });
    const backup = page.getByRole('switch', { name: 'Sauvegarde automatique' });
    await expect(backup).toHaveAttribute('aria-checked', 'true');
    await backup.click();
    await expect(backup).toHaveAttribute('aria-checked', 'false');
    await expect(toasts(page)).toContainText('Erreur – Impossible de sauvegarder le paramètre');
    await expect(backup).toHaveAttribute('aria-checked', 'true');
    expect(patched).toBe(1);
    await page.unroute('**/api/settings');
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Sauvegarde automatique' })).toHaveAttribute('aria-checked', 'true');
    expect(missing).toEqual([]);
  });

  test('push notifications refused by the browser stay off', async ({ page }) => {
    await signedInPatient(page);
    await page.goto('/settings');
    const push = page.getByRole('switch', { name: 'Notifications push' });
    await expect(push).toHaveAttribute('aria-checked', 'true');
    await push.click();
    await expect(push).toHaveAttribute('aria-checked', 'false');
    await expect(toasts(page)).toContainText('Paramètre mis à jour');
    // Headless Chromium denies the permission by default.
    await push.click();
    await expect(toasts(page)).toContainText('Notifications bloquées');
    await expect(push).toHaveAttribute('aria-checked', 'false');
  });

  test('changing the language saves it and translates the page', async ({ page }) => {
    await signedInPatient(page);
    await page.goto('/settings');
    await page.locator('main').getByLabel('Langue').selectOption('en');
    await expect(h1(page)).toHaveText('Settings');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(toasts(page)).toContainText('Setting updated');
  });

  test("the account's language wins over the browser's last choice, and a change made in settings stays", async ({ page }) => {
    // The browser last showed French (stored choice); the account says Spanish.
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('glucosuivi-lang', 'fr');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await signedInPatient(page, 'es');
    await page.goto('/settings');
    await expect(h1(page)).toHaveText('Ajustes');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // Changing it on the settings page is not undone by the session, now or after a reload.
    await page.locator('main').getByLabel('Idioma').selectOption('en');
    await expect(h1(page)).toHaveText('Settings');
    await expect(toasts(page)).toContainText('Setting updated');
    await page.reload();
    await expect(h1(page)).toHaveText('Settings');
    // An explicit ?lng= link is still honoured.
    await page.goto('/settings?lng=fr');
    await expect(h1(page)).toHaveText('Paramètres');
  });

  test('two-factor sign-in: enrol with a computed TOTP, then code and backup code at sign-in', async ({ page }) => {
    test.setTimeout(90_000);
    const email = await signedInPatient(page);
    await page.goto('/settings');
    await page.getByRole('switch', { name: 'Authentification à deux facteurs' }).click();
    const dialog = page.getByRole('dialog', { name: "Activer l'authentification à deux facteurs" });
    await dialog.getByLabel('Mot de passe').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Continuer' }).click();
    await expect(dialog.getByRole('img', { name: /^QR code/ })).toBeVisible();
    const uri = (await dialog.getByTestId('totp-uri').textContent()) ?? '';
    const secret = new URL(uri).searchParams.get('secret') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    expect((await dialog.getByTestId('totp-secret').textContent())?.replace(/\s/g, '')).toBe(secret);
    const backupCodes = (await dialog.getByTestId('backup-codes').locator('li').allTextContents()).map((c) => c.trim());
    expect(backupCodes).toHaveLength(10);

    await dialog.getByLabel('Code à 6 chiffres').fill(await freshTotp(secret));
    await dialog.getByRole('button', { name: 'Activer' }).click();
    await expect(toasts(page)).toContainText('Authentification à deux facteurs activée');
    await expect(page.getByRole('switch', { name: 'Authentification à deux facteurs' })).toHaveAttribute('aria-checked', 'true');

    // Sign out, sign in: the second step asks for the code.
    await page.getByRole('banner').getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(`${BASE}/`);
    await page.goto('/auth');
    await page.getByLabel(/^Adresse e-mail/).fill(email);
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(h1(page)).toHaveText('Vérification en deux étapes');
    const wrong = String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    await page.getByLabel('Code de vérification').fill(wrong);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expect(page.getByRole('alert')).toContainText('Code invalide ou expiré.');
    // The enrolment spent its code's time-step: the next step's code (accepted one step ahead) signs in.
    await page.getByLabel('Code de vérification').fill(totp(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expect(page).toHaveURL(`${BASE}/patient-dashboard`);

    // A backup code works once.
    const backup = backupCodes[0]!;
    for (const attempt of [1, 2]) {
      await page.context().clearCookies();
      const signIn = await apiSignIn(page.request, email);
      expect((await signIn.json()).status).toBe('two_factor_required');
      const verified = await page.request.post('/api/accounts/two-factor/backup-code', { headers: ORIGIN, data: { code: backup } });
      expect(verified.ok(), `backup code attempt ${attempt}`).toBe(attempt === 1);
    }
    // Through the page, with another backup code.
    await page.context().clearCookies();
    await page.goto('/auth');
    await page.getByLabel(/^Adresse e-mail/).fill(email);
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('button', { name: 'Utiliser un code de secours' }).click();
    await page.getByLabel('Code de secours').fill(backupCodes[1]!);
    await page.getByRole('button', { name: 'Vérifier' }).click();
    await expect(page).toHaveURL(`${BASE}/patient-dashboard`);
  });

  test('the e-mail changes only once the link sent to the new address is followed, and that link works once', async ({ page }) => {
    test.setTimeout(90_000);
    const email = await signedInPatient(page);
    const newEmail = uniqueEmail('settings-new');
    await page.goto('/settings');
    await page.getByLabel('Nouvelle adresse e-mail').fill(newEmail);
    await page.getByLabel('Mot de passe actuel').fill(PASSWORD);
    await page.getByRole('button', { name: "Changer d'adresse e-mail" }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Lien de confirmation envoyé' })).toContainText(newEmail);
    await expect(page.getByText(`Adresse actuelle : ${email}`)).toBeVisible();

    // The old address is told; the link goes to the new one.
    const notice = await waitForMail(email, (mail) => mail.subject.includes('Demande de changement'));
    expect(notice.text).not.toContain('/email/confirm');
    const link = new URL(linkIn(await waitForMail(newEmail, (mail) => mail.subject.includes('Confirmez')), '/email/confirm'));
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('status').filter({ hasText: 'C’est fait' })).toHaveText(`C’est fait : votre adresse de connexion est désormais ${newEmail}.`);
    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Ce lien' })).toContainText('Ce lien n’est pas valable');
    await page.goto('/settings');
    await expect(page.getByText(`Adresse actuelle : ${newEmail}`)).toBeVisible();
    await page.context().clearCookies();
    expect((await apiSignIn(page.request, newEmail)).ok()).toBe(true);
  });

  test('sessions are listed and account deletion signs out with the notice', async ({ page }) => {
    const email = await signedInPatient(page);
    await page.goto('/settings');
    const sessions = page.getByRole('list', { name: 'Sessions actives' });
    await expect(sessions.getByText('Cet appareil')).toBeVisible();

    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
    await expect(dialog).toContainText(
      'Êtes-vous sûr de vouloir supprimer votre compte ? Cette action est irréversible et supprimera toutes vos données.',
    );
    await dialog.getByRole('button', { name: 'Oui, supprimer mon compte' }).click();
    await expect(toasts(page)).toContainText('Suppression demandée');
    await expect(page).toHaveURL(`${BASE}/`);
    await page.goto('/settings');
    await expect(page).toHaveURL(`${BASE}/auth`);
    // Signing in again within 30 days cancels the deletion (PRODUCT.md §5).
    const again = await apiSignIn(page.request, email);
    expect((await again.json()).deletionCancelled).toBe(true);
  });
});

test.describe('accessibility of /settings', () => {
  for (const lng of ['fr', 'en', 'es'] as const) {
    test(`no axe violations (${lng})`, async ({ page }) => {
      const missing = trackMissingKeys(page);
      await signedInPatient(page, lng);
      await page.goto(`/settings?lng=${lng}`);
      await expect(page.getByRole('switch').first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      expect(await axeViolations(page, `/settings ${lng}`)).toEqual([]);
      expect(missing).toEqual([]);
    });
  }
});
