import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ORIGIN, apiSignUp, axeViolations, trackMissingKeys, uniqueEmail } from './support/accounts';

// Issue 14: a professional asks, on a patient's page and by keyboard, to be told of that
// patient's alerts; a hypo the patient records elsewhere then reaches the professional's bell
// without a reload (delivery job + realtime channel), and their centre lists it with a link to
// the patient's page. Checked within 10 s: the worker polls each second, the rest is the refetch.
const expect = baseExpect.configure({ timeout: 10_000 });
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test("a professional who asked is told of the patient's hypo, live, in the header and the centre", async ({ browser }) => {
  test.setTimeout(120_000);
  const professionalContext = await browser.newContext();
  const patientContext = await browser.newContext();
  const professional = await professionalContext.newPage();
  const patient = await patientContext.newPage();
  const missing = [...trackMissingKeys(professional), ...trackMissingKeys(patient)];

  const signedUp = await apiSignUp(professional.request, { email: uniqueEmail('alert-pro'), role: 'doctor', firstName: 'Hélène', lastName: 'Garnier', medicalLicense: '10000000009' });
  expect(signedUp.status()).toBe(201);
  const { inviteCode } = (await (await professional.request.get('/api/doctor/profile')).json()) as { inviteCode: string };
  const patientSignUp = await apiSignUp(patient.request, { email: uniqueEmail('alert-patient'), firstName: 'Margaux', lastName: 'Alerte' });
  expect(patientSignUp.status()).toBe(201);
  const linked = await patient.request.post('/api/care-team/invitations/professional', { headers: ORIGIN, data: { code: inviteCode, categories: ['glucose', 'alerts'] } });
  expect(linked.status(), await linked.text()).toBe(201);

  await professional.goto('/doctor');
  const row = professional.getByTestId('triage-row').filter({ has: professional.getByRole('link', { name: /Margaux/ }) });
  await row.getByRole('link', { name: /Margaux/ }).click();
  await expect(h1(professional)).toHaveText('Margaux Alerte', { timeout: 20_000 });

  const bell = (label: string) => professional.getByRole('banner').getByRole('link', { name: label, exact: true });
  await expect(bell('Notifications : aucune non lue')).toBeVisible();
  const ask = professional.getByRole('switch', { name: "M'avertir des alertes de ce patient" });
  await expect(ask).toHaveAttribute('aria-checked', 'false');
  await ask.focus();
  await professional.keyboard.press('Space');
  await expect(ask).toHaveAttribute('aria-checked', 'true');
  await expect(professional.getByText('Vous serez averti des alertes de ce patient.')).toBeVisible();

  // A very low reading recorded elsewhere (the patient's phone, an uploader).
  const measuredAt = new Date().toISOString();
  const recorded = await patient.request.post('/api/measurements', { headers: ORIGIN, data: { kind: 'glucose', measuredAt, value: 50, unit: 'mg/dL' } });
  expect(recorded.status(), await recorded.text()).toBe(201);
  await expect(bell('Notifications : 1 non lue')).toBeVisible();

  await bell('Notifications : 1 non lue').click();
  await expect(professional).toHaveURL(/\/doctor-notifications$/);
  await expect(h1(professional)).toHaveText('Notifications');
  const item = professional.getByTestId('notification-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Margaux Alerte : hypoglycémie sévère');
  await expect(item.getByRole('link', { name: 'Ouvrir la fiche de Margaux Alerte' })).toHaveAttribute('href', /\/doctor\/patients\//);
  expect(await axeViolations(professional, '/doctor-notifications')).toEqual([]);

  expect(missing).toEqual([]);
  await professionalContext.close();
  await patientContext.close();
});
