import { roundHalfUp } from './stats';

/**
 * Unit conversions. Values are stored in one canonical unit (glucose and lipids in mg/dL,
 * HbA1c in % NGSP) and converted only for display and entry; formatting helpers return
 * rounded numbers, never locale strings, so the UI chooses the decimal separator.
 */

/** mg/dL per mmol/L of glucose: the factor Tidepool and Nightscout use. */
export const GLUCOSE_MGDL_PER_MMOLL = 18.01559;
/** mg/dL per mmol/L of cholesterol (total, HDL, LDL). */
export const CHOLESTEROL_MGDL_PER_MMOLL = 38.67;
/** mg/dL per mmol/L of triglycerides. */
export const TRIGLYCERIDES_MGDL_PER_MMOLL = 88.57;

export type GlucoseUnit = 'mg/dL' | 'mmol/L';
export type LipidUnit = 'mg/dL' | 'mmol/L' | 'g/L';
export type LipidKind = 'total' | 'hdl' | 'ldl' | 'triglycerides';
export type Hba1cUnit = '%' | 'mmol/mol';

/** Glucose mg/dL → mmol/L, unrounded. */
export function glucoseMgdlToMmol(mgdl: number): number {
  return mgdl / GLUCOSE_MGDL_PER_MMOLL;
}

/** Glucose mmol/L → mg/dL, unrounded. */
export function glucoseMmolToMgdl(mmol: number): number {
  return mmol * GLUCOSE_MGDL_PER_MMOLL;
}

/** Glucose value as displayed: mg/dL as an integer, mmol/L with one decimal. */
export function formatGlucose(mgdl: number, unit: GlucoseUnit): number {
  return unit === 'mmol/L' ? roundHalfUp(glucoseMgdlToMmol(mgdl), 1) : roundHalfUp(mgdl, 0);
}

/** Decimals a glucose value is shown with: mg/dL whole, mmol/L one decimal. */
export function glucoseDecimals(unit: GlucoseUnit): number {
  return unit === 'mmol/L' ? 1 : 0;
}

const glucoseNumberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A glucose value (mg/dL) as the reader reads it, in their locale: "65", "3,6". The one glucose
 * formatter of the app, the PDF report and the e-mails (the unit is appended by the caller).
 */
export function formatGlucoseNumber(mgdl: number, unit: GlucoseUnit, locale: string): string {
  const key = `${locale}|${unit}`;
  let format = glucoseNumberFormats.get(key);
  if (!format) {
    const digits = glucoseDecimals(unit);
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
    glucoseNumberFormats.set(key, format);
  }
  return format.format(formatGlucose(mgdl, unit));
}

/** Glucose entered in `unit` → canonical mg/dL with one decimal (the storage precision). */
export function parseGlucose(value: number, unit: GlucoseUnit): number {
  return roundHalfUp(unit === 'mmol/L' ? glucoseMmolToMgdl(value) : value, 1);
}

/** HbA1c % (NGSP/DCCT) → mmol/mol (IFCC) = 10.929 × (% − 2.15), unrounded. */
export function hba1cPercentToMmolMol(percent: number): number {
  return 10.929 * (percent - 2.15);
}

/** HbA1c mmol/mol (IFCC) → % (NGSP), unrounded. */
export function hba1cMmolMolToPercent(mmolMol: number): number {
  return mmolMol / 10.929 + 2.15;
}

/** HbA1c as displayed: % with one decimal, mmol/mol as an integer. */
export function formatHba1c(percent: number, unit: Hba1cUnit): number {
  return unit === 'mmol/mol'
    ? roundHalfUp(hba1cPercentToMmolMol(percent), 0)
    : roundHalfUp(percent, 1);
}

/** HbA1c entered in `unit` → canonical % with one decimal. */
export function parseHba1c(value: number, unit: Hba1cUnit): number {
  return roundHalfUp(unit === 'mmol/mol' ? hba1cMmolMolToPercent(value) : value, 1);
}

/** mg/dL → g/L (French lab reports): a plain division by 100. */
export function mgdlToGramsPerLitre(mgdl: number): number {
  return mgdl / 100;
}

/** g/L → mg/dL. */
export function gramsPerLitreToMgdl(gl: number): number {
  return gl * 100;
}

function lipidFactor(kind: LipidKind): number {
  return kind === 'triglycerides' ? TRIGLYCERIDES_MGDL_PER_MMOLL : CHOLESTEROL_MGDL_PER_MMOLL;
}

/** Lipid mg/dL → `unit`, unrounded (cholesterols and triglycerides have different factors). */
export function lipidFromMgdl(mgdl: number, kind: LipidKind, unit: LipidUnit): number {
  if (unit === 'mmol/L') return mgdl / lipidFactor(kind);
  if (unit === 'g/L') return mgdlToGramsPerLitre(mgdl);
  return mgdl;
}

/** Lipid value in `unit` → mg/dL, unrounded. */
export function lipidToMgdl(value: number, kind: LipidKind, unit: LipidUnit): number {
  if (unit === 'mmol/L') return value * lipidFactor(kind);
  if (unit === 'g/L') return gramsPerLitreToMgdl(value);
  return value;
}

/** Lipid value as displayed: mg/dL integer, mmol/L and g/L with two decimals (as labs print). */
export function formatLipid(mgdl: number, kind: LipidKind, unit: LipidUnit): number {
  return roundHalfUp(lipidFromMgdl(mgdl, kind, unit), unit === 'mg/dL' ? 0 : 2);
}
