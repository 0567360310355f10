import { z } from 'zod';

/**
 * Glucose bands and targets of the International Consensus on Time in Range (Battelino et al.,
 * Diabetes Care 2019). Classification uses the value rounded half up to a whole mg/dL, so
 * 69.5 counts as in range and 180.4 as in range, exactly as a meter showing integers would.
 */

export const GLUCOSE_BANDS = ['very_low', 'low', 'in_range', 'high', 'very_high'] as const;
export type GlucoseBand = (typeof GLUCOSE_BANDS)[number];

/** Band index in GLUCOSE_BANDS order, for typed-array accumulators in hot loops. */
export const BAND_VERY_LOW = 0;
export const BAND_LOW = 1;
export const BAND_IN_RANGE = 2;
export const BAND_HIGH = 3;
export const BAND_VERY_HIGH = 4;

const percent = z.number().min(0).max(100);

/** Thresholds in mg/dL: very low < veryLowBelow ≤ low < lowBelow ≤ in range ≤ highAbove < high ≤ veryHighAbove < very high. */
export const glucoseRangeSchema = z
  .object({
    veryLowBelow: z.number().min(20).max(600),
    lowBelow: z.number().min(20).max(600),
    highAbove: z.number().min(20).max(600),
    veryHighAbove: z.number().min(20).max(600),
  })
  .refine(
    (r) =>
      r.veryLowBelow <= r.lowBelow && r.lowBelow <= r.highAbove && r.highAbove <= r.veryHighAbove,
    { message: 'thresholds must be ordered' },
  );
export type GlucoseRange = z.infer<typeof glucoseRangeSchema>;

export const TARGET_PRESETS = ['standard', 'older_high_risk', 'pregnancy', 'custom'] as const;
export const targetPresetSchema = z.enum(TARGET_PRESETS);
export type TargetPreset = z.infer<typeof targetPresetSchema>;

/**
 * A patient's glycaemic targets. Shares are percentages of time; `null` means "no target"
 * (the consensus sets none for, e.g., time above 180 in older or high-risk patients).
 * Below/above-range shares include the very low/very high bands, as in the consensus.
 */
export const glucoseTargetsSchema = z.object({
  preset: targetPresetSchema,
  range: glucoseRangeSchema,
  veryLowMaxPercent: percent.nullable(),
  belowRangeMaxPercent: percent.nullable(),
  inRangeMinPercent: percent.nullable(),
  aboveRangeMaxPercent: percent.nullable(),
  veryHighMaxPercent: percent.nullable(),
  cvMaxPercent: percent.nullable(),
  hba1cMaxPercent: z.number().min(3).max(20).nullable(),
});
export type GlucoseTargets = z.infer<typeof glucoseTargetsSchema>;

/** The consensus thresholds 54 / 70 / 180 / 250 mg/dL. */
export const STANDARD_RANGE: GlucoseRange = Object.freeze({
  veryLowBelow: 54,
  lowBelow: 70,
  highAbove: 180,
  veryHighAbove: 250,
});

/** Pregnancy (type 1): in range is 63–140 mg/dL. */
export const PREGNANCY_RANGE: GlucoseRange = Object.freeze({
  veryLowBelow: 54,
  lowBelow: 63,
  highAbove: 140,
  veryHighAbove: 250,
});

/** Targets of each preset; `custom` starts from the standard values for a professional to edit. */
export const TARGET_PRESET_VALUES: Readonly<Record<TargetPreset, GlucoseTargets>> = Object.freeze({
  standard: {
    preset: 'standard',
    range: STANDARD_RANGE,
    veryLowMaxPercent: 1,
    belowRangeMaxPercent: 4,
    inRangeMinPercent: 70,
    aboveRangeMaxPercent: 25,
    veryHighMaxPercent: 5,
    cvMaxPercent: 36,
    hba1cMaxPercent: 7,
  },
  // Consensus, older or high-risk: > 50 % in range, < 1 % below 70, < 10 % above 250; no
  // separate targets for < 54 (covered by < 1 % below 70) nor for 181–250.
  // HbA1c < 8 %: ADA Standards of Care for older adults with complex health.
  older_high_risk: {
    preset: 'older_high_risk',
    range: STANDARD_RANGE,
    veryLowMaxPercent: null,
    belowRangeMaxPercent: 1,
    inRangeMinPercent: 50,
    aboveRangeMaxPercent: null,
    veryHighMaxPercent: 10,
    cvMaxPercent: 36,
    hba1cMaxPercent: 8,
  },
  // Consensus, pregnancy with type 1: > 70 % in 63–140, < 4 % below 63, < 1 % below 54,
  // < 25 % above 140. HbA1c < 6.5 %: ADA target in pregnancy when safely achievable.
  pregnancy: {
    preset: 'pregnancy',
    range: PREGNANCY_RANGE,
    veryLowMaxPercent: 1,
    belowRangeMaxPercent: 4,
    inRangeMinPercent: 70,
    aboveRangeMaxPercent: 25,
    veryHighMaxPercent: null,
    cvMaxPercent: 36,
    hba1cMaxPercent: 6.5,
  },
  custom: {
    preset: 'custom',
    range: STANDARD_RANGE,
    veryLowMaxPercent: 1,
    belowRangeMaxPercent: 4,
    inRangeMinPercent: 70,
    aboveRangeMaxPercent: 25,
    veryHighMaxPercent: 5,
    cvMaxPercent: 36,
    hba1cMaxPercent: 7,
  },
});

/** The defaults every patient starts with (PRODUCT.md §3). */
export const DEFAULT_GLUCOSE_TARGETS: GlucoseTargets = TARGET_PRESET_VALUES.standard;

/** Copy of a preset's targets, ready to be customised and validated with glucoseTargetsSchema. */
export function targetsForPreset(preset: TargetPreset): GlucoseTargets {
  const t = TARGET_PRESET_VALUES[preset];
  return { ...t, range: { ...t.range } };
}

/** Band index (0 very low … 4 very high) of a mg/dL value, rounded half up first; NaN → -1. */
export function bandIndex(mgdl: number, range: GlucoseRange = STANDARD_RANGE): number {
  if (mgdl !== mgdl) return -1;
  const r = Math.floor(mgdl + 0.5);
  if (r < range.lowBelow) return r < range.veryLowBelow ? BAND_VERY_LOW : BAND_LOW;
  if (r <= range.highAbove) return BAND_IN_RANGE;
  return r <= range.veryHighAbove ? BAND_HIGH : BAND_VERY_HIGH;
}

/** Band of a mg/dL value (rounded half up to a whole mg/dL first). */
export function classifyGlucose(mgdl: number, range: GlucoseRange = STANDARD_RANGE): GlucoseBand {
  const i = bandIndex(mgdl, range);
  if (i < 0) throw new RangeError('glucose value is NaN');
  return GLUCOSE_BANDS[i] as GlucoseBand;
}

/** True when two ranges have the same thresholds. */
export function sameRange(a: GlucoseRange, b: GlucoseRange): boolean {
  return (
    a.veryLowBelow === b.veryLowBelow &&
    a.lowBelow === b.lowBelow &&
    a.highAbove === b.highAbove &&
    a.veryHighAbove === b.veryHighAbove
  );
}
