import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RealtimeProvider } from '@/lib/realtime/RealtimeProvider';
import { FakeWebSocket, manualTimers } from '@/test/fake-websocket';
import { TestProviders } from '@/test/TestProviders';
import { PatientPage } from './PatientPage';
import { TriagePage } from './TriagePage';

const PERIOD = { from: '2026-11-10T00:00:00.000Z', to: '2026-11-23T09:00:00.000Z', days: 14 };
const glucose = { lastReadingAt: '2026-11-23T08:55:00.000Z', readings: 4000, inRange: 71, belowRange: 13.8, veryLow: 2, aboveRange: 15.2, gmi: 6.4, cv: 39.4, daysWithData: 14, activePercent: 99, sufficient: true };
const ROWS = [
  { patientId: 'p1', firstName: 'Paul', lastName: 'Fontaine', categories: ['glucose', 'hba1c', 'alerts'], glucose, alerts: { open: 5, urgent: 1 }, hba1c: { percent: 7.5, measuredAt: '2026-10-19T08:00:00.000Z' },
    advice: { computedAt: '2026-11-23T08:58:00.000Z', findings: [{ kind: 'night_hypo', severity: 'urgent' }, { kind: 'high_variability', severity: 'attention' }, { kind: 'tir_change', severity: 'info' }] } },
  { patientId: 'p2', firstName: 'Lina', lastName: 'Rousseau', categories: ['hba1c', 'weight'], glucose: { notShared: true }, alerts: { notShared: true }, hba1c: null, advice: null },
];

function stub(routes: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      const answer = routes[path];
      return answer ? answer() : Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
}

/** Where the router is, as the page's address would show it. */
function Location() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

