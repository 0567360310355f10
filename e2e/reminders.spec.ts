import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import { BASE, ORIGIN, apiSignUp, axeViolations, trackMissingKeys, uniqueEmail } from './support/accounts';

// Reminders (issue 14, PRODUCT.md §5): a fresh patient creates a measurement reminder for the next
// minute of their local time (Europe/Paris) and, without any reload, sees it come due on /reminders:
// the server's scheduler (every minute) hands it to the job worker (polling every second), which
// delivers it in-app and announces it on the realtime channel. Then "Fait". And a rule firing
// every minute is refused, in French, with nothing stored.

const expect = baseExpect.configure({ timeout: 15_000 });
/** The scheduler runs once a minute: the target minute, plus a scheduler pass, plus a slow machine. */
const DELIVERY = { timeout: 150_000 };
const ZONE = 'Europe/Paris';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const bell = (page: Page, label: string) => page.getByRole('banner').getByRole('link', { name: label, exact: true });

async function newPatient(browser: Browser, tag: string) {
  const context = await browser.newContext({ baseURL: BASE, locale: 'fr-FR', timezoneId: ZONE, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const missing = trackMissingKeys(page);
  const signedUp = await apiSignUp(page.request, { email: uniqueEmail(tag), firstName: 'Lucie', lastName: 'Rappel' });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  return { context, page, missing };
}

/**
 * The next whole minute as 'HH:MM' in Europe/Paris, at least 20 s away (time to save the form);
 * the minute after when the next one is closer than that.
 */
function nextLocalMinute(now = Date.now()): { hhmm: string; at: number } {
  let at = Math.ceil((now + 1) / 60_000) * 60_000;
  if (at - now < 20_000) at += 60_000;
  const hhmm = new Intl.DateTimeFormat('fr-FR', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
  return { hhmm, at };
}

async function openNewReminder(page: Page) {
  await page.getByRole('button', { name: 'Nouveau rappel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nouveau rappel' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('reminders', () => {
  test('a reminder for the next minute comes due live, counts in the header, and is marked done', async ({ browser }) => {
    test.setTimeout(240_000);
    const { context, page, missing } = await newPatient(browser, 'reminder-live');
    await page.goto('/reminders');
    await expect(h1(page)).toHaveText('Rappels', { timeout: 20_000 });
    await expect(page.getByText("Aucun rappel prévu aujourd'hui.")).toBeVisible();
    await expect(page.getByText("Vous n'avez encore aucun rappel.", { exact: false })).toBeVisible();
    await expect(bell(page, 'Notifications : aucune non lue')).toBeVisible();
    // Set on this document: still there at the end means the page was never reloaded.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    const label = 'Glycémie de contrôle';
    const dialog = await openNewReminder(page);
    await dialog.getByLabel('Intitulé').fill(label);
    // Every day is ticked by default; one time, set to the next minute of the patient's day.
    await expect(dialog.getByRole('checkbox', { name: 'Lundi' })).toBeChecked();
    await expect(dialog.getByLabel('Fuseau horaire')).toHaveValue(ZONE);
    const target = nextLocalMinute();
    await dialog.getByLabel('Heure 1').fill(target.hhmm);
    await dialog.getByRole('button', { name: 'Créer le rappel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Rappel créé')).toBeVisible();
    // The focus is back on the button that opened the form.
    await expect(page.getByRole('button', { name: 'Nouveau rappel' })).toBeFocused();

    const card = page.getByTestId('reminder-card').filter({ hasText: label });
    await expect(card.getByTestId('schedule-summary')).toHaveText(`Tous les jours à ${target.hhmm}`);
    await expect(card).toContainText("Dans l'application");

    // Nothing but the realtime channel brings it: the timeline shows it pending, the bell counts it.
    const item = page.getByTestId('timeline-item').filter({ hasText: label });
    await expect(item).toHaveAttribute('data-status', 'pending', DELIVERY);
    expect(Date.now(), 'not before its time').toBeGreaterThanOrEqual(target.at - 1_000);
    await expect(item.locator('time')).toHaveText(target.hhmm);
    await expect(item).toContainText('À faire');
    await expect(bell(page, 'Notifications : 1 non lue')).toBeVisible();
    expect((await axeViolations(page, '/reminders with a due reminder'))).toEqual([]);

    await item.getByRole('button', { name: /^Fait/ }).click();
    await expect(item).toHaveAttribute('data-status', 'done');
    await expect(item).toContainText('Fait');
    await expect(item.getByRole('button')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    // Done is dealt with: its notification is read, the bell is empty again.
    await expect(bell(page, 'Notifications : aucune non lue')).toBeVisible();

    // The centre still lists it, read (nothing left to mark).
    await page.getByRole('banner').getByRole('link', { name: /^Notifications/ }).click();
    await expect(h1(page)).toHaveText('Notifications');
    const delivered = page.getByTestId('notification-item').filter({ hasText: `Rappel : ${label}` });
    await expect(delivered).toHaveCount(1);
    await expect(delivered).toHaveAttribute('data-unread', 'false');
    await expect(delivered.getByRole('link', { name: 'Voir mes rappels' })).toHaveAttribute('href', '/reminders');
    await expect(page.getByRole('button', { name: 'Tout marquer comme lu' })).toHaveCount(0);

    expect(missing).toEqual([]);
    await context.close();
  });

  test('a rule firing every minute is refused in French, and nothing is stored', async ({ browser }) => {
    test.setTimeout(60_000);
    const { context, page, missing } = await newPatient(browser, 'reminder-rule');
    await page.goto('/reminders');
    await expect(h1(page)).toHaveText('Rappels', { timeout: 20_000 });
    const dialog = await openNewReminder(page);
    await dialog.getByLabel('Intitulé').fill('Toutes les minutes');
    await dialog.getByRole('radio', { name: 'Règle de récurrence (RFC 5545)' }).check({ force: true });
    const rule = dialog.getByLabel('Règle (format RRULE)');
    await rule.fill('FREQ=MINUTELY');
    await dialog.getByRole('button', { name: 'Créer le rappel' }).click();
    const refusal = 'Ce rappel se déclencherait trop souvent : au plus un rappel toutes les 5 minutes.';
    await expect(dialog.getByText(refusal)).toBeVisible();
    await expect(dialog.getByText("Le rappel n'a pas été enregistré : corrigez les champs signalés.")).toBeVisible();
    await expect(rule).toHaveAttribute('aria-invalid', 'true');
    await expect(rule).toBeFocused();

    // The server says the same to a client that skips the form, and stores nothing either way.
    const direct = await page.request.post('/api/reminders', {
      headers: ORIGIN,
      data: { kind: 'measurement', label: 'Toutes les minutes', schedule: { type: 'rrule', rule: 'FREQ=MINUTELY' }, timeZone: ZONE, startsOn: new Date().toISOString().slice(0, 10) },
    });
    expect(direct.status()).toBe(400);
    const body = (await direct.json()) as { error: { code: string; issues?: { message: string }[] } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.issues?.map((issue) => issue.message)).toContain('reminderTooFrequent');
    const stored = await page.request.get('/api/reminders');
    expect(stored.ok()).toBe(true);
    expect(((await stored.json()) as { reminders: unknown[] }).reminders).toEqual([]);

    expect(missing).toEqual([]);
    await context.close();
  });
});
