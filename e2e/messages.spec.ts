import { expect as baseExpect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { BASE, ORIGIN, apiSignUp, axeViolations, trackMissingKeys, uniqueEmail } from './support/accounts';

// Messages (PRODUCT.md §5) between a patient and a professional of their care team: both fresh
// accounts, linked by the professional's personal code, so the journey depends on no other one.
// Two browsers side by side; what one writes or reads reaches the other live, without a reload.

// The server and the browser share the machine with other runs: give slow answers time.
const expect = baseExpect.configure({ timeout: 15_000 });
/** What the realtime channel must bring to the other browser, without any reload. */
const LIVE = { timeout: 5_000 };

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function newBrowser(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: BASE, locale: 'fr-FR', timezoneId: 'Europe/Paris', viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page, missing: trackMissingKeys(page) };
}

/** Activates a control from the keyboard: focus it, then Enter. */
async function press(locator: Locator): Promise<void> {
  await locator.focus();
  await expect(locator).toBeFocused();
  await locator.press('Enter');
}

/** Presses Tab until `target` has the focus (a few presses at most). */
async function tabTo(page: Page, target: Locator, max = 6): Promise<void> {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('messages', () => {
  test('a patient and a professional write to each other: live, with unread counts and read receipts, by keyboard', async ({ browser }) => {
    test.setTimeout(120_000);
    const patient = await newBrowser(browser, { width: 390, height: 844 });
    const pro = await newBrowser(browser, { width: 1280, height: 800 });
    const p = patient.page;
    const d = pro.page;

    // A fresh professional, and a fresh patient who adds them by their personal code.
    const proSignUp = await apiSignUp(d.request, { email: uniqueEmail('msg-pro'), role: 'doctor', firstName: 'Paul', lastName: 'Roux', medicalLicense: '10000000009' });
    expect(proSignUp.ok(), await proSignUp.text()).toBe(true);
    const profile = await d.request.get('/api/doctor/profile');
    expect(profile.ok(), await profile.text()).toBe(true);
    const { inviteCode } = (await profile.json()) as { inviteCode: string };
    const patientSignUp = await apiSignUp(p.request, { email: uniqueEmail('msg-patient'), firstName: 'Inès', lastName: 'Moreau' });
    expect(patientSignUp.ok(), await patientSignUp.text()).toBe(true);
    const linked = await p.request.post('/api/care-team/invitations/professional', { headers: ORIGIN, data: { code: inviteCode, categories: ['glucose'] } });
    expect(linked.status(), await linked.text()).toBe(201);
    const listed = (await (await d.request.get('/api/doctor/patients')).json()) as { items: { patientId: string }[] };
    expect(listed.items).toHaveLength(1);
    const patientId = listed.items[0]!.patientId;
    const violations: string[] = [];

    // The professional waits on their dashboard: no message yet.
    await d.goto('/doctor');
    await expect(h1(d)).toHaveText('Tableau de bord médecin');
    const inbox = d.getByRole('region', { name: 'Messages des patients' });
    await expect(inbox).toContainText("Aucun message de vos patients pour l'instant.");

    // The patient, on a phone: the list of conversations, then the conversation in a view of its own.
    await p.goto('/messages');
    await expect(h1(p)).toHaveText('Messages');
    const list = p.getByRole('navigation', { name: 'Conversations' });
    const item = list.getByRole('link', { name: /Paul Roux/ });
    await expect(item).toContainText("Aucun message pour l'instant");
    await p.waitForLoadState('networkidle');
    violations.push(...(await axeViolations(p, '/messages list')));
    await press(item);
    await expect(p).toHaveURL(/\/messages\?c=[0-9a-f-]{36}$/);
    const heading = p.getByRole('heading', { level: 2, name: 'Paul Roux' });
    await expect(heading).toBeFocused();
    await expect(list).toBeHidden();
    const field = p.getByLabel('Écrire un message');
    await tabTo(p, field);

    // Nothing is sent empty: the reason is said and the focus stays in the field.
    await p.keyboard.press('Control+Enter');
    await expect(p.getByTestId('message-composer').getByRole('alert')).toHaveText("Écrivez votre message avant de l'envoyer.");
    await expect(field).toBeFocused();

    // Enter starts a new line; Ctrl+Enter sends.
    await p.keyboard.type('Bonjour Paul,');
    await p.keyboard.press('Enter');
    await p.keyboard.type('ma glycémie était à 250 ce matin. Mon carnet : https://exemple.fr/carnet.');
    await expect(field).toHaveValue('Bonjour Paul,\nma glycémie était à 250 ce matin. Mon carnet : https://exemple.fr/carnet.');
    await p.keyboard.press('Control+Enter');
    const sent = p.getByTestId('message').filter({ hasText: 'ma glycémie était à 250' });
    await expect(sent).toHaveCount(1);
    await expect(sent.getByTestId('receipt')).toHaveText(/^(Envoyé|Distribué)$/);
    await expect(field).toHaveValue('');
    await expect(field).toBeFocused();
    violations.push(...(await axeViolations(p, '/messages conversation')));

    // The professional sees it arrive in the inbox without reloading, counted as unread.
    const conversationLink = inbox.getByRole('link', { name: /Inès Moreau/ });
    await expect(conversationLink).toBeVisible(LIVE);
    await expect(conversationLink).toContainText('ma glycémie était à 250');
    await expect(conversationLink).toContainText('1 message non lu');
    await expect(inbox.getByTestId('messages-inbox-unread')).toHaveText('1 message non lu');
    violations.push(...(await axeViolations(d, '/doctor inbox')));

    // Opened from the keyboard: the patient's page, at its Messages region, which takes the focus.
    await press(conversationLink);
    await expect(d).toHaveURL(`${BASE}/doctor/patients/${patientId}#messages`);
    const region = d.getByRole('region', { name: 'Messages', exact: true });
    await expect(region.getByRole('heading', { level: 2, name: 'Messages' })).toBeFocused();
    const received = region.getByTestId('message').filter({ hasText: 'ma glycémie était à 250' });
    await expect(received).toContainText('Bonjour Paul,');
    const link = received.getByRole('link', { name: /^https:\/\/exemple\.fr\/carnet/ });
    await expect(link).toHaveAttribute('href', 'https://exemple.fr/carnet');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');

    // Read on screen: the patient's receipt turns to "Lu" live.
    await expect(sent.getByTestId('receipt')).toHaveText('Lu', LIVE);

    // Back to the list, from the keyboard: the focus returns to the conversation.
    await press(p.getByRole('button', { name: 'Retour aux conversations' }));
    await expect(item).toBeFocused();

    // The professional answers with the button.
    await region.getByLabel('Écrire un message').fill('Merci Inès, je vous rappelle cet après-midi.');
    await press(region.getByRole('button', { name: 'Envoyer' }));
    const reply = region.getByTestId('message').filter({ hasText: 'je vous rappelle' });
    await expect(reply).toHaveCount(1);

    // The patient's list and menu count it as unread, live.
    await expect(item).toContainText('1 message non lu', LIVE);
    await expect(item).toContainText('Merci Inès, je vous rappelle');
    await press(p.getByRole('banner').getByRole('button', { name: 'Menu' }));
    const sheet = p.getByRole('dialog', { name: 'Menu' });
    await expect(sheet.getByRole('link', { name: 'Messages 1 message non lu', exact: true })).toBeVisible(LIVE);
    await p.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // Opening the conversation reads the reply: the count goes, and the professional sees "Lu" live.
    await press(item);
    await expect(heading).toBeFocused();
    await expect(p.getByTestId('message').filter({ hasText: 'je vous rappelle' })).toBeVisible();
    await expect(reply.getByTestId('receipt')).toHaveText('Lu', LIVE);
    await press(p.getByRole('button', { name: 'Retour aux conversations' }));
    await expect(item).not.toContainText('message non lu');

    expect(violations).toEqual([]);
    expect([...patient.missing, ...pro.missing]).toEqual([]);
    await patient.context.close();
    await pro.context.close();
  });

  // The same conversation in English and in Spanish, by keyboard: the texts, the receipt, axe.
  const TEXTS = {
    en: { title: 'Messages', label: 'Write a message', history: 'Messages with Paul Roux', sent: /^(Sent|Delivered)$/, read: 'Read' },
    es: { title: 'Mensajes', label: 'Escribir un mensaje', history: 'Mensajes con Paul Roux', sent: /^(Enviado|Entregado)$/, read: 'Leído' },
  } as const;
  for (const lng of ['en', 'es'] as const) {
    test(`the conversation in ${lng}: written by keyboard, receipt turns to read live, axe clean`, async ({ browser }) => {
      test.setTimeout(90_000);
      const texts = TEXTS[lng];
      const patient = await newBrowser(browser, { width: 390, height: 844 });
      const pro = await newBrowser(browser, { width: 1280, height: 800 });
      const p = patient.page;
      expect((await apiSignUp(pro.page.request, { email: uniqueEmail(`msg-pro-${lng}`), role: 'doctor', firstName: 'Paul', lastName: 'Roux', medicalLicense: '10000000009', language: lng })).ok()).toBe(true);
      const { inviteCode } = (await (await pro.page.request.get('/api/doctor/profile')).json()) as { inviteCode: string };
      expect((await apiSignUp(p.request, { email: uniqueEmail(`msg-patient-${lng}`), firstName: 'Inès', lastName: 'Moreau', language: lng })).ok()).toBe(true);
      expect((await p.request.post('/api/care-team/invitations/professional', { headers: ORIGIN, data: { code: inviteCode, categories: ['glucose'] } })).status()).toBe(201);

      await p.goto(`/messages?lng=${lng}`);
      await expect(h1(p)).toHaveText(texts.title);
      await press(p.getByRole('link', { name: /Paul Roux/ }));
      const field = p.getByLabel(texts.label);
      await tabTo(p, field);
      await p.keyboard.type('Hello / Hola');
      await p.keyboard.press('Control+Enter');
      const history = p.getByRole('region', { name: texts.history });
      const mine = history.getByTestId('message').filter({ hasText: 'Hello / Hola' });
      await expect(mine.getByTestId('receipt')).toHaveText(texts.sent);
      await p.waitForLoadState('networkidle');
      const violations = await axeViolations(p, `/messages ${lng}`);

      // The professional reads it (API, as their page does): the receipt turns to "read", live.
      const { items } = (await (await pro.page.request.get('/api/messages/conversations')).json()) as { items: { linkId: string; lastMessage: { id: string } }[] };
      const read = await pro.page.request.post(`/api/messages/conversations/${items[0]!.linkId}/read`, { headers: ORIGIN, data: { upToMessageId: items[0]!.lastMessage.id } });
      expect(read.ok(), await read.text()).toBe(true);
      await expect(mine.getByTestId('receipt')).toHaveText(texts.read, LIVE);

      expect(violations).toEqual([]);
      expect(patient.missing).toEqual([]);
      await patient.context.close();
      await pro.context.close();
    });
  }
});

