import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type Browser, type Locator, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { BASE, ORIGIN, apiSignUp, axeViolations, trackMissingKeys, uniqueEmail } from './support/accounts';

// Appointments (PRODUCT.md §5, issue 16) between a fresh professional and a fresh patient of their
// care team. First journey, in the pages: the professional publishes a one-off opening a few
// minutes from now, the patient books its first slot, the professional confirms, the patient's .ics
// file says the right local hour. Second journey: once an appointment (set up through the API, so
// that it starts 20–80 s later) has started, the professional records it done in the page and
// the patient rates it 4 stars. Apart, the second one's wait for the start runs beside the first
// one instead of after it (one journey of 3.7 min became two shorter ones).

const expect = baseExpect.configure({ timeout: 15_000 });
/**
 * The professional's zone and both browsers': Paris, unless the journey's opening (from now to
 * 40 minutes later, margin included) would cross midnight there; then Martinique (UTC−4, French
 * too, no clock change), where it is then late afternoon. So the journey runs at any hour.
 */
const ZONES = ['Europe/Paris', 'America/Martinique'] as const;
const OPENING_WINDOW_MS = 40 * 60_000;

function zoneForOpening(from: number): string {
  return ZONES.find((zone) => localParts(from, zone).day === localParts(from + OPENING_WINDOW_MS, zone).day)!;
}
/** The opening starts this many minutes from now: time enough to book and confirm in the pages. */
const LEAD_MINUTES = 3;
/** Through the API, booking and confirming take a few seconds: the start is at least this far ahead. */
const API_LEAD_MS = 20_000;

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function newBrowser(browser: Browser, viewport: { width: number; height: number }, zone: string) {
  const context = await browser.newContext({ baseURL: BASE, locale: 'fr-FR', timezoneId: zone, viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page, missing: trackMissingKeys(page) };
}

/** "HH:MM" and "YYYY-MM-DD" of an instant in a zone. */
function localParts(at: number, zone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** The start of the first VEVENT of an iCalendar text, as the hour a calendar in `zone` shows. */
function icsStartIn(text: string, zone: string): string {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return localParts(event.startDate.toJSDate().getTime(), zone).time;
}

async function settled(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expect(h1(page)).toHaveText(title, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

async function chooseStars(group: Locator, stars: number): Promise<void> {
  // Keyboard only: the first star, then the arrow keys move the choice along the group.
  const first = group.getByRole('radio').first();
  await first.focus();
  await first.press('Space');
  for (let i = 1; i < stars; i++) await group.page().keyboard.press('ArrowRight');
}

/** A fresh professional and a fresh patient who shared glucose with them, each in a browser of their own. */
async function linkedPair(browser: Browser, tag: string, zone: string) {
  const patient = await newBrowser(browser, { width: 390, height: 844 }, zone);
  const pro = await newBrowser(browser, { width: 1280, height: 800 }, zone);
  const proSignUp = await apiSignUp(pro.page.request, { email: uniqueEmail(`${tag}-pro`), role: 'doctor', firstName: 'Hélène', lastName: 'Garnier', medicalLicense: '10000000009' });
  expect(proSignUp.ok(), await proSignUp.text()).toBe(true);
  const { inviteCode } = (await (await pro.page.request.get('/api/doctor/profile')).json()) as { inviteCode: string };
  const patientSignUp = await apiSignUp(patient.page.request, { email: uniqueEmail(`${tag}-patient`), firstName: 'Louis', lastName: 'Fabre' });
  expect(patientSignUp.ok(), await patientSignUp.text()).toBe(true);
  const linked = await patient.page.request.post('/api/care-team/invitations/professional', { headers: ORIGIN, data: { code: inviteCode, categories: ['glucose'] } });
  expect(linked.status(), await linked.text()).toBe(201);
  // Both live in the journey's zone: the pages show times, and the availability is kept, in the settings' zone.
  for (const { page } of [patient, pro]) {
    const moved = await page.request.patch('/api/settings', { headers: ORIGIN, data: { timezone: zone } });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return { patient, pro };
}

test.describe('appointments', () => {
  test('publish, book, confirm, .ics at the right hour; axe clean; fr, en, es', async ({ browser }) => {
    test.setTimeout(240_000);
    const zone = zoneForOpening(Date.now());
    const { patient, pro } = await linkedPair(browser, 'appt', zone);
    const p = patient.page;
    const d = pro.page;
    const violations: string[] = [];

    // The professional publishes a one-off opening today, starting a few minutes from now, 5-minute slots.
    const startAt = Math.ceil((Date.now() + LEAD_MINUTES * 60_000) / 60_000) * 60_000;
    const start = localParts(startAt, zone);
    const end = localParts(startAt + 30 * 60_000, zone);
    expect(end.day, `the opening stays within one day in ${zone}`).toBe(start.day);
    await settled(d, '/doctor-appointments', 'Consultations');
    violations.push(...(await axeViolations(d, '/doctor-appointments')));
    await d.getByRole('button', { name: 'Ajouter une ouverture ponctuelle' }).click();
    const opening = d.getByRole('group', { name: 'Exception 1 : ouverture ponctuelle' });
    await opening.getByLabel('Date').fill(start.day);
    await opening.getByLabel('Début').fill(start.time);
    await opening.getByLabel('Fin').fill(end.time);
    await opening.getByLabel("Durée d'un créneau (minutes)").fill('5');
    await opening.getByLabel('Adresse du cabinet').fill('8 rue des Lilas, Lyon');
    await d.getByRole('button', { name: 'Enregistrer mes disponibilités' }).click();
    await expect(d.getByText('Disponibilités enregistrées')).toBeVisible();

    // The patient, on a phone, books the first slot.
    await settled(p, '/appointments', 'Rendez-vous');
    const booking = p.getByRole('region', { name: 'Prendre rendez-vous' });
    await expect(booking).toContainText('Hélène Garnier');
    const firstDay = booking.getByTestId('slot-day').first();
    await expect(firstDay.getByRole('button').first()).toHaveText(start.time);
    violations.push(...(await axeViolations(p, '/appointments')));
    await firstDay.getByRole('button').first().click();
    const dialog = p.getByRole('dialog', { name: 'Demander ce rendez-vous' });
    await dialog.getByLabel('Message au professionnel (facultatif)').fill('Contrôle trimestriel');
    await dialog.getByRole('button', { name: 'Demander ce rendez-vous' }).click();
    await expect(p.getByText('Demande de rendez-vous envoyée')).toBeVisible();
    const upcoming = p.getByTestId('upcoming-list').getByTestId('appointment-card');
    await expect(upcoming).toHaveCount(1);
    await expect(upcoming.getByTestId('appointment-status')).toHaveText('Demandé : en attente du professionnel');

    // The request reaches the professional's open page live (realtime channel, no reload); they confirm it.
    const request = d.getByTestId('requests-list').getByTestId('appointment-card');
    await expect(request).toContainText('Louis Fabre');
    await expect(request).toContainText('Contrôle trimestriel');
    await request.getByRole('button', { name: /^Confirmer/ }).click();
    await expect(d.getByText('Rendez-vous confirmé')).toBeVisible();
    await expect(d.getByTestId('agenda-entry').filter({ hasText: 'Louis Fabre' })).toContainText(`${start.time}Louis FabreConfirmé`);

    // Both see it confirmed, the patient live too; the patient's .ics file holds the local hour.
    await expect(upcoming.getByTestId('appointment-status')).toHaveText('Confirmé');
    const downloading = p.waitForEvent('download');
    await upcoming.getByRole('link', { name: /Ajouter à mon agenda/ }).click();
    const file = await (await downloading).path();
    expect(icsStartIn(readFileSync(file, 'utf8'), zone)).toBe(start.time);

    // While the slot has not started: the same pages in English and Spanish, every text translated.
    for (const [lng, patientTitle, proTitle] of [['en', 'Appointments', 'Consultations'], ['es', 'Citas', 'Consultas']] as const) {
      await settled(p, `/appointments?lng=${lng}`, patientTitle);
      await settled(d, `/doctor-appointments?lng=${lng}`, proTitle);
    }
    violations.push(...(await axeViolations(p, '/appointments es')), ...(await axeViolations(d, '/doctor-appointments es')));

    expect(violations).toEqual([]);
    expect([...patient.missing, ...pro.missing]).toEqual([]);
    await patient.context.close();
    await pro.context.close();
  });

  test('once it has started: recorded done, rated 4 from the keyboard and counted on the dashboard; axe clean', async ({ browser }) => {
    test.setTimeout(180_000);
    const zone = zoneForOpening(Date.now());
    const { patient, pro } = await linkedPair(browser, 'appt-done', zone);
    const p = patient.page;
    const d = pro.page;

    // An opening whose first slot starts within the next minute or two, booked and confirmed.
    const startAt = Math.ceil((Date.now() + API_LEAD_MS) / 60_000) * 60_000;
    const start = localParts(startAt, zone);
    const end = localParts(startAt + 30 * 60_000, zone);
    expect(end.day, `the opening stays within one day in ${zone}`).toBe(start.day);
    const opening = { kind: 'open', date: start.day, start: start.time, end: end.time, slotMinutes: 5, mode: 'in_person', address: '8 rue des Lilas, Lyon' };
    const saved = await d.request.put('/api/appointments/availability', { headers: ORIGIN, data: { timezone: zone, rules: [], exceptions: [opening] } });
    expect(saved.status(), await saved.text()).toBe(200);
    const { professionals } = (await (await p.request.get('/api/appointments/professionals')).json()) as { professionals: { professionalId: string }[] };
    const booked = await p.request.post('/api/appointments', { headers: ORIGIN, data: { professionalId: professionals[0]!.professionalId, startsAt: new Date(startAt).toISOString() } });
    expect(booked.status(), await booked.text()).toBe(201);
    const { id } = (await booked.json()) as { id: string };
    const confirmed = await d.request.post(`/api/appointments/${id}/confirm`, { headers: ORIGIN });
    expect(confirmed.status(), await confirmed.text()).toBe(200);

    // Before its start it cannot be recorded; once it has started, the professional records it done.
    const early = await d.request.post(`/api/appointments/${id}/outcome`, { headers: ORIGIN, data: { status: 'done' } });
    expect(early.status(), await early.text()).toBe(409);
    await d.waitForTimeout(Math.max(0, startAt - Date.now() + 2_000));
    await settled(d, '/doctor-appointments', 'Consultations');
    await d.getByTestId('agenda-entry').filter({ hasText: 'Louis Fabre' }).click();
    await d.getByRole('dialog').getByRole('button', { name: /^Rendez-vous honoré/ }).click();
    await expect(d.getByText('Rendez-vous mis à jour')).toBeVisible();

    // The patient rates it 4 stars, from the keyboard.
    await settled(p, '/appointments', 'Rendez-vous');
    const past = p.getByTestId('past-list').getByTestId('appointment-card');
    await expect(past.getByTestId('appointment-status')).toHaveText('Terminé');
    await past.getByRole('button', { name: /^Noter ce rendez-vous/ }).click();
    const rate = p.getByRole('dialog', { name: 'Noter ce rendez-vous' });
    const stars = rate.getByRole('group', { name: 'Votre note' });
    await chooseStars(stars, 4);
    await expect(stars.getByRole('radio', { name: '4 étoiles sur 5' })).toBeChecked();
    await rate.getByLabel('Commentaire (facultatif)').fill('Très claire');
    await rate.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect(p.getByText('Merci pour votre avis')).toBeVisible();
    await expect(past.getByTestId('rating')).toContainText('Votre avis :');

    // The professional's dashboard counts it (one rating: below the threshold, the count only).
    await settled(d, '/doctor', 'Tableau de bord médecin');
    const card = d.getByTestId('satisfaction-card');
    await expect(card.getByTestId('satisfaction-few')).toContainText('1 avis');
    const violations = await axeViolations(d, '/doctor');

    expect(violations).toEqual([]);
    expect([...patient.missing, ...pro.missing]).toEqual([]);
    await patient.context.close();
    await pro.context.close();
  });
});
