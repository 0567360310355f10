import type { GlucoseTargets, TargetPreset } from '@glucosuivi/domain/glucose/bands';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { targetsInputSchema, type TargetsInput } from '@glucosuivi/domain/profile/profile.schemas';
import { readCustomTargets, SHARES, targetIssueKey, THRESHOLDS, thresholdValues, type TargetField } from '@/components/targets/target-fields';

export type TargetValues = { preset: TargetPreset } & Record<TargetField, string>;
/** Error keys under `profile:errors.` (the patient's own targets form says the same things). */
export type TargetErrors = Partial<Record<TargetField, string>>;

export { SHARES, THRESHOLDS, type TargetField };

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
  const custom = readCustomTargets(v, unit, errors);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = targetsInputSchema.safeParse(custom);
  if (parsed.success) return { ok: true, body: parsed.data };
  for (const issue of parsed.error.issues) {
    const path = issue.path.filter((p) => p !== 'range');
    const field = (path[0] ?? 'veryLowBelow') as TargetField;
    if (!errors[field]) errors[field] = targetIssueKey(issue);
  }
  return { ok: false, errors };
}
