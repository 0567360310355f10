import { expect as baseExpect, test, type Page } from '@playwright/test';
import { ORIGIN, apiSignUp, trackMissingKeys, uniqueEmail } from './support/accounts';
import { liveChannelOpen } from './support/realtime';

// Issue 13, live screens: without any reload, a reading recorded elsewhere (another device, an
// uploader: here the API) shows on the patient's own dashboard and header count, on the professional's triage list
// (the new urgent alert) and on the professional's page of that patient; a revocation turns that
// page into "not found" by itself. Each screen is checked within 5 s: the channel's target is 1 s,
// the rest is the refetch on a busy machine.
const expect = baseExpect.configure({ timeout: 5_000 });
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function record(page: Page, value: number, minutesAgo = 0): Promise<void> {
  const measuredAt = new Date(Date.now() - minutesAgo * 60_000).toISOString();
  const response = await page.request.post('/api/measurements', { headers: ORIGIN, data: { kind: 'glucose', measuredAt, value, unit: 'mg/dL' } });
  expect(response.status(), await response.text()).toBe(201);
}

test('screens update by themselves: patient dashboard, triage list, patient page, revocation', async ({ browser }) => {
  test.setTimeout(120_000);
  const professionalContext = await browser.newContext();
  const patientContext = await browser.newContext();
  const professional = await professionalContext.newPage();
  const patient = await patientContext.newPage();
  const missing = [...trackMissingKeys(professional), ...trackMissingKeys(patient)];

  // A professional and a patient of their own, linked by the professional's personal code.
  const signedUp = await apiSignUp(professional.request, { email: uniqueEmail('live-pro'), role: 'doctor', firstName: 'Inès', lastName: 'Roux', medicalLicense: '10000000009' });
  expect(signedUp.status()).toBe(201);
  const { inviteCode } = (await (await professional.request.get('/api/doctor/profile')).json()) as { inviteCode: string };
  expect((await apiSignUp(patient.request, { email: uniqueEmail('live-patient'), firstName: 'Margaux', lastName: 'Live' })).status()).toBe(201);
  const linked = await patient.request.post('/api/care-team/invitations/professional', { headers: ORIGIN, data: { code: inviteCode, categories: ['glucose', 'alerts'] } });
  expect(linked.status(), await linked.text()).toBe(201);
  await record(patient, 120, 60);

  // The dashboard is rendered by the server and starts its app (and its channel) a few seconds
  // later: the changes below are made once the channel is open.
  const patientLive = liveChannelOpen(patient);
  await patient.goto('/patient-dashboard');
  await expect(patient.getByTestId('last-glucose')).toContainText('120', { timeout: 20_000 });
  await patientLive;
  await professional.goto('/doctor');
  const row = professional.getByTestId('triage-row').filter({ has: professional.getByRole('link', { name: /Margaux/ }) });
  await expect(row).toHaveCount(1, { timeout: 20_000 });
  await expect(row.getByRole('link', { name: /Margaux/ }).locator('svg')).toHaveCount(0);

  // A very low reading arrives from elsewhere: both screens change by themselves.
  const bell = (label: string) => patient.getByRole('banner').getByRole('link', { name: label, exact: true });
  await expect(bell('Notifications : aucune non lue')).toBeVisible();
  await record(patient, 50);
  await expect(patient.getByTestId('last-glucose')).toContainText('50');
  // The header's count follows the new alert.
  await expect(bell('Notifications : 1 non lue')).toBeVisible();
  await expect(row).toContainText('urgente');
  await expect(row.getByRole('link', { name: /Margaux/ }).locator('svg')).toHaveCount(1);

  // The professional's page of this patient follows the next reading too.
  await row.getByRole('link', { name: /Margaux/ }).click();
  await expect(h1(professional)).toHaveText('Margaux Live', { timeout: 20_000 });
  await expect(professional.getByTestId('last-glucose')).toContainText('50', { timeout: 20_000 });
  await record(patient, 88);
  await expect(professional.getByTestId('last-glucose')).toContainText('88');
  await expect(patient.getByTestId('last-glucose')).toContainText('88');

  // The patient removes the professional: the open page says "not found" by itself.
  const team = (await (await patient.request.get('/api/care-team')).json()) as { items: { linkId: string }[] };
  const revoked = await patient.request.delete(`/api/care-team/links/${team.items[0]!.linkId}`, { headers: ORIGIN });
  expect(revoked.status()).toBe(200);
  await expect(h1(professional)).toHaveText('Patient introuvable');

  expect(missing).toEqual([]);
  await professionalContext.close();
  await patientContext.close();
});
