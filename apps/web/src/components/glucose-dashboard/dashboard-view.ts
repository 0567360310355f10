import type { GlucoseBand } from '@glucosuivi/domain/glucose/bands';
import type { Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import type { BandTarget } from '@/components/charts/TimeInRangeBar';

export const PERIODS = [1, 7, 14, 30, 90] as const;
export type PeriodDays = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: PeriodDays = 14;

const HOUR = 3_600_000;

/** The chart window of a period: up to the start of the next hour plus one (stable for an hour, so
 * the cache key does not change on every render, and a reading entered now is inside). */
export function seriesWindow(days: number, now: number): { from: string; to: string } {
  const to = Math.ceil(now / HOUR) * HOUR + HOUR;
  return { from: new Date(to - days * 86_400_000).toISOString(), to: new Date(to).toISOString() };
}

/** Which target check belongs to which band of the bar. */
const BAND_TARGET: Record<GlucoseBand, Summary['glucose']['targetChecks'][number]['key']> = {
  very_low: 'veryLow',
  low: 'belowRange',
  in_range: 'inRange',
  high: 'aboveRange',
  very_high: 'veryHigh',
};

export function bandTargets(checks: Summary['glucose']['targetChecks']): Partial<Record<GlucoseBand, BandTarget>> {
  const out: Partial<Record<GlucoseBand, BandTarget>> = {};
  for (const band of Object.keys(BAND_TARGET) as GlucoseBand[]) {
    const check = checks.find((c) => c.key === BAND_TARGET[band]);
    if (check) out[band] = { kind: check.kind, limit: check.limit, met: check.met, value: check.value, key: check.key };
  }
  return out;
}

/** True when the patient has recorded nothing yet (the dashboard then says what to do first). */
export function isEmptyAccount(summary: Summary): boolean {
  return Object.values(summary.latest).every((x) => x === null);
}

/** One line describing a record in the reader's unit (shared with the care-team and doctor pages). */
export { recordValue } from '@/components/charts/record-value';

/** Body-mass index (kg/m²) with one decimal, or null without a height. */
export function bmi(kg: number, heightCm: number | null | undefined): number | null {
  if (!heightCm) return null;
  const m = heightCm / 100;
  return Math.round((kg / (m * m)) * 10) / 10;
}
