import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdviceFinding, AdviceResponse } from '@glucosuivi/domain/advice/advice.schemas';
import type { PeriodDays } from '@/components/glucose-dashboard/dashboard-view';
import { GLUCOSE_CHART_ID } from '@/components/glucose-dashboard/ChartsSection';
import { stubApi } from '@/test/messages-fixtures';
import { MemoryRouter } from 'react-router';
import { TestProviders } from '@/test/TestProviders';
import { AdviceCard } from './AdviceCard';
import { advicePeriodFor, nightWindows } from './advice-view';
import { usePatientAdvice, useProfessionalAdvice } from './use-advice';
import { useChartNights } from './use-chart-nights';

const at = (iso: string) => Date.parse(iso);
const quiet = { premium: false, showHypoTreatment: false, showEmergencyNumbers: false } as const;

const NIGHT_HYPO: AdviceFinding = {
  kind: 'night_hypo',
  severity: 'urgent',
  reference: 'consensus_tir_2019',
  premium: false,
  showHypoTreatment: true,
  showEmergencyNumbers: true,
  evidence: {
    thresholdMgdl: 70,
    severeBelowMgdl: 54,
    windowDays: 14,
    nights: [
      { date: '2026-03-03', lowestMgdl: 52, lowestTime: '03:10', lowestAt: at('2026-03-03T02:10:00Z'), start: at('2026-03-03T01:40:00Z'), end: at('2026-03-03T02:35:00Z') },
      { date: '2026-03-06', lowestMgdl: 64, lowestTime: '02:45', lowestAt: at('2026-03-06T01:45:00Z'), start: at('2026-03-06T01:20:00Z'), end: at('2026-03-06T02:05:00Z') },
    ],
  },
};
const VARIABILITY: AdviceFinding = { kind: 'high_variability', severity: 'attention', reference: 'consensus_tir_2019', ...quiet, evidence: { cvPercent: 41.2, cvMaxPercent: 36, meanMgdl: 150, sdMgdl: 61.8 } };
const LDL: AdviceFinding = { kind: 'ldl_above_target', severity: 'info', reference: 'esc_eas_2019_lipids', ...quiet, evidence: { latestMgdl: 130, date: '2026-02-20', at: at('2026-02-20T08:00:00Z'), targetMgdl: 100 } };
const BLOOD_PRESSURE: AdviceFinding = {
  kind: 'blood_pressure_high',
  severity: 'info',
  reference: 'esh_2023_bp',
  ...quiet,
  evidence: {
    systolicLimit: 140,
    diastolicLimit: 90,
    windowDays: 30,
    highCount: 2,
    readings: [
      { date: '2026-03-01', time: '08:00', at: at('2026-03-01T07:00:00Z'), systolic: 150, diastolic: 95, high: true },
      { date: '2026-03-05', time: '08:10', at: at('2026-03-05T07:10:00Z'), systolic: 148, diastolic: 92, high: true },
    ],
  },
};

function answer(findings: AdviceFinding[], votes: AdviceResponse['votes'] = {}, days = 14): AdviceResponse {
  return { period: { start: at('2026-02-24T23:00:00Z'), end: at('2026-03-10T23:00:00Z'), days }, timeZone: 'Europe/Paris', findings, votes, lockedPremium: 0 };
}

function PatientCard() {
  const advice = usePatientAdvice(14);
  return <AdviceCard advice={advice} days={14} unit="mg/dL" reader="patient" />;
}

function ProfessionalCard() {
  const advice = useProfessionalAdvice('patient-1', 30);
  return <AdviceCard advice={advice} days={30} unit="mmol/L" reader="professional" notice={<p>Glycémie non partagée</p>} />;
}

/** The dashboard's wiring without its queries of readings: the period, the card and a stand-in chart. */
function DashboardHarness({ initialDays }: { initialDays: PeriodDays }) {
  const [days, setDays] = useState<PeriodDays>(initialDays);
  const period = advicePeriodFor(days);
  const query = usePatientAdvice(period);
  const advice = useChartNights({ advice: query.data, period, days, setDays, chartReady: true });
  return (
    <>
      <p data-testid="days">{days}</p>
      <AdviceCard advice={query} days={period} unit="mg/dL" reader="patient" nights={advice.nights} />
      <div id={GLUCOSE_CHART_ID} tabIndex={0} role="img" aria-label="Courbe" data-highlighted={advice.chartHighlight?.windows.length} />
      <p data-testid="chart-summary">{advice.chartHighlight?.description ?? ''}</p>
      {advice.chartHighlight ? (
        <button type="button" onClick={advice.chartHighlight.onClear}>
          {advice.chartHighlight.clearLabel}
        </button>
      ) : null}
      <button type="button" onClick={() => advice.changePeriod(30)}>
        30 jours
      </button>
    </>
  );
}

