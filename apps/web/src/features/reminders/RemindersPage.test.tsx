import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reminder, ReminderToday } from '@glucosuivi/domain/reminders/reminders.schemas';
import { stubApi, type Call } from '@/test/messages-fixtures';
import { reminder, settings, today, uuid } from '@/test/reminders-fixtures';
import { TestProviders } from '@/test/TestProviders';
import { RemindersPage } from './RemindersPage';

// The schedule helper of the domain is still a placeholder on this branch: its verdict is
// stubbed "ok" so that a well-formed form reaches the (mocked) server. reminder-form.schedule.test.ts
// checks the real verdicts.
vi.mock('@glucosuivi/domain/reminders/schedule', () => ({ checkSchedule: () => 'ok' }));

const PENDING = uuid(201);
const DONE = uuid(202);
const TODAY = today([
  { occurrenceId: DONE, reminderId: uuid(2), kind: 'medication', label: 'Traitement du matin', medicationName: 'Metformine', dueAt: '2026-03-10T06:30:00.000Z', status: 'done', snoozedUntil: null },
  { occurrenceId: PENDING, reminderId: uuid(1), kind: 'measurement', label: 'Glycémie du matin', medicationName: null, dueAt: '2026-03-10T07:00:00.000Z', status: 'pending', snoozedUntil: null },
  { occurrenceId: null, reminderId: uuid(1), kind: 'measurement', label: 'Glycémie du soir', medicationName: null, dueAt: '2026-03-10T18:30:00.000Z', status: 'upcoming', snoozedUntil: null },
]);
const WEEKLY = reminder(1, { label: 'Glycémie du matin', schedule: { type: 'weekly', times: ['08:30'], days: [4, 1] }, sendPush: true, nextDueAt: '2026-03-12T07:30:00.000Z' });
const RULE = reminder(2, { kind: 'medication', label: 'Traitement du soir', medicationName: 'Metformine', instructions: 'Au dîner', schedule: { type: 'rrule', rule: 'FREQ=DAILY;BYHOUR=19;BYMINUTE=0' }, paused: true, nextDueAt: null });

type Handler = (call: Call) => Response | undefined;

function api({ reminders = [WEEKLY, RULE], day = TODAY, pushOn = true, emailOn = false, extra }: { reminders?: Reminder[]; day?: ReminderToday; pushOn?: boolean; emailOn?: boolean; extra?: Handler } = {}): Call[] {
  return stubApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    const { method, path } = call;
    if (path === '/api/settings') return Response.json(settings({ notificationsPush: pushOn, emailAlerts: emailOn }));
    if (method === 'GET' && path === '/api/reminders') return Response.json({ reminders });
    if (method === 'GET' && path === '/api/reminders/today') return Response.json(day);
    if (method === 'GET' && path === '/api/reminders/quiet-hours') return Response.json({ start: null, end: null });
    if (method === 'GET' && path === '/api/notifications') return Response.json({ items: [], unread: 0 });
    if (method === 'POST' && /^\/api\/reminders\/occurrences\/[^/]+\/(done|snooze|skip)$/.test(path)) {
      const item = day.items.find((i) => i.occurrenceId && path.includes(i.occurrenceId))!;
      return Response.json({ ...item, status: path.endsWith('done') ? 'done' : path.endsWith('skip') ? 'skipped' : 'snoozed' });
    }
    if (method === 'POST' && /\/(pause|resume)$/.test(path)) return Response.json({ ...WEEKLY, paused: path.endsWith('pause') });
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return undefined;
  });
}

function renderPage() {
  render(
    <TestProviders>
      <MemoryRouter initialEntries={['/reminders']}>
        <RemindersPage timeZones={['Europe/Paris', 'Europe/Brussels', 'UTC']} />
      </MemoryRouter>
    </TestProviders>,
  );
}

