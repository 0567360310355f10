import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/TestProviders';
import { AcceptInvitationPage } from './AcceptInvitationPage';

const TOKEN = 'b'.repeat(43);

function renderAccept(token: string) {
  return render(
    <TestProviders>
      <MemoryRouter initialEntries={[`/invitations/accept?token=${token}`]}>
        <Routes>
          <Route path="/invitations/accept" element={<AcceptInvitationPage />} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
}

/** Signed out unless `session` is given; the preview answers `preview` (a status), 404 or 403. */
function stubServer(preview: { status: string } | 'not_found' | 'forbidden', session: unknown = null) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/api/auth/get-session')) return Response.json(session);
    if (url.includes('/api/care-team/invitations/preview')) {
      if (preview === 'not_found') return Response.json({ error: { code: 'not_found', message: 'Not found', requestId: 'r' } }, { status: 404 });
      if (preview === 'forbidden') {
        return Response.json({ error: { code: 'forbidden', message: 'invitation_other_account', requestId: 'r' } }, { status: 403 });
      }
      return Response.json({ direction: 'professional_to_patient', inviterName: 'Claire Bernard', professional: null, categories: null, expiresAt: '2026-11-16T09:00:00.000Z', ...preview });
    }
    return new Response('', { status: 500 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('AcceptInvitationPage', () => {
  it('names the inviter and offers sign-in or sign-up that come back here', async () => {
    stubServer({ status: 'pending' });
    renderAccept(TOKEN);
    expect(await screen.findByText('Claire Bernard vous invite à partager vos données de suivi du diabète sur GlucoSuivi.')).toBeTruthy();
    const back = encodeURIComponent(`/invitations/accept?token=${TOKEN}`);
    expect(screen.getByRole('link', { name: 'Se connecter' }).getAttribute('href')).toBe(`/auth?next=${back}`);
    expect(screen.getByRole('link', { name: 'Créer un compte' }).getAttribute('href')).toBe(`/auth?mode=register&next=${back}`);
  });

  it.each([
    ['expired', 'Invitation expirée'],
    ['revoked', 'Invitation annulée'],
    ['accepted', 'Invitation déjà acceptée'],
    ['declined', 'Invitation refusée'],
  ])('a %s invitation gets its own page and no way to answer', async (status, title) => {
    stubServer({ status });
    renderAccept(TOKEN);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Se connecter' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accepter' })).toBeNull();
  });

  it('an unknown token says the invitation cannot be found', async () => {
    stubServer('not_found');
    renderAccept(TOKEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation introuvable' })).toBeTruthy();
  });

  it('a signed-in account other than the invited address is told so, in its language, with no way to answer', async () => {
    const session = {
      user: { id: 'u-eve', email: 'eve@example.test', name: 'Eve', firstName: 'Eve', lastName: null, userType: 'patient', role: null, twoFactorEnabled: false, language: 'fr' },
      session: { id: 's1', expiresAt: '2099-01-01T00:00:00.000Z' },
    };
    stubServer('forbidden', session);
    renderAccept(TOKEN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation destinée à un autre compte' })).toBeTruthy();
    expect(screen.getByText(/envoyée à une autre adresse e-mail que celle de votre compte/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accepter' })).toBeNull();
  });

  it('a malformed token is refused without asking the server', async () => {
    const fetchMock = stubServer({ status: 'pending' });
    renderAccept('not-a-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitation introuvable' })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/invitations/preview'))).toBe(false);
  });
});
