import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/TestProviders';
import { AccessLogSection } from './AccessLogSection';

const entry = (id: string, actorKind: 'professional' | 'share_link', actorName: string, category: string, at: string) => ({
  id,
  actorKind,
  actorId: 'x',
  actorName,
  category,
  at,
  client: { userAgent: 'Firefox', network: '192.0.2.0/24' },
});

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('AccessLogSection', () => {
  it('lists who read what and when, and loads older pages with the cursor', async () => {
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.searchParams.get('cursor') === 'page-2')
        return Response.json({ items: [entry('00000000-0000-4000-8000-000000000003', 'share_link', 'Lien sécurisé', 'glucose', '2026-03-01T08:00:00.000Z')], nextCursor: null });
      return Response.json({
        items: [
          entry('00000000-0000-4000-8000-000000000001', 'professional', 'Claire Bernard', 'hba1c', '2026-03-10T08:00:00.000Z'),
          entry('00000000-0000-4000-8000-000000000002', 'share_link', 'Dr Durand', 'blood_pressure', '2026-03-09T08:00:00.000Z'),
        ],
        nextCursor: 'page-2',
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    render(
      <TestProviders>
        <AccessLogSection timeZone="Europe/Paris" />
      </TestProviders>,
    );
    const table = await screen.findByRole('table');
    const rows = () => within(table).getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows()).toEqual([expect.stringContaining('Claire BernardHbA1c'), expect.stringContaining('Lien sécurisé « Dr Durand »Tension artérielle')]);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/care-team/access-log?limit=20');

    fireEvent.click(screen.getByRole('button', { name: 'Afficher les consultations plus anciennes' }));
    expect(await within(table).findByText('Lien sécurisé')).toBeTruthy();
    expect(rows()).toHaveLength(3);
    expect(String(fetchMock.mock.calls[1]?.[0])).toBe('/api/care-team/access-log?limit=20&cursor=page-2');
    // The last page has no cursor: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Afficher les consultations plus anciennes' })).toBeNull();
  });
});
