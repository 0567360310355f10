import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, request as playwrightRequest, test, type Locator, type Page } from '@playwright/test';
import { BASE, ORIGIN, PASSWORD, apiSignIn, axeViolations, trackMissingKeys, uniqueEmail } from './support/accounts';
import { signUpPatient } from './support/health-api';
import { linkIn, waitForMail } from './support/mail';

// The server and the browser share the machine with other runs: give slow answers time.
const expect = baseExpect.configure({ timeout: 15_000 });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const toasts = (page: Page) => page.locator('[data-sonner-toaster]');
// The demo nurse: the diabetologist's list is what e2e/doctor.spec.ts counts, in parallel.
const DOCTOR_EMAIL = 'infirmier.petit@demo.glucosuivi.fr';

interface DemoDoctor {
  password: string;
  code: string;
}

/** Lucas Petit's password and personal code, from the demo accounts file the seed writes. */
async function demoDiabetologist(): Promise<DemoDoctor> {
  const file = join(process.env.E2E_DATA_DIR ?? '', 'demo-accounts.txt');
  // The seed may still be running on the first start of the server.
  for (let waited = 0; waited < 180_000; waited += 1_000) {
    if (existsSync(file)) {
      const line = readFileSync(file, 'utf8')
        .split('\n')
        .find((l) => l.startsWith(DOCTOR_EMAIL));
      const code = /code patient ([A-Z0-9]{8})\)/.exec(line ?? '')?.[1];
      const password = line?.trim().split(/\s+/)[1];
      if (code && password) return { code, password };
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`no line for ${DOCTOR_EMAIL} with a code in ${file}`);
}

async function careTeamCategories(page: Page): Promise<string[][]> {
  const response = await page.request.get('/api/care-team');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { items: { categories: string[] }[] }).items.map((m) => m.categories);
}

async function addMeasurement(page: Page, data: Record<string, unknown>) {
  const response = await page.request.post('/api/measurements', { headers: ORIGIN, data: { measuredAt: new Date(Date.now() - 3_600_000).toISOString(), ...data } });
  expect(response.status(), await response.text()).toBe(201);
}

/** axe reads a toast in mid-animation as low contrast: check pages once the toasts are gone. */
async function axeWhenSettled(page: Page, where: string): Promise<string[]> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
  return axeViolations(page, where);
}

const checkbox = (scope: Locator, name: string) => scope.getByRole('checkbox', { name: new RegExp(`^${name}`) });

