import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PlusCircle } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getGlucoseSeries, getSummary } from '@glucosuivi/domain/measurements/measurements.contract';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { AdviceCard } from '@/components/advice/AdviceCard';
import { advicePeriodFor } from '@/components/advice/advice-view';
import { usePatientAdvice } from '@/components/advice/use-advice';
import { useChartNights } from '@/components/advice/use-chart-nights';
import { ChartsSection } from '@/components/glucose-dashboard/ChartsSection';
import { DEFAULT_PERIOD, isEmptyAccount, seriesWindow, type PeriodDays } from '@/components/glucose-dashboard/dashboard-view';
import { GlucoseOverview } from '@/components/glucose-dashboard/GlucoseOverview';
import { MetricsCard } from '@/components/glucose-dashboard/MetricsCard';
import { PeriodCaption, PeriodPicker } from '@/components/glucose-dashboard/PeriodPicker';
import { TrendCards } from '@/components/glucose-dashboard/TrendCards';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/errors';
import { PendingEntries } from '@/lib/offline/PendingEntries';
import { BROWSER_ONLY } from '@/lib/query-client';
import { patientDataKeys, useGlucoseSettings } from '@/lib/queries/patient-data';
import { renderNow } from '@/lib/render-clock';
import { RecentEntries } from './RecentEntries';

/** /patient-dashboard, /dashboard, /health-dashboard: the glucose picture of a period. */
export function DashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'fr';
  useDocumentTitle(t('title'));
  const [days, setDays] = useState<PeriodDays>(DEFAULT_PERIOD);
  const settings = useGlucoseSettings();
  const summary = useQuery({
    queryKey: [...patientDataKeys.measurements, 'summary', days],
    queryFn: ({ signal }) => apiCall(getSummary, { query: { days }, signal }),
    // Changing the period keeps the page, and the focus on the period chosen with the keyboard,
    // while the new figures load (marked busy below), instead of swapping in the loading screen.
    placeholderData: keepPreviousData,
  });
  // The chart starts where the summary's period starts (one rule for both), so both count the
  // same readings; it ends a little after now so a reading entered meanwhile shows.
  const periodFrom = summary.data?.period.from;
  const span = useMemo(() => (periodFrom ? { from: periodFrom, to: seriesWindow(days, renderNow()).to } : null), [days, periodFrom]);
  const series = useQuery({
    queryKey: [...patientDataKeys.measurements, 'series', span?.from, span?.to],
    queryFn: ({ signal }) => apiCall(getGlucoseSeries, { query: span ?? seriesWindow(days, renderNow()), signal }),
    enabled: span !== null,
    meta: BROWSER_ONLY,
  });
  const advicePeriod = advicePeriodFor(days);
  const advice = usePatientAdvice(advicePeriod);
  const nights = useChartNights({ advice: advice.data, period: advicePeriod, days, setDays, chartReady: series.data !== undefined });

  if (summary.isPending || settings.isPending) {
    return (
      <Page title={t('title')}>
        <LoadingScreen variant="dashboard" />
      </Page>
    );
  }
  if (summary.isError) {
    return (
      <Page title={t('title')}>
        <p role="alert" className="rounded-lg border border-line bg-surface p-4">
          {errorMessage(summary.error, t)}
        </p>
      </Page>
    );
  }
  const data = summary.data;
  // The summary knows the unit too; the settings query is the one a change refreshes first.
  const unit: GlucoseUnit = settings.unit;
  const timeZone = settings.timeZone;

  if (isEmptyAccount(data)) {
    return (
      <Page title={t('title')}>
        <section aria-labelledby="empty-title" className="rounded-2xl border border-line bg-surface p-6 text-center">
          <PlusCircle aria-hidden="true" className="mx-auto mb-3 size-10 text-primary" />
          <h2 id="empty-title" className="text-xl font-semibold">
            {t('empty.title')}
          </h2>
          <p className="mx-auto mt-2 max-w-prose">{t('empty.text')}</p>
          <Link to="/new-measurement" className={buttonClasses('primary', 'mt-4')} data-button>
            {t('empty.action')}
          </Link>
          <p className="mx-auto mt-4 max-w-prose text-sm text-muted">{t('empty.cgm')}</p>
        </section>
      </Page>
    );
  }

  return (
    <Page
      title={t('title')}
      actions={
        <div className="flex flex-col gap-1">
          <PeriodPicker value={days} onChange={nights.changePeriod} />
          <PeriodCaption period={data.period} />
        </div>
      }
    >
      <div className="flex flex-col gap-4 transition-opacity aria-busy:opacity-60" aria-busy={summary.isPlaceholderData} data-testid="period-figures">
        <GlucoseOverview summary={data} unit={unit} timeZone={timeZone} series={series.data} />
        <ChartsSection
          summary={data}
          unit={unit}
          timeZone={timeZone}
          language={language}
          series={series}
          span={span ?? seriesWindow(days, renderNow())}
          highlight={nights.chartHighlight}
          afterCurve={<MetricsCard summary={data} unit={unit} language={language} />}
        />
        {/* The advice explains the charts above it: read after them, as the standard reports do. */}
        <AdviceCard advice={advice} days={advicePeriod} unit={unit} reader="patient" nights={nights.nights} />
        <div className="grid gap-4 lg:grid-cols-2">
          <TrendCards summary={data} unit={unit} timeZone={timeZone} />
          <RecentEntries unit={unit} timeZone={timeZone} />
        </div>
      </div>
    </Page>
  );
}

function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-3 py-6 sm:px-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        <Link to="/new-measurement" className={buttonClasses('primary')} data-button>
          <PlusCircle aria-hidden="true" className="size-4" />
          {t('actions.newMeasurement')}
        </Link>
      </div>
      {actions}
      <PendingEntries />
      {children}
    </div>
  );
}
