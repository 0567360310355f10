import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { STANDARD_RANGE } from '@glucosuivi/domain/glucose/bands';
import type { Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import { TestProviders } from '@/test/TestProviders';
import { GlucoseChartCard } from './GlucoseChartCard';
import { zoomDays } from './daily-zoom';

const HOUR = 3_600_000;
// 1 March 2026, 00:00 in Paris (UTC+1), to the evening of 30 March (UTC+2 after the 29th).
const FROM = Date.UTC(2026, 1, 28, 23);
const TO = Date.UTC(2026, 2, 30, 22);
const LOW_AT = Date.UTC(2026, 2, 12, 2); // 12 March, 03:00 in Paris

/** Hourly readings over the period: 120 mg/dL, one 50 on 12 March. */
function hourly() {
  const t: number[] = [];
  const v: number[] = [];
  for (let x = FROM; x < TO; x += HOUR) {
    t.push(x);
    v.push(x === LOW_AT ? 50 : 120);
  }
  return { t: Float64Array.from(t), v: Float64Array.from(v) };
}

/** The parts of a summary the card reads. */
function summaryOf(days: number): Summary {
  return {
    period: { from: new Date(FROM).toISOString(), to: new Date(TO).toISOString(), days, timeZone: 'Europe/Paris' },
    targets: { range: STANDARD_RANGE },
  } as unknown as Summary;
}

function renderCard(days: number, highlight: Parameters<typeof GlucoseChartCard>[0]['highlight'] = null) {
  return render(
    <TestProviders>
      <GlucoseChartCard
        summary={summaryOf(days)}
        unit="mg/dL"
        timeZone="Europe/Paris"
        language="fr"
        columns={hourly()}
        status={{ isPending: false, isError: false, error: null }}
        span={{ from: new Date(FROM).toISOString(), to: new Date(TO).toISOString() }}
        detailAt={() => null}
        highlight={highlight}
      />
    </TestProviders>,
  );
}

const summaryText = () => screen.getByTestId('chart-summary').textContent?.replace(/[\u00a0\u202f]/g, ' ');

describe('GlucoseChartCard', () => {
  it('shows 30 days as a summary per day by default, and the raw curve on demand', () => {
    renderCard(30);
    expect((screen.getByRole('radio', { name: 'Résumé par jour' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('img', { name: /^Résumé par jour sur 30 jours : médiane/ })).toBeTruthy();
    expect(screen.queryByRole('img', { name: /^Courbe de glycémie/ })).toBeNull();
    expect(summaryText()).toBe(
      '30 jours résumés par jour : médiane, 25–75 % et 5–95 % ; 1 jour avec au moins une valeur basse. Plage cible 70–180 mg/dL.',
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Courbe' }));
    expect(screen.getByRole('img', { name: 'Courbe de glycémie sur 30 jours, plage cible en vert' })).toBeTruthy();
    expect(summaryText()).toMatch(/^719 mesures, de 50 à 120 mg\/dL/);
  });

  it('opens one day, walks to the next, widens to its week and comes back', () => {
    renderCard(30);
    const select = screen.getByRole('combobox', { name: 'Voir la courbe d’un jour' });
    const option = screen.getByRole('option', { name: /^12 mars 2026 – médiane 120 mg\/dL, 1 valeur basse$/ });
    fireEvent.change(select, { target: { value: (option as HTMLOptionElement).value } });
    fireEvent.click(screen.getByRole('button', { name: 'Voir ce jour' }));

    expect(document.activeElement).toBe(screen.getByRole('img', { name: 'Courbe de glycémie du 12 mars 2026, plage cible en vert' }));
    expect(summaryText()).toMatch(/^Courbe du 12 mars 2026 : 24 mesures, de 50 à 120 mg\/dL \(la plus basse le 12 mars 2026, 03:00\)/);

    fireEvent.click(screen.getByRole('button', { name: 'Jour suivant' }));
    expect(summaryText()).toMatch(/^Courbe du 13 mars 2026 : 24 mesures, de 120 à 120/);

    fireEvent.click(screen.getByRole('radio', { name: 'Semaine' }));
    // Monday 9 to Sunday 15 March.
    expect(screen.getByRole('img', { name: 'Courbe de glycémie du 9 mars 2026 au 15 mars 2026, plage cible en vert' })).toBeTruthy();
    expect(summaryText()).toMatch(/^Courbe du 9 mars 2026 au 15 mars 2026 : 168 mesures, de 50 à 120/);
    fireEvent.click(screen.getByRole('button', { name: 'Semaine précédente' }));
    expect(summaryText()).toMatch(/^Courbe du 2 mars 2026 au 8 mars 2026 : 168 mesures, de 120 à 120/);
    // The period starts on Sunday 1 March: its first week holds that one day, and nothing is before it.
    fireEvent.click(screen.getByRole('button', { name: 'Semaine précédente' }));
    expect(summaryText()).toMatch(/^Courbe du 23 févr. 2026 au 1 mars 2026 : 24 mesures/);
    expect((screen.getByRole('button', { name: 'Semaine précédente' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Retour au résumé des 30 jours' }));
    expect(document.activeElement).toBe(screen.getByRole('img', { name: /^Résumé par jour sur 30 jours/ }));
  });

  it('keeps the raw curve for 14 days, and for shaded nights whatever the period', () => {
    renderCard(14);
    expect(screen.queryByRole('radio', { name: 'Résumé par jour' })).toBeNull();
    expect(screen.getByRole('img', { name: 'Courbe de glycémie sur 14 jours, plage cible en vert' })).toBeTruthy();

    renderCard(90, { windows: [{ start: LOW_AT, end: LOW_AT + HOUR }], description: '1 nuit mise en évidence.', clearLabel: 'Effacer', onClear: () => {} });
    expect(screen.getByRole('img', { name: 'Courbe de glycémie sur 90 jours, plage cible en vert' })).toBeTruthy();
    expect(screen.getAllByTestId('chart-summary')[1]?.textContent).toMatch(/1 nuit mise en évidence\.$/);
  });
});

describe('zoomDays', () => {
  it('takes the Monday-to-Sunday week of a day', () => {
    const thursday12 = Date.UTC(2026, 2, 12) / 86_400_000;
    expect(zoomDays({ anchor: thursday12, span: 'day' })).toEqual({ start: thursday12, end: thursday12 + 1 });
    expect(zoomDays({ anchor: thursday12, span: 'week' })).toEqual({ start: thursday12 - 3, end: thursday12 + 4 });
    const sunday15 = thursday12 + 3;
    expect(zoomDays({ anchor: sunday15, span: 'week' }).start).toBe(thursday12 - 3);
  });
});
