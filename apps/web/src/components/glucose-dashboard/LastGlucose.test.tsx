import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_GLUCOSE_TARGETS } from '@glucosuivi/domain/glucose/bands';
import type { Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import { TestProviders } from '@/test/TestProviders';
import { LastGlucose } from './LastGlucose';

/** The parts of a summary the card reads: the last reading and the patient's targets. */
function summaryWithLast(valueMgdl: number): Pick<Summary, 'latest' | 'targets'> {
  return {
    targets: DEFAULT_GLUCOSE_TARGETS,
    latest: {
      glucose: {
        kind: 'glucose',
        id: '00000000-0000-4000-8000-000000000001',
        measuredAt: '2026-03-10T07:30:00.000Z',
        createdAt: '2026-03-10T07:30:00.000Z',
        note: null,
        valueMgdl,
        context: null,
        source: 'meter',
        deviceId: null,
        entryUnit: 'mg/dL',
      },
      hba1c: null,
      lipids: null,
      blood_pressure: null,
      weight: null,
      event: null,
    },
  };
}

function renderCard(valueMgdl: number) {
  const { unmount } = render(
    <TestProviders>
      <LastGlucose
        summary={summaryWithLast(valueMgdl)}
        unit="mg/dL"
        timeZone="Europe/Paris"
        series={undefined}
      />
    </TestProviders>,
  );
  return {
    reading: screen.getByTestId('last-glucose-reading'),
    band: screen.getByTestId('last-glucose-band'),
    unmount,
  };
}

describe('LastGlucose, the latest reading', () => {
  it('says an urgent low (50 mg/dL) in the words and the dark red of the "Très bas" band', () => {
    const { reading, band } = renderCard(50);
    expect(screen.getByTestId('last-glucose').textContent?.replace(/\s/g, ' ')).toBe('50 mg/dL');
    expect(band.textContent).toBe('Très bas');
    expect(reading.className).toContain('text-red-800');
  });

  it('gives a low, an in-range and a very high reading their own band', () => {
    const cases = [60, 120, 300].map((value) => {
      const { reading, band, unmount } = renderCard(value);
      const seen = [band.textContent, reading.className];
      unmount();
      return seen;
    });
    expect(cases).toEqual([
      ['Bas', 'text-red-700 dark:text-red-300'],
      ['Dans la cible', 'text-green-700 dark:text-green-300'],
      ['Très élevé', 'text-amber-800 dark:text-amber-200'],
    ]);
  });
});
