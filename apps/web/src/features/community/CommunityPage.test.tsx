import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ForumMe, ForumPost, ThreadPage } from '@glucosuivi/domain/community/community.schemas';
import { TestProviders } from '@/test/TestProviders';
import { stubApi } from '@/test/messages-fixtures';
import { CommunityPage } from './CommunityPage';

const THREAD = '11111111-0000-4000-8000-000000000001';
const PATIENT_SESSION = {
  user: { id: 'p1', email: 'p@example.test', name: 'Camille', firstName: 'Camille', lastName: 'Martin', userType: 'patient', role: null, twoFactorEnabled: false, language: 'fr', speciality: null },
  session: { id: 's', expiresAt: '2026-12-01T00:00:00.000Z' },
};

function post(id: string, overrides: Partial<ForumPost> = {}): ForumPost {
  return { id, author: 'Sucrette', body: 'Bonjour', createdAt: '2026-03-02T09:00:00.000Z', editedAt: null, hidden: false, hiddenReason: null, mine: false, ...overrides };
}

const page: ThreadPage = {
  thread: { id: THREAD, category: 'devices', title: 'Capteur qui décroche', author: 'Sucrette', createdAt: '2026-03-02T09:00:00.000Z', lastActivityAt: '2026-03-02T10:00:00.000Z', replyCount: 2, locked: false, hidden: false },
  posts: [
    post('22222222-0000-4000-8000-000000000002', { body: 'Mon capteur **décroche** <img src=x onerror=alert(1)>' }),
    post('33333333-0000-4000-8000-000000000003', { author: 'Glycemia', body: 'Hier, gros malaise en courant.' }),
    post('44444444-0000-4000-8000-000000000004', { author: 'Troll', body: null, hidden: true }),
  ],
  page: 1,
  pageCount: 1,
  total: 3,
};

function api(options: { session?: object | null; me?: ForumMe } = {}) {
  let me = options.me ?? { pseudonym: null, bannedUntil: null, banReason: null };
  return stubApi(({ method, path, body }) => {
    if (path === '/api/auth/get-session') return Response.json(options.session ?? null);
    if (method === 'GET' && path === `/api/community/threads/${THREAD}`) return Response.json(page);
    if (method === 'GET' && path === '/api/community/me') return Response.json(me);
    if (method === 'PUT' && path === '/api/community/me') {
      me = { ...me, pseudonym: (body as { pseudonym: string }).pseudonym };
      return Response.json(me);
    }
    return undefined;
  });
}

function renderThread() {
  render(
    <TestProviders>
      <MemoryRouter initialEntries={[`/community/t/${THREAD}`]}>
        <Routes>
          <Route path="/community/t/:id" element={<CommunityPage />} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('a forum thread', () => {
  it('shows a signed-out visitor the posts, the moderation mask and the emergency numbers, and invites them to sign in', async () => {
    api();
    renderThread();
    expect(await screen.findByRole('heading', { level: 2, name: 'Capteur qui décroche' })).toBeTruthy();
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(3);
    expect(articles[0]!.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(articles[0]!.querySelector('img')).toBeNull();
    expect(within(articles[0]!).queryByRole('note')).toBeNull();
    expect(within(articles[1]!).getByRole('note', { name: "En cas d'urgence" }).textContent).toMatch(/15.*112/);
    expect(articles[2]!.textContent).toContain('Message masqué par la modération');
    expect(await screen.findByText('Connectez-vous pour participer')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Signaler/ })).toBeNull();
  });

  it('asks a member for a pseudonym (empty, never their name) before the reply form, with translated errors', async () => {
    const calls = api({ session: PATIENT_SESSION });
    renderThread();
    const field = await screen.findByRole('textbox', { name: 'Pseudonyme' });
    expect((field as HTMLInputElement).value).toBe('');
    fireEvent.change(field, { target: { value: 'a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le pseudonyme' }));
    expect(await screen.findByText('Le pseudonyme doit compter au moins 3 caractères.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(field, { target: { value: 'Glycemia_75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer le pseudonyme' }));
    expect(await screen.findByRole('heading', { name: 'Répondre' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ pseudonym: 'Glycemia_75' });
    // An empty reply is refused before it is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Publier la réponse' }));
    expect(await screen.findByText('Écrivez votre message.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.getAllByRole('button', { name: /^Signaler le message de/ })).toHaveLength(2);
  });

  it("lets a member edit their own recent post in a dialog, not an older one nor another's", async () => {
    const recent = post('55555555-0000-4000-8000-000000000005', { author: 'Glycemia_75', body: 'Deux capteurs', mine: true, createdAt: new Date(Date.now() - 3_600_000).toISOString() });
    const old = post('66666666-0000-4000-8000-000000000006', { author: 'Glycemia_75', body: 'Il y a longtemps', mine: true, createdAt: '2026-03-01T09:00:00.000Z' });
    const mine: ThreadPage = { ...page, posts: [recent, old, page.posts[1]!], total: 3 };
    const calls = stubApi(({ method, path, body }) => {
      if (path === '/api/auth/get-session') return Response.json(PATIENT_SESSION);
      if (method === 'GET' && path === `/api/community/threads/${THREAD}`) return Response.json(mine);
      if (method === 'GET' && path === '/api/community/me') return Response.json({ pseudonym: 'Glycemia_75', bannedUntil: null, banReason: null });
      if (method === 'PUT' && path === `/api/community/posts/${recent.id}`) {
        mine.posts[0] = { ...recent, body: (body as { body: string }).body, editedAt: new Date().toISOString() };
        return Response.json({ threadId: THREAD, postId: recent.id, page: 1 });
      }
      return undefined;
    });
    renderThread();
    const edit = await screen.findByRole('button', { name: 'Modifier' });
    expect(screen.getAllByRole('button', { name: 'Modifier' })).toHaveLength(1);
    fireEvent.click(edit);
    const field = await screen.findByRole('textbox', { name: 'Votre message' });
    expect((field as HTMLTextAreaElement).value).toBe('Deux capteurs');
    fireEvent.change(field, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la modification' }));
    expect(await screen.findByText('Écrivez votre message.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Trois capteurs' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la modification' }));
    // The dialog closes and the post shows its new text and when it was edited.
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Votre message' })).toBeNull());
    await waitFor(() => expect(screen.getAllByRole('article')[0]!.textContent).toContain('Trois capteurs'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ body: 'Trois capteurs' }]);
    await waitFor(() => expect(screen.getAllByRole('article')[0]!.textContent).toMatch(/modifié le/));
  });

  it('tells a banned member until when and why, without a form', async () => {
    api({ session: PATIENT_SESSION, me: { pseudonym: 'Sucrette', bannedUntil: '2026-04-01T10:00:00.000Z', banReason: 'Insultes' } });
    renderThread();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Vous ne pouvez plus publier sur le forum jusqu\'au 1 avril 2026. Motif : Insultes'));
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
