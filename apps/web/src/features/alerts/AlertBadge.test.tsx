import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/test/messages-fixtures';
import { TestProviders } from '@/test/TestProviders';
import { AlertBadge } from './AlertBadge';

function renderBadge(open: number, unread: number) {
  const calls = stubApi(({ path }) => {
    if (path === '/api/alerts') return Response.json({ items: [], counts: { open, acknowledged: 0, resolved: 0 }, nextCursor: null });
    if (path === '/api/notifications') return Response.json({ items: [], unread });
    return undefined;
  });
  render(
    <TestProviders>
      <MemoryRouter>
        <AlertBadge />
      </MemoryRouter>
    </TestProviders>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('AlertBadge', () => {
  it('counts the open alerts and the unread notifications, one query each', async () => {
    const calls = renderBadge(1, 2);
    const link = await screen.findByRole('link', { name: 'Notifications : 3 non lues' });
    expect(link.getAttribute('href')).toBe('/notifications');
    expect(screen.getByTestId('alert-count').textContent).toBe('3');
    expect(calls.map((c) => c.path).sort()).toEqual(['/api/alerts', '/api/notifications']);
  });

  it('says when nothing is unread, without a number', async () => {
    renderBadge(0, 0);
    expect(await screen.findByRole('link', { name: 'Notifications : aucune non lue' })).toBeTruthy();
    expect(screen.queryByTestId('alert-count')).toBeNull();
  });
});
