import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDepartment } from '@glucosuivi/domain/department/department.rules';
import type { TriageRow } from '@glucosuivi/domain/doctor/doctor.schemas';
import { TestProviders } from '@/test/TestProviders';
import { DepartmentTrackingPage } from './DepartmentTrackingPage';
import { sortRows } from './department-view';

const NOW = Date.parse('2026-11-23T09:00:00.000Z');
const DAY = 86_400_000;
const PERIOD = { from: '2026-11-10T00:00:00.000Z', to: new Date(NOW).toISOString(), days: 14 };

const triageRow = (id: string, firstName: string, glucose: Partial<Record<'inRange' | 'belowRange' | 'veryLow' | 'gmi' | 'activePercent', number>> & { lastAgo?: number } | null): TriageRow => ({
  patientId: id,
  firstName,
  lastName: 'Test',
  categories: glucose ? ['glucose'] : ['weight'],
  glucose: glucose
    ? {
        lastReadingAt: new Date(NOW - (glucose.lastAgo ?? 0.01) * DAY).toISOString(),
        readings: 3000,
        inRange: glucose.inRange ?? 80,
        belowRange: glucose.belowRange ?? 1,
        veryLow: glucose.veryLow ?? 0,
        aboveRange: 10,
        gmi: glucose.gmi ?? 6.8,
        cv: 30,
        daysWithData: 14,
        activePercent: glucose.activePercent ?? 90,
        sufficient: true,
      }
    : { notShared: true },
  alerts: { notShared: true },
  hba1c: { notShared: true },
  advice: null,
});

// The answer is built by the domain's own rules, as the server builds it.
const DEPARTMENT = buildDepartment(
  [
    triageRow('p1', 'Anne', { inRange: 85, gmi: 6.4 }),
    triageRow('p2', 'Bruno', { inRange: 45, gmi: 8.1, lastAgo: 9 }),
    triageRow('p3', 'Chloé', { inRange: 72, belowRange: 9, veryLow: 3, gmi: 6.2 }),
    triageRow('p4', 'Denis', null),
  ],
  PERIOD,
);

