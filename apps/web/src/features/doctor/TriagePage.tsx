import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CircleAlert, SlidersHorizontal, UserPlus } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { triage } from '@glucosuivi/domain/doctor/doctor.contract';
import { TRIAGE_SORTS, type TriageList, type TriageQuery, type TriageRow } from '@glucosuivi/domain/doctor/doctor.schemas';
import { formatDateTime, formatDay, formatNumber } from '@/components/charts/glucose-display';
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
import { NotShared } from './NotShared';
import { patientName, sharedValue } from './triage-view';

type Filter = TriageQuery['filter'];
type Sort = TriageQuery['sort'];
const FILTER_ORDER: readonly Filter[] = ['all', 'open_alerts', 'below_range', 'not_enough_data'];

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
 * /doctor: the professional's patients, worst first, with the 14-day glucose picture of each.
 * `inbox` is the messages feature's section, composed in by the app (features never import each
 * other); it comes after the list so that the first patients stay in sight on a phone, and so does
 * `satisfaction`, the appointments feature's satisfaction figure.
 */
export function TriagePage({ inbox, satisfaction }: { inbox?: ReactNode; satisfaction?: ReactNode }) {
  const { t } = useTranslation('doctor');
  useDocumentTitle(t('triage.title'));
  // A reading, an alert or a link of any followed patient refreshes the list.
  useRealtimeTopic(PATIENTS_TOPIC);
  const [filter, setFilter] = useState<Filter>('all');
  const [sort, setSort] = useState<Sort>('worst_first');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const list = useQuery({
    queryKey: professionalKeys.triage(filter, sort, q),
    queryFn: ({ signal }) => apiCall(triage, { query: { filter, sort, ...(q ? { q } : {}) }, signal }),
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
    <DoctorPage title={t('triage.title')} intro={<TriageIntro days={data.period.days} />}>
      <TriageControls
        filter={filter}
        sort={sort}
        search={search}
        onFilter={setFilter}
        onSort={setSort}
        onSearch={setSearch}
      />
      <p role="status" aria-live="polite" className="text-sm text-muted" data-testid="triage-count">
        {t('triage.count', { count: data.items.length, total: data.total })}
      </p>
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
    <p className="text-sm sm:text-base">
      {t('triage.intro', { days, low: glucose(STANDARD_RANGE.lowBelow), high: glucose(STANDARD_RANGE.highAbove), unit })}
    </p>
  );
}

/**
 * Search, filter and sort. On a phone the search stays in sight and the filter and sort fold
 * behind one button (naming the filter in use), so the first patients show without scrolling.
 */
function TriageControls(props: {
  filter: Filter;
  sort: Sort;
  search: string;
  onFilter: (filter: Filter) => void;
  onSort: (sort: Sort) => void;
  onSearch: (search: string) => void;
}) {
  const { t } = useTranslation('doctor');
  const searchId = useId();
  const foldId = useId();
  const [unfolded, setUnfolded] = useState(false);
  const narrowed = props.filter !== 'all';
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-3 sm:p-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex max-w-full min-w-0 flex-col gap-1">
          <label htmlFor={searchId} className="font-medium">
            {t('triage.search')}
          </label>
          <input
            id={searchId}
            type="search"
            value={props.search}
            onChange={(e) => props.onSearch(e.target.value)}
            placeholder={t('triage.searchHint')}
            autoComplete="off"
            maxLength={80}
            className="min-h-11 w-64 max-w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-fg"
          />
        </div>
        <button
          type="button"
          className={buttonClasses('secondary', 'sm:hidden')}
          aria-expanded={unfolded}
          aria-controls={foldId}
          onClick={() => setUnfolded((open) => !open)}
        >
          <SlidersHorizontal aria-hidden="true" className="size-4" />
          {narrowed ? t('triage.filtersInUse', { filter: t(`triage.filter.${props.filter}`) }) : t('triage.filters')}
        </button>
      </div>
      <div id={foldId} className={`${unfolded ? 'flex' : 'hidden'} flex-col gap-3 sm:flex`}>
        <Segmented
          name="triage-filter"
          legend={t('triage.filter.legend')}
          value={props.filter}
          options={FILTER_ORDER.map((f) => ({ value: f, label: t(`triage.filter.${f}`) }))}
          onChange={props.onFilter}
        />
        <Select
          className="max-w-full flex-wrap"
          label={t('triage.sort.label')}
          value={props.sort}
          options={TRIAGE_SORTS.map((s) => ({ value: s, label: t(`triage.sort.${s}`) }))}
          onChange={props.onSort}
        />
      </div>
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

const cell = 'px-2 py-2 align-top whitespace-nowrap';
// Headers may wrap so the table fits a laptop screen; values stay on one line, except the
// longer explanations (last reading, data sufficiency) which wrap inside a bounded width.
const headerCell = 'px-2 py-2 align-bottom font-semibold';
const wrappingCell = 'px-2 py-2 align-top min-w-28 max-w-44';
const COLUMNS = ['lastReading', 'inRange', 'belowRange', 'gmi', 'cv', 'alerts', 'hba1c', 'data', 'advice'] as const;
type Column = (typeof COLUMNS)[number];

/**
 * A wide screen gets a table (real rows and column headers for a screen reader); below the `md`
 * breakpoint the same rows become cards, each value under its column's name, so nothing needs
 * sideways scrolling. Only one of the two is displayed at a time.
 */
function TriageTable({ list }: { list: TriageList }) {
  const { t } = useTranslation('doctor');
  const captionId = useId();
  const { timeZone } = useGlucoseSettings();
  return (
    <>
      <div role="region" aria-labelledby={captionId} tabIndex={0} className="hidden overflow-x-auto rounded-2xl border border-line bg-canvas focus-visible:outline-3 focus-visible:outline-focus md:block">
        <table className="w-full border-collapse text-left text-sm" data-testid="triage-table">
          <caption id={captionId} className="sr-only">
            {t('triage.caption', { days: list.period.days })}
          </caption>
          <thead className="bg-surface">
            <tr>
              <th scope="col" className={`${headerCell} sticky left-0 z-10 bg-surface`}>
                {t('triage.columns.patient')}
              </th>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className={headerCell}>
                  {t(`triage.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.items.map((row) => (
              <Row key={row.patientId} row={row} timeZone={timeZone} />
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={t('triage.caption', { days: list.period.days })} className="flex flex-col gap-3 md:hidden" data-testid="triage-cards">
        {list.items.map((row) => (
          <Card key={row.patientId} row={row} timeZone={timeZone} />
        ))}
      </ul>
    </>
  );
}

/** The values of one patient's row, by column: one rendering for the table and the cards. */
function useRowValues(row: TriageRow, timeZone: string) {
  const { t, i18n } = useTranslation('doctor');
  const language = i18n.resolvedLanguage ?? 'fr';
  const glucose = sharedValue(row.glucose);
  const alerts = sharedValue(row.alerts);
  // undefined: not shared; null: shared but never measured.
  const hba1c = row.hba1c && 'notShared' in row.hba1c ? undefined : row.hba1c;
  const urgent = (alerts?.urgent ?? 0) > 0;
  const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${formatNumber(x, language, 1)} %`);
  const glucoseCell = (content: string) => (glucose ? content : <NotShared />);
  const values: Record<Column, ReactNode> = {
    lastReading: glucose ? (
      glucose.lastReadingAt ? (
        <time dateTime={glucose.lastReadingAt}>{formatDateTime(glucose.lastReadingAt, language, timeZone)}</time>
      ) : (
        t('triage.noReading')
      )
    ) : (
      <NotShared />
    ),
    inRange: glucoseCell(pct(glucose?.inRange)),
    belowRange: glucoseCell(pct(glucose?.belowRange)),
    gmi: glucoseCell(glucose?.gmi === null || glucose?.gmi === undefined ? '—' : `${formatNumber(glucose.gmi, language, 1)} %`),
    cv: glucoseCell(pct(glucose?.cv)),
    alerts: alerts ? (
      <span className={urgent ? 'font-semibold text-red-700 dark:text-red-300' : ''}>
        {formatNumber(alerts.open, language)}
        {urgent ? ` · ${t('triage.urgent', { count: alerts.urgent })}` : ''}
      </span>
    ) : (
      <NotShared />
    ),
    hba1c:
      hba1c === undefined ? (
        <NotShared />
      ) : hba1c === null ? (
        t('triage.noHba1c')
      ) : (
        <>
          {formatNumber(hba1c.percent, language, 1)} %
          <span className="block text-xs text-muted">
            <time dateTime={hba1c.measuredAt}>{formatDay(hba1c.measuredAt, language, timeZone)}</time>
          </span>
        </>
      ),
    data: glucose ? (
      <>
        <span className={glucose.sufficient ? '' : 'font-semibold text-amber-800 dark:text-amber-200'}>{t(glucose.sufficient ? 'triage.sufficient' : 'triage.insufficient')}</span>
        <span className="block text-xs text-muted">{t('triage.sufficiencyHint', { days: glucose.daysWithData, active: formatNumber(glucose.activePercent, language, 0) })}</span>
      </>
    ) : (
      <NotShared />
    ),
    advice: <AdviceSignal advice={row.advice} />,
  };
  const belowRangeHigh = Boolean(glucose && (glucose.belowRange ?? 0) > 4);
  return { values, urgent, belowRangeHigh };
}

/**
 * The findings the professional would read on the patient's advice page, in short: those to act on
 * or watch (information-only ones stay on the page), the most pressing first and in words.
 */
function AdviceSignal({ advice }: { advice: TriageRow['advice'] }) {
  const { t } = useTranslation('doctor');
  if (!advice) return <span className="text-muted">{t('triage.advicePending')}</span>;
  const shown = advice.findings.filter((finding) => finding.severity !== 'info');
  if (shown.length === 0) return <>{t('triage.adviceNone')}</>;
  return (
    <ul className="flex flex-col gap-0.5">
      {shown.map(({ kind, severity }) => (
        <li key={kind} className={severity === 'urgent' ? 'font-semibold text-red-700 dark:text-red-300' : undefined} data-advice-kind={kind}>
          {severity === 'urgent' ? `${t('triage.adviceUrgent')} ` : ''}
          {t(`triage.adviceKinds.${kind}`)}
        </li>
      ))}
    </ul>
  );
}

function PatientLink({ row, urgent }: { row: TriageRow; urgent: boolean }) {
  return (
    <Link to={`/doctor/patients/${encodeURIComponent(row.patientId)}`} className="inline-flex min-h-11 items-center gap-1 underline underline-offset-2">
      {urgent ? <CircleAlert aria-hidden="true" className="size-4 text-red-700 dark:text-red-300" /> : null}
      {patientName(row)}
    </Link>
  );
}

function Row({ row, timeZone }: { row: TriageRow; timeZone: string }) {
  const { values, urgent, belowRangeHigh } = useRowValues(row, timeZone);
  const emphasis = 'font-semibold text-red-700 dark:text-red-300';
  return (
    <tr className="border-t border-line" data-testid="triage-row" data-patient-id={row.patientId}>
      <th scope="row" className={`${cell} sticky left-0 z-10 bg-canvas font-medium`}>
        <PatientLink row={row} urgent={urgent} />
      </th>
      {COLUMNS.map((c) => (
        <td key={c} className={`${c === 'data' || c === 'lastReading' || c === 'advice' ? wrappingCell : cell} ${c === 'belowRange' && belowRangeHigh ? emphasis : ''}`}>
          {values[c]}
        </td>
      ))}
    </tr>
  );
}

function Card({ row, timeZone }: { row: TriageRow; timeZone: string }) {
  const { t } = useTranslation('doctor');
  const { values, urgent, belowRangeHigh } = useRowValues(row, timeZone);
  return (
    <li className="rounded-xl border border-line bg-canvas p-3" data-testid="triage-card" data-patient-id={row.patientId}>
      <p className="font-medium">
        <PatientLink row={row} urgent={urgent} />
      </p>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        {COLUMNS.map((c) => (
          <div key={c} className={c === 'data' || c === 'lastReading' || c === 'advice' ? 'col-span-2' : undefined}>
            <dt className="text-xs text-muted">{t(`triage.columns.${c}`)}</dt>
            <dd className={c === 'belowRange' && belowRangeHigh ? 'font-semibold text-red-700 dark:text-red-300' : undefined}>{values[c]}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
