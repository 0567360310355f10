// The glucose targets as form fields, shared by the patient's profile and a professional's
// patient page: thresholds in the reader's unit, shares in percent.
import { targetsForPreset, type GlucoseTargets, type TargetPreset } from '@glucosuivi/domain/glucose/bands';
import { formatGlucose, parseGlucose, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { parseDecimal } from '@/components/charts/glucose-display';

const THRESHOLDS = ['veryLowBelow', 'lowBelow', 'highAbove', 'veryHighAbove'] as const;
const SHARES = ['inRangeMinPercent', 'belowRangeMaxPercent', 'veryLowMaxPercent', 'aboveRangeMaxPercent', 'veryHighMaxPercent', 'cvMaxPercent', 'hba1cMaxPercent'] as const;
export { THRESHOLDS, SHARES };

export function numberText(x: number | null | undefined, language: string): string {
  return x === null || x === undefined ? '' : new Intl.NumberFormat(language, { maximumFractionDigits: 1, useGrouping: false }).format(x);
}

/** The threshold and share fields of a set of targets (used when a preset is picked). */
export function thresholdValues(tg: GlucoseTargets, unit: GlucoseUnit, language: string) {
  return {
    veryLowBelow: numberText(formatGlucose(tg.range.veryLowBelow, unit), language),
    lowBelow: numberText(formatGlucose(tg.range.lowBelow, unit), language),
    highAbove: numberText(formatGlucose(tg.range.highAbove, unit), language),
    veryHighAbove: numberText(formatGlucose(tg.range.veryHighAbove, unit), language),
    inRangeMinPercent: numberText(tg.inRangeMinPercent, language),
    belowRangeMaxPercent: numberText(tg.belowRangeMaxPercent, language),
    veryLowMaxPercent: numberText(tg.veryLowMaxPercent, language),
    aboveRangeMaxPercent: numberText(tg.aboveRangeMaxPercent, language),
    veryHighMaxPercent: numberText(tg.veryHighMaxPercent, language),
    cvMaxPercent: numberText(tg.cvMaxPercent, language),
    hba1cMaxPercent: numberText(tg.hba1cMaxPercent, language),
  };
}

export type TargetField = (typeof THRESHOLDS)[number] | (typeof SHARES)[number];

/**
 * The custom targets typed in a form (the patient's profile, a professional's patient page):
 * thresholds in the reader's unit → mg/dL, every threshold required, shares optional. Errors
 * (keys under `profile:errors.`) go into `errors`; the values are then placeholders.
 */
export function readCustomTargets(v: Record<TargetField, string>, unit: GlucoseUnit, errors: Partial<Record<TargetField, string>>) {
  const num = (field: TargetField): number | null => {
    const s = v[field].trim();
    if (!s) return null;
    const n = parseDecimal(s);
    if (n === null) errors[field] = 'number';
    return n;
  };
  const range = {} as Record<(typeof THRESHOLDS)[number], number>;
  for (const f of THRESHOLDS) {
    const n = num(f);
    if (n === null && !errors[f]) errors[f] = 'required';
    range[f] = n === null ? 0 : parseGlucose(n, unit);
  }
  const shares = {} as Record<(typeof SHARES)[number], number | null>;
  for (const f of SHARES) shares[f] = num(f);
  return { preset: 'custom' as const, range, ...shares };
}

/** The error key of a targets schema issue (under `profile:errors.`). */
export function targetIssueKey(issue: { message: string; code: string }): 'thresholdsOrder' | 'outOfRange' | 'invalid' {
  if (issue.message === 'thresholds must be ordered') return 'thresholdsOrder';
  if (issue.code === 'too_small' || issue.code === 'too_big') return 'outOfRange';
  return 'invalid';
}

/**
 * The form's values once a preset is picked: its thresholds and shares filled in, in the
 * reader's unit and language; 'custom' keeps what is typed, for editing by hand.
 */
export function withPreset<V extends { preset: TargetPreset }>(values: V, preset: TargetPreset, unit: GlucoseUnit, language: string): V {
  return { ...values, preset, ...(preset === 'custom' ? {} : thresholdValues(targetsForPreset(preset), unit, language)) };
}
