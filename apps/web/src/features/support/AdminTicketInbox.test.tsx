import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminSupportConversation, AdminSupportTicket, SupportTicketStatus } from '@glucosuivi/domain/support/support.schemas';
import { TestProviders } from '@/test/TestProviders';
import { stubApi, type Call } from '@/test/messages-fixtures';
import { AdminTicketInbox } from './AdminTicketInbox';

const URGENT = 'aaaaaaaa-0000-4000-8000-000000000001';
const QUESTION = 'bbbbbbbb-0000-4000-8000-000000000002';

function ticket(id: string, overrides: Partial<AdminSupportTicket> = {}): AdminSupportTicket {
  return {
    id,
    reference: id.slice(0, 8).toUpperCase(),
    subject: 'Connexion impossible',
    type: 'urgent',
    status: 'open',
    createdAt: '2026-03-02T09:00:00.000Z',
    updatedAt: '2026-03-02T09:00:00.000Z',
    replyCount: 0,
    email: 'camille@example.test',
    kind: 'patient',
    language: 'en',
    ...overrides,
  };
}

const urgent = ticket(URGENT);
const question = ticket(QUESTION, { subject: 'Export', type: 'question', kind: 'contact', email: 'visiteur@example.test', language: 'es' });
const counts = { open: 2, answered: 4, closed: 7 };

function api(): Call[] {
  let status: SupportTicketStatus = 'open';
  let replies: AdminSupportConversation['messages'] = [];
  const current = (): AdminSupportConversation => ({
    ticket: { ...urgent, status, replyCount: replies.length },
    messages: [{ id: URGENT, fromSupport: false, message: "Je n'arrive plus à me connecter.", createdAt: urgent.createdAt }, ...replies],
  });
  return stubApi(({ method, path, body, search }) => {
    if (path === '/api/admin/support/tickets') {
      const items = [urgent, question].filter((t) => (!search.get('type') || t.type === search.get('type')) && (!search.get('status') || t.status === search.get('status')));
      return Response.json({ items, counts });
    }
    if (method === 'GET' && path === `/api/admin/support/tickets/${URGENT}`) return Response.json(current());
    if (method === 'POST' && path === `/api/admin/support/tickets/${URGENT}/answer`) {
      replies = [...replies, { id: 'cccccccc-0000-4000-8000-000000000003', fromSupport: true, message: (body as { message: string }).message, createdAt: '2026-03-02T10:00:00.000Z' }];
      status = 'answered';
      return Response.json(current(), { status: 201 });
    }
    if (method === 'POST' && path === `/api/admin/support/tickets/${URGENT}/status`) {
      status = (body as { status: SupportTicketStatus }).status;
      return Response.json(current());
    }
    return undefined;
  });
}

let location = '';
function Where() {
  const here = useLocation();
  location = `${here.pathname}${here.search}`;
  return null;
}

function renderAt(path: string) {
  render(
    <TestProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<><AdminTicketInbox /><Where /></>} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('support inbox', () => {
  it('shows the tickets in the server order with urgency, requester kind and address, and the counts per status', async () => {
    api();
    renderAt('/admin?section=support');
    const list = within(await screen.findByTestId('ticket-inbox-list'));
    const rows = list.getAllByRole('button');
    expect(rows.map((r) => r.getAttribute('data-ticket-id'))).toEqual([URGENT, QUESTION]);
    expect(rows[0]!.textContent).toContain('Urgent');
    expect(rows[0]!.textContent).toContain('À traiter');
    expect(rows[0]!.textContent).toContain('Patient');
    expect(rows[0]!.textContent).toContain('camille@example.test');
    expect(rows[1]!.textContent).toContain('Formulaire de contact');
    const filters = within(screen.getByRole('group', { name: 'Filtrer par statut' }));
    expect(filters.getByRole('button', { name: 'Toutes (13)' }).getAttribute('aria-pressed')).toBe('true');
    expect(filters.getByRole('button', { name: 'Closes (7)' })).toBeTruthy();
  });

  it('filters by status, type and search through the query', async () => {
    const calls = api();
    renderAt('/admin?section=support');
    await screen.findByTestId('ticket-inbox-list');
    fireEvent.click(screen.getByRole('button', { name: 'À traiter (2)' }));
    await waitFor(() => expect(calls.at(-1)?.search.get('status')).toBe('open'));
    fireEvent.change(screen.getByLabelText('Type de demande'), { target: { value: 'urgent' } });
    await waitFor(() => expect(calls.at(-1)?.search.get('type')).toBe('urgent'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Rechercher' }), { target: { value: ' camille ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Lancer la recherche' }));
    await waitFor(() => expect(calls.at(-1)?.search.get('q')).toBe('camille'));
    expect(calls.at(-1)?.search.get('status')).toBe('open');
  });

  it('opens a ticket, answers it (said in which language it goes) and closes it', async () => {
    const calls = api();
    renderAt('/admin?section=support');
    fireEvent.click(within(await screen.findByTestId('ticket-inbox-list')).getAllByRole('button')[0]!);
    await waitFor(() => expect(location).toBe(`/admin?section=support&ticket=${URGENT}`));
    const heading = await screen.findByRole('heading', { level: 3, name: 'Connexion impossible' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText(/Le demandeur la reçoit par e-mail, en anglais/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Réponse du support'), { target: { value: 'Réinitialisez votre mot de passe.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la réponse' }));
    expect(await screen.findByText(/Réponse envoyée/)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: `/api/admin/support/tickets/${URGENT}/answer`, body: { message: 'Réinitialisez votre mot de passe.' } });
    const messages = within(screen.getByTestId('ticket-messages')).getAllByRole('listitem');
    expect(messages.map((m) => m.getAttribute('data-from'))).toEqual(['requester', 'support']);
    const status = within(screen.getByRole('group', { name: 'Statut de la demande' }));
    expect(status.getByRole('button', { name: 'Répondues' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(status.getByRole('button', { name: 'Closes' }));
    expect(await screen.findByText('Statut mis à jour : Closes.')).toBeTruthy();
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: `/api/admin/support/tickets/${URGENT}/status`, body: { status: 'closed' } });
    expect(status.getByRole('button', { name: 'Closes' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Retour aux demandes' }));
    await waitFor(() => expect(location).toBe('/admin?section=support'));
    await waitFor(() => expect(document.activeElement?.getAttribute('data-ticket-id')).toBe(URGENT));
  });

  it('refuses an empty answer before sending it', async () => {
    const calls = api();
    renderAt(`/admin?section=support&ticket=${URGENT}`);
    await screen.findByRole('heading', { level: 3, name: 'Connexion impossible' });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer la réponse' }));
    expect(await screen.findByText('Le message est obligatoire')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
