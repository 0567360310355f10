import type { ControlCategory, DepartmentRow, HistogramBin } from '@glucosuivi/domain/department/department.schemas';

/** Pure view logic of the department page: the table's sort and the bins' labels. */

export const SORT_KEYS = ['name', 'category', 'inRange', 'belowRange', 'gmi', 'activePercent', 'daysSinceLastData'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'ascending' | 'descending';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}

/** Those who need a look first, as the server lists them. */
export const CATEGORY_ORDER: readonly ControlCategory[] = ['hypo_risk', 'insufficient_data', 'above_target', 'on_target', 'not_shared'];

/** The patient's name as a professional lists it: "Camille Dupont", or the first name alone. */
export function patientName(p: { firstName: string; lastName: string | null }): string {
  return [p.firstName, p.lastName].filter((x) => x && x.trim()).join(' ') || '—';
}

type Glucose = Exclude<DepartmentRow['glucose'], { notShared: true }>;
export const glucoseOf = (row: DepartmentRow): Glucose | null => ('notShared' in row.glucose ? null : row.glucose);

function valueOf(row: DepartmentRow, key: SortKey): string | number | null {
  if (key === 'name') return `${row.lastName ?? ''} ${row.firstName}`;
  if (key === 'category') return CATEGORY_ORDER.indexOf(row.category);
  const glucose = glucoseOf(row);
  if (!glucose) return null;
  // Never a reading: the longest possible wait.
  if (key === 'daysSinceLastData') return glucose.daysSinceLastData ?? Number.POSITIVE_INFINITY;
  return glucose[key];
}

/**
 * The rows in the chosen order. A value the patient does not share, or that does not exist (no
 * reading), goes last in either direction; ties keep the server's order (needs a look first).
 */
export function sortRows(rows: readonly DepartmentRow[], sort: Sort, language: string): DepartmentRow[] {
  const collator = new Intl.Collator(language, { sensitivity: 'base' });
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: valueOf(row, sort.key) }))
    .sort((a, b) => {
      if (a.value === null || b.value === null) return a.value === b.value ? a.index - b.index : a.value === null ? 1 : -1;
      const order = typeof a.value === 'string' ? collator.compare(a.value, String(b.value)) : a.value - (b.value as number);
      return sign * order || a.index - b.index;
    })
    .map(({ row }) => row);
}

/** Clicking the sorted column turns it around; another column starts ascending (descending for TBR: the worst first). */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { key, direction: key === 'belowRange' || key === 'daysSinceLastData' ? 'descending' : 'ascending' };
}

export type BinLabel = { key: 'range' | 'upTo' | 'aboveUpTo' | 'above'; from: number; to: number | null };

/**
 * How a bin is named. TIR and GMI bins hold their lower bound ("70–80 %" holds 70, not 80); TBR
 * bins their upper bound, so they read "≤ 1 %", "> 1 to 4 %", "> 10 %".
 */
export function binLabel(bin: HistogramBin, kind: 'tir' | 'gmi' | 'tbr'): BinLabel {
  if (kind !== 'tbr') return { key: 'range', from: bin.from, to: bin.to };
  if (bin.to === null) return { key: 'above', from: bin.from, to: null };
  return bin.from === 0 ? { key: 'upTo', from: 0, to: bin.to } : { key: 'aboveUpTo', from: bin.from, to: bin.to };
}
