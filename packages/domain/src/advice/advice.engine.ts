import {
  lowerBound,
  preparePeriod,
  sortedTimes,
  wholeMgdl,
  type AdviceInput,
  type PeriodGlucose,
} from './advice.context';
import { findDawnRise } from './advice.dawn';
import { compareFindings } from './advice.finding';
import { findBloodPressureHigh, findHba1cRising, findLdlAboveTarget } from './advice.labs';
import {
  findHighVariability,
  findInsufficientData,
  findTimeBelowRange,
  findTirChange,
} from './advice.metrics-rules';
import { findNightHypos } from './advice.night-hypo';
import { findPostMealHighs } from './advice.post-meal';
import type { AdviceFinding, AdviceKind } from './advice.schemas';

export type { AdviceInput } from './advice.context';

/**
 * The advice rules engine: pure, deterministic, explainable. Every finding carries the numbers
 * it was drawn from; nothing here reads a clock or proposes a treatment (PRODUCT.md §3).
 */

/** Findings about lows, which carry the 15/15 rule and the emergency numbers when warranted. */
const HYPO_KINDS: ReadonlySet<AdviceKind> = new Set<AdviceKind>([
  'insufficient_data',
  'night_hypo',
  'time_below_range',
]);

/** Readings flagged as felt are matched to a reading this close (clocks of two devices). */
const SYMPTOM_MATCH_MS = 60_000;

export const HYPO_TREATMENT_RULE = { severeBelowMgdl: 54, symptomaticBelowMgdl: 70 } as const;

function hasSevereLow(g: PeriodGlucose): boolean {
  for (let i = 0; i < g.v.length; i++)
    if (wholeMgdl(g.v[i] as number) < HYPO_TREATMENT_RULE.severeBelowMgdl) return true;
  return false;
}

function hasFeltLow(g: PeriodGlucose, felt: Float64Array): boolean {
  for (const at of felt) {
    if (at < g.start || at >= g.end) continue;
    const i = lowerBound(g.t, at - SYMPTOM_MATCH_MS);
    for (let k = i; k < g.t.length && (g.t[k] as number) <= at + SYMPTOM_MATCH_MS; k++) {
      if (wholeMgdl(g.v[k] as number) < HYPO_TREATMENT_RULE.symptomaticBelowMgdl) return true;
    }
  }
  return false;
}

function glucoseFindings(g: PeriodGlucose, input: AdviceInput): Array<AdviceFinding | null> {
  const meals = sortedTimes(input.meals);
  return [
    findNightHypos(g, input.timeZone),
    findTimeBelowRange(g, input.targets),
    findPostMealHighs(g, input.targets, meals),
    findDawnRise(g, meals),
    findHighVariability(g, input.targets),
    findTirChange(g, input.previousReadings, input.targets, input.timeZone),
  ];
}

/**
 * The findings of a period, urgent first, then in the order of ADVICE_KINDS. With too little
 * glucose data only `insufficient_data` speaks for glucose: a pattern read from a few readings
 * would be a guess. HbA1c, blood pressure and LDL do not depend on the period's readings.
 */
export function computeAdvice(input: AdviceInput): AdviceFinding[] {
  const g = preparePeriod(input);
  const insufficient = findInsufficientData(g);
  const found: Array<AdviceFinding | null> = insufficient
    ? [insufficient]
    : glucoseFindings(g, input);
  found.push(
    findHba1cRising(input, g.end, g.offsetOf),
    findBloodPressureHigh(input, g.end, g.offsetOf),
    findLdlAboveTarget(input, g.end, g.offsetOf),
  );
  const findings = found.filter((f): f is AdviceFinding => f !== null);
  if (findings.some((f) => HYPO_KINDS.has(f.kind))) {
    const severe = hasSevereLow(g);
    const treat = severe || hasFeltLow(g, sortedTimes(input.symptomaticLows));
    for (const f of findings) {
      if (!HYPO_KINDS.has(f.kind)) continue;
      f.showHypoTreatment = treat;
      f.showEmergencyNumbers = severe;
    }
  }
  return findings.sort(compareFindings);
}
