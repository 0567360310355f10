import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FileSpreadsheet, UserPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { exportDepartmentCsv, getDepartment } from '@glucosuivi/domain/department/department.contract';
import { DEPARTMENT_DAYS, NO_DATA_DAYS, type Department, type DepartmentDays } from '@glucosuivi/domain/department/department.schemas';
import { STANDARD_RANGE } from '@glucosuivi/domain/glucose/bands';
import { formatGlucoseNumber } from '@glucosuivi/domain/glucose/units';
import { PATIENTS_TOPIC } from '@glucosuivi/domain/realtime/realtime.schemas';
import { Segmented } from '@/components/charts/Segmented';
import { formatNumber } from '@/components/charts/glucose-display';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/errors';
import { useGlucoseSettings } from '@/lib/queries/patient-data';
import { professionalKeys } from '@/lib/queries/query-keys';
import { useRealtimeTopic } from '@/lib/realtime/RealtimeProvider';
import { DepartmentTable } from './DepartmentTable';
import { DistributionChart } from './DistributionChart';

/** The CSV of a period, its column names in the reader's language (the session cookie authenticates the download). */
export function csvHref(days: DepartmentDays, language: string): string {
  return `${exportDepartmentCsv.path}?${new URLSearchParams({ days: String(days), lang: language })}`;
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-3 py-4 sm:px-4 sm:py-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {children}
    </div>
  );
}

/**
 * /department-tracking: the professional's linked patients as a population over 14, 30 or 90
 * days. Every figure comes from the triage list's rows (the server's one computation), so a
 * patient's numbers here are the ones the list shows.
 */
export function DepartmentTrackingPage() {
  const { t, i18n } = useTranslation('department');
  useDocumentTitle(t('title'));
  // A reading, an alert or a link of any followed patient refreshes the view.
  useRealtimeTopic(PATIENTS_TOPIC);
  const [days, setDays] = useState<DepartmentDays>(14);
  const query = useQuery({
    queryKey: professionalKeys.department(days),
    queryFn: ({ signal }) => apiCall(getDepartment, { query: { days }, signal }),
    placeholderData: keepPreviousData,
  });

  if (query.isPending) {
    return (
      <Page title={t('title')}>
        <LoadingScreen variant="doctor" />
      </Page>
    );
  }
  if (query.isError) {
    return (
      <Page title={t('title')}>
        <p role="alert" className="rounded-lg border border-line bg-surface p-4">
          {errorMessage(query.error, t)}
        </p>
      </Page>
    );
  }
  const data = query.data;
  if (data.summary.patients === 0) {
    return (
      <Page title={t('title')}>
        <EmptyState />
      </Page>
    );
  }
  const language = i18n.resolvedLanguage ?? 'fr';
  return (
    <Page title={t('title')}>
      <Intro days={data.period.days} />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Segmented
          name="department-days"
          legend={t('period')}
          value={String(days) as `${DepartmentDays}`}
          options={DEPARTMENT_DAYS.map((d) => ({ value: String(d) as `${DepartmentDays}`, label: t('days', { count: d }) }))}
          onChange={(value) => setDays(Number(value) as DepartmentDays)}
        />
        <a href={csvHref(days, language)} className={buttonClasses('secondary')} data-button download>
          <FileSpreadsheet aria-hidden="true" className="size-4" />
          {t('csv')}
        </a>
      </div>
      <SummaryCards department={data} />
      <section aria-labelledby="department-distributions" className="flex flex-col gap-3">
        <h2 id="department-distributions" className="text-xl font-semibold">
          {t('distributions.title')}
        </h2>
        <div className="grid gap-3 lg:grid-cols-3">
          <DistributionChart kind="tir" distribution={data.summary.tir} />
          <DistributionChart kind="tbr" distribution={data.summary.tbr} />
          <DistributionChart kind="gmi" distribution={data.summary.gmi} />
        </div>
      </section>
      <DepartmentTable rows={data.items} days={data.period.days} />
    </Page>
  );
}

/** Over which days, on which range, and how each patient is counted. */
function Intro({ days }: { days: number }) {
  const { t, i18n } = useTranslation('department');
  const { unit } = useGlucoseSettings();
  const language = i18n.resolvedLanguage ?? 'fr';
  const glucose = (mgdl: number) => formatGlucoseNumber(mgdl, unit, language);
  return (
    <p className="max-w-prose text-muted">{t('intro', { days, low: glucose(STANDARD_RANGE.lowBelow), high: glucose(STANDARD_RANGE.highAbove), unit })}</p>
  );
}

const CARD_CATEGORIES = ['on_target', 'hypo_risk', 'above_target', 'insufficient_data', 'not_shared'] as const;

function SummaryCards({ department }: { department: Department }) {
  const { t, i18n } = useTranslation('department');
  const language = i18n.resolvedLanguage ?? 'fr';
  const { summary } = department;
  const n = (value: number) => formatNumber(value, language);
  const card = 'flex min-w-0 flex-col gap-1 rounded-2xl border border-line bg-canvas p-3 sm:p-4';
  return (
    <section aria-labelledby="department-summary">
      <h2 id="department-summary" className="sr-only">
        {t('summary.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="department-summary">
        <div className={card} data-testid="summary-patients">
          <dt className="font-medium">{t('summary.patients')}</dt>
          <dd className="text-3xl font-bold tabular-nums">{n(summary.patients)}</dd>
          <dd className="text-sm text-muted">{t('summary.glucoseShared', { count: summary.glucoseShared })}</dd>
        </div>
        {CARD_CATEGORIES.map((category) => (
          <div key={category} className={card} data-testid={`summary-${category}`}>
            <dt className="font-medium">{t(`categories.${category}.label`)}</dt>
            <dd className="text-3xl font-bold tabular-nums">{n(summary.categories[category])}</dd>
            <dd className="text-sm text-muted">{t(`categories.${category}.rule`)}</dd>
          </div>
        ))}
        <div className={`${card} col-span-2`} data-testid="summary-no-data">
          <dt className="font-medium">{t('summary.noData')}</dt>
          <dd>
            <ul className="flex flex-wrap gap-x-6 gap-y-1">
              {NO_DATA_DAYS.map((d) => (
                <li key={d} data-testid={`no-data-${d}`}>
                  <span className="text-2xl font-bold tabular-nums">{n(summary.noData[`days${d}`])}</span> <span className="text-sm">{t('summary.noDataFor', { count: d })}</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
    </section>
  );
}

function EmptyState() {
  const { t } = useTranslation('department');
  return (
    <section aria-labelledby="department-empty-title" className="rounded-2xl border border-line bg-surface p-6 text-center">
      <UserPlus aria-hidden="true" className="mx-auto mb-3 size-10 text-primary" />
      <h2 id="department-empty-title" className="text-xl font-semibold">
        {t('empty.title')}
      </h2>
      <p className="mx-auto mt-2 max-w-prose">{t('empty.text')}</p>
      <div className="mt-4 flex justify-center">
        <Link to="/patient-invitations" className={buttonClasses('primary')} data-button>
          {t('empty.action')}
        </Link>
      </div>
    </section>
  );
}
