import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD, apiSignIn, axeViolations, trackMissingKeys, uniqueEmail } from './support/accounts';
import { linkIn, waitForMail } from './support/mail';

// Issue 5, "must show" 1, both roles in their own browsers, every step through the UI: the
// professional invites by e-mail (real SMTP to the loopback sink), the patient signs up from the
// link and shares glucose only, the professional sees glucose and "non partagé" for blood
// pressure, the patient shares blood pressure and records one (seen at once), then revokes the
// link and the professional's next request is "not found".
const expect = baseExpect.configure({ timeout: 15_000 });
// The demo nurse: the diabetologist's list is what e2e/doctor.spec.ts counts, in parallel.
const DOCTOR = 'infirmier.petit@demo.glucosuivi.fr';
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const toasts = (page: Page) => page.locator('[data-sonner-toaster]');
const checkbox = (scope: Locator, name: string) => scope.getByRole('checkbox', { name: new RegExp(`^${name}`) });

function demoPassword(email: string): string {
  const file = join(process.env.E2E_DATA_DIR ?? '', 'demo-accounts.txt');
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [address, password] = line.trim().split(/\s+/);
    if (address === email && password) return password;
  }
  throw new Error(`${email} is not in ${file}`);
}

async function axeSettled(page: Page, where: string): Promise<string[]> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
  return axeViolations(page, where);
}

test('a professional invites a new patient, sees only what is shared, and loses access when the patient revokes', async ({ browser }) => {
  test.setTimeout(240_000);
  const doctorContext = await browser.newContext();
  const patientContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  const patient = await patientContext.newPage();
  const missing = trackMissingKeys(doctor);
  const patientMissing = trackMissingKeys(patient);
  const violations: string[] = [];

  // The professional invites by e-mail from /patient-invitations.
  expect((await apiSignIn(doctor.request, DOCTOR, demoPassword(DOCTOR))).status()).toBe(200);
  await doctor.goto('/patient-invitations');
  await expect(h1(doctor)).toHaveText('Invitations patients');
  const email = uniqueEmail('journey');
  await doctor.getByLabel('Adresse e-mail du patient').fill(email);
  await doctor.getByRole('button', { name: "Envoyer l'invitation" }).click();
  await expect(toasts(doctor)).toContainText(`Invitation envoyée à ${email}`);

  // The e-mail arrives over SMTP; the patient signs up from its link and comes back to it.
  const link = linkIn(await waitForMail(email), '/invitations/accept');
  await patient.goto(link);
  await expect(h1(patient)).toHaveText('Invitation à une équipe de soins');
  await patient.getByRole('link', { name: 'Créer un compte' }).click();
  await expect(h1(patient)).toHaveText('Inscription');
  await patient.getByLabel(/^Prénom/).fill('Philomène');
  await patient.getByLabel(/^Adresse e-mail/).fill(email);
  await patient.getByLabel(/^Mot de passe/).fill(PASSWORD);
  await patient.getByLabel(/^Confirmer le mot de passe/).fill(PASSWORD);
  await patient.getByRole('button', { name: 'Créer mon compte patient' }).click();
  await expect(patient).toHaveURL(link);
  await checkbox(patient.locator('main'), 'Glycémie').check();
  await patient.getByRole('button', { name: 'Accepter' }).click();
  await expect(patient).toHaveURL(/\/profil#care-team$/);
  await expect(toasts(patient)).toContainText('Lucas Petit fait maintenant partie de votre équipe de soins');

  // The patient records a glucose reading.
  await patient.goto('/new-measurement');
  await patient.getByRole('textbox', { name: /^Glycémie/ }).fill('142');
  await patient.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(patient).toHaveURL(/\/patient-dashboard$/);

  // The professional finds the patient in the list, with "non partagé" where nothing is shared.
  await doctor.goto('/doctor');
  const row = doctor.getByTestId('triage-row').filter({ has: doctor.getByRole('link', { name: /^Philomène/ }) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('non partagé');
  violations.push(...(await axeSettled(doctor, '/doctor')));
  await row.getByRole('link', { name: /^Philomène/ }).click();
  await expect(doctor).toHaveURL(/\/doctor\/patients\/[^/]+$/);
  const patientUrl = doctor.url();
  const patientId = patientUrl.split('/').at(-1) ?? '';
  await expect(doctor.getByTestId('last-glucose')).toContainText('142');
  await expect(doctor.getByRole('img', { name: /Courbe de glycémie/ })).toBeVisible();
  const bloodPressure = doctor.getByRole('region', { name: 'Suivi métabolique' }).getByRole('article', { name: 'Tension' });
  await expect(bloodPressure).toContainText('Non partagé par le patient');
  await expect(doctor.getByTestId('patient-entries')).toContainText('142 mg/dL');
  violations.push(...(await axeSettled(doctor, 'patient page')));

  // The patient shares blood pressure and records one: the professional sees it at once.
  await patient.goto('/profil');
  const member = patient.locator('#care-team').getByTestId('care-team-member');
  await checkbox(member, 'Tension artérielle').check();
  await expect(toasts(patient)).toContainText(/enregistr|mis à jour/i);
  await patient.goto('/new-measurement');
  await patient.getByText('Tension', { exact: true }).click();
  await patient.getByRole('textbox', { name: /^Systolique/ }).fill('128');
  await patient.getByRole('textbox', { name: /^Diastolique/ }).fill('82');
  await patient.getByRole('button', { name: 'Enregistrer', exact: true }).click();
  await expect(patient).toHaveURL(/\/patient-dashboard$/);
  await doctor.reload();
  await expect(bloodPressure).toContainText('128');
  await expect(bloodPressure).toContainText('mmHg');
  // Both entries default to the current minute, so their order is not the point: the new one is listed.
  await expect(doctor.getByTestId('patient-entries')).toContainText('128/82 mmHg');

  // The patient revokes: the professional's next request is "not found", in the API and the page.
  await patient.goto('/profil');
  await member.getByRole('button', { name: /Retirer de mon équipe/ }).click();
  await patient.getByRole('dialog').getByRole('button', { name: 'Oui, retirer' }).click();
  await expect(toasts(patient)).toContainText('Lucas Petit ne fait plus partie de votre équipe de soins');
  expect((await doctor.request.get(`/api/doctor/patients/${patientId}/summary?days=14`)).status()).toBe(404);
  await doctor.goto(patientUrl);
  await expect(h1(doctor)).toHaveText('Patient introuvable');
  await doctor.goto('/doctor');
  await expect(doctor.getByRole('link', { name: /^Philomène/ })).toHaveCount(0);

  expect(violations).toEqual([]);
  expect([...missing, ...patientMissing]).toEqual([]);
  await doctorContext.close();
  await patientContext.close();
});
