import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/TestProviders';
import { LINK, OTHER_LINK, conversation, message, receipt, stubApi, stubIntersection, type Call } from '@/test/messages-fixtures';
import { MessagesPage } from './MessagesPage';
import { ProfessionalInbox } from './ProfessionalInbox';

const CLAIRE = conversation({
  unreadCount: 3,
  lastMessage: { id: message(9, false, '').id, mine: false, preview: 'Pensez à votre HbA1c', createdAt: '2026-03-10T08:09:00.000Z', status: 'sent' },
});
const LUCAS = conversation({
  linkId: OTHER_LINK,
  linkStatus: 'revoked',
  canSend: false,
  revokedAt: '2026-03-05T08:00:00.000Z',
  counterpart: { userId: 'pro-2', role: 'professional', firstName: 'Lucas', lastName: 'Petit' },
  lastMessage: { id: message(5, true, '', 'read', OTHER_LINK).id, mine: true, preview: 'Merci pour tout', createdAt: '2026-03-04T08:00:00.000Z', status: 'read' },
});

function api(items = [CLAIRE, LUCAS]): Call[] {
  return stubApi(({ method, path }) => {
    if (path === '/api/messages/conversations') return Response.json({ items, totalUnread: items.reduce((n, c) => n + c.unreadCount, 0) });
    if (method === 'POST') return receipt();
    if (path === `/api/messages/conversations/${LINK}/messages`) {
      return Response.json({ conversation: CLAIRE, items: [message(9, false, 'Pensez à votre HbA1c', 'sent')], nextCursor: null });
    }
    return undefined;
  });
}

let location = '';
function Where() {
  const here = useLocation();
  location = `${here.pathname}${here.search}${here.hash}`;
  return null;
}

function renderAt(path: string, element = <MessagesPage />) {
  render(
    <TestProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<>{element}<Where /></>} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
}

beforeEach(() => stubIntersection(() => true));
afterEach(() => vi.unstubAllGlobals());

describe('/messages', () => {
  it('lists one conversation per care link: name, preview, unread count said in words, and "Lecture seule" once ended', async () => {
    const calls = api();
    renderAt('/messages');
    expect(screen.getByRole('heading', { level: 1, name: 'Messages' })).toBeTruthy();
    const list = within(await screen.findByRole('navigation', { name: 'Conversations' }));
    const [claire, lucas] = list.getAllByRole('link');
    expect(claire!.textContent).toContain('Claire Bernard');
    expect(claire!.textContent).toContain('Pensez à votre HbA1c');
    expect(within(claire!).getByText('3 messages non lus')).toBeTruthy();
    expect(within(claire!).getByText('3').getAttribute('aria-hidden')).toBe('true');
    expect(lucas!.textContent).toContain('Lecture seule');
    expect(lucas!.textContent).toContain('Vous : Merci pour tout');
    expect(within(lucas!).queryByTestId('unread-badge')).toBeNull();
    // Fetching the list is the recipient's client receiving Claire's last message.
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: `/api/messages/conversations/${LINK}/delivered`, body: { upToMessageId: CLAIRE.lastMessage!.id } });
    // No conversation is open, so nothing is read.
    expect(screen.getByText("Choisissez une conversation pour l'afficher.")).toBeTruthy();
  });

  it('opens a conversation from the list (its heading takes the focus) and comes back with the back button', async () => {
    const calls = api();
    renderAt('/messages');
    const claire = (await screen.findAllByTestId('conversation-item'))[0]!;
    fireEvent.click(claire);
    await waitFor(() => expect(location).toBe(`/messages?c=${LINK}`));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Claire Bernard' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByRole('link', { name: /Claire Bernard/ }).getAttribute('aria-current')).toBe('true');
    // On screen: read up to the newest received message.
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/read'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Retour aux conversations' }));
    await waitFor(() => expect(location).toBe('/messages'));
    await waitFor(() => expect(document.activeElement?.getAttribute('data-link-id')).toBe(LINK));
    expect(screen.queryByRole('heading', { level: 2, name: 'Claire Bernard' })).toBeNull();
  });

  it('says how to start when there is no care link', async () => {
    api([]);
    renderAt('/messages');
    expect((await screen.findByTestId('messages-empty')).textContent).toContain(
      'Aucune conversation : ajoutez un professionnel à votre équipe de soins pour lui écrire.',
    );
    expect(screen.getByRole('link', { name: 'Gérer mon équipe de soins' }).getAttribute('href')).toBe('/profil#care-team');
  });
});

describe('professional inbox', () => {
  it('lists the conversations with messages, with their unread counts, linking to the patient page', async () => {
    const patient = (first: string, last: string, id: string) => ({ userId: id, role: 'patient' as const, firstName: first, lastName: last });
    const withMessage = { ...CLAIRE, counterpart: patient('Jean', 'Martin', 'patient-1') };
    const empty = conversation({ linkId: OTHER_LINK, counterpart: patient('Lina', 'Rousseau', 'patient-2') });
    api([withMessage, empty]);
    renderAt('/doctor', <ProfessionalInbox />);
    const inbox = within(await screen.findByRole('region', { name: 'Messages des patients' }));
    await inbox.findByTestId('conversation-list');
    expect(inbox.getByTestId('messages-inbox-unread').textContent).toBe('3 messages non lus');
    const links = inbox.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('/doctor/patients/patient-1#messages');
    expect(within(links[0]!).getByText('3 messages non lus')).toBeTruthy();
  });

  it('says when no patient has written yet', async () => {
    api([conversation({ counterpart: { userId: 'p', role: 'patient', firstName: 'Lina', lastName: null } })]);
    renderAt('/doctor', <ProfessionalInbox />);
    expect(await screen.findByText("Aucun message de vos patients pour l'instant.")).toBeTruthy();
    expect(screen.getByText('Aucun message non lu')).toBeTruthy();
  });
});
