import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SlidersHorizontal, UserPlus } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { triage } from '@glucosuivi/domain/doctor/doctor.contract';
import { TRIAGE_SORTS } from '@glucosuivi/domain/doctor/doctor.schemas';
import { STANDARD_RANGE } from '@glucosuivi/domain/glucose/bands';
import { formatGlucoseNumber } from '@glucosuivi/domain/glucose/units';
import { useGlucoseSettings } from '@/lib/queries/patient-data';
import { Segmented } from '@/components/charts/Segmented';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { Select } from '@/components/ui/Select';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/errors';
import { professionalKeys } from '@/lib/queries/query-keys';
import { useRealtimeTopic } from '@/lib/realtime/RealtimeProvider';
import { PATIENTS_TOPIC } from '@glucosuivi/domain/realtime/realtime.schemas';
import { DoctorPage } from './DoctorPage';
import { TriageTable } from './TriageTable';
import { triageViewFromParams, triageViewParams, type TriageFilter, type TriageSort, type TriageView } from './triage-view';

const FILTER_ORDER: readonly TriageFilter[] = ['all', 'open_alerts', 'below_range', 'not_enough_data'];
/** A desk's list is wider than the other pages: ten columns on one line at 1280 px. */
const TRIAGE_WIDTH = 'max-w-7xl';

/** Waits until typing pauses, so the list is not asked again on every key. */
function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The filter, sort and search of the list, kept in the page's address (`?filter=…&sort=…&q=…`):
 * a reload, a bookmark or "back" from a patient finds the same list. The page's own state is the
 * source and the address follows it: the router renders a navigation as a transition, so a choice
 * made right after another could still read the address from before it, and undo it. The address
 * is replaced, not pushed, so "back" leaves the list rather than stepping through its settings.
 */
function useTriageView() {
  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => triageViewFromParams(params));
  const [filter, setFilter] = useState<TriageFilter>(initial.filter);
  const [sort, setSort] = useState<TriageSort>(initial.sort);
  const [search, setSearch] = useState(initial.search);
  const typed = useDebounced(search, 250).trim();
  const wanted = triageViewParams({ filter, sort, search: typed }).toString();
  const current = params.toString();
  useEffect(() => {
    if (wanted !== current) setParams(new URLSearchParams(wanted), { replace: true });
  }, [wanted, current, setParams]);
  return { view: { filter, sort, search: typed } satisfies TriageView, search, setSearch, setFilter, setSort };
}

/**
 * /doctor: the professional's patients, worst first, with the 14-day glucose picture of each, one
 * line per patient on a desk's screen. `inbox` is the messages feature's section, composed in by
 * the app (features never import each other); it comes after the list so that the first patients
 * stay in sight on a phone, and so does `satisfaction`, the appointments feature's satisfaction figure.
 */
export function TriagePage({ inbox, satisfaction }: { inbox?: ReactNode; satisfaction?: ReactNode }) {
  const { t } = useTranslation('doctor');
  useDocumentTitle(t('triage.title'));
  // A reading, an alert or a link of any followed patient refreshes the list.
  useRealtimeTopic(PATIENTS_TOPIC);
  const { view, search, setSearch, setFilter, setSort } = useTriageView();
  const q = view.search.trim();
  const list = useQuery({
    queryKey: professionalKeys.triage(view.filter, view.sort, q),
    queryFn: ({ signal }) => apiCall(triage, { query: { filter: view.filter, sort: view.sort, ...(q ? { q } : {}) }, signal }),
    placeholderData: keepPreviousData,
  });

  if (list.isPending) {
    return (
      <DoctorPage title={t('triage.title')}>
        <LoadingScreen variant="doctor" />
      </DoctorPage>
    );
  }
  if (list.isError) {
    return (
      <DoctorPage title={t('triage.title')}>
        <p role="alert" className="rounded-lg border border-line bg-surface p-4">
          {errorMessage(list.error, t)}
        </p>
      </DoctorPage>
    );
  }
  const data = list.data;
  if (data.total === 0) {
    return (
      <DoctorPage title={t('triage.title')}>
        <EmptyState />
      </DoctorPage>
    );
  }
  return (
    <DoctorPage title={t('triage.title')} width={TRIAGE_WIDTH} dense actions={<SearchField value={search} onChange={setSearch} />}>
      <TriageIntro days={data.period.days} />
      <TriageControls
        filter={view.filter}
        sort={view.sort}
        onFilter={setFilter}
        onSort={setSort}
        count={
          <p role="status" aria-live="polite" className="text-sm text-muted lg:ml-auto lg:shrink-0" data-testid="triage-count">
            {t('triage.count', { count: data.items.length, total: data.total })}
          </p>
        }
      />
      {data.items.length === 0 ? (
        <p className="rounded-lg border border-line bg-surface p-4">{t('triage.noMatch')}</p>
      ) : (
        <TriageTable list={data} />
      )}
      {satisfaction}
      {inbox}
    </DoctorPage>
  );
}

