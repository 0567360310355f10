import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { BASE, apiSignUp, axeViolations, signInAsAdmin, trackMissingKeys, uniqueEmail } from './support/accounts';
import { linkIn, waitForMail } from './support/mail';

// Support tickets answered in the app (issue 18): a fresh patient writes from /support, the demo
// administrator answers from the back office's support section, the answer reaches the patient's
// mailbox (the loopback SMTP sink) and their "Mes demandes"; a fresh professional uses
// /doctor-support, whose form and history are axe-clean in fr, en and es.

// The server and the browser share the machine with other runs: give slow answers time.
const expect = baseExpect.configure({ timeout: 15_000 });

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function newBrowser(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: BASE, locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page, missing: trackMissingKeys(page) };
}

/** Fills and sends the support form of the page (subject, type, message). */
async function sendTicket(page: Page, subject: string, type: 'question' | 'bug' | 'feature' | 'urgent', message: string) {
  await page.getByLabel('Objet').fill(subject);
  await page.getByLabel('Type de demande').selectOption(type);
  await page.getByLabel('Message', { exact: true }).fill(message);
  await page.getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(page.getByText('Votre message a été envoyé avec succès.', { exact: false })).toBeVisible();
}

test.describe('support tickets', () => {
  test('a patient writes on /support, the demo administrator answers in the app, the patient gets the e-mail and reads the answer', async ({ browser }) => {
    test.setTimeout(150_000);
    const patient = await newBrowser(browser, { width: 390, height: 844 });
    const admin = await newBrowser(browser, { width: 1280, height: 800 });
    const p = patient.page;
    const a = admin.page;
    const violations: string[] = [];

    const email = uniqueEmail('support-patient');
    const signUp = await apiSignUp(p.request, { email, firstName: 'Inès', lastName: 'Moreau' });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    const subject = `Export impossible ${Date.now()}`;
    const answer = 'Mettez l’application à jour puis réessayez depuis la page Rapports.';

    // The patient, on a phone: the form, then the new ticket at the top of "Mes demandes".
    await p.goto('/support');
    await expect(h1(p)).toHaveText('Support');
    await sendTicket(p, subject, 'bug', 'Le bouton Exporter ne fait rien sur mon téléphone.');
    const history = p.getByRole('region', { name: 'Mes demandes' });
    const item = history.getByRole('button', { name: new RegExp(subject) });
    await expect(item).toContainText('En attente du support');
    await expect(item).toContainText('Problème technique');

    // The demo administrator (second factor done by signInAsAdmin) finds it in the support section.
    expect(await signInAsAdmin(a), 'the demo administrator signs in with the second factor').toBe(true);
    await a.goto('/admin?section=support&lng=fr');
    await a.getByRole('searchbox', { name: 'Rechercher' }).fill(subject);
    await a.getByRole('button', { name: 'Lancer la recherche' }).click();
    const row = a.getByTestId('ticket-inbox-list').getByRole('button', { name: new RegExp(subject) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Patient');
    await expect(row).toContainText(email);
    await expect(row).toContainText('À traiter');
    await a.waitForLoadState('networkidle');
    violations.push(...(await axeViolations(a, '/admin?section=support list')));
    await row.click();
    await expect(a).toHaveURL(/[?&]ticket=[0-9a-f-]{36}/);
    await expect(a.getByRole('heading', { level: 3, name: subject })).toBeFocused();
    await expect(a.getByText('Le demandeur la reçoit par e-mail, en français', { exact: false })).toBeVisible();
    await a.getByLabel('Réponse du support').fill(answer);
    await a.getByRole('button', { name: 'Envoyer la réponse' }).click();
    await expect(a.getByText('Réponse envoyée', { exact: false })).toBeVisible();
    await expect(a.getByRole('group', { name: 'Statut de la demande' }).getByRole('button', { name: 'Répondues' })).toHaveAttribute('aria-pressed', 'true');
    violations.push(...(await axeViolations(a, '/admin?section=support ticket')));

    // The answer reaches the patient's mailbox, in French, with the text and the link to the history.
    const mail = await waitForMail(email, (m) => m.subject.startsWith('Réponse du support GlucoSuivi'));
    expect(mail.subject).toContain(subject);
    expect(mail.text).toContain(answer);
    const link = new URL(linkIn(mail, '/support#my-requests'));

    // The patient follows it (a fresh load, as a link opened from a mailbox is): the answer is in
    // "Mes demandes", the ticket answered.
    await p.goto('about:blank');
    await p.goto(`${link.pathname}${link.hash}`);
    await expect(item).toContainText('Répondue');
    await item.click();
    await expect(p.getByRole('heading', { level: 3, name: subject })).toBeFocused();
    const messages = p.getByTestId('ticket-messages').getByRole('listitem');
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(1)).toContainText('Support GlucoSuivi');
    await expect(messages.nth(1)).toContainText(answer);
    await expect(p.getByTestId('my-ticket').getByTestId('ticket-status')).toHaveText('Répondue');
    await p.waitForLoadState('networkidle');
    violations.push(...(await axeViolations(p, '/support history')));

    // A follow-up sends it back to support.
    await p.getByLabel('Répondre au support').fill('Merci, cela fonctionne de nouveau.');
    await p.getByRole('button', { name: 'Envoyer ma réponse' }).click();
    await expect(p.getByText('Votre réponse a été envoyée au support.')).toBeVisible();
    await expect(p.getByTestId('my-ticket').getByTestId('ticket-status')).toHaveText('En attente du support');
    await expect(messages).toHaveCount(3);

    expect(violations).toEqual([]);
    expect([...patient.missing, ...admin.missing]).toEqual([]);
    await patient.context.close();
    await admin.context.close();
  });

  const TEXTS = {
    fr: { title: 'Support professionnel', history: 'Mes demandes', status: 'En attente du support' },
    en: { title: 'Professional support', history: 'My requests', status: 'Waiting for support' },
    es: { title: 'Soporte profesional', history: 'Mis solicitudes', status: 'Pendiente del soporte' },
  } as const;

  test('a professional writes from /doctor-support and reads the history; axe clean in fr, en and es', async ({ browser }) => {
    test.setTimeout(120_000);
    const pro = await newBrowser(browser, { width: 390, height: 844 });
    const d = pro.page;
    const signUp = await apiSignUp(d.request, { email: uniqueEmail('support-pro'), role: 'doctor', firstName: 'Paul', lastName: 'Roux', medicalLicense: '10000000009' });
    expect(signUp.ok(), await signUp.text()).toBe(true);
    const subject = `Export de la liste ${Date.now()}`;
    const violations: string[] = [];

    await d.goto('/doctor-support?lng=fr');
    await expect(h1(d)).toHaveText(TEXTS.fr.title);
    await sendTicket(d, subject, 'question', 'Comment exporter la liste de mes patients ?');

    for (const lng of ['fr', 'en', 'es'] as const) {
      const texts = TEXTS[lng];
      await d.goto(`/doctor-support?lng=${lng}`);
      await expect(d.locator('html')).toHaveAttribute('lang', lng);
      await expect(h1(d)).toHaveText(texts.title);
      const item = d.getByRole('region', { name: texts.history }).getByRole('button', { name: new RegExp(subject) });
      await expect(item).toContainText(texts.status);
      await d.waitForLoadState('networkidle');
      violations.push(...(await axeViolations(d, `/doctor-support ${lng}`)));
      await item.click();
      await expect(d.getByRole('heading', { level: 3, name: subject })).toBeFocused();
      await expect(d.getByTestId('ticket-messages').getByRole('listitem')).toHaveCount(1);
      violations.push(...(await axeViolations(d, `/doctor-support ticket ${lng}`)));
    }

    // On a phone nothing scrolls sideways.
    expect(await d.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(violations).toEqual([]);
    expect(pro.missing).toEqual([]);
    await pro.context.close();
  });
});
