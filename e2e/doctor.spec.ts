import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, apiSignUp, axeViolations, trackMissingKeys, uniqueEmail } from './support/accounts';
import { linkIn, waitForMail } from './support/mail';

// The professional's side of the care team, as the demo diabetologist (Dr Claire Bernard, who
// follows 30 demo patients sharing different categories).

const DOCTOR = 'dr.bernard@demo.glucosuivi.fr';
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

/** axe once the toasts are gone: it checks the page, not a notification fading in or out. */
async function axeWithoutToasts(page: Page, where: string): Promise<string[]> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  return axeViolations(page, where);
}

/** A demo account's password, from the e2e server's data folder (written by the demo seed). */
function demoPassword(email: string): string {
  const file = join(process.env.E2E_DATA_DIR ?? '', 'demo-accounts.txt');
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [address, password] = line.trim().split(/\s+/);
    if (address === email && password) return password;
  }
  throw new Error(`${email} is not in ${file}`);
}

async function signInAsDoctor(page: Page) {
  const res = await apiSignIn(page.request, DOCTOR, demoPassword(DOCTOR));
  expect(res.status()).toBe(200);
}

type Shared<T> = T | { notShared: true };
interface TriageRow {
  patientId: string;
  firstName: string;
  lastName: string | null;
  categories: string[];
  glucose: Shared<{ belowRange: number | null; aboveRange: number | null }>;
  alerts: Shared<{ open: number; urgent: number }>;
  hba1c: Shared<{ percent: number } | null>;
  advice: { findings: { kind: string; severity: string }[] } | null;
}
const shared = <T extends object>(x: Shared<T> | null): T | null => (x && 'notShared' in x ? null : (x as T | null));

/** What the API answers (the page must show the same order). */
async function triageRows(page: Page): Promise<TriageRow[]> {
  const res = await page.request.get('/api/doctor/patients');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: TriageRow[] }).items;
}

