import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CircleAlert, UserPlus } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { triage } from '@glucosuivi/domain/care-team/care-team.contract';
import { TRIAGE_SORTS, type TriageList, type TriageQuery, type TriageRow } from '@glucosuivi/domain/care-team/care-team.schemas';
import { formatDateTime, formatNumber } from '@/components/charts/glucose-display';
import { useGlucoseSettings } from '@/components/charts/health-queries';
import { Segmented } from '@/components/charts/Segmented';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { Select } from '@/components/ui/Select';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/errors';
import { doctorKeys } from './doctor-queries';
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

/** /doctor: the professional's patients, worst first, with the 14-day glucose picture of each. */
export function TriagePage() {
  const { t } = useTranslation('doctor');
  useDocumentTitle(t('triage.title'));
  const searchId = useId();
  const [filter, setFilter] = useState<Filter>('all');
  const [sort, setSort] = useState<Sort>('worst_first');
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 250);
  const list = useQuery({
    queryKey: doctorKeys.triage(filter, sort, q),
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
    <DoctorPage title={t('triage.title')} intro={<p>{t('triage.intro', { days: data.period.days })}</p>}>
      <div className="flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-4">
        <Segmented
          name="triage-filter"
          legend={t('triage.filter.legend')}
          value={filter}
          options={FILTER_ORDER.map((f) => ({ value: f, label: t(`triage.filter.${f}`) }))}
          onChange={setFilter}
        />
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={searchId} className="font-medium">
              {t('triage.search')}
            </label>
            <input
              id={searchId}
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('triage.searchHint')}
              autoComplete="off"
              maxLength={80}
              className="min-h-11 w-64 max-w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-fg"
            />
          </div>
          <Select label={t('triage.sort.label')} value={sort} options={TRIAGE_SORTS.map((s) => ({ value: s, label: t(`triage.sort.${s}`) }))} onChange={setSort} />
        </div>
      </div>
      <p role="status" aria-live="polite" className="text-sm text-muted" data-testid="triage-count">
        {t('triage.count', { count: data.items.length, total: data.total })}
      </p>
      {data.items.length === 0 ? (
        <p className="rounded-lg border border-line bg-surface p-4">{t('triage.noMatch')}</p>
      ) : (
        <TriageTable list={data} />
      )}
    </DoctorPage>
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

const cell = 'px-3 py-2 align-top whitespace-nowrap';
// Headers may wrap so the table fits a laptop screen; values stay on one line.
const headerCell = 'px-3 py-2 align-bottom font-semibold';

/**
 * A table that scrolls sideways on a phone with the name column kept in view: one markup for
 * every screen, so a screen reader gets real rows and column headers everywhere.
 */
function TriageTable({ list }: { list: TriageList }) {
  const { t } = useTranslation('doctor');
  const captionId = useId();
  const { timeZone } = useGlucoseSettings();
  const columns = ['lastReading', 'inRange', 'belowRange', 'gmi', 'cv', 'alerts', 'hba1c', 'data'] as const;
  return (
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="overflow-x-auto rounded-2xl border border-line bg-canvas focus-visible:outline-3 focus-visible:outline-focus">
      <table className="w-full border-collapse text-left text-sm" data-testid="triage-table">
        <caption id={captionId} className="sr-only">
          {t('triage.caption', { days: list.period.days })}
        </caption>
        <thead className="bg-surface">
          <tr>
            <th scope="col" className={`${headerCell} sticky left-0 z-10 bg-surface`}>
              {t('triage.columns.patient')}
            </th>
            {columns.map((c) => (
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
  );
}

function Row({ row, timeZone }: { row: TriageRow; timeZone: string }) {
  const { t, i18n } = useTranslation('doctor');
  const language = i18n.resolvedLanguage ?? 'fr';
  const glucose = sharedValue(row.glucose);
  const alerts = sharedValue(row.alerts);
  // undefined: not shared; null: shared but never measured.
  const hba1c = row.hba1c && 'notShared' in row.hba1c ? undefined : row.hba1c;
  const urgent = (alerts?.urgent ?? 0) > 0;
  const pct = (x: number | null | undefined) => (x === null || x === undefined ? '—' : `${formatNumber(x, language, 1)} %`);
  const glucoseCell = (content: string) => (glucose ? content : <NotShared />);
  return (
    <tr className="border-t border-line" data-testid="triage-row" data-patient-id={row.patientId}>
      <th scope="row" className={`${cell} sticky left-0 z-10 bg-canvas font-medium`}>
        <Link to={`/doctor/patients/${encodeURIComponent(row.patientId)}`} className="inline-flex min-h-11 items-center gap-1 underline underline-offset-2">
          {urgent ? <CircleAlert aria-hidden="true" className="size-4 text-red-700 dark:text-red-300" /> : null}
          {patientName(row)}
        </Link>
      </th>
      <td className={cell}>
        {glucose ? (
          glucose.lastReadingAt ? (
            <time dateTime={glucose.lastReadingAt}>{formatDateTime(glucose.lastReadingAt, language, timeZone)}</time>
          ) : (
            t('triage.noReading')
          )
        ) : (
          <NotShared />
        )}
      </td>
      <td className={cell}>{glucoseCell(pct(glucose?.inRange))}</td>
      <td className={`${cell} ${glucose && (glucose.belowRange ?? 0) > 4 ? 'font-semibold text-red-700 dark:text-red-300' : ''}`}>{glucoseCell(pct(glucose?.belowRange))}</td>
      <td className={cell}>{glucoseCell(glucose?.gmi === null || glucose?.gmi === undefined ? '—' : `${formatNumber(glucose.gmi, language, 1)} %`)}</td>
      <td className={cell}>{glucoseCell(pct(glucose?.cv))}</td>
      <td className={cell}>
        {alerts ? (
          <span className={urgent ? 'font-semibold text-red-700 dark:text-red-300' : ''}>
            {formatNumber(alerts.open, language)}
            {urgent ? ` · ${t('triage.urgent', { count: alerts.urgent })}` : ''}
          </span>
        ) : (
          <NotShared />
        )}
      </td>
      <td className={cell}>
        {hba1c === undefined ? (
          <NotShared />
        ) : hba1c === null ? (
          t('triage.noHba1c')
        ) : (
          <>
            {formatNumber(hba1c.percent, language, 1)} %
            <span className="block text-xs text-muted">
              <time dateTime={hba1c.measuredAt}>{new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: timeZone }).format(new Date(hba1c.measuredAt))}</time>
            </span>
          </>
        )}
      </td>
      <td className={cell}>
        {glucose ? (
          <>
            <span className={glucose.sufficient ? '' : 'font-semibold text-amber-800 dark:text-amber-200'}>{t(glucose.sufficient ? 'triage.sufficient' : 'triage.insufficient')}</span>
            <span className="block text-xs text-muted">{t('triage.sufficiencyHint', { days: glucose.daysWithData, active: formatNumber(glucose.activePercent, language, 0) })}</span>
          </>
        ) : (
          <NotShared />
        )}
      </td>
    </tr>
  );
}
