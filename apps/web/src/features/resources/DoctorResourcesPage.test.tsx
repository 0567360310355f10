import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TARGET_PRESET_VALUES, type TargetPreset } from '@glucosuivi/domain/glucose/bands';
import { formatGlucoseNumber, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { HANDOUTS } from '@glucosuivi/domain/resources/resources.schemas';
import { getI18n } from '@/lib/i18n';
import { TestProviders } from '@/test/TestProviders';
import { DoctorResourcesPage } from './DoctorResourcesPage';

const SETTINGS = {
  notificationsPush: true,
  emailAlerts: false,
  biometricAuth: false,
  twoFactorAuth: false,
  dataSharing: false,
  locationAccess: false,
  dataSync: true,
  autoBackup: true,
  darkMode: false,
  autoThemeEnabled: false,
  language: 'fr',
  glucoseUnit: 'mg/dl',
  timezone: 'Europe/Paris',
  updatedAt: '2025-01-01T00:00:00.000Z',
};
const NBSP = '\u00a0';

function renderPage(glucoseUnit: 'mg/dl' | 'mmol/l') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/settings') return Response.json({ ...SETTINGS, glucoseUnit });
      return Response.json({ error: { code: 'not_found', message: 'Not found' } }, { status: 404 });
    }),
  );
  render(
    <TestProviders>
      <MemoryRouter initialEntries={['/doctor-resources']}>
        <DoctorResourcesPage />
      </MemoryRouter>
    </TestProviders>,
  );
}

/** One row of a population's table: its label and its target, as the reader reads them. */
async function row(population: string, key: string): Promise<{ label: string; target: string }> {
  const table = await screen.findByTestId(`consensus-${population}`);
  const tr = table.querySelector(`tr[data-row="${key}"]`);
  if (!tr) throw new Error(`no row ${key} in ${population}`);
  return { label: within(tr as HTMLElement).getByRole('rowheader').textContent ?? '', target: within(tr as HTMLElement).getByRole('cell').textContent ?? '' };
}