function stub(answer: (url: URL) => Response) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => answer(new URL(String(input), 'http://localhost')));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function renderPage() {
  render(
    <TestProviders>
      <MemoryRouter initialEntries={['/department-tracking']}>
        <DepartmentTrackingPage />
      </MemoryRouter>
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('department tracking page', () => {
  it('shows the summary, the three distributions with text values and a table alternative, and links each patient', async () => {
    stub((url) => (url.pathname === '/api/doctor/department' ? Response.json(DEPARTMENT) : Response.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 })));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Suivi du service' })).toBeTruthy();
    const summary = await screen.findByTestId('department-summary');
    expect(within(screen.getByTestId('summary-patients')).getByText('4')).toBeTruthy();
    expect(within(screen.getByTestId('summary-patients')).getByText('dont 3 partagent leur glycémie')).toBeTruthy();
    expect(within(summary).getByTestId('summary-hypo_risk').textContent).toContain('Risque d\'hypoglycémie1');
    expect(within(summary).getByTestId('summary-on_target').textContent).toContain('Dans les objectifs1');
    expect(within(summary).getByTestId('summary-not_shared').textContent).toContain('Glycémie non partagée1');
    expect(screen.getByTestId('no-data-7').textContent).toBe('1 depuis 7 jours ou plus');
    expect(screen.getByTestId('no-data-14').textContent).toBe('0 depuis 14 jours ou plus');

    // TIR: 45, 72, 85 → one patient in each of 40–50, 70–80, 80–90, as text.
    const tir = screen.getByRole('figure', { name: 'Temps dans la cible' });
    const bars = within(tir).getAllByTestId('distribution-bar').map((b) => b.textContent);
    expect(bars).toHaveLength(10);
    expect(bars[4]).toBe('40–50 % : 1 patient');
    expect(bars[0]).toBe('0–10 % : 0 patient');
    expect(within(tir).getByTestId('distribution-tir-stats').textContent).toBe('3 patients · médiane 72,0 % (écart interquartile 58,5 % à 78,5 %)');
    const tbrTable = within(screen.getByRole('figure', { name: 'Temps sous la cible' })).getByRole('table', { hidden: true });
    const tbrRows = within(tbrTable).getAllByRole('row', { hidden: true }).slice(1).map((r) => r.textContent);
    expect(tbrRows).toEqual(['≤ 1 %2', '> 1 à 4 %0', '> 4 à 10 %1', '> 10 %0']);

    // Table: those who need a look first, each linked to the patient page; "non partagé" in words.
    const table = screen.getByTestId('department-table');
    const rows = within(table).getAllByTestId('department-row');
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Chloé Test', 'Bruno Test', 'Anne Test', 'Denis Test']);
    expect(within(rows[0]!).getByRole('link', { name: 'Chloé Test' }).getAttribute('href')).toBe('/doctor/patients/p3');
    expect(within(rows[3]!).getAllByText('non partagé')).toHaveLength(5);
    expect(within(rows[1]!).getByText('il y a 9 jours')).toBeTruthy();

    // The CSV of the period, in the page's language.
    expect(screen.getByRole('link', { name: 'Télécharger le tableau (CSV)' }).getAttribute('href')).toBe('/api/doctor/department.csv?days=14&lang=fr');
  });

  it('sorts the table from the column headers and says the order in use', async () => {
    stub(() => Response.json(DEPARTMENT));
    renderPage();
    const table = await screen.findByTestId('department-table');
    const names = () => within(table).getAllByTestId('department-row').map((r) => within(r).getByRole('rowheader').textContent);
    const header = (name: string) => within(table).getByRole('columnheader', { name: new RegExp(`^${name}`) });
    fireEvent.click(within(header('Dans la cible')).getByRole('button'));
    expect(header('Dans la cible').getAttribute('aria-sort')).toBe('ascending');
    // The patient who does not share glucose stays last in either direction.
    expect(names()).toEqual(['Bruno Test', 'Chloé Test', 'Anne Test', 'Denis Test']);
    fireEvent.click(within(header('Dans la cible')).getByRole('button'));
    expect(header('Dans la cible').getAttribute('aria-sort')).toBe('descending');
    expect(names()).toEqual(['Anne Test', 'Chloé Test', 'Bruno Test', 'Denis Test']);
    expect(header('Catégorie').getAttribute('aria-sort')).toBeNull();
  });

  it('asks the server again for another period', async () => {
    const fetch = stub(() => Response.json(DEPARTMENT));
    renderPage();
    await screen.findByTestId('department-table');
    fireEvent.click(screen.getByRole('radio', { name: '30 jours' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/doctor/department?days=30'))).toBe(true));
    expect(screen.getByRole('link', { name: 'Télécharger le tableau (CSV)' }).getAttribute('href')).toBe('/api/doctor/department.csv?days=30&lang=fr');
  });

  it('says how to invite a first patient when there is none', async () => {
    stub(() => Response.json(buildDepartment([], PERIOD)));
    renderPage();
    expect(await screen.findByRole('heading', { name: "Aucun patient pour l'instant" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Inviter un patient' }).getAttribute('href')).toBe('/patient-invitations');
    expect(screen.queryByTestId('department-table')).toBeNull();
  });

  it('shows the error in words when the server refuses', async () => {
    stub(() => Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 }));
    renderPage();
    // One retry (the app's query defaults), then the message of the error code.
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toBe("L'élément demandé est introuvable.");
  });
});

describe('sortRows', () => {
  it('keeps values not shared or missing last, and ties in the server order', () => {
    const items = DEPARTMENT.items;
    expect(sortRows(items, { key: 'gmi', direction: 'descending' }, 'fr').map((r) => r.firstName)).toEqual(['Bruno', 'Anne', 'Chloé', 'Denis']);
    expect(sortRows(items, { key: 'name', direction: 'ascending' }, 'fr').map((r) => r.firstName)).toEqual(['Anne', 'Bruno', 'Chloé', 'Denis']);
    expect(sortRows(items, { key: 'category', direction: 'descending' }, 'fr').map((r) => r.category)).toEqual(['not_shared', 'on_target', 'above_target', 'hypo_risk']);
  });
});