test.describe('care team, patient side', () => {
  test('invite by code, change a category, share a link, revoke it, and see who viewed', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const missing = trackMissingKeys(page);
    const doctor = await demoDiabetologist();
    await signUpPatient(page, 'Inès');
    await addMeasurement(page, { kind: 'glucose', value: 145, unit: 'mg/dL' });
    await addMeasurement(page, { kind: 'weight', kg: 81.4 });

    await page.goto('/profil');
    await expect(h1(page)).toHaveText('Mon profil');
    const section = page.locator('#care-team');
    await expect(section.getByRole('heading', { name: 'Mon équipe de soins' })).toBeVisible();
    await expect(section.getByTestId('care-team-empty')).toBeVisible();

    // Inviting needs at least one category: nothing is ticked at first, and nothing is sent.
    const invite = section.getByTestId('invite-professional');
    await invite.getByLabel('Code personnel du professionnel').fill(doctor.code);
    for (const name of ['Glycémie', 'HbA1c', 'Poids', 'Alertes']) await expect(checkbox(invite, name)).not.toBeChecked();
    await invite.getByRole('button', { name: 'Inviter' }).click();
    await expect(invite).toContainText('Choisissez au moins une catégorie à partager');
    expect(await careTeamCategories(page)).toEqual([]);

    // A wrong code is said in words, and links nobody.
    await invite.getByLabel('Code personnel du professionnel').fill('ZZZZ9999');
    await checkbox(invite, 'Glycémie').check();
    await invite.getByRole('button', { name: 'Inviter' }).click();
    await expect(invite.getByRole('alert')).toHaveText('Aucun professionnel ne correspond à ce code. Vérifiez-le auprès du professionnel.');
    expect(await careTeamCategories(page)).toEqual([]);

    await invite.getByLabel('Code personnel du professionnel').fill(doctor.code.toLowerCase());
    await invite.getByRole('button', { name: 'Inviter' }).click();
    await expect(toasts(page)).toContainText('Le professionnel a rejoint votre équipe de soins');
    const member = section.getByTestId('care-team-member');
    await expect(member).toHaveCount(1);
    await expect(member.getByRole('heading', { name: 'Lucas Petit' })).toBeVisible();
    await expect(member).toContainText(/Infirmier/i);
    await expect(member).toContainText(/Identité professionnelle (vérifiée|pas encore vérifiée)/);
    await expect(checkbox(member, 'Glycémie')).toBeChecked();
    await expect(checkbox(member, 'Tension artérielle')).not.toBeChecked();
    expect(await careTeamCategories(page)).toEqual([['glucose']]);

    // A category changed is saved at once, and kept.
    await checkbox(member, 'Tension artérielle').check();
    await expect(toasts(page)).toContainText('Partage mis à jour');
    await expect.poll(() => careTeamCategories(page)).toEqual([['glucose', 'blood_pressure']]);
    await page.reload();
    await expect(checkbox(page.getByTestId('care-team-member'), 'Tension artérielle')).toBeChecked();

    // A failed save puts the box back and says so.
    await page.route('**/api/care-team/links/*/categories', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'boom', requestId: 'x' } } });
    });
    await checkbox(page.getByTestId('care-team-member'), 'Poids').click();
    // Ticked at once (optimistic), then back when the server refuses.
    await expect(checkbox(page.getByTestId('care-team-member'), 'Poids')).toBeChecked();
    await expect(toasts(page)).toContainText("Le changement n'a pas été enregistré");
    await expect(checkbox(page.getByTestId('care-team-member'), 'Poids')).not.toBeChecked();
    await page.unroute('**/api/care-team/links/*/categories');
    expect(await careTeamCategories(page)).toEqual([['glucose', 'blood_pressure']]);

    const profileViolations = await axeWhenSettled(page, '/profil');

    // A share link of glucose only.
    const form = page.getByTestId('create-share-link');
    await expect(form.getByLabel('Le lien expire après')).toHaveValue('168');
    await checkbox(form, 'Glycémie').check();
    await form.getByLabel('Nom du lien (facultatif)').fill('Dr Durand');
    await form.getByRole('button', { name: 'Créer le lien' }).click();
    const created = page.getByTestId('created-share-link');
    await expect(created.getByRole('heading', { name: 'Votre lien est prêt' })).toBeVisible();
    await expect(created.getByRole('button', { name: 'Copier le lien' })).toBeVisible();
    const url = await created.getByLabel('Adresse du lien').inputValue();
    expect(url).toMatch(new RegExp(`^${BASE}/partage/[A-Za-z0-9_-]{43}$`));
    profileViolations.push(...(await axeWhenSettled(page, '/profil with a new link')));
    await created.getByRole('button', { name: "J'ai copié le lien" }).click();
    const row = page.getByTestId('share-link');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Dr Durand');
    await expect(row.getByTestId('share-link-views')).toHaveText('Jamais consulté');

    // Someone without an account opens it: the banner, glucose, and nothing else.
    const stranger = await browser.newContext({ baseURL: BASE, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    const other = await stranger.newPage();
    const strangerMissing = trackMissingKeys(other);
    await other.goto(url);
    await expect(h1(other)).toHaveText('Suivi de Inès Martin');
    await expect(other.getByTestId('share-banner')).toContainText('Ce lien expire le');
    await expect(other.getByTestId('share-banner')).toContainText('Partagé : Glycémie');
    await expect(other.getByTestId('share-glucose')).toContainText('145');
    await expect(other.getByTestId('share-records')).toHaveCount(0);
    await expect(other.getByTestId('share-alerts')).toHaveCount(0);
    await expect(other.locator('main')).not.toContainText('81,4');
    const shareViolations = await axeWhenSettled(other, '/partage');

    // The patient sees the view: on the link and in "who viewed my data".
    await page.reload();
    await expect(page.getByTestId('share-link').getByTestId('share-link-views')).toContainText('Consulté 1 fois');
    const log = page.getByTestId('access-log');
    await expect(log).toContainText('Lien sécurisé « Dr Durand »');
    await expect(log).toContainText('Glycémie');
    // Only the link's line: the nurse's own list, opened by another journey, is a logged read too.
    const linkViews = (scope: Locator) => scope.locator('tbody tr').filter({ hasText: 'Lien sécurisé' });
    await expect(linkViews(log)).toHaveCount(1);

    // Revoked: the page says so and shows no data.
    await page.getByTestId('share-link').getByRole('button', { name: /Révoquer/ }).click();
    await expect(toasts(page)).toContainText('Lien révoqué');
    await other.reload();
    await expect(h1(other)).toHaveText("Ce lien n'est plus disponible");
    await expect(other.getByTestId('share-unavailable')).toContainText('révoqué');
    await expect(other.getByTestId('share-banner')).toHaveCount(0);
    await expect(other.locator('main')).not.toContainText('145');
    shareViolations.push(...(await axeWhenSettled(other, '/partage revoked')));
    await stranger.close();

    // The failed view after revocation is not a view: still one line in the log.
    await page.reload();
    await expect(linkViews(page.getByTestId('access-log'))).toHaveCount(1);
    await expect(page.locator('#share-links')).toContainText('Aucun lien actif.');
    await expect(page.locator('#share-links')).toContainText('1 lien expiré ou révoqué');

    // Inviting someone without a professional account sends an invitation, listed until answered.
    const professionalEmail = uniqueEmail('pro');
    const inviteForm = page.getByTestId('invite-professional');
    await inviteForm.getByLabel('Par son adresse e-mail').check();
    await inviteForm.getByLabel('Adresse e-mail du professionnel').fill('pas-une-adresse');
    await checkbox(inviteForm, 'HbA1c').check();
    await inviteForm.getByRole('button', { name: 'Inviter' }).click();
    await expect(inviteForm).toContainText("Cette adresse e-mail n'est pas valide");
    await inviteForm.getByLabel('Adresse e-mail du professionnel').fill(professionalEmail);
    await inviteForm.getByRole('button', { name: 'Inviter' }).click();
    await expect(toasts(page)).toContainText(`Invitation envoyée à ${professionalEmail}`);
    const pending = page.getByTestId('pending-invitation');
    await expect(pending).toContainText(professionalEmail);
    await expect(pending).toContainText('HbA1c');
    expect(linkIn(await waitForMail(professionalEmail), '/invitations/accept')).toContain('token=');
    await pending.getByRole('button', { name: /Annuler l'invitation/ }).click();
    await expect(toasts(page)).toContainText('Invitation annulée');
    await expect(page.getByTestId('pending-invitation')).toHaveCount(0);

    // Removing a professional asks first; once confirmed, the link ends at once.
    const claire = page.getByTestId('care-team-member');
    await claire.getByRole('button', { name: /Retirer de mon équipe/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Retirer Lucas Petit de votre équipe ?' });
    await expect(dialog).toBeVisible();
    profileViolations.push(...(await axeWhenSettled(page, '/profil revoke dialog')));
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await careTeamCategories(page)).toEqual([['glucose', 'blood_pressure']]);
    await claire.getByRole('button', { name: /Retirer de mon équipe/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Oui, retirer' }).click();
    await expect(toasts(page)).toContainText('Lucas Petit ne fait plus partie de votre équipe de soins');
    await expect(page.getByTestId('care-team-empty')).toBeVisible();
    expect(await careTeamCategories(page)).toEqual([]);

    expect([...profileViolations, ...shareViolations]).toEqual([]);
    expect([...missing, ...strangerMissing]).toEqual([]);
  });

  test('an e-mailed invitation: sign up from the link, come back, accept glucose only', async ({ page }) => {
    test.setTimeout(180_000);
    const missing = trackMissingKeys(page);
    const doctor = await demoDiabetologist();
    const email = uniqueEmail('invited');

    const asDoctor = await playwrightRequest.newContext({ baseURL: BASE });
    expect((await apiSignIn(asDoctor, DOCTOR_EMAIL, doctor.password)).ok()).toBe(true);
    const sent = await asDoctor.post('/api/care-team/invitations/patient', { headers: ORIGIN, data: { email } });
    expect(sent.status(), await sent.text()).toBe(201);
    await asDoctor.dispose();

    const mail = await waitForMail(email);
    const link = linkIn(mail, '/invitations/accept');
    expect(link.startsWith(`${BASE}/invitations/accept?token=`)).toBe(true);

    // Signed out: what this is, and the way in.
    await page.goto(link);
    await expect(h1(page)).toHaveText('Invitation à une équipe de soins');
    await expect(page.getByTestId('invitation-preview')).toContainText('Lucas Petit vous invite à partager vos données');
    const violations = await axeWhenSettled(page, 'accept signed out');
    await page.getByRole('link', { name: 'Créer un compte' }).click();
    await expect(h1(page)).toHaveText('Inscription');
    expect(new URL(page.url()).searchParams.get('next')).toBe(new URL(link).pathname + new URL(link).search);
    await page.getByLabel(/^Prénom/).fill('Yanis');
    await page.getByLabel(/^Adresse e-mail/).fill(email);
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByLabel(/^Confirmer le mot de passe/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Créer mon compte patient' }).click();

    // Back on the invitation, now with who invites and the choice of categories.
    await expect(page).toHaveURL(link);
    await expect(h1(page)).toHaveText('Invitation à une équipe de soins');
    const preview = page.getByTestId('invitation-preview');
    await expect(preview).toContainText('Lucas Petit');
    for (const name of ['Glycémie', 'HbA1c', 'Bilan lipidique', 'Tension artérielle', 'Poids', 'Événements du quotidien', 'Rapports', 'Alertes']) {
      await expect(checkbox(page.locator('main'), name)).not.toBeChecked();
    }
    await expect(page.getByText('Vos mesures de sucre dans le sang')).toBeVisible();
    violations.push(...(await axeWhenSettled(page, 'accept signed in')));

    // Accepting with nothing ticked is refused in words, and links nothing.
    await page.getByRole('button', { name: 'Accepter' }).click();
    await expect(page.locator('main')).toContainText('Choisissez au moins une catégorie à partager');
    expect(await careTeamCategories(page)).toEqual([]);

    await checkbox(page.locator('main'), 'Glycémie').check();
    await page.getByRole('button', { name: 'Accepter' }).click();
    await expect(page).toHaveURL(`${BASE}/profil#care-team`);
    await expect(toasts(page)).toContainText('Lucas Petit fait maintenant partie de votre équipe de soins');
    const member = page.locator('#care-team').getByTestId('care-team-member');
    await expect(member.getByRole('heading', { name: 'Lucas Petit' })).toBeVisible();
    await expect(checkbox(member, 'Glycémie')).toBeChecked();
    await expect(checkbox(member, 'HbA1c')).not.toBeChecked();
    expect(await careTeamCategories(page)).toEqual([['glucose']]);

    // The link was used once: opened again, it says so.
    await page.goto(link);
    await expect(page.getByTestId('invitation-closed')).toHaveText('Invitation déjà acceptée');

    expect(violations).toEqual([]);
    expect(missing).toEqual([]);
  });

  test("a patient's e-mailed invitation: the professional signs up from the link and accepts the chosen categories", async ({ page, browser }) => {
    test.setTimeout(180_000);
    await signUpPatient(page, 'Inès');
    const email = uniqueEmail('new-pro');
    const sent = await page.request.post('/api/care-team/invitations/professional', { headers: ORIGIN, data: { email, categories: ['glucose', 'weight'] } });
    expect(sent.status(), await sent.text()).toBe(201);
    const link = linkIn(await waitForMail(email), '/invitations/accept');

    const proContext = await browser.newContext({ baseURL: BASE, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    const pro = await proContext.newPage();
    const missing = trackMissingKeys(pro);
    await pro.goto(link);
    await expect(pro.getByTestId('invitation-preview')).toContainText('Inès Martin vous invite à suivre ses données de santé.');
    await pro.getByRole('link', { name: 'Créer un compte' }).click();
    await expect(h1(pro)).toHaveText('Inscription');
    await pro.getByRole('button', { name: /Professionnel de santé/ }).click();
    await pro.getByLabel(/^Prénom/).fill('Paul');
    await pro.getByLabel(/^Nom/).fill('Roux');
    await pro.getByLabel(/^Adresse e-mail/).fill(email);
    await pro.getByLabel(/^Numéro RPPS/).fill('10000000009');
    await pro.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await pro.getByLabel(/^Confirmer le mot de passe/).fill(PASSWORD);
    await pro.getByRole('button', { name: 'Créer mon compte professionnel' }).click();

    // Back on the invitation: the professional sees what the patient chose and cannot change it.
    await expect(pro).toHaveURL(link);
    await expect(pro.locator('main')).toContainText('Données que le patient partage avec vous');
    await expect(pro.locator('main').getByRole('listitem')).toHaveText(['Glycémie', 'Poids']);
    await expect(pro.getByRole('checkbox')).toHaveCount(0);
    await pro.getByRole('button', { name: 'Accepter' }).click();
    await expect(pro).toHaveURL(`${BASE}/doctor`);
    await expect(toasts(pro)).toContainText('Vous suivez maintenant Inès Martin');
    await proContext.close();

    expect(await careTeamCategories(page)).toEqual([['glucose', 'weight']]);
    await page.goto('/profil');
    await expect(page.getByTestId('care-team-member').getByRole('heading', { name: 'Paul Roux' })).toBeVisible();
    expect(missing).toEqual([]);
  });
});