function renderAt(path: string, realtime = false) {
  const routes = (
    <MemoryRouter initialEntries={[path]}>
      <Location />
      <Routes>
        <Route path="/doctor" element={<TriagePage />} />
        <Route path="/doctor/patients/:patientId" element={<PatientPage />} />
      </Routes>
    </MemoryRouter>
  );
  const options = { WebSocket: FakeWebSocket, timers: manualTimers().timers, url: 'ws://app.test/api/realtime' };
  render(
    <TestProviders>
      {realtime ? (
        <RealtimeProvider userId="d1" options={options}>
          {routes}
        </RealtimeProvider>
      ) : (
        routes
      )}
    </TestProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('triage list', () => {
  it('keeps the API order, links each row, and reads "non partagé" in every cell of a category not shared', async () => {
    stub({ '/api/doctor/patients': () => Response.json({ items: ROWS, total: 2, period: PERIOD }) });
    renderAt('/doctor');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Paul Fontaine', 'Lina Rousseau']);
    expect(within(rows[0]!).getByRole('link', { name: 'Paul Fontaine' }).getAttribute('href')).toBe('/doctor/patients/p1');
    expect(within(rows[0]!).queryAllByText('non partagé')).toHaveLength(0);
    expect(within(rows[0]!).getByText('5 · 1 urgente')).toBeTruthy();
    // Glucose is not shared: one cell across its six columns says so; alerts neither; HbA1c is shared but there is none.
    expect(within(rows[1]!).getByText('Glycémie non partagée').closest('td')?.colSpan).toBe(6);
    expect(within(rows[1]!).getAllByRole('cell')).toHaveLength(4);
    expect(within(rows[1]!).getAllByText('non partagé')).toHaveLength(1);
    expect(within(rows[1]!).getByText('Aucune')).toBeTruthy();
    // Advice in short: what to act on or watch, most pressing first; information-only findings stay on the page.
    // A badge's short word is for the eye; a screen reader reads the full words once.
    const badges = within(rows[0]!).getAllByRole('listitem');
    expect(badges.map((item) => item.querySelector('span[aria-hidden="true"]')?.textContent)).toEqual(['Hypos nocturnes', 'Variabilité']);
    expect(badges.map((item) => item.querySelector('.sr-only')?.textContent)).toEqual(['Important : Hypoglycémies nocturnes répétées', 'Variabilité élevée']);
    expect(within(rows[1]!).getByText('En cours de calcul')).toBeTruthy();
  });

  it('shows a badge\'s full words on keyboard focus and hover, and hides them on Escape', async () => {
    stub({ '/api/doctor/patients': () => Response.json({ items: ROWS, total: 2, period: PERIOD }) });
    renderAt('/doctor');
    const table = await screen.findByRole('table');
    const badge = within(table).getAllByRole('listitem')[0]!.querySelector<HTMLElement>('[tabindex="0"]')!;
    expect(screen.queryByTestId('hint-badge-text')).toBeNull();
    fireEvent.focus(badge);
    expect(screen.getByTestId('hint-badge-text').textContent).toBe('Important : Hypoglycémies nocturnes répétées');
    fireEvent.keyDown(badge, { key: 'Escape' });
    expect(screen.queryByTestId('hint-badge-text')).toBeNull();
    fireEvent.mouseEnter(badge);
    expect(screen.getByTestId('hint-badge-text').textContent).toBe('Important : Hypoglycémies nocturnes répétées');
    fireEvent.mouseLeave(badge);
    expect(screen.queryByTestId('hint-badge-text')).toBeNull();
  });

  it('keeps a row on one line: past two findings, the rest are counted in one badge that names them', async () => {
    const findings = (['night_hypo', 'time_below_range', 'post_meal_high', 'dawn_rise', 'high_variability'] as const).map((kind) => ({ kind, severity: 'attention' }));
    const row = { ...ROWS[0]!, advice: { computedAt: '2026-11-23T08:58:00.000Z', findings } };
    stub({ '/api/doctor/patients': () => Response.json({ items: [row], total: 1, period: PERIOD }) });
    renderAt('/doctor');
    const table = await screen.findByRole('table');
    const badges = within(table).getAllByRole('listitem');
    expect(badges.map((item) => item.querySelector('span[aria-hidden="true"]')?.textContent)).toEqual(['Hypos nocturnes', '+4']);
    expect(badges[1]!.querySelector('.sr-only')?.textContent).toBe('Temps sous la cible trop élevé ; Hyperglycémies après les repas ; Hausse en fin de nuit ; Variabilité élevée');
  });

  it('reads its filter, sort and search from the address, and asks the API for that list', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        asked.push(String(input));
        return Response.json({ items: ROWS.slice(0, 1), total: 2, period: PERIOD });
      }),
    );
    renderAt('/doctor?filter=open_alerts&sort=name&q=font');
    await screen.findByRole('table');
    const query = new URL(asked.find((u) => u.includes('/api/doctor/patients'))!, 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({ filter: 'open_alerts', sort: 'name', q: 'font' });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Alertes ouvertes' }).checked).toBe(true);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Trier par' }).value).toBe('name');
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Rechercher un patient' }).value).toBe('font');
  });

  it('writes a changed filter, sort and search into the address, and leaves unknown values at their default', async () => {
    stub({ '/api/doctor/patients': () => Response.json({ items: ROWS, total: 2, period: PERIOD }) });
    renderAt('/doctor?filter=everyone&sort=random');
    await screen.findByRole('table');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Tous' }).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Sous la cible' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/doctor?filter=below_range'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Trier par' }), { target: { value: 'last_reading' } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/doctor?filter=below_range&sort=last_reading'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Rechercher un patient' }), { target: { value: 'Paul' } });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/doctor?filter=below_range&sort=last_reading&q=Paul'));
    fireEvent.click(screen.getByRole('radio', { name: 'Tous' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/doctor?sort=last_reading&q=Paul'));
  });

  it('shows the section the app composes in (the messages inbox) after the list', async () => {
    stub({ '/api/doctor/patients': () => Response.json({ items: ROWS, total: 2, period: PERIOD }) });
    render(
      <TestProviders>
        <MemoryRouter initialEntries={['/doctor']}>
          <TriagePage inbox={<section aria-label="Boîte de réception">inbox</section>} />
        </MemoryRouter>
      </TestProviders>,
    );
    const inbox = await screen.findByRole('region', { name: 'Boîte de réception' });
    // After the table, so that the first patients stay in sight on a phone.
    expect(screen.getByRole('table').compareDocumentPosition(inbox) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says how to invite a first patient when there is none', async () => {
    stub({ '/api/doctor/patients': () => Response.json({ items: [], total: 0, period: PERIOD }) });
    renderAt('/doctor');
    expect(await screen.findByRole('heading', { name: "Aucun patient pour l'instant" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Inviter un patient' }).getAttribute('href')).toBe('/patient-invitations');
  });
});

describe('patient page', () => {
  it('shows the "not found" page when the API answers 404 (never linked, or sharing revoked)', async () => {
    stub({});
    renderAt('/doctor/patients/someone');
    expect(await screen.findByRole('heading', { level: 1, name: 'Patient introuvable' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à mes patients' }).getAttribute('href')).toBe('/doctor');
  });
});

describe('realtime topics', () => {
  /** The subscriptions the page asks for once the channel is open. */
  async function subscriptionsAt(path: string) {
    FakeWebSocket.created = [];
    renderAt(path, true);
    await waitFor(() => expect(FakeWebSocket.created).toHaveLength(1));
    const socket = FakeWebSocket.last();
    socket.accept('d1');
    return socket.sent;
  }

  it('the triage list follows every patient', async () => {
    stub({ '/api/doctor/patients': () => Response.json({ items: ROWS, total: 2, period: PERIOD }) });
    expect(await subscriptionsAt('/doctor')).toEqual([{ type: 'subscribe', topic: 'realtime:patients' }]);
  });

  it("a patient's page follows that patient", async () => {
    stub({});
    expect(await subscriptionsAt('/doctor/patients/p1')).toEqual([{ type: 'subscribe', topic: 'realtime:patient:p1' }]);
  });
});
