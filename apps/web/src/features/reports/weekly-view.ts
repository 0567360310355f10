import type { TFunction } from 'i18next';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import type { WeeklyReport } from '@glucosuivi/domain/reports/reports.schemas';
import { formatGlucoseValue, formatNumber } from '@/components/charts/glucose-display';

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
const STABLE: Record<DeltaKey, number> = {
  mean: 3,
  gmi: 0.1,
  cv: 1,
  inRange: 1,
  belowRange: 0.5,
  aboveRange: 1,
  gri: 1,
  activePercent: 1,
};

export type Verdict = 'better' | 'worse' | 'stable' | 'unknown';

/** How a change reads: better, worse or stable. */
export function verdict(key: DeltaKey, delta: number | null): Verdict {
  if (delta === null) return 'unknown';
  if (Math.abs(delta) < STABLE[key]) return 'stable';
  const good = BETTER_WHEN[key];
  if (good === null) return 'stable';
  return delta > 0 === (good === 'up') ? 'better' : 'worse';
}

/** Decimals a metric is printed with. */
function decimalsOf(key: DeltaKey): number {
  return key === 'gmi' || key === 'belowRange' ? 1 : 0;
}

/**
 * A metric's value or, `signed`, its change ("−1 point", "+2,5 points"): a change of a share is in
 * percentage points, worded in the singular or plural of the number as printed (rounded first), so
 * 0.96 printed "1" is "1 point". `t` is the reports namespace's.
 */
export function formatWeeklyFigure(
  t: TFunction,
  key: DeltaKey,
  x: number | null,
  options: { unit: GlucoseUnit; language: string; signed?: boolean },
): string {
  if (x === null) return '—';
  const { unit, language, signed = false } = options;
  const sign = signed && x > 0 ? '+' : signed && x < 0 ? '−' : '';
  const abs = signed ? Math.abs(x) : x;
  if (key === 'mean') return `${sign}${formatGlucoseValue(abs, unit, language)} ${unit}`;
  if (key === 'gri') return `${sign}${formatNumber(abs, language, 0)}`;
  const decimals = decimalsOf(key);
  const printed = formatNumber(abs, language, decimals);
  if (key === 'gmi' || !signed) return `${sign}${printed} %`;
  const shown = Math.round(abs * 10 ** decimals) / 10 ** decimals;
  return `${sign}${printed} ${t('weekly.points', { count: shown })}`;
}

/** "Alertes cette semaine : 1 hypoglycémie, 2 hyperglycémies." — each count agrees with its noun. */
export function weeklyAlertsSentence(t: TFunction, hypo: number, hyper: number): string {
  return t('weekly.alerts', {
    hypo: t('weekly.hypoAlerts', { count: hypo }),
    hyper: t('weekly.hyperAlerts', { count: hyper }),
  });
}

const ROWS: readonly DeltaKey[] = ['inRange', 'belowRange', 'aboveRange', 'mean', 'gmi', 'cv', 'gri', 'activePercent'];
/** Defined on continuous data only: a row only when one of the weeks shows it. */
const CGM_ONLY: ReadonlySet<DeltaKey> = new Set(['gmi', 'gri', 'activePercent']);
/** Shares of readings, not of time, when the weeks were measured with a meter. */
const SHARES: ReadonlySet<DeltaKey> = new Set(['inRange', 'belowRange', 'aboveRange']);

type WeekMetrics = WeeklyReport['current']['metrics'];

export function metricOf(m: WeekMetrics, key: DeltaKey): number | null {
  if (!m) return null;
  switch (key) {
    case 'inRange':
      return m.bands.in_range;
    case 'belowRange':
      return m.belowRange;
    case 'aboveRange':
      return m.aboveRange;
    default:
      return m[key];
  }
}

export interface WeeklyClaims {
  /** The table's rows: the CGM-only ones only where a week shows them. */
  rows: DeltaKey[];
  /** Rows whose label speaks of readings rather than time (a meter week). */
  readingShares: (key: DeltaKey) => boolean;
  /** The changes worth a sentence; none when the weeks may not be compared. */
  changes: { key: DeltaKey; verdict: 'better' | 'worse' }[];
  /** "Stable" may be said: the weeks compare and nothing moved. */
  stable: boolean;
  /** Why no change is claimed, when the weeks may not be compared. */
  notComparable: WeeklyReport['comparison']['reason'];
}

/** What the page may claim about the week, by the server's comparison rule (glucose-figures.ts). */
export function weeklyClaims(r: WeeklyReport): WeeklyClaims {
  const { comparable, reason } = r.comparison;
  const rows = ROWS.filter((key) => !CGM_ONLY.has(key) || metricOf(r.current.metrics, key) !== null || metricOf(r.previous.metrics, key) !== null);
  const meterWeek = r.current.basis === 'meter' || (r.current.basis === 'none' && r.previous.basis === 'meter');
  const changes = comparable
    ? rows.flatMap((key) => {
        const v = verdict(key, r.deltas[key]);
        return v === 'better' || v === 'worse' ? [{ key, verdict: v }] : [];
      })
    : [];
  return { rows, readingShares: (key) => meterWeek && SHARES.has(key), changes, stable: comparable && changes.length === 0, notComparable: comparable ? null : reason };
}
