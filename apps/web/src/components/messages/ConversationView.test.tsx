import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/TestProviders';
import { LINK, conversation, message, receipt, stubApi, stubIntersection, type Call } from '@/test/messages-fixtures';
import { ConversationView } from './ConversationView';

const PAGE_PATH = `/api/messages/conversations/${LINK}/messages`;

function renderView(props: Partial<Parameters<typeof ConversationView>[0]> = {}) {
  render(
    <TestProviders>
      <ConversationView linkId={LINK} {...props} />
    </TestProviders>,
  );
}

const posts = (calls: Call[], suffix: string) => calls.filter((c) => c.method === 'POST' && c.path === `/api/messages/conversations/${LINK}/${suffix}`);
const texts = () => screen.getAllByTestId('message').map((li) => li.querySelector('p')?.textContent);

afterEach(() => vi.unstubAllGlobals());

describe('ConversationView', () => {
  it('shows the newest page at the bottom, pages back through nextCursor, and gives each of my messages its receipt', async () => {
    stubIntersection(() => false);
    const calls = stubApi(({ method, path, search }) => {
      if (method !== 'GET' || path !== PAGE_PATH) return undefined;
      if (search.get('before') === 'cursor-2') {
        return Response.json({ conversation: conversation(), items: [message(2, true, 'Ma glycémie hier soir', 'delivered'), message(1, true, 'Bonjour docteur', 'sent')], nextCursor: null });
      }
      return Response.json({ conversation: conversation(), items: [message(4, true, 'Merci, à bientôt', 'read'), message(3, false, 'Votre glycémie est stable')], nextCursor: 'cursor-2' });
    });
    renderView();

    const history = await screen.findByRole('region', { name: 'Messages échangés avec Claire Bernard' });
    expect(screen.getByRole('heading', { level: 2, name: 'Claire Bernard' })).toBeTruthy();
    expect(texts()).toEqual(['Votre glycémie est stable', 'Merci, à bientôt']);
    // Who wrote each one is said to screen readers; only mine carry a receipt.
    const items = within(history).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Claire Bernard :');
    expect(items[1]!.textContent).toContain('Vous :');
    expect(within(items[0]!).queryByTestId('receipt')).toBeNull();
    expect(within(items[1]!).getByTestId('receipt').textContent).toBe('Lu');

    fireEvent.click(screen.getByRole('button', { name: 'Messages plus anciens' }));
    await waitFor(() => expect(texts()).toHaveLength(4));
    expect(texts()).toEqual(['Bonjour docteur', 'Ma glycémie hier soir', 'Votre glycémie est stable', 'Merci, à bientôt']);
    expect(screen.getAllByTestId('receipt').map((r) => r.textContent)).toEqual(['Envoyé', 'Distribué', 'Lu']);
    expect(calls.filter((c) => c.path === PAGE_PATH).map((c) => c.search.get('before'))).toEqual([null, 'cursor-2']);
    // The oldest page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Messages plus anciens' })).toBeNull();
    expect(screen.getByText('Début de la conversation')).toBeTruthy();
  });

  it('renders a message as text, with only its http(s) addresses as links', async () => {
    stubIntersection(() => false);
    stubApi(({ method, path }) =>
      method === 'GET' && path === PAGE_PATH
        ? Response.json({ conversation: conversation(), items: [message(1, false, '<img src=x onerror=alert(1)> voir https://exemple.fr/guide. javascript:alert(1)', 'read')], nextCursor: null })
        : undefined,
    );
    renderView();
    const item = (await screen.findAllByTestId('message'))[0]!;
    expect(item.querySelector('img')).toBeNull();
    // What is seen is what was typed (the new-tab note is for screen readers only).
    const shown = item.querySelector('p')!.cloneNode(true) as HTMLElement;
    shown.querySelectorAll('.sr-only').forEach((el) => el.remove());
    expect(shown.textContent).toBe('<img src=x onerror=alert(1)> voir https://exemple.fr/guide. javascript:alert(1)');
    const links = within(item).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://exemple.fr/guide');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(links[0]!.textContent).toBe("https://exemple.fr/guide (s'ouvre dans un nouvel onglet)");
  });

  it('marks the newest received message read while the history is on screen', async () => {
    stubIntersection(() => true);
    const calls = stubApi(({ method, path }) => {
      if (method === 'GET' && path === PAGE_PATH) {
        return Response.json({ conversation: conversation({ unreadCount: 2 }), items: [message(3, false, 'Deuxième', 'delivered'), message(2, false, 'Premier', 'sent'), message(1, true, 'Question', 'read')], nextCursor: null });
      }
      if (method === 'POST') return receipt();
      return undefined;
    });
    renderView();
    await waitFor(() => expect(posts(calls, 'read')).toHaveLength(1));
    expect(posts(calls, 'read')[0]!.body).toEqual({ upToMessageId: message(3, false, '').id });
    expect(posts(calls, 'delivered')).toHaveLength(0);
  });

  it('only acknowledges delivery while the history is not on screen', async () => {
    stubIntersection(() => false);
    const calls = stubApi(({ method, path }) => {
      if (method === 'GET' && path === PAGE_PATH) {
        return Response.json({ conversation: conversation({ unreadCount: 1 }), items: [message(2, false, 'Nouveau', 'sent'), message(1, true, 'Question', 'read')], nextCursor: null });
      }
      if (method === 'POST') return receipt();
      return undefined;
    });
    renderView();
    await waitFor(() => expect(posts(calls, 'delivered')).toHaveLength(1));
    expect(posts(calls, 'delivered')[0]!.body).toEqual({ upToMessageId: message(2, false, '').id });
    expect(posts(calls, 'read')).toHaveLength(0);
  });

  it('shows an ended care link read-only: the notice instead of the composer', async () => {
    stubIntersection(() => false);
    stubApi(({ method, path }) =>
      method === 'GET' && path === PAGE_PATH
        ? Response.json({ conversation: conversation({ linkStatus: 'revoked', canSend: false, revokedAt: '2026-03-11T08:00:00.000Z' }), items: [message(1, true, 'Merci', 'read')], nextCursor: null })
        : undefined,
    );
    renderView();
    expect(await screen.findByTestId('conversation-read-only')).toBeTruthy();
    expect(screen.getByText('Lecture seule : ce professionnel ne fait plus partie de votre équipe de soins.')).toBeTruthy();
    expect(screen.getByTestId('read-only-tag').textContent).toBe('Lecture seule');
    expect(screen.queryByLabelText('Écrire un message')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Envoyer' })).toBeNull();
  });

  it('says that the conversation cannot be found', async () => {
    stubIntersection(() => false);
    stubApi(() => undefined);
    renderView();
    expect((await screen.findByRole('alert')).textContent).toBe("L'élément demandé est introuvable.");
  });
});
