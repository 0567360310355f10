import type { GlucoseTargets, TargetPreset } from '@glucosuivi/domain/glucose/bands';
import { parseGlucose, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { targetsInputSchema, type TargetsInput } from '@glucosuivi/domain/profile/profile.schemas';
import { parseDecimal } from '@/components/charts/glucose-display';
import { SHARES, THRESHOLDS, thresholdValues } from '@/features/profile/profile-form';

export type TargetField = (typeof THRESHOLDS)[number] | (typeof SHARES)[number];
export type TargetValues = { preset: TargetPreset } & Record<TargetField, string>;
/** Error keys under `profile:errors.` (the patient's own targets form says the same things). */
export type TargetErrors = Partial<Record<TargetField, string>>;

export { SHARES, THRESHOLDS };

export function valuesFromTargets(targets: GlucoseTargets, unit: GlucoseUnit, language: string): TargetValues {
  return { preset: targets.preset, ...thresholdValues(targets, unit, language) };
}

/**
 * The body of PUT /targets from the form, checked with the shared schema: a preset goes by name
 * (the server holds its values), `custom` sends every threshold in mg/dL and the shares.
 */
export function buildTargets(v: TargetValues, unit: GlucoseUnit): { ok: true; body: TargetsInput } | { ok: false; errors: TargetErrors } {
  if (v.preset !== 'custom') return { ok: true, body: { preset: v.preset } };
  const errors: TargetErrors = {};
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
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = targetsInputSchema.safeParse({ preset: 'custom', range, ...shares });
  if (parsed.success) return { ok: true, body: parsed.data };
  for (const issue of parsed.error.issues) {
    const path = issue.path.filter((p) => p !== 'range');
    const field = (path[0] ?? 'veryLowBelow') as TargetField;
    if (errors[field]) continue;
    if (issue.message === 'thresholds must be ordered') errors[field] = 'thresholdsOrder';
    else if (issue.code === 'too_small' || issue.code === 'too_big') errors[field] = 'outOfRange';
    else errors[field] = 'invalid';
  }
  return { ok: false, errors };
}
