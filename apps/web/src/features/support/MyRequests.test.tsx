import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupportConversation, SupportTicketSummary } from '@glucosuivi/domain/support/support.schemas';
import { TestProviders } from '@/test/TestProviders';
import { stubApi, type Call } from '@/test/messages-fixtures';
import { DoctorSupportPage } from './DoctorSupportPage';
import { SupportPage } from './SupportPage';

const ANSWERED = 'aaaaaaaa-0000-4000-8000-000000000001';
const CLOSED = 'bbbbbbbb-0000-4000-8000-000000000002';

function summary(id: string, overrides: Partial<SupportTicketSummary> = {}): SupportTicketSummary {
  return {
    id,
    reference: id.slice(0, 8).toUpperCase(),
    subject: 'Export CSV',
    type: 'question',
    status: 'answered',
    createdAt: '2026-03-02T09:00:00.000Z',
    updatedAt: '2026-03-03T10:00:00.000Z',
    replyCount: 1,
    ...overrides,
  };
}

function conversation(ticket: SupportTicketSummary, extra: SupportConversation['messages'] = []): SupportConversation {
  return {
    ticket,
    messages: [
      { id: ticket.id, fromSupport: false, message: 'Comment exporter mes mesures ?', createdAt: ticket.createdAt },
      { id: 'cccccccc-0000-4000-8000-000000000003', fromSupport: true, message: 'Depuis la page Rapports,\nbouton « Exporter ».', createdAt: ticket.updatedAt },
      ...extra,
    ],
  };
}

const answered = summary(ANSWERED);
const closed = summary(CLOSED, { subject: 'Capteur perdu', type: 'urgent', status: 'closed', updatedAt: '2026-03-01T08:00:00.000Z', replyCount: 0 });

function api(items: SupportTicketSummary[] = [answered, closed]): Call[] {
  return stubApi(({ method, path, body }) => {
    if (method === 'GET' && path === '/api/support/tickets') return Response.json({ items });
    if (method === 'POST' && path === '/api/support/tickets') return Response.json({ id: 'ffffffff-0000-4000-8000-000000000006', createdAt: '2026-03-05T09:00:00.000Z' }, { status: 201 });
    if (method === 'GET' && path === `/api/support/tickets/${ANSWERED}`) return Response.json(conversation(answered));
    if (method === 'GET' && path === `/api/support/tickets/${CLOSED}`) return Response.json({ ticket: closed, messages: conversation(closed).messages.slice(0, 1) });
    if (method === 'POST' && path === `/api/support/tickets/${ANSWERED}/replies`) {
      const text = (body as { message: string }).message;
      return Response.json(
        conversation({ ...answered, status: 'open', replyCount: 2 }, [{ id: 'dddddddd-0000-4000-8000-000000000004', fromSupport: false, message: text, createdAt: '2026-03-04T10:00:00.000Z' }]),
        { status: 201 },
      );
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

function renderAt(path: string, page = <SupportPage />) {
  render(
    <TestProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<>{page}<Where /></>} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('"Mes demandes" on /support', () => {
  it('lists my tickets under the form with subject, status in words, type and replies', async () => {
    api();
    renderAt('/support');
    const region = within(await screen.findByRole('region', { name: 'Mes demandes' }));
    const items = await region.findAllByRole('button');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Export CSV');
    expect(items[0]!.textContent).toContain('Répondue');
    expect(items[0]!.textContent).toContain('Question');
    expect(items[0]!.textContent).toContain('1 réponse');
    expect(items[1]!.textContent).toContain('Capteur perdu');
    expect(items[1]!.textContent).toContain('Close');
    expect(items[1]!.textContent).toContain('Urgent');
  });

  it('says when there is no request yet', async () => {
    api([]);
    renderAt('/support');
    expect((await screen.findByTestId('my-requests-empty')).textContent).toContain("Vous n'avez encore envoyé aucune demande");
  });

  it("opens a conversation with support's answer (focus on its title), sends a follow-up that reopens it, and comes back", async () => {
    const calls = api();
    renderAt('/support');
    fireEvent.click((await screen.findAllByRole('button', { name: /Export CSV/ }))[0]!);
    await waitFor(() => expect(location).toBe(`/support?ticket=${ANSWERED}`));
    const heading = await screen.findByRole('heading', { level: 3, name: 'Export CSV' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const messages = within(screen.getByTestId('ticket-messages')).getAllByRole('listitem');
    expect(messages.map((m) => m.getAttribute('data-from'))).toEqual(['requester', 'support']);
    expect(messages[1]!.textContent).toContain('Support GlucoSuivi');
    expect(messages[1]!.textContent).toContain('bouton « Exporter ».');
    expect(screen.getByText('Votre message relance la demande auprès du support.', { exact: false })).toBeTruthy();

    const box = screen.getByLabelText('Répondre au support');
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma réponse' }));
    expect(await screen.findByText('Le message est obligatoire')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(box, { target: { value: '  Merci, ça marche !  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer ma réponse' }));
    expect(await screen.findByText('Votre réponse a été envoyée au support.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: `/api/support/tickets/${ANSWERED}/replies`, body: { message: 'Merci, ça marche !' } });
    expect(within(screen.getByTestId('my-ticket')).getByTestId('ticket-status').textContent).toBe('En attente du support');
    expect(within(screen.getByTestId('ticket-messages')).getAllByRole('listitem')).toHaveLength(3);

    fireEvent.click(screen.getByRole('button', { name: 'Retour à mes demandes' }));
    await waitFor(() => expect(location).toBe('/support'));
    await waitFor(() => expect(document.activeElement?.getAttribute('data-ticket-id')).toBe(ANSWERED));
  });

  it('shows a closed ticket without a reply box', async () => {
    api();
    renderAt(`/support?ticket=${CLOSED}`);
    expect(await screen.findByRole('heading', { level: 3, name: 'Capteur perdu' })).toBeTruthy();
    expect(screen.getByText(/Cette demande est close/)).toBeTruthy();
    expect(screen.queryByLabelText('Répondre au support')).toBeNull();
  });

  it("says a ticket that is not mine (404) cannot be found", async () => {
    api();
    renderAt('/support?ticket=eeeeeeee-0000-4000-8000-000000000005');
    expect((await screen.findByRole('alert')).textContent).toBe('Cette demande est introuvable.');
    expect(screen.getByRole('button', { name: 'Retour à mes demandes' })).toBeTruthy();
  });
});

describe('/doctor-support', () => {
  it('is the support form with the history, for professionals', async () => {
    const calls = api([answered]);
    renderAt('/doctor-support', <DoctorSupportPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Support professionnel' })).toBeTruthy();
    expect(screen.getByLabelText('Objet')).toBeTruthy();
    expect(screen.getByLabelText('Type de demande')).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Export CSV/ })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Objet'), { target: { value: 'Export des patients' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Comment exporter la liste ?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/support/tickets')).toBe(true));
    // The history is fetched again once the ticket is sent.
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/support/tickets')).toHaveLength(2));
  });
});
