import type { TriageRow } from '../doctor/doctor.schemas';
import { foldName } from '../doctor/doctor.rules';
import { SUFFICIENT_ACTIVE_PERCENT } from '../glucose/metrics';
import { quantileSorted, roundHalfUp } from '../glucose/stats';
import { CONTROL_CATEGORIES, type ControlCategory, type Department, type DepartmentRow, type DepartmentSummary, type Distribution, type HistogramBin } from './department.schemas';

/*
 * The population view of department tracking, computed from the triage list's rows only: the
 * same period (lastLocalDays of each patient), the same standard bands (54/70/180/250) and the
 * same rounding, so a figure here always equals the one the list shows for that patient.
 */

const DAY_MS = 86_400_000;

/**
 * Control categories, Tidepool-style (Tidepool population health; targets of the International
 * Consensus on Time in Range 2019), one per patient, the first that applies:
 * 1. `not_shared`: the patient does not share glucose with this professional.
 * 2. `hypo_risk`: time very low (< 54 mg/dL) > 1 % or time below range (< 70, very low included)
 *    > 4 %. Checked before the data sufficiency: a hypo signal is never hidden behind "not enough data".
 * 3. `insufficient_data`: no reading in the period, or CGM wear < 70 % of the expected readings.
 * 4. `above_target`: time in range (70–180) < 70 %.
 * 5. `on_target`: the rest, i.e. TIR ≥ 70 %, TBR ≤ 4 % and time very low ≤ 1 %.
 * The consensus targets read "< 4 %" and "< 1 %"; like Tidepool, only a share strictly above
 * flags a risk, so a rounded 4.0 % is still on target.
 */
export const HYPO_VERY_LOW_ABOVE = 1;
export const HYPO_BELOW_RANGE_ABOVE = 4;
export const TIR_TARGET = 70;
export const MIN_CGM_WEAR = SUFFICIENT_ACTIVE_PERCENT;

type SharedGlucose = Exclude<TriageRow['glucose'], { notShared: true }>;
const sharedGlucose = (row: TriageRow): SharedGlucose | null => ('notShared' in row.glucose ? null : row.glucose);

/** The patient's control category (see the priority order above). */
export function controlCategory(row: TriageRow): ControlCategory {
  const glucose = sharedGlucose(row);
  if (!glucose) return 'not_shared';
  if (glucose.readings === 0 || glucose.inRange === null) return 'insufficient_data';
  if ((glucose.veryLow ?? 0) > HYPO_VERY_LOW_ABOVE || (glucose.belowRange ?? 0) > HYPO_BELOW_RANGE_ABOVE) return 'hypo_risk';
  if (glucose.activePercent < MIN_CGM_WEAR) return 'insufficient_data';
  if (glucose.inRange < TIR_TARGET) return 'above_target';
  return 'on_target';
}

/** Whole days from the last reading to `now` (24-hour steps); null when there never was one. */
export function daysSince(lastAt: string | null, now: number): number | null {
  if (lastAt === null) return null;
  return Math.max(0, Math.floor((now - Date.parse(lastAt)) / DAY_MS));
}

/** One patient's line of the table: category and the glucose figures of the triage row. */
export function departmentRow(row: TriageRow, now: number): DepartmentRow {
  const glucose = sharedGlucose(row);
  return {
    patientId: row.patientId,
    firstName: row.firstName,
    lastName: row.lastName,
    category: controlCategory(row),
    glucose: glucose
      ? {
          inRange: glucose.inRange,
          belowRange: glucose.belowRange,
          veryLow: glucose.veryLow,
          gmi: glucose.gmi,
          activePercent: glucose.activePercent,
          readings: glucose.readings,
          lastReadingAt: glucose.lastReadingAt,
          daysSinceLastData: daysSince(glucose.lastReadingAt, now),
        }
      : { notShared: true },
  };
}

// --- Distributions ----------------------------------------------------------------------------

/** TIR in ten 10-point bins, each holding its lower bound ([0, 10) … [80, 90)); the last is [90, 100]. */
export function tirBins(values: readonly number[]): HistogramBin[] {
  const bins = Array.from({ length: 10 }, (_, i) => ({ from: i * 10, to: (i + 1) * 10, count: 0 }));
  for (const v of values) bins[Math.min(9, Math.max(0, Math.floor(v / 10)))]!.count++;
  return bins;
}

