import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/TestProviders';
import { SharePage } from './SharePage';

const TOKEN = 'a'.repeat(43);

function renderShare() {
  return render(
    <TestProviders>
      <MemoryRouter initialEntries={[`/partage/${TOKEN}`]}>
        <Routes>
          <Route path="/partage/:token" element={<SharePage />} />
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
}

function answer404(message: string) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL) => Response.json({ error: { code: 'not_found', message, requestId: 'r1' } }, { status: 404 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('SharePage when the link no longer works', () => {
  it.each([
    ['share_link_expired', 'Ce lien sécurisé a expiré : les données ne sont plus visibles.'],
    ['share_link_revoked', "Ce lien sécurisé a été révoqué par la personne qui l'a partagé : les données ne sont plus visibles."],
    ['Not found', "Ce lien sécurisé n'existe pas ou n'est plus valable."],
  ])('%s: says so, shows no data and asks only once', async (message, text) => {
    const fetchMock = answer404(message);
    renderShare();
    expect(await screen.findByRole('heading', { level: 1, name: "Ce lien n'est plus disponible" })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByTestId('share-banner')).toBeNull();
    // Every view is logged for the patient: a failed one is not retried behind the reader's back.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/share/${TOKEN}`);
  });
});