const renderWithProviders = (ui: React.ReactNode) => render(<TestProviders>{ui}</TestProviders>);
const findingNamed = (title: string) => screen.getByRole('article', { name: title });

afterEach(() => vi.unstubAllGlobals());

describe('the advice card', () => {
  it('shows the top three findings in French with their severity in words, evidence, what to discuss, safety lines and reference; the rest on demand', async () => {
    stubApi(({ path }) => (path === '/api/advice' ? Response.json(answer([NIGHT_HYPO, VARIABILITY, LDL, BLOOD_PRESSURE])) : undefined));
    renderWithProviders(<PatientCard />);

    const card = await screen.findByRole('region', { name: 'Conseils personnalisés' });
    await within(card).findByRole('heading', { level: 3, name: 'Hypoglycémies la nuit, à plusieurs reprises' });
    const night = findingNamed('Hypoglycémies la nuit, à plusieurs reprises');
    expect(within(night).getByText('Important')).toBeTruthy();
    expect(within(night).getByText(/pendant 2 nuits des 14 derniers jours/)).toBeTruthy();
    const evidence = within(night).getByTestId('advice-evidence');
    expect(within(evidence).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Nuit du 2 au 3 mars : 52 mg/dL à 03:10', 'Nuit du 5 au 6 mars : 64 mg/dL à 02:45']);
    const safety = within(night).getByTestId('advice-safety');
    expect(safety.textContent).toContain('Prenez 15 g de sucre rapide, puis contrôlez à nouveau après 15 minutes.');
    expect(safety.textContent).toContain("En cas d'urgence, appelez le 15 (SAMU) ou le 112.");
    expect(within(night).getByText('À aborder avec votre équipe soignante')).toBeTruthy();
    expect(within(night).getByText(/Contactez votre équipe soignante sans attendre/)).toBeTruthy();
    expect(within(night).getByText('Référence : Consensus international sur le temps dans la cible (Battelino et al., Diabetes Care, 2019)')).toBeTruthy();

    expect(within(findingNamed('Glycémie très variable')).getByText('À surveiller')).toBeTruthy();
    expect(within(findingNamed("LDL-cholestérol au-dessus de l'objectif")).getByText('Pour information')).toBeTruthy();
    // No safety lines where no low calls for them.
    expect(within(findingNamed('Glycémie très variable')).queryByTestId('advice-safety')).toBeNull();

    // The fourth waits behind "Voir tous les conseils (4)".
    expect(screen.queryByRole('article', { name: 'Tension artérielle élevée à plusieurs reprises' })).toBeNull();
    const more = within(card).getByRole('button', { name: 'Voir tous les conseils (4)' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(findingNamed('Tension artérielle élevée à plusieurs reprises')).toBeTruthy();
    expect(more.textContent).toBe('Voir moins de conseils');
  });

  it('folds a long evidence list after five lines behind a button that says how many more', async () => {
    const nights = Array.from({ length: 8 }, (_, i) => {
      const start = at(`2026-03-0${i + 1}T01:00:00Z`);
      return { date: `2026-03-0${i + 1}`, lowestMgdl: 60 + i, lowestTime: '02:30', lowestAt: start + 30 * 60_000, start, end: start + 60 * 60_000 };
    });
    const many: AdviceFinding = { ...NIGHT_HYPO, evidence: { ...NIGHT_HYPO.evidence, nights } } as AdviceFinding;
    stubApi(({ path }) => (path === '/api/advice' ? Response.json(answer([many])) : undefined));
    renderWithProviders(<PatientCard />);
    const finding = await screen.findByRole('article', { name: 'Hypoglycémies la nuit, à plusieurs reprises' });
    const evidence = within(finding).getByTestId('advice-evidence');
    expect(within(evidence).getAllByRole('listitem')).toHaveLength(5);
    const more = within(finding).getByRole('button', { name: 'Voir les 3 autres observations' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    expect(more.getAttribute('aria-controls')).toBe(evidence.id);
    fireEvent.click(more);
    expect(within(evidence).getAllByRole('listitem')).toHaveLength(8);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(more.textContent).toBe('Masquer le détail');
  });

  it('says calmly that there is nothing to point out', async () => {
    stubApi(({ path }) => (path === '/api/advice' ? Response.json(answer([])) : undefined));
    renderWithProviders(<PatientCard />);
    expect((await screen.findByTestId('advice-none')).textContent).toBe('Aucun point particulier à signaler sur les 14 derniers jours.');
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('tells a patient without premium how many advanced findings are held back, with the way to premium; never a professional', async () => {
    stubApi(({ path }) =>
      path === '/api/advice' || path === '/api/doctor/patients/patient-1/advice' ? Response.json({ ...answer([VARIABILITY], {}, 30), lockedPremium: 2 }) : undefined,
    );
    const patientView = render(
      <TestProviders>
        <MemoryRouter>
          <PatientCard />
        </MemoryRouter>
      </TestProviders>,
    );
    const locked = await screen.findByTestId('advice-locked');
    expect(within(locked).getByText('2 conseils avancés réservés à Premium')).toBeTruthy();
    expect(within(locked).getByRole('link', { name: "Voir l'offre Premium" }).getAttribute('href')).toBe('/abonnement');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    patientView.unmount();

    render(
      <TestProviders>
        <MemoryRouter>
          <ProfessionalCard />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(await screen.findByRole('article')).toBeTruthy();
    expect(screen.queryByTestId('advice-locked')).toBeNull();
  });

  it('saves a vote at once (aria-pressed), then keeps it once the server agrees', async () => {
    let release: (response: Response) => void = () => undefined;
    const posts: unknown[] = [];
    // The save stays unanswered until `release`: what shows meanwhile is the optimistic vote.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        if (init?.method === 'POST' && url.pathname === '/api/advice/feedback') {
          posts.push(JSON.parse(String(init.body)));
          return new Promise<Response>((resolve) => (release = resolve));
        }
        if (url.pathname === '/api/advice') return Response.json(answer([NIGHT_HYPO, VARIABILITY], { night_hypo: 'useful' }));
        return Response.json({ error: { code: 'not_found', message: 'Not found', requestId: 'r' } }, { status: 404 });
      }),
    );
    renderWithProviders(<PatientCard />);
    await screen.findByRole('heading', { level: 3, name: 'Glycémie très variable' });

    const night = findingNamed('Hypoglycémies la nuit, à plusieurs reprises');
    const useful = within(night).getByRole('button', { name: 'Utile' });
    const notUseful = within(night).getByRole('button', { name: 'Pas utile' });
    expect(useful.getAttribute('aria-pressed')).toBe('true');
    expect(notUseful.getAttribute('aria-pressed')).toBe('false');
    expect(within(night).getByRole('group', { name: 'Ce conseil vous a-t-il été utile ?' })).toBeTruthy();

    fireEvent.click(notUseful);
    await waitFor(() => expect(notUseful.getAttribute('aria-pressed')).toBe('true'));
    expect(useful.getAttribute('aria-pressed')).toBe('false');
    expect(posts).toEqual([{ kind: 'night_hypo', vote: 'not_useful' }]);
    // The other finding's buttons did not move.
    expect(within(findingNamed('Glycémie très variable')).getByRole('button', { name: 'Pas utile' }).getAttribute('aria-pressed')).toBe('false');

    await act(async () => release(Response.json({ ok: true })));
    expect(notUseful.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText("Votre avis n'a pas pu être enregistré.")).toBeNull();
  });

  it('puts the previous vote back and says so when the save fails', async () => {
    const calls = stubApi(({ method, path }) => {
      if (path === '/api/advice') return Response.json(answer([VARIABILITY], { high_variability: 'useful' }));
      if (method === 'POST') return Response.json({ error: { code: 'internal', message: 'boom', requestId: 'r' } }, { status: 500 });
      return undefined;
    });
    renderWithProviders(<PatientCard />);
    await screen.findByRole('heading', { level: 3, name: 'Glycémie très variable' });
    const notUseful = screen.getByRole('button', { name: 'Pas utile' });
    fireEvent.click(notUseful);
    expect(await screen.findByText("Votre avis n'a pas pu être enregistré.")).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Utile' }).getAttribute('aria-pressed')).toBe('true'));
    expect(notUseful.getAttribute('aria-pressed')).toBe('false');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it("reads a patient's findings for a professional: the patient's words in the reader's unit, no votes, the notice shown", async () => {
    const calls = stubApi(({ path }) => (path === '/api/doctor/patients/patient-1/advice' ? Response.json(answer([NIGHT_HYPO], {}, 30)) : undefined));
    renderWithProviders(<ProfessionalCard />);
    const night = await screen.findByRole('article', { name: 'Hypoglycémies la nuit, à plusieurs reprises' });
    expect(within(night).getByText('Nuit du 2 au 3 mars : 2,9 mmol/L à 03:10')).toBeTruthy();
    expect(within(night).getByTestId('advice-safety')).toBeTruthy();
    expect(within(night).queryByRole('button')).toBeNull();
    expect(screen.getByText('Glycémie non partagée')).toBeTruthy();
    expect(screen.getByText(/Les conseils tels que le patient les voit/)).toBeTruthy();
    expect(calls[0]?.search.get('days')).toBe('30');
  });

  it('shows an error it cannot recover from as an alert', async () => {
    stubApi(() => Response.json({ error: { code: 'forbidden', message: 'no', requestId: 'r' } }, { status: 403 }));
    renderWithProviders(<PatientCard />);
    // After the one retry of every query (a second later).
    expect((await screen.findByRole('alert', {}, { timeout: 5_000 })).textContent).toBe("Vous n'avez pas l'autorisation d'effectuer cette action.");
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('the nights of a night-hypo finding on the dashboard chart', () => {
  it('widens a 7-day chart to the advice period, shades each night, says how many, moves the focus to the chart, and clears', async () => {
    const calls = stubApi(({ path }) => (path === '/api/advice' ? Response.json(answer([NIGHT_HYPO])) : undefined));
    renderWithProviders(<DashboardHarness initialDays={7} />);
    const show = await screen.findByRole('button', { name: 'Voir ces nuits sur la courbe' });
    // A 7-day dashboard reads the 14-day advice.
    expect(calls.find((c) => c.path === '/api/advice')?.search.get('days')).toBe('14');
    expect(show.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(show);
    expect(screen.getByTestId('days').textContent).toBe('14');
    expect(show.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('chart-summary').textContent).toBe("2 nuits d'hypoglycémie mises en évidence sur la courbe.");
    const chart = screen.getByRole('img', { name: 'Courbe' });
    expect(chart.getAttribute('data-highlighted')).toBe('2');
    await waitFor(() => expect(document.activeElement).toBe(chart));

    // Pressing it again removes the shading.
    fireEvent.click(show);
    expect(show.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('chart-summary').textContent).toBe('');

    // "Effacer" does too, and leaves the focus on the chart.
    fireEvent.click(show);
    fireEvent.click(screen.getByRole('button', { name: 'Effacer la mise en évidence' }));
    expect(show.getAttribute('aria-pressed')).toBe('false');
    expect(chart.getAttribute('data-highlighted')).toBeNull();
    expect(document.activeElement).toBe(chart);
  });

  it('clears the shading when the patient picks another period', async () => {
    stubApi(({ path, search }) => (path === '/api/advice' ? Response.json(answer([NIGHT_HYPO], {}, Number(search.get('days')))) : undefined));
    renderWithProviders(<DashboardHarness initialDays={14} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Voir ces nuits sur la courbe' }));
    expect(screen.getByTestId('chart-summary').textContent).not.toBe('');
    fireEvent.click(screen.getByRole('button', { name: '30 jours' }));
    expect(screen.getByTestId('chart-summary').textContent).toBe('');
    expect(await screen.findByText(/Sur les 30 derniers jours/)).toBeTruthy();
  });

  it('draws advice over 14, 30 or 90 days, and 14 for a shorter dashboard period', () => {
    expect([1, 7, 14, 30, 90].map(advicePeriodFor)).toEqual([14, 14, 14, 30, 90]);
    expect(nightWindows(NIGHT_HYPO as Extract<AdviceFinding, { kind: 'night_hypo' }>)).toEqual([
      { start: at('2026-03-03T01:40:00Z'), end: at('2026-03-03T02:35:00Z') },
      { start: at('2026-03-06T01:20:00Z'), end: at('2026-03-06T02:05:00Z') },
    ]);
  });
});
