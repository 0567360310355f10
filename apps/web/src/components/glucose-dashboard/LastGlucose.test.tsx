import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GLUCOSE_TARGETS } from '@glucosuivi/domain/glucose/bands';
import type { Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import { encodeGlucoseSeries } from '@glucosuivi/domain/measurements/series-encoding';
import { toColumns } from '@glucosuivi/domain/glucose/series';
import { getI18n } from '@/lib/i18n';
import { TestProviders } from '@/test/TestProviders';
import { LastGlucose, type SeriesAnswer } from './LastGlucose';

const MEASURED_AT = Date.parse('2026-03-10T07:30:00.000Z');
const MIN = 60_000;

/** The parts of a summary the card reads: the last reading and the patient's targets. */
function summaryWithLast(valueMgdl: number): Pick<Summary, 'latest' | 'targets'> {
  return {
    targets: DEFAULT_GLUCOSE_TARGETS,
    latest: {
      glucose: {
        kind: 'glucose',
        id: '00000000-0000-4000-8000-000000000001',
        measuredAt: new Date(MEASURED_AT).toISOString(),
        createdAt: new Date(MEASURED_AT).toISOString(),
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

/** A CGM's last readings, every 5 minutes, ending at the card's reading. */
function cgmSeries(values: number[]): SeriesAnswer {
  const times = values.map((_, i) => MEASURED_AT - (values.length - 1 - i) * 5 * MIN);
  return { series: encodeGlucoseSeries(toColumns(times, values)) } as SeriesAnswer;
}

function renderCard(valueMgdl: number, series?: SeriesAnswer) {
  const { unmount } = render(
    <TestProviders>
      <LastGlucose
        summary={summaryWithLast(valueMgdl)}
        unit="mg/dL"
        timeZone="Europe/Paris"
        series={series}
      />
    </TestProviders>,
  );
  return {
    reading: screen.getByTestId('last-glucose-reading'),
    band: screen.getByTestId('last-glucose-band'),
    unmount,
  };
}

/** The clock the card reads: `minutes` after the reading. */
function setMinutesAfterReading(minutes: number) {
  vi.setSystemTime(MEASURED_AT + minutes * MIN);
}

describe('LastGlucose, the "now" card', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setMinutesAfterReading(3);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await getI18n().changeLanguage('fr');
  });

  for (const [lng, word, age] of [
    ['fr', 'Très bas', 'Il y a 3 min'],
    ['en', 'Very low', '3 min ago'],
    ['es', 'Muy bajo', 'Hace 3 min'],
  ] as const) {
    it(`says an urgent low (50 mg/dL) "${word}" in the urgent colour, in ${lng}`, async () => {
      await getI18n().changeLanguage(lng);
      const { reading, band } = renderCard(50);
      expect(screen.getByTestId('last-glucose').textContent?.replace(/\s/g, ' ')).toBe('50 mg/dL');
      expect(band.textContent).toBe(word);
      // The urgent colour: the darkest red, and the band's word filled with it.
      expect(reading.className).toContain('text-red-800');
      expect(band.className).toContain('bg-red-800');
      expect(band.querySelector('svg')).not.toBeNull();
      expect(screen.getByTestId('last-glucose-age').textContent).toBe(age);
      expect(screen.queryByTestId('last-glucose-stale')).toBeNull();
    });
  }

  it('gives a low, an in-range and a very high reading their own band, none of them filled as urgent', () => {
    const cases = [60, 120, 300].map((value) => {
      const { reading, band, unmount } = renderCard(value);
      const seen = [band.textContent, reading.className, band.className.includes('bg-red-800')];
      unmount();
      return seen;
    });
    expect(cases).toEqual([
      ['Bas', 'text-red-700 dark:text-red-300', false],
      ['Dans la cible', 'text-green-700 dark:text-green-300', false],
      ['Très élevé', 'text-amber-800 dark:text-amber-200', false],
    ]);
  });

  it('shows where the glucose is heading from the last readings', () => {
    // 15 mg/dL every 5 minutes: 3 mg/dL per minute down.
    renderCard(85, cgmSeries([130, 115, 100, 85]));
    expect(screen.getByTestId('last-glucose-trend').textContent).toBe('baisse vite');
  });

  it('says "À l\'instant" for a reading of this minute', () => {
    setMinutesAfterReading(0.5);
    renderCard(120);
    expect(screen.getByTestId('last-glucose-age').textContent).toBe("À l'instant");
  });

  it('past 15 minutes, says there is no recent reading and shows the last one without trend or age', () => {
    setMinutesAfterReading(16);
    renderCard(80, cgmSeries([120, 110, 100, 90]));
    expect(screen.getByTestId('last-glucose-stale').textContent).toBe('Aucune mesure récente');
    expect(screen.queryByTestId('last-glucose-trend')).toBeNull();
    expect(screen.queryByTestId('last-glucose-age')).toBeNull();
    expect(screen.getByTestId('last-glucose').textContent).toContain('80');
  });

  it('at 15 minutes exactly, the reading is still the current one', () => {
    setMinutesAfterReading(15);
    renderCard(120);
    expect(screen.queryByTestId('last-glucose-stale')).toBeNull();
    expect(screen.getByTestId('last-glucose-age').textContent).toBe('Il y a 15 min');
  });
});
