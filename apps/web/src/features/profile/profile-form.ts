import { targetsForPreset, type GlucoseTargets, type TargetPreset } from '@glucosuivi/domain/glucose/bands';
import { formatGlucose, parseGlucose, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { profileInputSchema, type Profile, type ProfileInput } from '@glucosuivi/domain/profile/profile.schemas';
import { parseDecimal } from '@/components/charts/glucose-display';

export const NONE = 'none';

export interface ProfileValues {
  birthYear: string;
  diabetesType: string;
  diagnosisYear: string;
  treatment: string;
  heightCm: string;
  deviceKind: string;
  deviceModel: string;
  preset: TargetPreset;
  /** Custom thresholds in the reader's unit. */
  veryLowBelow: string;
  lowBelow: string;
  highAbove: string;
  veryHighAbove: string;
  inRangeMinPercent: string;
  belowRangeMaxPercent: string;
  veryLowMaxPercent: string;
  aboveRangeMaxPercent: string;
  veryHighMaxPercent: string;
  cvMaxPercent: string;
  hba1cMaxPercent: string;
}
export type ProfileField = keyof ProfileValues;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

const THRESHOLDS = ['veryLowBelow', 'lowBelow', 'highAbove', 'veryHighAbove'] as const;
const SHARES = ['inRangeMinPercent', 'belowRangeMaxPercent', 'veryLowMaxPercent', 'aboveRangeMaxPercent', 'veryHighMaxPercent', 'cvMaxPercent', 'hba1cMaxPercent'] as const;
export { THRESHOLDS, SHARES };

function text(x: number | null | undefined, language: string): string {
  return x === null || x === undefined ? '' : new Intl.NumberFormat(language, { maximumFractionDigits: 1, useGrouping: false }).format(x);
}

export function valuesFromProfile(p: Profile, unit: GlucoseUnit, language: string): ProfileValues {
  const tg = p.targets;
  return {
    birthYear: p.birthYear === null ? '' : String(p.birthYear),
    diabetesType: p.diabetesType ?? NONE,
    diagnosisYear: p.diagnosisYear === null ? '' : String(p.diagnosisYear),
    treatment: p.treatment ?? NONE,
    heightCm: text(p.heightCm, language),
    deviceKind: p.glucoseDevice?.kind ?? NONE,
    deviceModel: p.glucoseDevice?.model ?? '',
    preset: tg.preset,
    ...thresholdValues(tg, unit, language),
  };
}

/** The threshold and share fields of a set of targets (used when a preset is picked). */
export function thresholdValues(tg: GlucoseTargets, unit: GlucoseUnit, language: string) {
  return {
    veryLowBelow: text(formatGlucose(tg.range.veryLowBelow, unit), language),
    lowBelow: text(formatGlucose(tg.range.lowBelow, unit), language),
    highAbove: text(formatGlucose(tg.range.highAbove, unit), language),
    veryHighAbove: text(formatGlucose(tg.range.veryHighAbove, unit), language),
    inRangeMinPercent: text(tg.inRangeMinPercent, language),
    belowRangeMaxPercent: text(tg.belowRangeMaxPercent, language),
    veryLowMaxPercent: text(tg.veryLowMaxPercent, language),
    aboveRangeMaxPercent: text(tg.aboveRangeMaxPercent, language),
    veryHighMaxPercent: text(tg.veryHighMaxPercent, language),
    cvMaxPercent: text(tg.cvMaxPercent, language),
    hba1cMaxPercent: text(tg.hba1cMaxPercent, language),
  };
}

export { targetsForPreset };

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

/** Builds the PUT body and checks it with the domain schema; errors are keys under `profile:errors.`. */
export function buildProfile(v: ProfileValues, unit: GlucoseUnit): { ok: true; body: ProfileInput } | { ok: false; errors: ProfileErrors } {
  const errors: ProfileErrors = {};
  const num = (field: ProfileField, integer = false): number | null => {
    const s = v[field].trim();
    if (!s) return null;
    const n = parseDecimal(s);
    if (n === null || (integer && !Number.isInteger(n))) {
      errors[field] = integer ? 'integer' : 'number';
      return null;
    }
    return n;
  };
  const birthYear = num('birthYear', true);
  const diagnosisYear = num('diagnosisYear', true);
  const heightCm = num('heightCm');
  const year = new Date().getFullYear();
  if (birthYear !== null && birthYear > year) errors.birthYear = 'yearFuture';
  if (diagnosisYear !== null && diagnosisYear > year) errors.diagnosisYear = 'yearFuture';
  let targets: ProfileInput['targets'];
  if (v.preset === 'custom') {
    targets = readCustomTargets(v, unit, errors);
  } else targets = { preset: v.preset };
  const body = {
    birthYear,
    diabetesType: v.diabetesType === NONE ? null : v.diabetesType,
    diagnosisYear,
    treatment: v.treatment === NONE ? null : v.treatment,
    heightCm,
    glucoseDevice: v.deviceKind === NONE ? null : { kind: v.deviceKind, model: v.deviceModel.trim() || null },
    targets,
  };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = profileInputSchema.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  for (const issue of parsed.error.issues) {
    const path = issue.path.filter((p) => p !== 'targets' && p !== 'range');
    const field = (path[0] === 'glucoseDevice' ? 'deviceModel' : path[0] ?? 'veryLowBelow') as ProfileField;
    if (errors[field]) continue;
    const rule = (issue as { rule?: string }).rule;
    if (rule === 'diagnosis_before_birth') errors[field] = 'diagnosisBeforeBirth';
    else errors[field] = targetIssueKey(issue);
  }
  return { ok: false, errors };
}
