import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminBanList } from '@glucosuivi/domain/community/community.schemas';
import { TestProviders } from '@/test/TestProviders';
import { stubApi } from '@/test/messages-fixtures';
import { AdminForumReports } from './AdminForumReports';

afterEach(() => vi.unstubAllGlobals());

describe('the forum section of /admin: running bans', () => {
  it('lists each banned author with the end of the ban, and lifts one ban by its own button', async () => {
    let bans: AdminBanList = {
      items: [
        { userId: 'u1', pseudonym: 'Marcheur2', bannedUntil: null, reason: 'Récidive' },
        { userId: 'u2', pseudonym: 'Sucrette', bannedUntil: '2026-12-01T09:00:00.000Z', reason: 'Insultes' },
      ],
    };
    const calls = stubApi(({ method, path }) => {
      if (path === '/api/admin/community/reports') return Response.json({ items: [] });
      if (method === 'GET' && path === '/api/admin/community/bans') return Response.json(bans);
      if (method === 'POST' && path === '/api/admin/community/bans/u1/lift') {
        bans = { items: bans.items.filter((ban) => ban.userId !== 'u1') };
        return Response.json({ ok: true });
      }
      return undefined;
    });
    render(
      <TestProviders>
        <MemoryRouter>
          <AdminForumReports />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(await screen.findByRole('heading', { name: 'Auteurs bannis' })).toBeTruthy();
    expect(screen.getByText('Auteur banni définitivement')).toBeTruthy();
    expect(screen.getByText(/Auteur banni jusqu'au/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Lever le bannissement de Marcheur2' }));
    await waitFor(() => expect(screen.queryByText('Marcheur2')).toBeNull());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/admin/community/bans/u1/lift']);
    expect(screen.getByText('Sucrette')).toBeTruthy();
  });
});
