import {
  GLUCOSE_MGDL_PER_MMOLL,
  hba1cPercentToMmolMol,
  lipidFromMgdl,
  lipidToMgdl,
  parseGlucose,
  parseHba1c,
  type GlucoseUnit,
  type Hba1cUnit,
  type LipidKind,
  type LipidUnit,
} from '../glucose/units';
import { roundHalfUp } from '../glucose/stats';

/**
 * Accepted ranges (PRODUCT.md §2) in canonical units, and their translation into the unit a
 * person typed. A limit in an entry unit is the canonical limit rounded *inwards* to that
 * unit's entry precision (20 mg/dL = 1.110 mmol/L → 1.2; 600 mg/dL = 33.30 mmol/L → 33.3), so
 * every value inside the announced limits converts into the canonical range and the message
 * "between 1.2 and 33.3 mmol/L" never refuses a value it announced as valid.
 */

export interface Limits {
  min: number;
  max: number;
}

export const GLUCOSE_MGDL_LIMITS: Limits = { min: 20, max: 600 };
export const HBA1C_PERCENT_LIMITS: Limits = { min: 3, max: 20 };
export const LIPID_MGDL_LIMITS: Readonly<Record<LipidKind, Limits>> = {
  total: { min: 50, max: 500 },
  hdl: { min: 10, max: 150 },
  ldl: { min: 10, max: 400 },
  triglycerides: { min: 20, max: 3000 },
};
export const SYSTOLIC_LIMITS: Limits = { min: 60, max: 260 };
export const DIASTOLIC_LIMITS: Limits = { min: 30, max: 160 };
export const PULSE_LIMITS: Limits = { min: 30, max: 220 };
export const WEIGHT_KG_LIMITS: Limits = { min: 20, max: 400 };
// Events have no range in PRODUCT.md; these only refuse typing slips (a pump bolus is at most
// a few tens of units, a whole day of basal rarely above 150).
export const INSULIN_UNITS_LIMITS: Limits = { min: 0.1, max: 300 };
export const CARBS_GRAMS_LIMITS: Limits = { min: 1, max: 1000 };
export const ACTIVITY_MINUTES_LIMITS: Limits = { min: 1, max: 1440 };

/** Decimals a person types (and sees) in each entry unit. */
const DECIMALS: Record<string, number> = {
  'mg/dL': 0,
  'mmol/L': 1,
  '%': 1,
  'mmol/mol': 0,
  'g/L': 2,
};

function inwards(minValue: number, maxValue: number, decimals: number): Limits {
  const f = 10 ** decimals;
  // The epsilon keeps an exact limit (e.g. 5.00 g/L) from moving by a binary artefact.
  return {
    min: roundHalfUp(Math.ceil(minValue * f - 1e-9) / f, decimals),
    max: roundHalfUp(Math.floor(maxValue * f + 1e-9) / f, decimals),
  };
}

/** Glucose limits in the unit the person typed. */
export function glucoseLimitsIn(unit: GlucoseUnit): Limits {
  if (unit === 'mg/dL') return GLUCOSE_MGDL_LIMITS;
  return inwards(
    GLUCOSE_MGDL_LIMITS.min / GLUCOSE_MGDL_PER_MMOLL,
    GLUCOSE_MGDL_LIMITS.max / GLUCOSE_MGDL_PER_MMOLL,
    DECIMALS['mmol/L'] as number,
  );
}

/** HbA1c limits in the unit the person typed. */
export function hba1cLimitsIn(unit: Hba1cUnit): Limits {
  if (unit === '%') return HBA1C_PERCENT_LIMITS;
  return inwards(
    hba1cPercentToMmolMol(HBA1C_PERCENT_LIMITS.min),
    hba1cPercentToMmolMol(HBA1C_PERCENT_LIMITS.max),
    DECIMALS['mmol/mol'] as number,
  );
}

/** Limits of one lipid in the unit the person typed. */
export function lipidLimitsIn(kind: LipidKind, unit: LipidUnit): Limits {
  const canonical = LIPID_MGDL_LIMITS[kind];
  if (unit === 'mg/dL') return canonical;
  return inwards(
    lipidFromMgdl(canonical.min, kind, unit),
    lipidFromMgdl(canonical.max, kind, unit),
    // Labs print lipids in mmol/L and g/L with two decimals (formatLipid does the same).
    2,
  );
}

/** Canonical glucose (mg/dL, 1 decimal) of an entry. */
export function canonicalGlucose(value: number, unit: GlucoseUnit): number {
  return parseGlucose(value, unit);
}

/** Canonical HbA1c (%, 1 decimal) of an entry. */
export function canonicalHba1c(value: number, unit: Hba1cUnit): number {
  return parseHba1c(value, unit);
}

/** Canonical lipid (mg/dL, 1 decimal) of an entry. */
export function canonicalLipid(value: number, kind: LipidKind, unit: LipidUnit): number {
  return roundHalfUp(lipidToMgdl(value, kind, unit), 1);
}
