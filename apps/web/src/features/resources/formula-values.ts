import { STANDARD_RANGE, TARGET_PRESET_VALUES } from '@glucosuivi/domain/glucose/bands';
import { computeGri, gmiPercent, griZone, SUFFICIENT_ACTIVE_PERCENT, SUFFICIENT_DAYS, type GriZone } from '@glucosuivi/domain/glucose/metrics';
import { GLUCOSE_MGDL_PER_MMOLL } from '@glucosuivi/domain/glucose/units';

/**
 * The figures of the formulas as the app's metrics module computes them. Where the code keeps a
 * coefficient inside a function (GMI, GRI), it is read back by calling that function, so the
 * page says what the code does, and changes with it.
 */

// Rounded to the precision the formulas are published with (floating point leaves 1e-17 tails).
const exact = (x: number, decimals: number) => Number(x.toFixed(decimals));

export const GMI = {
  intercept: exact(gmiPercent(0), 5),
  slope: exact(gmiPercent(1) - gmiPercent(0), 5),
};

export const GRI = {
  veryLow: exact(computeGri(1, 0, 0, 0), 5),
  low: exact(computeGri(0, 1, 0, 0), 5),
  high: exact(computeGri(0, 0, 1, 0), 5),
  veryHigh: exact(computeGri(0, 0, 0, 1), 5),
  cap: computeGri(100, 100, 100, 100),
  /** The published components: hypo = VLow + w × Low, hyper = VHigh + w × High. */
  lowInHypo: exact(computeGri(0, 1, 0, 0) / computeGri(1, 0, 0, 0), 5),
  highInHyper: exact(computeGri(0, 0, 1, 0) / computeGri(0, 0, 0, 1), 5),
};

/** The GRI zones as griZone draws them: each zone from one bound to the next (a bound belongs to the better zone). */
export function griZones(): { zone: GriZone; from: number; to: number }[] {
  const zones: { zone: GriZone; from: number; to: number }[] = [];
  let from = 0;
  for (let g = 1; g <= 100; g++) {
    if (griZone(g) !== griZone(g - 1)) {
      zones.push({ zone: griZone(g - 1), from, to: g - 1 });
      from = g - 1;
    }
  }
  zones.push({ zone: griZone(100), from, to: 100 });
  return zones;
}

/** Worked examples, run through the same functions as the patients' figures. */
export const GMI_EXAMPLE = { meanMgdl: 154, gmi: gmiPercent(154) };
export const GRI_EXAMPLE = (() => {
  const shares = { veryLow: 1, low: 3, high: 20, veryHigh: 5 };
  const gri = computeGri(shares.veryLow, shares.low, shares.high, shares.veryHigh);
  return { ...shares, gri, zone: griZone(gri) };
})();

/** GRI's bands always use the consensus thresholds, whatever the patient's targets. */
export const GRI_BANDS = STANDARD_RANGE;

export const CV_MAX_PERCENT = TARGET_PRESET_VALUES.standard.cvMaxPercent;
export const SUFFICIENCY = { days: SUFFICIENT_DAYS, activePercent: SUFFICIENT_ACTIVE_PERCENT };
export const MGDL_PER_MMOLL = GLUCOSE_MGDL_PER_MMOLL;
