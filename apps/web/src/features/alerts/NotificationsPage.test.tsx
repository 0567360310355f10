import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NotificationItem } from '@glucosuivi/domain/notifications/notifications.schemas';
import { stubApi, type Call } from '@/test/messages-fixtures';
import { reminderNotification, settings, uuid } from '@/test/reminders-fixtures';
import { TestProviders } from '@/test/TestProviders';
import { NotificationsPage } from './NotificationsPage';

const OLD_DONE = reminderNotification(1, { label: 'Traitement du matin', medicationName: 'Metformine', status: 'done' }, '2026-03-10T07:30:00.000Z');
const PENDING = reminderNotification(30, { label: 'Glycémie du matin' });
const PATIENT_ALERT: NotificationItem = {
  kind: 'patient_alert',
  id: uuid(150),
  createdAt: '2026-03-10T07:45:00.000Z',
  readAt: null,
  patientAlert: { patientId: 'patient-7', firstName: 'Margaux', lastName: 'Live', alertId: uuid(160), alertKind: 'hypo', occurredAt: '2026-03-10T07:44:00.000Z' },
};

/** The server's notifications: "read" changes what the next GET answers. */
function api(stored: NotificationItem[], counts = { open: 0, acknowledged: 0, resolved: 0 }): Call[] {
  let items = stored;
  return stubApi(({ method, path }) => {
    if (path === '/api/settings') return Response.json(settings());
    if (path === '/api/alerts') return Response.json({ items: [], counts, nextCursor: null });
    if (method === 'GET' && path === '/api/notifications') return Response.json({ items, unread: items.filter((i) => i.readAt === null).length });
    if (method === 'POST' && path === '/api/notifications/read') {
      items = items.map((i) => ({ ...i, readAt: i.readAt ?? '2026-03-10T08:00:00.000Z' }));
      return Response.json({ items, unread: 0 });
    }
    if (method === 'POST' && path.startsWith('/api/reminders/occurrences/')) {
      return Response.json({ occurrenceId: PENDING.kind === 'reminder' ? PENDING.reminder.occurrenceId : null, reminderId: uuid(30), kind: 'measurement', label: 'Glycémie du matin', medicationName: null, dueAt: '2026-03-10T07:30:00.000Z', status: 'done', snoozedUntil: null });
    }
    return undefined;
  });
}

function renderPage() {
  render(
    <TestProviders>
      <MemoryRouter initialEntries={['/notifications']}>
        <NotificationsPage />
      </MemoryRouter>
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/notifications, the delivered items', () => {
  it('lists them newest first, unread ones bold and said "non lue", each with its link', async () => {
    api([OLD_DONE, PENDING, PATIENT_ALERT]);
    renderPage();
    const items = await screen.findAllByTestId('notification-item');
    const titles = items.map((item) => within(item).getByRole('heading', { level: 3 }));
    expect(titles.map((h) => h.textContent)).toEqual(['Margaux Live : hypoglycémie (non lue)', 'Rappel : Glycémie du matin (non lue)', 'Rappel : Traitement du matin']);
    expect(within(titles[1]!).getByText('(non lue)').className).toContain('sr-only');
    expect(titles[1]!.className).toContain('font-bold');
    expect(titles[2]!.className).not.toContain('font-bold');
    expect(screen.getByTestId('notification-unread').textContent).toBe('2 notifications non lues.');

    const [alert, pending, done] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(alert).getByRole('link', { name: 'Ouvrir la fiche de Margaux Live' }).getAttribute('href')).toBe('/doctor/patients/patient-7');
    expect(alert.textContent).toContain('Le 10 mars 2026');
    expect(within(pending).getByRole('link', { name: 'Voir mes rappels' }).getAttribute('href')).toBe('/reminders');
    expect(pending.textContent).toContain('Prévu le 10 mars 2026');
    expect(within(pending).getByRole('button', { name: 'Fait : Glycémie du matin' })).toBeTruthy();
    expect(within(pending).getByRole('button', { name: 'Reporter : Glycémie du matin' })).toBeTruthy();
    // Done already: no action, its state in words.
    expect(within(done).queryByRole('button')).toBeNull();
    expect(done.textContent).toContain('Médicament : Metformine');
    expect(done.textContent).toContain('Fait');
    // The alerts stay below, under their own heading.
    expect(screen.getByRole('heading', { level: 2, name: 'Mes alertes' })).toBeTruthy();
  });

  it('"Fait" marks the occurrence done and refetches the centre', async () => {
    const calls = api([PENDING]);
    renderPage();
    const item = (await screen.findAllByTestId('notification-item'))[0]!;
    fireEvent.click(within(item).getByRole('button', { name: /^Fait/ }));
    const occurrence = PENDING.kind === 'reminder' ? PENDING.reminder.occurrenceId : '';
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: `/api/reminders/occurrences/${occurrence}/done` }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/notifications')).toHaveLength(2));
  });

  it('"Tout marquer comme lu" marks every one read, then the button goes', async () => {
    const calls = api([PENDING, PATIENT_ALERT]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Tout marquer comme lu' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/api/notifications/read', body: {} }));
    expect(await screen.findByText('Aucune notification non lue.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tout marquer comme lu' })).toBeNull();
  });

  it('says when nothing was received', async () => {
    api([]);
    renderPage();
    expect(await screen.findByText("Aucune notification reçue pour l'instant. Vos rappels s'afficheront ici.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tout marquer comme lu' })).toBeNull();
  });
});

describe('/notifications, the alert counts', () => {
  it('agrees each count with its noun: singular for 0 and 1 in French, plural from 2', async () => {
    api([], { open: 1, acknowledged: 0, resolved: 0 });
    renderPage();
    expect((await screen.findByTestId('alert-counts')).textContent).toBe('1 non lue, 0 vue en attente de résolution.');
  });

  it('says the plural from 2', async () => {
    api([], { open: 2, acknowledged: 3, resolved: 0 });
    renderPage();
    expect((await screen.findByTestId('alert-counts')).textContent).toBe('2 non lues, 3 vues en attente de résolution.');
  });
});
