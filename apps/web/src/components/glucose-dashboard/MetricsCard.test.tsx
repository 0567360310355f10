import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { generateCgmDays } from '@glucosuivi/domain/demo/cgm-generator';
import { generateManualReadings } from '@glucosuivi/domain/demo/manual-generator';
import { targetsForPreset } from '@glucosuivi/domain/glucose/bands';
import { lastLocalDays } from '@glucosuivi/domain/glucose/timezone';
import { summarizeGlucosePeriod } from '@glucosuivi/domain/measurements/glucose-period';
import type { Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import { TestProviders } from '@/test/TestProviders';
import { MetricsCard } from './MetricsCard';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const period = lastLocalDays(NOW, 14, 'Europe/Paris');
const targets = targetsForPreset('standard');

/** The parts of a summary the card reads, its glucose drawn by the domain from generated readings. */
function summaryOf(readings: { t: number[]; v: number[]; device: boolean }): Summary {
  const kept = readings.t.map((t, i) => i).filter((i) => (readings.t[i] as number) >= period.from);
  const glucose = summarizeGlucosePeriod(
    { t: kept.map((i) => readings.t[i] as number), v: kept.map((i) => readings.v[i] as number), device: kept.map(() => readings.device) },
    { periodStart: period.from, periodEnd: period.to, periodDays: 14, timeZone: 'Europe/Paris', targets },
  );
  return { targets, glucose } as unknown as Summary;
}

describe('MetricsCard', () => {
  afterEach(cleanup);

  it('shows a meter diary its counted figures, no GMI, GRI or sensor time, and says why', () => {
    const { glucose } = generateManualReadings({ seed: 7, days: 14, endAt: NOW - 60_000 });
    render(
      <TestProviders>
        <MetricsCard summary={summaryOf({ t: glucose.map((g) => g.measuredAt), v: glucose.map((g) => g.mgdl), device: false })} unit="mg/dL" language="fr" />
      </TestProviders>,
    );
    for (const absent of ['GMI', 'GRI', 'Temps actif du capteur']) expect(screen.queryByText(absent)).toBeNull();
    expect(screen.getByText('Mesures par jour')).toBeTruthy();
    expect(screen.getByText('Écart type')).toBeTruthy();
    expect(screen.getByTestId('sufficiency').textContent).toContain("ne se calculent qu'avec un capteur de glucose en continu");
  });

  it('shows a sensor fortnight its GMI, GRI and sensor time', () => {
    const cgm = generateCgmDays({ seed: 3, days: 14, endAt: NOW - 5 * 60_000 });
    render(
      <TestProviders>
        <MetricsCard summary={summaryOf({ ...cgm, device: true })} unit="mg/dL" language="fr" />
      </TestProviders>,
    );
    for (const label of ['GMI', 'GRI', 'Temps actif du capteur']) expect(screen.getByText(label)).toBeTruthy();
  });
});
