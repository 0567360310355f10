import { SUFFICIENT_ACTIVE_PERCENT } from '../glucose/metrics';

/**
 * Which figures a period may show, decided once for every surface (summary API, dashboard,
 * weekly report, PDF, professional list, advice). GMI, GRI, sensor-active time and the AGP are
 * defined on continuous data only: from finger-sticks they would print an HbA1c estimate from a
 * handful of chosen moments and an "active sensor" time for a patient who has no sensor.
 */

/**
 * What a period's readings were measured with: `cgm` device readings only (CGM, import,
 * Nightscout), `meter` manual and meter readings only, `mixed` both, `none` no reading.
 */
export type GlucoseBasis = 'cgm' | 'meter' | 'mixed' | 'none';

/** Why the CGM-only figures are not shown: no sensor reading in the period, or too few of them. */
export type CgmWithheld = 'no_cgm' | 'cgm_too_little';

/**
 * A meter needs on average one reading a day over the period (14 in 14 days). Fewer is not a
 * picture of the patient's glucose: a week without any reading hides whole weeks of lows, and
 * a share "below range" of a dozen readings moves by 8 points with each of them.
 */
export const METER_MIN_READINGS_PER_DAY = 1;

/** The basis from the period's readings counted by kind. */
export function glucoseBasis(deviceReadings: number, otherReadings: number): GlucoseBasis {
  if (deviceReadings > 0) return otherReadings > 0 ? 'mixed' : 'cgm';
  return otherReadings > 0 ? 'meter' : 'none';
}

/** The CGM covered enough of the period (≥ 70 % of the expected readings) for GMI, GRI and the AGP to mean anything. */
export function cgmCoverageSufficient(activePercent: number | null | undefined): boolean {
  return activePercent !== null && activePercent !== undefined && activePercent >= SUFFICIENT_ACTIVE_PERCENT;
}

/** The fewest meter readings that describe a period of `periodDays` days. */
export function meterMinReadings(periodDays: number): number {
  return Math.ceil(periodDays * METER_MIN_READINGS_PER_DAY);
}

export interface GlucoseFigures {
  basis: GlucoseBasis;
  /** GMI, GRI, sensor-active time and AGP may be shown. */
  cgm: boolean;
  /** Why they may not (null when they may, or without any reading). */
  cgmWithheld: CgmWithheld | null;
  /** Enough data of its basis to be compared with another period of the same basis. */
  enough: boolean;
}

/**
 * The one rule. A period with sensor readings (`cgm`, `mixed`) is read from the sensor: its
 * CGM-only figures are shown when the sensor covered ≥ 70 % of the period, and so is a
 * comparison. A meter period never shows them; it may be compared when it holds one reading a
 * day on average.
 */
export function glucoseFigures(input: {
  basis: GlucoseBasis;
  /** Sensor-active time over the period (device readings), null without any. */
  cgmActivePercent: number | null;
  /** Readings the period's metrics were drawn from. */
  readings: number;
  periodDays: number;
}): GlucoseFigures {
  const { basis } = input;
  if (basis === 'none') return { basis, cgm: false, cgmWithheld: null, enough: false };
  if (basis === 'meter') return { basis, cgm: false, cgmWithheld: 'no_cgm', enough: input.readings >= meterMinReadings(input.periodDays) };
  const covered = cgmCoverageSufficient(input.cgmActivePercent);
  return { basis, cgm: covered, cgmWithheld: covered ? null : 'cgm_too_little', enough: covered };
}

/** Why two periods may not be compared. */
export type NotComparable = 'current_too_little' | 'previous_too_little' | 'basis_changed';

/**
 * Whether a change between two periods may be claimed ("en progrès", "stable", "+13 points"):
 * both must be read the same way (from a sensor, or from a meter) and both hold enough data.
 */
export function comparePeriods(current: GlucoseFigures, previous: GlucoseFigures): { comparable: boolean; reason: NotComparable | null } {
  const readFrom = (f: GlucoseFigures) => (f.basis === 'meter' ? 'meter' : 'cgm');
  if (!current.enough) return { comparable: false, reason: 'current_too_little' };
  if (!previous.enough) return { comparable: false, reason: 'previous_too_little' };
  if (readFrom(current) !== readFrom(previous)) return { comparable: false, reason: 'basis_changed' };
  return { comparable: true, reason: null };
}
