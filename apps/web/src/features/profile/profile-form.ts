import { targetsForPreset, type TargetPreset } from '@glucosuivi/domain/glucose/bands';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { profileInputSchema, type Profile, type ProfileInput } from '@glucosuivi/domain/profile/profile.schemas';
import { parseDecimal } from '@/components/charts/glucose-display';
import { numberText, readCustomTargets, targetIssueKey, thresholdValues } from '@/components/targets/target-fields';

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

export function valuesFromProfile(p: Profile, unit: GlucoseUnit, language: string): ProfileValues {
  const tg = p.targets;
  return {
    birthYear: p.birthYear === null ? '' : String(p.birthYear),
    diabetesType: p.diabetesType ?? NONE,
    diagnosisYear: p.diagnosisYear === null ? '' : String(p.diagnosisYear),
    treatment: p.treatment ?? NONE,
    heightCm: numberText(p.heightCm, language),
    deviceKind: p.glucoseDevice?.kind ?? NONE,
    deviceModel: p.glucoseDevice?.model ?? '',
    preset: tg.preset,
    ...thresholdValues(tg, unit, language),
  };
}

export { targetsForPreset };

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
