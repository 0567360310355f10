import type { TriageQuery, TriageRow } from './doctor.schemas';

/** Lower case without accents, for "search by name" (Hélène ≈ helene). */
export function foldName(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

const urgentOf = (row: TriageRow): number => ('notShared' in row.alerts ? 0 : row.alerts.urgent);
const openOf = (row: TriageRow): number => ('notShared' in row.alerts ? 0 : row.alerts.open);
const belowOf = (row: TriageRow): number => ('notShared' in row.glucose ? -1 : (row.glucose.belowRange ?? -1));
const aboveOf = (row: TriageRow): number => ('notShared' in row.glucose ? -1 : (row.glucose.aboveRange ?? -1));
const lastOf = (row: TriageRow): number =>
  'notShared' in row.glucose || !row.glucose.lastReadingAt ? 0 : Date.parse(row.glucose.lastReadingAt);
const fullName = (row: TriageRow): string => foldName(`${row.lastName ?? ''} ${row.firstName}`);

/**
 * Worst first: urgent open alerts, then any open alert, then time below range, then time above
 * range (all descending); unknown values (not shared, no data) sort after known ones; ties by name
 * so the order is stable between two visits.
 */
export function compareWorstFirst(a: TriageRow, b: TriageRow): number {
  return (
    urgentOf(b) - urgentOf(a) ||
    openOf(b) - openOf(a) ||
    belowOf(b) - belowOf(a) ||
    aboveOf(b) - aboveOf(a) ||
    fullName(a).localeCompare(fullName(b))
  );
}

/** Applies the triage filter, name search and sort of the query. */
export function arrangeTriage(rows: TriageRow[], query: TriageQuery): TriageRow[] {
  const needle = query.q ? foldName(query.q) : '';
  const kept = rows.filter((row) => {
    if (needle && !foldName(`${row.firstName} ${row.lastName ?? ''}`).includes(needle)) return false;
    switch (query.filter) {
      case 'open_alerts':
        return openOf(row) > 0;
      case 'not_enough_data':
        return !('notShared' in row.glucose) && !row.glucose.sufficient;
      case 'below_range':
        return belowOf(row) > 4;
      default:
        return true;
    }
  });
  const compare =
    query.sort === 'name'
      ? (a: TriageRow, b: TriageRow) => fullName(a).localeCompare(fullName(b))
      : query.sort === 'last_reading'
        ? (a: TriageRow, b: TriageRow) => lastOf(b) - lastOf(a) || fullName(a).localeCompare(fullName(b))
        : compareWorstFirst;
  return kept.sort(compare);
}
