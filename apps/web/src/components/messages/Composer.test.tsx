import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@glucosuivi/domain/messages/messages.schemas';
import { TestProviders } from '@/test/TestProviders';
import { LINK, conversation, message, stubApi, stubIntersection, type Call } from '@/test/messages-fixtures';
import { ConversationView } from './ConversationView';

const PAGE_PATH = `/api/messages/conversations/${LINK}/messages`;
const field = () => screen.getByLabelText('Écrire un message') as HTMLTextAreaElement;
const sends = (calls: Call[]) => calls.filter((c) => c.method === 'POST' && c.path === PAGE_PATH);

/** A conversation that stores what is sent, or refuses it with `refuse`. */
function conversationApi(refuse?: { status: number; code: string }) {
  const stored: Message[] = [message(1, false, 'Comment allez-vous ?', 'read')];
  return stubApi(({ method, path, body }) => {
    if (path !== PAGE_PATH) return undefined;
    if (method === 'GET') return Response.json({ conversation: conversation(), items: [...stored].reverse(), nextCursor: null });
    if (refuse) return Response.json({ error: { code: refuse.code, message: 'refused', requestId: 'r' } }, { status: refuse.status });
    const sent = { ...message(stored.length + 1, true, (body as { text: string }).text, 'sent') };
    stored.push(sent);
    return Response.json(sent, { status: 201 });
  });
}

async function renderView() {
  render(
    <TestProviders>
      <ConversationView linkId={LINK} />
    </TestProviders>,
  );
  await screen.findByTestId('message-list');
}

beforeEach(() => stubIntersection(() => false));
afterEach(() => vi.unstubAllGlobals());

describe('Composer', () => {
  it('has a visible label, the keyboard hint and the counter tied to the field', async () => {
    conversationApi();
    await renderView();
    const described = field().getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Entrée pour aller à la ligne, Ctrl + Entrée (⌘ + Entrée sur Mac) pour envoyer.', expect.stringMatching(/^0 \/ 4\s000 caractères$/)]);
    fireEvent.change(field(), { target: { value: '  Bonjour  ' } });
    expect(screen.getByTestId('message-counter').textContent).toMatch(/^7 \/ 4\s000 caractères$/);
  });

  it('Enter adds a line; Ctrl+Enter sends the trimmed text, which shows at once with "Envoyé"', async () => {
    const calls = conversationApi();
    await renderView();
    fireEvent.change(field(), { target: { value: 'Bonjour,\nma glycémie est à 250 ce matin.  ' } });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(sends(calls)).toHaveLength(0);
    fireEvent.keyDown(field(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    expect(sends(calls)[0]!.body).toEqual({ text: 'Bonjour,\nma glycémie est à 250 ce matin.' });
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(2));
    const mine = screen.getAllByTestId('message')[1]!;
    expect(mine.querySelector('p')!.textContent).toBe('Bonjour,\nma glycémie est à 250 ce matin.');
    expect(mine.querySelector('[data-testid="receipt"]')!.textContent).toBe('Envoyé');
    await waitFor(() => expect(field().value).toBe(''));
    expect(document.activeElement).toBe(field());
    expect(screen.getByTestId('conversation-announcer').textContent).toBe('Message envoyé.');
  });

  it('⌘+Enter and the button send too', async () => {
    const calls = conversationApi();
    await renderView();
    fireEvent.change(field(), { target: { value: 'Premier' } });
    fireEvent.keyDown(field(), { key: 'Enter', metaKey: true });
    await waitFor(() => expect(sends(calls)).toHaveLength(1));
    await waitFor(() => expect(field().value).toBe(''));
    fireEvent.change(field(), { target: { value: 'Second' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(sends(calls)).toHaveLength(2));
    expect(sends(calls).map((c) => c.body)).toEqual([{ text: 'Premier' }, { text: 'Second' }]);
  });

  it('sends nothing when the shared rule refuses the draft, and says why', async () => {
    const calls = conversationApi();
    await renderView();
    const cases: [string, RegExp][] = [
      ['   \n ', /^Écrivez votre message avant de l'envoyer\.$/],
      ['x'.repeat(4001), /^Votre message dépasse 4\s000 caractères : raccourcissez-le\.$/],
      ['Bonjour\u0007', /^Votre message contient des caractères non autorisés\. Retirez-les puis réessayez\.$/],
    ];
    for (const [draft, expected] of cases) {
      fireEvent.change(field(), { target: { value: draft } });
      fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toMatch(expected);
      expect(field().getAttribute('aria-invalid')).toBe('true');
      expect(field().getAttribute('aria-describedby')).toContain(alert.id);
      expect(document.activeElement).toBe(field());
    }
    expect(screen.getByTestId('message-counter').className).not.toContain('text-red');
    fireEvent.change(field(), { target: { value: 'x'.repeat(4001) } });
    expect(screen.getByTestId('message-counter').className).toContain('text-red');
    expect(sends(calls)).toHaveLength(0);
    // Typing again clears the error.
    fireEvent.change(field(), { target: { value: 'Bonjour' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal translated and keeps the draft", async () => {
    const calls = conversationApi({ status: 409, code: 'conversation_read_only' });
    await renderView();
    fireEvent.change(field(), { target: { value: 'Encore là ?' } });
    fireEvent.keyDown(field(), { key: 'Enter', ctrlKey: true });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Cette conversation est en lecture seule : le lien de soin avec ce professionnel a pris fin. Vous pouvez relire les messages, mais plus en envoyer.',
    );
    expect(sends(calls)).toHaveLength(1);
    expect(field().value).toBe('Encore là ?');
  });
});
