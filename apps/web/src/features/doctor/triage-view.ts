import {
  TRIAGE_FILTERS,
  TRIAGE_SORTS,
  type TriageQuery,
  type TriageRow,
} from '@glucosuivi/domain/doctor/doctor.schemas';

/** The patient's name as a professional lists it: "Dupont Camille", or the first name alone. */
export function patientName(p: { firstName: string; lastName: string | null }): string {
  return [p.firstName, p.lastName].filter((x) => x && x.trim()).join(' ') || '—';
}

export type Shared<T> = T | { notShared: true };

/** The value of a field the patient may not share, or null when it is not shared. */
export function sharedValue<T extends object>(value: Shared<T>): T | null;
export function sharedValue<T extends object>(value: Shared<T> | null): T | null;
export function sharedValue<T extends object>(value: Shared<T> | null): T | null {
  return value === null || 'notShared' in value ? null : (value as T);
}

export type TriageFilter = TriageQuery['filter'];
export type TriageSort = TriageQuery['sort'];

/** What the list shows, as the page's address keeps it: a reload, a shared link or "back" finds it again. */
export interface TriageView {
  filter: TriageFilter;
  sort: TriageSort;
  search: string;
}

const DEFAULT_VIEW: TriageView = { filter: 'all', sort: 'worst_first', search: '' };
const SEARCH_MAX = 80;

const oneOf = <V extends string>(values: readonly V[], value: string | null, fallback: V): V =>
  value !== null && (values as readonly string[]).includes(value) ? (value as V) : fallback;

/** The view an address asks for; anything unknown falls back to the default, never to an error. */
export function triageViewFromParams(params: URLSearchParams): TriageView {
  return {
    filter: oneOf(TRIAGE_FILTERS, params.get('filter'), DEFAULT_VIEW.filter),
    sort: oneOf(TRIAGE_SORTS, params.get('sort'), DEFAULT_VIEW.sort),
    search: (params.get('q') ?? '').slice(0, SEARCH_MAX),
  };
}

/** The address's parameters for a view: the defaults are left out, so the plain list is plain /doctor. */
export function triageViewParams(view: TriageView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.filter !== DEFAULT_VIEW.filter) params.set('filter', view.filter);
  if (view.sort !== DEFAULT_VIEW.sort) params.set('sort', view.sort);
  const search = view.search.trim();
  if (search) params.set('q', search);
  return params;
}

type Finding = NonNullable<TriageRow['advice']>['findings'][number];

/**
 * The findings a row shows as badges: those to act on or watch (information-only ones stay on the
 * patient page), most pressing first as the API orders them; past `limit`, the rest are counted in
 * one more badge so that the row stays on one line.
 */
export function adviceBadges(
  findings: readonly Finding[],
  limit: number,
): { shown: Finding[]; more: Finding[] } {
  const relevant = findings.filter((finding) => finding.severity !== 'info');
  // "+1" would take the room of the finding it hides.
  const cut = relevant.length <= limit ? relevant.length : Math.max(0, limit - 1);
  return { shown: relevant.slice(0, cut), more: relevant.slice(cut) };
}
