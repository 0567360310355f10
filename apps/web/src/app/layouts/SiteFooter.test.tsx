import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/messages-fixtures';
import { TestProviders } from '@/test/TestProviders';
import { SiteFooter } from './SiteFooter';

function renderFooter(legalAddress: string | null) {
  const calls = stubApi(({ path }) =>
    path === '/api/site' ? Response.json({ legalAddress }) : undefined,
  );
  render(
    <TestProviders>
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>
    </TestProviders>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('SiteFooter, the contact details', () => {
  it("shows the publisher's address the server is configured with", async () => {
    renderFooter('12 rue de la Santé, 75013 Paris');
    expect((await screen.findByTestId('legal-address')).textContent).toBe(
      '12 rue de la Santé, 75013 Paris',
    );
    expect(screen.getByText('Adresse').tagName).toBe('DT');
  });

  it('leaves the address line out when none is configured, with no placeholder in its place', async () => {
    const calls = renderFooter(null);
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/site'));
    expect(screen.getByText('contact@glucosuivi.fr')).toBeTruthy();
    expect(screen.queryByText('Adresse')).toBeNull();
    expect(screen.getByRole('contentinfo').textContent).not.toMatch(/éditeur/);
  });
});