test.describe('professional dashboard', () => {
  // One after the other: acknowledging an alert changes the order and counts the first test reads.
  test.describe.configure({ mode: 'default' });

  test('triage list worst first with "non partagé" cells, filter and search, on a phone too', async ({ page }) => {
    test.setTimeout(90_000);
    const missing = trackMissingKeys(page);
    await signInAsDoctor(page);
    await page.goto('/doctor');
    await expect(h1(page)).toHaveText('Tableau de bord médecin');
    const rows = page.getByTestId('triage-row');
    await expect(rows).toHaveCount(30);
    await expect(page.getByTestId('triage-count')).toHaveText('30 patients affichés sur 30');

    // Worst first: urgent alerts, then open alerts, then time below range, each descending.
    const api = await triageRows(page);
    const key = (r: TriageRow) => [shared(r.alerts)?.urgent ?? 0, shared(r.alerts)?.open ?? 0, shared(r.glucose)?.belowRange ?? -1];
    for (let i = 1; i < api.length; i++) {
      const [a, b] = [key(api[i - 1]!), key(api[i]!)];
      const firstDiff = a.findIndex((x, k) => x !== b[k]);
      if (firstDiff >= 0) expect(a[firstDiff]!, `${api[i - 1]!.firstName} before ${api[i]!.firstName}`).toBeGreaterThan(b[firstDiff]!);
    }
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-patient-id')))).toEqual(api.map((r) => r.patientId));
    // The demo has patients with urgent alerts: the first row is one of them.
    expect(shared(api[0]!.alerts)?.urgent ?? 0).toBeGreaterThan(0);

    // A patient who shares neither glucose nor alerts: one cell says so across the six glucose
    // columns, and the alerts cell reads "non partagé".
    const hidden = api.find((r) => !r.categories.includes('glucose') && !r.categories.includes('alerts'));
    expect(hidden, 'a demo patient shares neither glucose nor alerts').toBeTruthy();
    // The table's row (the phone cards below carry the same id and are hidden at this size).
    const hiddenRow = page.locator(`[data-testid="triage-row"][data-patient-id="${hidden!.patientId}"]`);
    await expect(hiddenRow.getByText('Glycémie non partagée', { exact: true })).toHaveCount(1);
    await expect(hiddenRow.getByRole('cell').first()).toHaveAttribute('colspan', '6');
    await expect(hiddenRow.getByText('non partagé', { exact: true })).toHaveCount(1);
    // Jean Martin shares glucose, HbA1c and blood pressure, not alerts (the column after the six glucose ones).
    const jean = page.getByTestId('triage-row').filter({ has: page.getByRole('link', { name: 'Jean Martin' }) });
    await expect(jean.getByText('non partagé', { exact: true })).toHaveCount(1);
    await expect(jean.getByRole('cell').nth(6)).toHaveText('non partagé');

    // Advice in short: Camille's recurring night lows, as on her advice page. The demo's signals are
    // computed by the job worker after the start: wait for the API to have them, then read the page.
    const camille = api.find((r) => r.firstName === 'Camille')!;
    const camilleKinds = async () => (await triageRows(page)).find((r) => r.patientId === camille.patientId)?.advice?.findings.map((f) => f.kind) ?? [];
    await expect.poll(camilleKinds, { timeout: 30_000 }).toContain('night_hypo');
    await page.reload();
    await expect(page.locator(`[data-testid="triage-row"][data-patient-id="${camille.patientId}"] [data-advice-kind="night_hypo"]`)).toContainText('Hypoglycémies nocturnes répétées');

    expect(await axeViolations(page, '/doctor')).toEqual([]);

    // Filter: only patients with open alerts; then search by name, accents ignored.
    const filters = page.getByRole('group', { name: 'Afficher' });
    await filters.getByText('Alertes ouvertes', { exact: true }).click();
    const withAlerts = api.filter((r) => (shared(r.alerts)?.open ?? 0) > 0).length;
    await expect(rows).toHaveCount(withAlerts);
    await filters.getByText('Tous', { exact: true }).click();
    await page.getByLabel('Rechercher un patient').fill('dupont');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Camille Dupont');
    await page.getByLabel('Rechercher un patient').fill('personne-inconnue');
    await expect(page.getByText('Aucun patient ne correspond à ces critères.')).toBeVisible();
    await page.getByLabel('Rechercher un patient').fill('');
    await expect(rows).toHaveCount(30);

    // A phone: the table becomes one card per patient; nothing scrolls sideways and every card
    // shows every column, "Données" included, beside its label.
    await page.setViewportSize({ width: 390, height: 844 });
    const cards = page.getByTestId('triage-card');
    await expect(cards).toHaveCount(30);
    await expect(page.getByTestId('triage-table')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const firstCard = cards.first();
    await expect(firstCard.getByRole('link')).toBeVisible();
    await expect(firstCard.getByText('Données', { exact: true })).toBeVisible();
    const cardBox = await firstCard.boundingBox();
    expect(cardBox!.x).toBeGreaterThanOrEqual(0);
    expect(cardBox!.x + cardBox!.width).toBeLessThanOrEqual(390);
    // The first patient shows without scrolling, under the two-factor reminder and the search:
    // filter and sort fold behind one button, which names the filter in use.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect((await firstCard.boundingBox())!.y + 120, 'first card above the fold').toBeLessThanOrEqual(844);
    await expect(page.getByRole('group', { name: 'Afficher' })).toBeHidden();
    await page.getByRole('button', { name: 'Filtrer et trier' }).click();
    await page.getByRole('group', { name: 'Afficher' }).getByText('Sous la cible', { exact: true }).click();
    await expect(page.getByRole('button', { name: 'Filtre : Sous la cible' })).toHaveAttribute('aria-expanded', 'true');
    expect(missing).toEqual([]);
  });

  test('patient page: shared analytics, "non partagé", targets, alert acknowledged, notes', async ({ page }) => {
    test.setTimeout(120_000);
    const missing = trackMissingKeys(page);
    await signInAsDoctor(page);
    const api = await triageRows(page);

    // Jean Martin does not share alerts, lipids, weight or events.
    const jean = api.find((r) => r.firstName === 'Jean' && r.lastName === 'Martin')!;
    await page.goto('/doctor');
    await page.getByRole('link', { name: 'Jean Martin' }).click();
    await expect(page).toHaveURL(new RegExp(`/doctor/patients/${jean.patientId}$`));
    await expect(h1(page)).toHaveText('Jean Martin');
    await expect(page.getByTestId('patient-scopes')).toContainText('Partagé : glycémie, HbA1c, tension artérielle');
    await expect(page.getByTestId('patient-scopes')).toContainText('Non partagé : bilan lipidique, poids');
    await expect(page.getByRole('region', { name: 'Alertes du patient' }).getByText('Non partagé par le patient')).toBeVisible();
    const trends = page.getByRole('region', { name: 'Suivi métabolique' });
    await expect(trends.getByRole('article', { name: 'Poids' })).toContainText('Non partagé par le patient');
    await expect(trends.getByRole('article', { name: 'Tension' })).toContainText('mmHg');
    await expect(page.getByRole('img', { name: /Courbe de glycémie/ })).toBeVisible();

    // Targets: a custom value that is not a number is refused and nothing is stored.
    const targets = page.getByRole('region', { name: 'Objectifs glycémiques' });
    await targets.getByLabel("Type d'objectifs").selectOption({ label: 'Personnalisés' });
    await targets.getByLabel(/^Bas en dessous de/).fill('abc');
    await targets.getByRole('button', { name: 'Enregistrer les objectifs' }).click();
    await expect(targets.getByText('Saisissez un nombre, par exemple 172,5.')).toBeVisible();
    await expect(targets.getByLabel(/^Bas en dessous de/)).toBeFocused();
    const summary = async () =>
      (await (await page.request.get(`/api/doctor/patients/${jean.patientId}/summary?days=14`)).json()) as {
        summary: { targets: { preset: string; range: { lowBelow: number } } };
        targetsSetBy: { name: string } | null;
      };
    expect((await summary()).summary.targets.preset).not.toBe('custom');
    // The pregnancy preset, saved as set by this professional.
    await targets.getByLabel("Type d'objectifs").selectOption({ label: 'Grossesse' });
    await targets.getByRole('button', { name: 'Enregistrer les objectifs' }).click();
    await expect(toasts(page)).toContainText('Objectifs du patient enregistrés');
    await expect(targets.getByTestId('targets-set-by')).toHaveText('Définis par Claire Bernard.');
    expect(await summary()).toMatchObject({ summary: { targets: { preset: 'pregnancy', range: { lowBelow: 63 } } }, targetsSetBy: { name: 'Claire Bernard' } });

    // Notes: an empty one is refused; one is written, edited, then deleted.
    const notes = page.getByRole('region', { name: 'Notes de consultation' });
    await notes.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(notes.getByText('Écrivez le texte de la note.')).toBeVisible();
    await notes.getByLabel('Nouvelle note').fill('Revoir le traitement basal au prochain rendez-vous.');
    await notes.getByRole('button', { name: 'Ajouter la note' }).click();
    await expect(toasts(page)).toContainText('Note ajoutée');
    const note = notes.getByTestId('patient-note').filter({ hasText: 'Revoir le traitement basal' });
    await expect(note).toHaveCount(1);
    await note.getByRole('button', { name: /^Modifier la note du/ }).click();
    await note.getByLabel(/^Modifier la note du/).fill('Revoir le traitement basal : fait.');
    await note.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(toasts(page)).toContainText('Note modifiée');
    await expect(notes.getByTestId('patient-note').filter({ hasText: 'Revoir le traitement basal : fait.' })).toHaveCount(1);
    const listed = async () => ((await (await page.request.get(`/api/doctor/patients/${jean.patientId}/notes`)).json()) as { items: { body: string }[] }).items.map((n) => n.body);
    expect(await listed()).toContain('Revoir le traitement basal : fait.');

    expect(await axeWithoutToasts(page, 'patient page')).toEqual([]);

    await notes.getByTestId('patient-note').filter({ hasText: 'Revoir le traitement basal : fait.' }).getByRole('button', { name: /^Supprimer la note du/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer cette note ?' });
    await dialog.getByRole('button', { name: 'Supprimer la note' }).click();
    await expect(toasts(page)).toContainText('Note supprimée');
    await expect(notes.getByTestId('patient-note').filter({ hasText: 'Revoir le traitement basal' })).toHaveCount(0);
    expect(await listed()).not.toContain('Revoir le traitement basal : fait.');

    // A patient sharing alerts with one still open: the professional marks it as seen.
    const alerting = (await triageRows(page)).find((r) => (shared(r.alerts)?.open ?? 0) > 0)!;
    await page.goto(`/doctor/patients/${alerting.patientId}`);
    const alerts = page.getByRole('region', { name: 'Alertes du patient' });
    // A full page load of a CGM patient (summary, then chart, alerts, entries and notes): the
    // 20 s page-load budget of the other journeys, not the 5 s of an in-page change.
    await expect(alerts).toBeVisible({ timeout: 20_000 });
    const open = alerts.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Marquer comme vue' }) });
    await expect(open.first()).toBeVisible();
    const before = await open.count();
    expect(before).toBeGreaterThan(0);
    await open.first().getByRole('button', { name: 'Marquer comme vue' }).click();
    await expect(toasts(page)).toContainText('Alerte marquée comme vue');
    await expect(open).toHaveCount(before - 1);
    const stored = (await (await page.request.get(`/api/doctor/patients/${alerting.patientId}/alerts`)).json()) as { items: { status: string }[] };
    expect(stored.items.filter((a) => a.status === 'open')).toHaveLength(before - 1);
    // The care team sees who acknowledged: here the professional themself.
    await expect(alerts.getByText(/^Vue · vue par vous le /).first()).toBeVisible();

    // Not linked (or never shared): the "not found" page, never a crash.
    await page.goto('/doctor/patients/no-such-patient');
    await expect(h1(page)).toHaveText('Patient introuvable');
    await expect(page.getByTestId('patient-not-found')).toContainText('ne partage pas (ou plus) ses données avec vous');
    expect(missing).toEqual([]);
  });

  test('invite a patient by e-mail: pending, e-mail received, revoked; the profile shows the personal code', async ({ page }) => {
    test.setTimeout(90_000);
    const missing = trackMissingKeys(page);
    await signInAsDoctor(page);
    await page.goto('/patient-invitations');
    await expect(h1(page)).toHaveText('Invitations patients');

    // A malformed address is refused on the spot.
    await page.getByLabel('Adresse e-mail du patient').fill('pas-une-adresse');
    await page.getByRole('button', { name: "Envoyer l'invitation" }).click();
    await expect(page.getByText("Cette adresse e-mail n'est pas valide.")).toBeVisible();

    const email = uniqueEmail('invited-patient');
    await page.getByLabel('Adresse e-mail du patient').fill(email);
    await page.getByRole('button', { name: "Envoyer l'invitation" }).click();
    await expect(toasts(page)).toContainText(`Invitation envoyée à ${email}`);
    const item = page.getByTestId('invitation').filter({ hasText: email });
    await expect(item.getByTestId('invitation-status')).toHaveText('Statut : En attente');
    await expect(item).toContainText('Envoyée par vous');

    const mail = await waitForMail(email);
    const firstLink = linkIn(mail, '/invitations/accept?token=');
    expect(firstLink).toMatch(/\/invitations\/accept\?token=[A-Za-z0-9_-]{43}$/);

    // Sent again: a new e-mail with a new link, still pending.
    await item.getByRole('button', { name: 'Renvoyer' }).click();
    await expect(toasts(page)).toContainText(`Invitation renvoyée à ${email}`);
    const again = await waitForMail(email, (m) => linkIn(m, '/invitations/accept?token=') !== firstLink);
    expect(linkIn(again, '/invitations/accept?token=')).toMatch(/\/invitations\/accept\?token=[A-Za-z0-9_-]{43}$/);
    await expect(item.getByTestId('invitation-status')).toHaveText('Statut : En attente');

    expect(await axeWithoutToasts(page, '/patient-invitations')).toEqual([]);

    await item.getByRole('button', { name: 'Retirer' }).click();
    await expect(toasts(page)).toContainText(`Invitation à ${email} retirée`);
    await expect(item.getByTestId('invitation-status')).toHaveText('Statut : Retirée');
    await expect(item.getByRole('button', { name: 'Retirer' })).toHaveCount(0);
    const stored = (await (await page.request.get('/api/care-team/invitations')).json()) as { items: { invitedEmail: string; status: string }[] };
    expect(stored.items.find((i) => i.invitedEmail === email)?.status).toBe('revoked');

    // The profile: RPPS, verification and the personal code, copied with one button.
    // The app only writes to the clipboard (its Permissions-Policy forbids reading it), so the
    // journey records what is written instead of reading it back.
    await page.addInitScript(() => {
      const written: string[] = [];
      (window as unknown as { __clipboardWrites: string[] }).__clipboardWrites = written;
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: async (text: string) => void written.push(text) },
      });
    });
    await page.goto('/doctor-profile');
    await expect(h1(page)).toHaveText('Profil professionnel');
    await expect(page.getByTestId('doctor-licence')).toHaveText('10003456786');
    await expect(page.getByRole('region', { name: 'Identité' }).getByText('Diabétologue', { exact: true })).toBeVisible();
    await expect(page.getByTestId('doctor-verified')).toBeVisible();
    const code = (await page.getByTestId('invite-code').textContent())?.trim() ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4,32}$/);
    await expect(page.getByText('Donnez ce code à vos patients')).toBeVisible();
    await page.getByRole('button', { name: 'Copier le code' }).click();
    await expect(toasts(page)).toContainText('Code copié dans le presse-papiers');
    expect(await page.evaluate(() => (window as unknown as { __clipboardWrites: string[] }).__clipboardWrites)).toEqual([code]);
    expect(await axeWithoutToasts(page, '/doctor-profile')).toEqual([]);

    // The speciality is the one thing the professional changes here; then it is put back.
    const identity = page.getByRole('region', { name: 'Identité' });
    await page.getByLabel('Spécialité', { exact: true }).selectOption({ label: 'Médecin' });
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(toasts(page)).toContainText('Profil enregistré');
    await expect(identity.getByText('Médecin', { exact: true })).toBeVisible();
    expect(((await (await page.request.get('/api/doctor/profile')).json()) as { speciality: string }).speciality).toBe('medecin');
    await page.getByLabel('Spécialité', { exact: true }).selectOption({ label: 'Diabétologue' });
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(identity.getByText('Diabétologue', { exact: true })).toBeVisible();
    expect(missing).toEqual([]);
  });

  test('a new professional without patients is told how to invite a first one', async ({ page }) => {
    const missing = trackMissingKeys(page);
    const res = await apiSignUp(page.request, { email: uniqueEmail('new-doctor'), role: 'doctor', firstName: 'Paul', lastName: 'Durand', medicalLicense: '10000000009' });
    expect(res.status()).toBe(201);
    await page.goto('/doctor');
    await expect(page.getByRole('heading', { name: "Aucun patient pour l'instant" })).toBeVisible();
    await expect(page.getByText('Invitez un premier patient par e-mail')).toBeVisible();
    await page.getByRole('link', { name: 'Inviter un patient' }).click();
    await expect(page).toHaveURL(/\/patient-invitations$/);
    await expect(page.getByText("Aucune invitation pour l'instant.")).toBeVisible();
    expect(missing).toEqual([]);
  });
});
