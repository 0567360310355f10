import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Figures } from '@glucosuivi/domain/admin/figures.schemas';
import { stubApi } from '@/test/messages-fixtures';
import { TestProviders } from '@/test/TestProviders';
import { FiguresSection } from './FiguresSection';

afterEach(() => vi.unstubAllGlobals());

const day = (offset: number) => new Date(Date.UTC(2026, 9, 4 + offset)).toISOString().slice(0, 10);

const FIGURES: Figures = {
  generatedAt: '2026-11-02T09:00:00.000Z',
  accounts: { patient: 1234, professional: 1, admin: 2 },
  professionals: { verified: 7, pending: 3, rejected: 1 },
  activeAccounts30Days: 812,
  newAccountsPerWeek: Array.from({ length: 12 }, (_, i) => ({ weekStart: new Date(Date.UTC(2026, 7, 17 + 7 * i)).toISOString().slice(0, 10), count: i === 11 ? 9 : i })),
  uploadsPerDay: Array.from({ length: 30 }, (_, i) => ({ day: day(i), count: i === 29 ? 4321 : 0 })),
  supportTickets: { byStatus: [{ status: 'open', count: 5 }, { status: 'mystery', count: 1 }], byType: [] },
  failedJobs: 2,
};

describe('FiguresSection', () => {
  it('shows the counts as text: cards, and bar lists whose values are read, not drawn', async () => {
    stubApi(({ path }) => (path === '/api/admin/figures' ? Response.json(FIGURES) : undefined));
    render(
      <TestProviders>
        <FiguresSection />
      </TestProviders>,
    );
    const summary = await screen.findByRole('list', { name: 'Résumé' });
    const cards = within(summary).getAllByRole('listitem').map((card) => card.textContent?.replace(/\s/g, ' '));
    expect(cards[0]).toContain('Comptes');
    expect(cards[0]).toMatch(/1 237/);
    expect(cards[0]).toMatch(/1 234 patients/);
    expect(cards[0]).toContain('1 professionnel de santé');
    expect(cards[0]).toContain('2 administrateurs');
    expect(cards[1]).toMatch(/3\s*en attente/);
    expect(cards[1]).toContain('Vérifiés : 7');
    expect(cards[2]).toContain('812');
    expect(cards[3]).toContain('Tâches en échec2');

    const weeks = screen.getByRole('list', { name: 'Nouveaux comptes par semaine (12 semaines)' });
    const weekRows = within(weeks).getAllByRole('listitem');
    expect(weekRows).toHaveLength(12);
    expect(weekRows.at(-1)!.textContent).toMatch(/^Semaine du 2 nov\.\s*:\s*9$/);

    const uploads = screen.getByRole('list', { name: 'Mesures de glycémie reçues par jour (30 jours)' });
    const dayRows = within(uploads).getAllByRole('listitem');
    expect(dayRows).toHaveLength(30);
    expect(dayRows.at(-1)!.textContent?.replace(/\s/g, ' ')).toMatch(/lun\. 2 nov\. : 4 321$/);

    // A status the catalog does not know shows its key; an empty list says so.
    const statuses = screen.getByRole('list', { name: "Demandes d'assistance par statut" });
    expect(within(statuses).getAllByRole('listitem').map((li) => li.textContent?.replace(/\s*:\s*/, '='))).toEqual(['Ouvertes=5', 'mystery=1']);
    expect(screen.getByText('Aucune demande d\'assistance.')).toBeTruthy();
  });
});