const gets = (calls: Call[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path).length;

afterEach(() => vi.unstubAllGlobals());

describe('/reminders, today', () => {
  it("shows today's timeline in the patient's zone: time, label, status, and actions only where one is due", async () => {
    api();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Rappels' })).toBeTruthy();
    expect(screen.getByText(/GlucoSuivi ne propose jamais de dose/)).toBeTruthy();
    const items = await screen.findAllByTestId('timeline-item');
    expect(items.map((item) => item.querySelector('time')!.textContent)).toEqual(['07:30', '08:00', '19:30']);
    const [done, pending, upcoming] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(done.textContent).toContain('Médicament : Metformine');
    expect(within(done).getByText('Fait')).toBeTruthy();
    expect(within(done).queryByRole('button')).toBeNull();
    expect(within(pending).getByText('À faire')).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Fait : Glycémie du matin' })).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Ignorer : Glycémie du matin' })).toBeTruthy();
    expect(within(upcoming).getByText('À venir')).toBeTruthy();
    expect(within(upcoming).queryByRole('button')).toBeNull();
    expect(screen.getByText('10 mars 2026 (fuseau horaire Europe/Paris)')).toBeTruthy();
  });

  it('"Fait", "Reporter" 30 min and "Ignorer" call their endpoints, then the page refetches', async () => {
    const calls = api();
    renderPage();
    const pending = (await screen.findAllByTestId('timeline-item'))[1]!;
    const posts = () => calls.filter((c) => c.method === 'POST');

    fireEvent.click(within(pending).getByRole('button', { name: /^Fait/ }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({ path: `/api/reminders/occurrences/${PENDING}/done` });
    await waitFor(() => expect(gets(calls, '/api/reminders/today')).toBe(2));
    expect(await screen.findByText('Rappel marqué comme fait')).toBeTruthy();

    const snooze = within(pending).getByRole('button', { name: /^Reporter/ });
    expect(snooze.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(snooze);
    expect(snooze.getAttribute('aria-expanded')).toBe('true');
    const lengths = within(pending).getByRole('group', { name: 'Reporter « Glycémie du matin » de' });
    expect(within(lengths).getAllByRole('button').map((b) => b.textContent)).toEqual(['10 min', '30 min', '60 min']);
    // The first length takes the focus; Escape closes and gives it back to "Reporter".
    await waitFor(() => expect(document.activeElement?.textContent).toBe('10 min'));
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(within(pending).queryByRole('group')).toBeNull();
    expect(document.activeElement).toBe(snooze);
    fireEvent.click(snooze);
    fireEvent.click(within(pending).getByRole('button', { name: '30 min' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]).toMatchObject({ path: `/api/reminders/occurrences/${PENDING}/snooze`, body: { minutes: 30 } });

    fireEvent.click(within(pending).getByRole('button', { name: /^Ignorer/ }));
    await waitFor(() => expect(posts()).toHaveLength(3));
    expect(posts()[2]).toMatchObject({ path: `/api/reminders/occurrences/${PENDING}/skip` });
    await waitFor(() => expect(gets(calls, '/api/reminders/today')).toBe(4));
  });

  it('says when nothing is planned today', async () => {
    api({ day: today([]), reminders: [] });
    renderPage();
    expect(await screen.findByText('Aucun rappel prévu aujourd\'hui.')).toBeTruthy();
    expect(await screen.findByText(/Vous n'avez encore aucun rappel/)).toBeTruthy();
  });
});

describe('/reminders, my reminders', () => {
  it('lists each reminder with its schedule in words, next occurrence, channels; pauses and deletes after confirming', async () => {
    const calls = api();
    renderPage();
    const [weekly, rule] = (await screen.findAllByTestId('reminder-card')) as [HTMLElement, HTMLElement];
    expect(within(weekly).getByRole('heading', { level: 3, name: 'Glycémie du matin' })).toBeTruthy();
    expect(within(weekly).getByTestId('schedule-summary').textContent).toBe('Lun, Jeu à 08:30');
    expect(weekly.textContent).toContain('12 mars 2026');
    expect(weekly.textContent).toContain("Dans l'application, notification push");
    expect(within(rule).getByTestId('schedule-summary').textContent).toBe('Règle : FREQ=DAILY;BYHOUR=19;BYMINUTE=0');
    expect(rule.textContent).toContain('En pause');
    expect(rule.textContent).toContain('Aucun : le rappel est en pause');
    expect(rule.textContent).toContain('Metformine');
    expect(rule.textContent).toContain('Au dîner');

    fireEvent.click(within(weekly).getByRole('button', { name: 'Mettre en pause : Glycémie du matin' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/api/reminders/${WEEKLY.id}/pause`)).toBe(true));
    fireEvent.click(within(rule).getByRole('button', { name: 'Reprendre : Traitement du soir' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/api/reminders/${RULE.id}/resume`)).toBe(true));
    await waitFor(() => expect(gets(calls, '/api/reminders')).toBeGreaterThanOrEqual(2));

    fireEvent.click(within(weekly).getByRole('button', { name: 'Supprimer : Glycémie du matin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer ce rappel ?' });
    expect(dialog.textContent).toContain('Le rappel « Glycémie du matin » et son historique seront supprimés définitivement.');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer le rappel' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')).toMatchObject({ path: `/api/reminders/${WEEKLY.id}` }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('/reminders, the form', () => {
  async function openForm() {
    const trigger = await screen.findByRole('button', { name: 'Nouveau rappel' });
    fireEvent.click(trigger);
    return { trigger, dialog: await screen.findByRole('dialog', { name: 'Nouveau rappel' }) };
  }

  it('refuses an empty time and no day on the client (nothing sent), then creates the reminder', async () => {
    const calls = api({ reminders: [] });
    renderPage();
    const { dialog } = await openForm();
    const form = within(dialog);
    // Every day ticked by default, one time at 08:00, today in the settings zone.
    expect(form.getAllByRole('checkbox', { checked: true }).map((c) => c.id)).toHaveLength(7);
    expect((form.getByLabelText('Heure 1') as HTMLInputElement).value).toBe('08:00');
    expect((form.getByLabelText('Fuseau horaire') as HTMLSelectElement).value).toBe('Europe/Paris');

    fireEvent.change(form.getByLabelText(/^Intitulé/), { target: { value: 'Glycémie avant le dîner' } });
    fireEvent.click(form.getByRole('button', { name: 'Ajouter une heure' }));
    expect(document.activeElement).toBe(form.getByLabelText('Heure 2'));
    fireEvent.click(form.getByRole('checkbox', { name: 'Lundi' }));
    for (const day of ['Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche']) fireEvent.click(form.getByRole('checkbox', { name: day }));
    fireEvent.click(form.getByRole('button', { name: 'Créer le rappel' }));
    expect(await form.findByText("Le rappel n'a pas été enregistré : corrigez les champs signalés.")).toBeTruthy();
    expect(form.getByText('Indiquez une heure.')).toBeTruthy();
    expect(form.getByLabelText('Heure 2').getAttribute('aria-invalid')).toBe('true');
    expect(form.getByLabelText('Heure 1').getAttribute('aria-invalid')).toBeNull();
    expect(form.getByText('Cochez au moins un jour.')).toBeTruthy();
    // The focus goes to the time refused (the new one had it after "Ajouter une heure").
    expect(document.activeElement).toBe(form.getByLabelText('Heure 2'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(form.getByLabelText('Heure 2'), { target: { value: '19:15' } });
    fireEvent.click(form.getByRole('checkbox', { name: 'Lundi' }));
    fireEvent.click(form.getByRole('checkbox', { name: 'Jeudi' }));
    fireEvent.click(form.getByRole('checkbox', { name: 'Notification push' }));
    fireEvent.click(form.getByRole('button', { name: 'Créer le rappel' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/api/reminders',
      body: {
        kind: 'measurement',
        label: 'Glycémie avant le dîner',
        medicationName: null,
        schedule: { type: 'weekly', times: ['08:00', '19:15'], days: [1, 4] },
        timeZone: 'Europe/Paris',
        endsOn: null,
        sendPush: true,
        sendEmail: false,
      },
    });
  });

  it("shows the server's refusals on their fields, translated, the first field focused", async () => {
    api({
      reminders: [],
      extra: ({ method, path }) =>
        method === 'POST' && path === '/api/reminders'
          ? Response.json(
              {
                error: {
                  code: 'validation_failed',
                  message: 'Invalid request',
                  requestId: 'r1',
                  issues: [
                    { path: ['body', 'schedule'], code: 'custom', message: 'reminderTooFrequent' },
                    { path: ['body', 'medicationName'], code: 'custom', message: 'textInvalidCharacters' },
                  ],
                },
              },
              { status: 400 },
            )
          : undefined,
    });
    renderPage();
    const { dialog } = await openForm();
    const form = within(dialog);
    fireEvent.click(form.getByRole('radio', { name: 'Médicament' }));
    expect(form.getByText('Indiquez la consigne de votre ordonnance ; GlucoSuivi ne propose jamais de dose.')).toBeTruthy();
    fireEvent.change(form.getByLabelText(/^Intitulé/), { target: { value: 'Traitement' } });
    fireEvent.change(form.getByLabelText(/^Nom du médicament/), { target: { value: 'Metformine' } });
    fireEvent.click(form.getByRole('radio', { name: 'Règle de récurrence (RFC 5545)' }));
    fireEvent.change(form.getByLabelText(/^Règle \(format RRULE\)/), { target: { value: 'FREQ=MINUTELY' } });
    fireEvent.click(form.getByRole('button', { name: 'Créer le rappel' }));
    expect(await form.findByText('Ce rappel se déclencherait trop souvent : au plus un rappel toutes les 5 minutes.')).toBeTruthy();
    const name = form.getByLabelText(/^Nom du médicament/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(form.getByText('Ce texte contient des caractères non autorisés. Retirez-les puis réessayez.')).toBeTruthy();
    expect(form.getByLabelText(/^Règle \(format RRULE\)/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(name);
  });

  it('says when push or e-mail is off in the settings, and gives the focus back to the trigger on cancel', async () => {
    api({ pushOn: false, emailOn: false });
    renderPage();
    const { trigger, dialog } = await openForm();
    expect(within(dialog).getByTestId('push-off-hint').textContent).toContain('Les notifications push sont désactivées dans vos paramètres');
    expect(within(dialog).getByTestId('email-off-hint').textContent).toContain('Les alertes par e-mail sont désactivées dans vos paramètres');
    expect(within(dialog).getByText(/Pendant vos heures calmes, ni notification push ni e-mail/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('edits a reminder filled with its values and sends a PUT', async () => {
    const calls = api({ extra: ({ method }) => (method === 'PUT' ? Response.json(WEEKLY) : undefined) });
    renderPage();
    const weekly = (await screen.findAllByTestId('reminder-card'))[0]!;
    fireEvent.click(within(weekly).getByRole('button', { name: 'Modifier : Glycémie du matin' }));
    const form = within(await screen.findByRole('dialog', { name: 'Modifier le rappel' }));
    expect((form.getByLabelText(/^Intitulé/) as HTMLInputElement).value).toBe('Glycémie du matin');
    expect(form.getAllByRole('checkbox', { checked: true }).map((c) => c.closest('div')!.textContent)).toEqual(['Lundi', 'Jeudi', 'Notification push']);
    fireEvent.click(form.getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: `/api/reminders/${WEEKLY.id}`, body: { schedule: { type: 'weekly', times: ['08:30'], days: [1, 4] }, sendPush: true } }));
  });
});

describe('/reminders, quiet hours', () => {
  it('turns quiet hours on with a start and an end', async () => {
    const calls = api({ extra: ({ method, path, body }) => (method === 'PUT' && path === '/api/reminders/quiet-hours' ? Response.json(body) : undefined) });
    renderPage();
    expect(await screen.findByText('Actuellement : aucune heure calme.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Activer les heures calmes' }));
    fireEvent.change(screen.getByLabelText('Fin'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les heures calmes' }));
    expect(await screen.findByText('Indiquez une heure.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByLabelText('Fin'), { target: { value: '06:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer les heures calmes' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ body: { start: '22:00', end: '06:30' } }));
  });
});
