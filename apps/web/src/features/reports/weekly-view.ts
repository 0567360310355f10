import type { WeeklyReport } from '@glucosuivi/domain/reports/reports.schemas';

export type DeltaKey = keyof WeeklyReport['deltas'];

/** For each metric, whether a rise is good, bad or neither (GMI and mean: lower is better…). */
const BETTER_WHEN: Record<DeltaKey, 'up' | 'down' | null> = {
  mean: 'down',
  gmi: 'down',
  cv: 'down',
  inRange: 'up',
  belowRange: 'down',
  aboveRange: 'down',
  gri: 'down',
  activePercent: 'up',
};

/** Changes smaller than this (in the metric's own unit) are "stable". */
const STABLE: Record<DeltaKey, number> = { mean: 3, gmi: 0.1, cv: 1, inRange: 1, belowRange: 0.5, aboveRange: 1, gri: 1, activePercent: 1 };

export type Verdict = 'better' | 'worse' | 'stable' | 'unknown';

/** How a change reads: better, worse or stable. */
export function verdict(key: DeltaKey, delta: number | null): Verdict {
  if (delta === null) return 'unknown';
  if (Math.abs(delta) < STABLE[key]) return 'stable';
  const good = BETTER_WHEN[key];
  if (good === null) return 'stable';
  return (delta > 0) === (good === 'up') ? 'better' : 'worse';
}
