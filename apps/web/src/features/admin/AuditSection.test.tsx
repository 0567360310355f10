import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@glucosuivi/domain/admin/audit.schemas';
import { stubApi } from '@/test/messages-fixtures';
import { TestProviders } from '@/test/TestProviders';
import { AuditSection } from './AuditSection';
import { auditQueryOf } from './audit-filters';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const entry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  at: new Date(Date.UTC(2026, 10, 2, 9, 60 - n)).toISOString(),
  kind: 'sign_in_failed',
  event: 'sign_in_failure',
  actorEmail: `typed${n}@example.test`,
  targetEmail: null,
  ip: '192.0.2.44',
  userAgent: 'Firefox 128 · Windows',
  detail: null,
  ...overrides,
});

function renderSection() {
  return render(
    <TestProviders>
      <AuditSection />
    </TestProviders>,
  );
}

describe('AuditSection', () => {
  it('lists the lines with translated kinds and events, and loads older pages with the cursor', async () => {
    const warn = vi.spyOn(console, 'warn');
    const calls = stubApi(({ path, search }) => {
      if (path !== '/api/admin/audit') return undefined;
      if (search.get('cursor') === 'page-2') return Response.json({ items: [entry(3)], nextCursor: null });
      return Response.json({
        items: [
          entry(1),
          entry(2, { kind: 'admin_action', event: 'job.retry', actorEmail: 'root@example.test', targetEmail: null, ip: null, userAgent: null, detail: 'message.unread-email.send' }),
          entry(4, { kind: 'access_denied', event: 'access_denied_not_admin', detail: 'GET /api/admin/figures' }),
          entry(5, { kind: 'admin_action', event: 'custom.unknown' }),
        ],
        nextCursor: 'page-2',
      });
    });
    renderSection();
    const table = await screen.findByRole('table', { name: 'Événements du journal d\'audit' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(4);
    expect(rows()[0]!.textContent).toContain('Connexions échouées');
    expect(rows()[0]!.textContent).toContain('Mot de passe ou adresse incorrects');
    expect(rows()[0]!.textContent).toContain('typed1@example.test');
    expect(rows()[1]!.textContent).toContain('Tâche relancée');
    expect(rows()[1]!.textContent).toContain('message.unread-email.send');
    expect(rows()[2]!.textContent).toContain('Accès refusé : pas administrateur');
    expect(rows()[2]!.textContent).toContain('GET /api/admin/figures');
    // An action the catalog does not know shows its key.
    expect(rows()[3]!.textContent).toContain('custom.unknown');
    expect(warn.mock.calls.filter(([message]) => String(message).startsWith('i18n: missing key'))).toEqual([]);
    expect(calls[0]!.search.toString()).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Afficher les événements plus anciens' }));
    expect(await within(table).findByText('typed3@example.test')).toBeTruthy();
    expect(calls.at(-1)!.search.get('cursor')).toBe('page-2');
    expect(screen.queryByRole('button', { name: 'Afficher les événements plus anciens' })).toBeNull();
  });

  it('sends the filters, and the CSV link carries the same filters and the page language', async () => {
    const calls = stubApi(({ path }) => (path === '/api/admin/audit' ? Response.json({ items: [], nextCursor: null }) : undefined));
    renderSection();
    expect(await screen.findByText('Aucun événement ne correspond à ces filtres.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Rechercher/), { target: { value: '  intrus@example.test ' } });
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'sign_in_failed' } });
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-11-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filtrer' }));

    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/api/admin/audit')).toHaveLength(2));
    const sent = calls.at(-1)!.search;
    const expected = auditQueryOf({ q: 'intrus@example.test', kind: 'sign_in_failed', from: '2026-11-01', to: '2026-11-02' });
    expect(sent.get('q')).toBe('intrus@example.test');
    expect(sent.get('kind')).toBe('sign_in_failed');
    expect(sent.get('from')).toBe(expected.from);
    expect(sent.get('to')).toBe(expected.to);
    // The last day is included: the range ends one day after the first day's midnight, and more.
    expect(Date.parse(expected.to!) - Date.parse(expected.from!)).toBeGreaterThanOrEqual(47 * 3_600_000);

    const csv = new URL(screen.getByRole('link', { name: 'Exporter en CSV' }).getAttribute('href')!, 'http://localhost');
    expect(csv.pathname).toBe('/api/admin/audit.csv');
    expect(Object.fromEntries(csv.searchParams)).toEqual({ q: 'intrus@example.test', kind: 'sign_in_failed', from: expected.from, to: expected.to, lang: 'fr' });
  });

  it('refuses a range that ends before it starts, without asking the server', async () => {
    const calls = stubApi(({ path }) => (path === '/api/admin/audit' ? Response.json({ items: [], nextCursor: null }) : undefined));
    renderSection();
    await screen.findByText('Aucun événement ne correspond à ces filtres.');
    fireEvent.change(screen.getByLabelText('Du'), { target: { value: '2026-11-05' } });
    fireEvent.change(screen.getByLabelText('Au'), { target: { value: '2026-11-02' } });
    expect(screen.getByText('La date de fin doit suivre la date de début.')).toBeTruthy();
    expect(screen.getByLabelText('Au').getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Filtrer' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('says so when the server refuses', async () => {
    stubApi(() => Response.json({ error: { code: 'two_factor_required', message: 'x', requestId: 'r' } }, { status: 403 }));
    renderSection();
    // One retry (the app's query client) before the message.
    expect((await screen.findByRole('alert', {}, { timeout: 4000 })).textContent).toBe(
      "Les actions d'administration demandent la connexion en deux étapes. Activez-la dans vos paramètres pour continuer.",
    );
  });
});
