import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
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

function renderAt(path: string, realtime = false) {
  const routes = (
    <MemoryRouter initialEntries={[path]}>
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
    // Glucose (6 cells) and alerts are not shared; HbA1c is shared but there is none.
    expect(within(rows[1]!).getAllByText('non partagé')).toHaveLength(7);
    expect(within(rows[1]!).getByText('Aucune')).toBeTruthy();
    // Advice in short: what to act on or watch, most pressing first; information-only findings stay on the page.
    expect(within(rows[0]!).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Important : Hypoglycémies nocturnes répétées', 'Variabilité élevée']);
    expect(within(rows[1]!).getByText('En cours de calcul')).toBeTruthy();
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
