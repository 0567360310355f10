import {
  ADVICE_KINDS,
  ADVICE_SEVERITIES,
  type AdviceFinding,
  type AdviceKind,
  type AdviceReference,
  type AdviceSeverity,
  type EvidenceOf,
  type FindingOf,
} from './advice.schemas';

/**
 * The guidance behind each rule:
 * - consensus_tir_2019: Battelino et al., Diabetes Care 2019 — bands and their targets, data
 *   sufficiency (70 % of 14 days), CV ≤ 36 %, and 5 points of time in range as a clinically
 *   meaningful change.
 * - ada_standards_2024_glycemic: ADA Standards of Care 2024, section 6 — peak postprandial
 *   capillary glucose < 180 mg/dL, HbA1c < 7 % for most adults.
 * - monnier_dawn_2013: Monnier et al., Diabetes Care 2013 — the dawn phenomenon as a rise of at
 *   least 20 mg/dL from the nocturnal nadir to the pre-breakfast value.
 * - esh_2023_bp: ESH 2023 guidelines — hypertension from 140/90 mmHg, the product's threshold
 *   (ADA 2024 defines it from 130/80, so citing it for 140/90 would be wrong).
 * - esc_eas_2019_lipids: ESC/EAS 2019 dyslipidaemia guidelines — LDL targets in diabetes.
 */
export const ADVICE_REFERENCE_OF: Readonly<Record<AdviceKind, AdviceReference>> = {
  insufficient_data: 'consensus_tir_2019',
  night_hypo: 'consensus_tir_2019',
  time_below_range: 'consensus_tir_2019',
  post_meal_high: 'ada_standards_2024_glycemic',
  dawn_rise: 'monnier_dawn_2013',
  high_variability: 'consensus_tir_2019',
  tir_change: 'consensus_tir_2019',
  hba1c_rising: 'ada_standards_2024_glycemic',
  blood_pressure_high: 'esh_2023_bp',
  ldl_above_target: 'esc_eas_2019_lipids',
};

/** Meal-by-meal patterns are the "advanced advice" of the premium plan. */
export const PREMIUM_KINDS: ReadonlySet<AdviceKind> = new Set<AdviceKind>(['post_meal_high']);

/** A finding with its fixed reference and plan; the hypo flags are set by the engine. */
export function makeFinding<K extends AdviceKind>(
  kind: K,
  severity: AdviceSeverity,
  evidence: EvidenceOf<K>,
): FindingOf<K> {
  return {
    kind,
    severity,
    reference: ADVICE_REFERENCE_OF[kind],
    premium: PREMIUM_KINDS.has(kind),
    showHypoTreatment: false,
    showEmergencyNumbers: false,
    evidence,
  } as FindingOf<K>;
}

/** Urgent first, then the fixed kind order of ADVICE_KINDS. */
export function compareFindings(a: AdviceFinding, b: AdviceFinding): number {
  return (
    ADVICE_SEVERITIES.indexOf(a.severity) - ADVICE_SEVERITIES.indexOf(b.severity) ||
    ADVICE_KINDS.indexOf(a.kind) - ADVICE_KINDS.indexOf(b.kind)
  );
}
