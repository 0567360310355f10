import { z } from 'zod';
import { formatGlucose, type GlucoseUnit } from './units';

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

/** The thresholds of each band in `unit`, for labels ("< 54", "54–69", "70–180"…). */
export interface BandLimits {
  band: GlucoseBand;
  /** Inclusive lower bound as shown, or null for the open band below. */
  from: number | null;
  /** Inclusive upper bound as shown, or null for the open band above. */
  to: number | null;
}

/**
 * The one definition of the band labels (dashboard, patient page, PDF): each band starts one
 * display step (1 mg/dL, 0.1 mmol/L) after the one below ends, so "3,9–10,0" is followed by
 * "10,1–13,9" in every place.
 */
export function bandLimits(range: GlucoseRange, unit: GlucoseUnit): BandLimits[] {
  const step = unit === 'mmol/L' ? 0.1 : 1;
  const f = (mgdl: number) => formatGlucose(mgdl, unit);
  const round = (x: number) => Math.round(x * 10) / 10;
  return [
    { band: 'very_low', from: null, to: f(range.veryLowBelow) },
    { band: 'low', from: f(range.veryLowBelow), to: round(f(range.lowBelow) - step) },
    { band: 'in_range', from: f(range.lowBelow), to: f(range.highAbove) },
    { band: 'high', from: round(f(range.highAbove) + step), to: f(range.veryHighAbove) },
    { band: 'very_high', from: null, to: f(range.veryHighAbove) },
  ];
}

/**
 * The five shares rounded to one decimal by largest remainder, so they always add up to exactly
 * 100 (or all 0 with no data); a non-zero share never rounds below `minTenths` tenths, the
 * excess being taken from the largest share.
 */
function sharesInTenths(bands: Record<GlucoseBand, number>, minTenths: number): Record<GlucoseBand, number> {
  const raw = GLUCOSE_BANDS.map((b) => Math.max(0, bands[b] ?? 0));
  const total = raw.reduce((a, b) => a + b, 0);
  const out = {} as Record<GlucoseBand, number>;
  if (total <= 0) {
    for (const b of GLUCOSE_BANDS) out[b] = 0;
    return out;
  }
  const scaled = raw.map((x) => (x / total) * 1000);
  const tenths = scaled.map((x) => (x > 0 ? Math.max(minTenths, Math.floor(x)) : 0));
  let diff = 1000 - tenths.reduce((a, b) => a + b, 0);
  const order = scaled.map((x, i) => ({ i, rest: x - Math.floor(x) })).sort((a, b) => b.rest - a.rest);
  for (let k = 0; diff > 0; k = (k + 1) % order.length) {
    const i = order[k]!.i;
    if (raw[i]! > 0) {
      tenths[i]! += 1;
      diff--;
    }
  }
  while (diff < 0) {
    const widest = tenths.indexOf(Math.max(...tenths));
    tenths[widest]! -= 1;
    diff++;
  }
  GLUCOSE_BANDS.forEach((b, i) => (out[b] = tenths[i]! / 10));
  return out;
}

/**
 * Widths (in %) of the five segments of the time-in-range bar, adding up to exactly 100. A
 * non-zero share keeps a visible sliver (≥ 0.5 %) so a rare low is never invisible.
 */
export function bandWidths(bands: Record<GlucoseBand, number>): Record<GlucoseBand, number> {
  return sharesInTenths(bands, 5);
}

/**
 * The five shares as printed next to the bar: one decimal each, adding up to exactly 100 %
 * (rounding each share on its own can print 99 % or 101 %). One decimal because the consensus
 * targets are < 1 % and < 4 %: "1 %" could not say on which side of the target 0.8 % lies.
 * A non-zero share prints at least 0.1 %, never a reassuring 0.
 */
export function bandPercents(bands: Record<GlucoseBand, number>): Record<GlucoseBand, number> {
  return sharesInTenths(bands, 1);
}