/** What the list ranks and over which days, the standard range in the reader's unit. */
function TriageIntro({ days }: { days: number }) {
  const { t, i18n } = useTranslation('doctor');
  const { unit } = useGlucoseSettings();
  const language = i18n.resolvedLanguage ?? 'fr';
  const glucose = (mgdl: number) => formatGlucoseNumber(mgdl, unit, language);
  return (
    <p className="-mt-2 text-sm text-muted">
      {t('triage.intro', { days, low: glucose(STANDARD_RANGE.lowBelow), high: glucose(STANDARD_RANGE.highAbove), unit })}
    </p>
  );
}

/** The search, beside the page's title on a desk, under it on a phone; always in sight. */
function SearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('doctor');
  const id = useId();
  return (
    <div className="flex max-w-full min-w-0 flex-col gap-1 lg:flex-row lg:items-center lg:gap-2">
      <label htmlFor={id} className="font-medium">
        {t('triage.search')}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={t('triage.searchHint')}
        autoComplete="off"
        maxLength={80}
        className="min-h-11 w-64 max-w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-fg"
      />
    </div>
  );
}

/**
 * Filter and sort, on one line on a desk. On a phone they fold behind one button (naming the
 * filter in use), so the first patients show without scrolling.
 */
function TriageControls(props: { filter: TriageFilter; sort: TriageSort; onFilter: (filter: TriageFilter) => void; onSort: (sort: TriageSort) => void; count: ReactNode }) {
  const { t } = useTranslation('doctor');
  const foldId = useId();
  const [unfolded, setUnfolded] = useState(false);
  const narrowed = props.filter !== 'all';
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:gap-4">
      <button type="button" className={buttonClasses('secondary', 'self-start lg:hidden')} aria-expanded={unfolded} aria-controls={foldId} onClick={() => setUnfolded((open) => !open)}>
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        {narrowed ? t('triage.filtersInUse', { filter: t(`triage.filter.${props.filter}`) }) : t('triage.filters')}
      </button>
      <div id={foldId} className={`${unfolded ? 'flex' : 'hidden'} min-w-0 flex-col gap-3 rounded-2xl border border-line bg-canvas p-3 lg:flex lg:flex-row lg:items-center lg:gap-4 lg:border-0 lg:bg-transparent lg:p-0`}>
        {/* On a desk the filter keeps to one line; the sort's list gives way if the language is long. */}
        <div className="lg:shrink-0">
          <Segmented
            name="triage-filter"
            legend={t('triage.filter.legend')}
            legendClassName="mb-1 font-medium lg:sr-only"
            dense
            value={props.filter}
            options={FILTER_ORDER.map((f) => ({ value: f, label: t(`triage.filter.${f}`) }))}
            onChange={props.onFilter}
          />
        </div>
        <Select
          className="max-w-full flex-wrap lg:flex-nowrap lg:[&>label]:shrink-0 lg:[&>label]:whitespace-nowrap"
          label={t('triage.sort.label')}
          value={props.sort}
          options={TRIAGE_SORTS.map((s) => ({ value: s, label: t(`triage.sort.${s}`) }))}
          onChange={props.onSort}
        />
      </div>
      {props.count}
    </div>
  );
}

function EmptyState() {
  const { t } = useTranslation('doctor');
  return (
    <section aria-labelledby="triage-empty-title" className="rounded-2xl border border-line bg-surface p-6 text-center">
      <UserPlus aria-hidden="true" className="mx-auto mb-3 size-10 text-primary" />
      <h2 id="triage-empty-title" className="text-xl font-semibold">
        {t('triage.empty.title')}
      </h2>
      <p className="mx-auto mt-2 max-w-prose">{t('triage.empty.text')}</p>
      <div className="mt-4 flex flex-wrap justify-center gap-2">
        <Link to="/patient-invitations" className={buttonClasses('primary')} data-button>
          {t('triage.empty.action')}
        </Link>
        <Link to="/doctor-profile" className={buttonClasses('secondary')} data-button>
          {t('triage.empty.code')}
        </Link>
      </div>
    </section>
  );
}
