import { ADVICE_PERIOD_DAYS, type AdviceFinding, type FindingOf } from '@glucosuivi/domain/advice/advice.schemas';

/** How many findings the card shows before "Voir tous les conseils". */
export const TOP_FINDINGS = 3;

export type AdvicePeriod = (typeof ADVICE_PERIOD_DAYS)[number];

/**
 * Advice is drawn over 14, 30 or 90 days; a shorter dashboard period (1 or 7 days) holds too few
 * nights and meals for a pattern, so the card then keeps the consensus minimum of 14 days.
 */
export function advicePeriodFor(days: number): AdvicePeriod {
  return (ADVICE_PERIOD_DAYS as readonly number[]).includes(days) ? (days as AdvicePeriod) : 14;
}

/** An instant span of the chart, epoch ms. */
export interface TimeWindow {
  start: number;
  end: number;
}

/** The night-hypo finding of a list, if any: the one finding whose nights the chart can show. */
export function nightHypoFinding(findings: readonly AdviceFinding[]): FindingOf<'night_hypo'> | null {
  return (findings.find((f) => f.kind === 'night_hypo') as FindingOf<'night_hypo'> | undefined) ?? null;
}

/** Each night's episode span, in the order of the evidence (a meter reading is an instant: start = end). */
export function nightWindows(finding: FindingOf<'night_hypo'>): TimeWindow[] {
  return finding.evidence.nights.map((night) => ({ start: night.start, end: night.end }));
}
