import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders } from '@/test/TestProviders';
import { menuFor } from '../routes';
import { RoleMenuList } from './RoleMenu';

function stubCounts(unread: number, open: number, unreadNotifications = 0) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname);
      if (url.pathname === '/api/messages/unread') return Response.json({ total: unread });
      if (url.pathname === '/api/alerts') return Response.json({ items: [], counts: { open, acknowledged: 0, resolved: 0 }, nextCursor: null });
      if (url.pathname === '/api/notifications') return Response.json({ items: [], unread: unreadNotifications });
      return Response.json({ error: { code: 'not_found', message: 'Not found', requestId: 'r' } }, { status: 404 });
    }),
  );
  return asked;
}

function renderMenu(role: 'patient' | 'professional') {
  render(
    <TestProviders>
      <MemoryRouter initialEntries={['/patient-dashboard']}>
        <RoleMenuList items={menuFor(role)} layout="column" />
      </MemoryRouter>
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('RoleMenuList counts', () => {
  it('shows the unread messages beside "Messages", said in words to screen readers', async () => {
    stubCounts(2, 0);
    renderMenu('patient');
    const link = await screen.findByRole('link', { name: /^Messages\s*2 messages non lus$/ });
    expect(link.getAttribute('href')).toBe('/messages');
    expect(within(link).getByText('2').getAttribute('aria-hidden')).toBe('true');
    expect(within(link).getByText('2 messages non lus').className).toContain('sr-only');
    // Notifications has no open alert: no count there.
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy();
  });

  it('says one message in the singular', async () => {
    stubCounts(1, 0);
    renderMenu('patient');
    expect(await screen.findByRole('link', { name: /^Messages\s*1 message non lu$/ })).toBeTruthy();
  });

  it('caps the number shown at 99+, the sentence keeping the real count', async () => {
    stubCounts(120, 3);
    renderMenu('patient');
    const link = await screen.findByRole('link', { name: /^Messages\s*120 messages non lus$/ });
    expect(within(link).getByText('99+').getAttribute('aria-hidden')).toBe('true');
    expect(await screen.findByRole('link', { name: /^Notifications\s*3 notifications non lues$/ })).toBeTruthy();
  });

  it('counts on Notifications the open alerts and the unread notifications together', async () => {
    const asked = stubCounts(0, 2, 3);
    renderMenu('patient');
    const link = await screen.findByRole('link', { name: /^Notifications\s*5 notifications non lues$/ });
    expect(within(link).getByText('5').getAttribute('aria-hidden')).toBe('true');
    expect(asked).toContain('/api/notifications');
    expect(asked).toContain('/api/alerts');
  });

  it('shows nothing when every message is read, and never asks for a professional', async () => {
    const asked = stubCounts(0, 0);
    renderMenu('patient');
    await vi.waitFor(() => expect(asked).toContain('/api/messages/unread'));
    expect(screen.getByRole('link', { name: 'Messages' })).toBeTruthy();
    asked.length = 0;
    renderMenu('professional');
    expect(asked).not.toContain('/api/messages/unread');
  });
});