/** What the domain's preset says, written the way the page must show it (French). */
function expectedFromPreset(preset: Exclude<TargetPreset, 'custom'>, unit: GlucoseUnit) {
  const t = TARGET_PRESET_VALUES[preset];
  const g = (mgdl: number) => formatGlucoseNumber(mgdl, unit, 'fr');
  const pct = (sign: string, value: number | null) => (value === null ? "pas d'objectif distinct" : `${sign} ${String(value).replace('.', ',')}${NBSP}%`);
  return {
    inRange: { label: `Temps dans la cible (${g(t.range.lowBelow)}–${g(t.range.highAbove)} ${unit})`, target: pct('>', t.inRangeMinPercent) },
    belowRange: { label: `Temps sous ${g(t.range.lowBelow)} ${unit}`, target: pct('<', t.belowRangeMaxPercent) },
    veryLow: { label: `dont temps sous ${g(t.range.veryLowBelow)} ${unit}`, target: pct('<', t.veryLowMaxPercent) },
    aboveRange: { label: `Temps au-dessus de ${g(t.range.highAbove)} ${unit}`, target: pct('<', t.aboveRangeMaxPercent) },
    veryHigh: { label: `dont temps au-dessus de ${g(t.range.veryHighAbove)} ${unit}`, target: pct('<', t.veryHighMaxPercent) },
    cv: { label: 'Variabilité (CV)', target: pct('≤', t.cvMaxPercent) },
    hba1c: { label: 'HbA1c', target: pct('<', t.hba1cMaxPercent) },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('/doctor-resources', () => {
  it('has its four sections as h2 headings', async () => {
    renderPage('mg/dl');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Ressources professionnelles');
    await screen.findByTestId('consensus-adults');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Objectifs du consensus par population',
      "Formules utilisées dans l'application",
      'Lire le profil glycémique ambulatoire (AGP)',
      'Fiches patients',
    ]);
  });

  for (const [setting, unit] of [
    ['mg/dl', 'mg/dL'],
    ['mmol/l', 'mmol/L'],
  ] as const) {
    it(`renders every population's targets from the domain presets, in ${unit}`, async () => {
      renderPage(setting);
      for (const [population, preset] of [
        ['adults', 'standard'],
        ['older', 'older_high_risk'],
        ['pregnancy', 'pregnancy'],
      ] as const) {
        const expected = expectedFromPreset(preset, unit);
        for (const [key, value] of Object.entries(expected)) expect(await row(population, key), `${population} ${key}`).toEqual(value);
      }
    });
  }

  it('shows the consensus thresholds themselves: 70–180 mg/dL, 3,9–10,0 mmol/L, pregnancy 3,5–7,8 mmol/L', async () => {
    renderPage('mg/dl');
    expect((await row('adults', 'inRange')).label).toBe('Temps dans la cible (70–180 mg/dL)');
    expect((await row('adults', 'inRange')).target).toBe(`> 70${NBSP}%`);
    expect((await row('older', 'aboveRange')).target).toBe("pas d'objectif distinct");
    cleanup();
    renderPage('mmol/l');
    expect((await row('adults', 'inRange')).label).toBe('Temps dans la cible (3,9–10,0 mmol/L)');
    expect((await row('pregnancy', 'inRange')).label).toBe('Temps dans la cible (3,5–7,8 mmol/L)');
    expect(screen.getByTestId('consensus-pregnancy-other').textContent).toContain('3,5–7,8 mmol/L');
  });

  it('writes the formulas with the coefficients the metrics code uses', async () => {
    renderPage('mg/dl');
    const gmi = await screen.findByTestId('formula-gmi');
    expect(gmi.textContent).toContain('GMI (%) = 3,31 + 0,02392 × glycémie moyenne (mg/dL)');
    // 3.31 + 0.02392 × 154 = 6.99.
    expect(gmi.textContent).toContain(`moyenne 154 mg/dL → GMI 7,0${NBSP}%`);
    const gri = screen.getByTestId('formula-gri');
    expect(gri.textContent).toContain('GRI = 3 × VLow + 2,4 × Low + 1,6 × VHigh + 0,8 × High, plafonné à 100');
    expect(gri.textContent).toContain('hypo = VLow + 0,8 × Low et hyper = VHigh + 0,5 × High');
    expect(gri.textContent).toContain('A de 0 à 20, B de 20 à 40, C de 40 à 60, D de 60 à 80, E de 80 à 100');
    expect(gri.textContent).toContain('sous 54, de 54 à 69, de 181 à 250 et au-dessus de 250 mg/dL');
    expect(screen.getByTestId('formula-cv').textContent).toContain(`CV ≤ 36${NBSP}%`);
    expect(screen.getByTestId('formula-wear').textContent).toContain(`Temps actif ≥ 70${NBSP}% sur au moins 14 jours`);
  });

  it('offers each handout in French, English and Spanish as a PDF download', async () => {
    renderPage('mg/dl');
    for (const handout of HANDOUTS) {
      const card = screen.getByTestId(`handout-${handout}`);
      const links = within(card).getAllByRole('link');
      expect(links.map((a) => a.getAttribute('href'))).toEqual(['fr', 'en', 'es'].map((lang) => `/api/resources/handouts/${handout}?lang=${lang}`));
      for (const link of links) expect(link.hasAttribute('download')).toBe(true);
    }
    const hypo = within(screen.getByTestId('handout-hypoglycaemia'));
    expect(hypo.getByRole('link', { name: 'Français : fiche « Hypoglycémie et règle des 15/15 », PDF' })).toBeTruthy();
    expect(hypo.getByText('English').getAttribute('lang')).toBe('en');
  });

  for (const [lng, title, inRange] of [
    ['en', 'Consensus targets by population', 'Time in range (70–180 mg/dL)'],
    ['es', 'Objetivos del consenso por población', 'Tiempo en rango (70–180 mg/dL)'],
  ] as const) {
    it(`reads in ${lng}, every text from its catalog`, async () => {
      const warn = vi.spyOn(console, 'warn');
      await getI18n().changeLanguage(lng);
      try {
        renderPage('mg/dl');
        expect((await row('adults', 'inRange')).label).toBe(inRange);
        expect(screen.getAllByRole('heading', { level: 2 })[0]?.textContent).toBe(title);
        expect(warn.mock.calls.filter(([message]) => String(message).startsWith('i18n: missing key'))).toEqual([]);
      } finally {
        warn.mockRestore();
        await getI18n().changeLanguage('fr');
      }
    });
  }
});