/** TBR bins ≤ 1 %, (1, 4], (4, 10], > 10 %: upper bounds included, as the risk thresholds are "> x %". */
export const TBR_EDGES = [0, 1, 4, 10] as const;
export function tbrBins(values: readonly number[]): HistogramBin[] {
  const bins = TBR_EDGES.map((from, i) => ({ from, to: TBR_EDGES[i + 1] ?? null, count: 0 }));
  for (const v of values) {
    const index = TBR_EDGES.findIndex((_, i) => i === TBR_EDGES.length - 1 || v <= TBR_EDGES[i + 1]!);
    bins[index]!.count++;
  }
  return bins;
}

/**
 * GMI in 0.5-point bins holding their lower bound ([6.5, 7.0)), from the bin of the lowest value
 * to the bin of the highest, empty bins between included; no bin without values. Values are
 * counted in half points (GMI is rounded to 0.1, so × 2 is exact enough for the floor).
 */
export const GMI_BIN = 0.5;
export function gmiBins(values: readonly number[]): HistogramBin[] {
  if (values.length === 0) return [];
  const halves = values.map((v) => Math.floor(roundHalfUp(v / GMI_BIN, 6)));
  const first = Math.min(...halves);
  const last = Math.max(...halves);
  const bins = Array.from({ length: last - first + 1 }, (_, i) => ({ from: (first + i) * GMI_BIN, to: (first + i + 1) * GMI_BIN, count: 0 }));
  for (const h of halves) bins[h - first]!.count++;
  return bins;
}

/** Median and quartiles (linear interpolation between order statistics, R type 7), rounded to 0.1. */
function quartiles(values: readonly number[]): Pick<Distribution, 'median' | 'q1' | 'q3'> {
  if (values.length === 0) return { median: null, q1: null, q3: null };
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => roundHalfUp(quantileSorted(sorted, p), 1);
  return { median: at(0.5), q1: at(0.25), q3: at(0.75) };
}

function distribution(values: readonly number[], bins: (values: readonly number[]) => HistogramBin[]): Distribution {
  return { patients: values.length, bins: bins(values), ...quartiles(values) };
}

const present = (values: (number | null)[]): number[] => values.filter((v): v is number => v !== null);

/**
 * The population summary of the triage rows at `now` (the list's period end): category counts,
 * "no data for N days" and the distributions of TIR, GMI and TBR. A patient who does not share
 * glucose is counted once as `not_shared` and in nothing else.
 */
export function summarizeDepartment(rows: readonly TriageRow[], now: number): DepartmentSummary {
  const categories = Object.fromEntries(CONTROL_CATEGORIES.map((c) => [c, 0])) as DepartmentSummary['categories'];
  const shared: SharedGlucose[] = [];
  for (const row of rows) {
    categories[controlCategory(row)]++;
    const glucose = sharedGlucose(row);
    if (glucose) shared.push(glucose);
  }
  const since = shared.map((g) => daysSince(g.lastReadingAt, now));
  // Never a reading counts as "no data" at every threshold.
  const noDataFor = (days: number) => since.filter((d) => d === null || d >= days).length;
  return {
    patients: rows.length,
    glucoseShared: shared.length,
    categories,
    noData: { days7: noDataFor(7), days14: noDataFor(14), days30: noDataFor(30) },
    tir: distribution(present(shared.map((g) => g.inRange)), tirBins),
    gmi: distribution(present(shared.map((g) => g.gmi)), gmiBins),
    tbr: distribution(present(shared.map((g) => g.belowRange)), tbrBins),
  };
}

const CATEGORY_ORDER: Record<ControlCategory, number> = { hypo_risk: 0, insufficient_data: 1, above_target: 2, on_target: 3, not_shared: 4 };

/**
 * The page's answer from the triage rows: the summary and one line per patient, those who need a
 * look first (hypo risk, not enough data, above target, on target, not shared), then by name.
 */
export function buildDepartment(rows: readonly TriageRow[], period: Department['period']): Department {
  const now = Date.parse(period.to);
  const items = rows
    .map((row) => departmentRow(row, now))
    .sort(
      (a, b) =>
        CATEGORY_ORDER[a.category] - CATEGORY_ORDER[b.category] ||
        foldName(`${a.lastName ?? ''} ${a.firstName}`).localeCompare(foldName(`${b.lastName ?? ''} ${b.firstName}`)) ||
        a.patientId.localeCompare(b.patientId),
    );
  return { period, summary: summarizeDepartment(rows, now), items };
}
