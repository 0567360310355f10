import { useQuery } from '@tanstack/react-query';
import { ArrowDown, ArrowDownRight, ArrowRight, ArrowUp, ArrowUpRight, Info, PlusCircle } from 'lucide-react';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getGlucoseSeries, getSummary, listMeasurements } from '@glucosuivi/domain/measurements/measurements.contract';
import type { Summary } from '@glucosuivi/domain/measurements/measurements.schemas';
import { decodeGlucoseSeries } from '@glucosuivi/domain/measurements/series-encoding';
import { seriesColumns } from '@glucosuivi/domain/glucose/series';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { AgpChart } from '@/components/charts/AgpChart';
import { DailyOverlayChart, overlayByDay } from '@/components/charts/DailyOverlayChart';
import { GlucoseChart } from '@/components/charts/GlucoseChart';
import { formatDateTime, formatGlucoseValue, formatNumber, glucoseTrend, type Trend } from '@/components/charts/glucose-display';
import { healthKeys, useGlucoseSettings } from '@/components/charts/health-queries';
import { TimeInRangeBar } from '@/components/charts/TimeInRangeBar';
import { buttonClasses } from '@/components/ui/button-styles';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/errors';
import { bandTargets, DEFAULT_PERIOD, isEmptyAccount, seriesWindow, type PeriodDays } from './health-view';
import { PeriodPicker } from './PeriodPicker';
import { RecentEntries } from './RecentEntries';
import { TrendCards } from './TrendCards';

const TREND_ICONS: Record<Trend, typeof ArrowUp> = {
  rising_fast: ArrowUp,
  rising: ArrowUpRight,
  stable: ArrowRight,
  falling: ArrowDownRight,
  falling_fast: ArrowDown,
};

export function Card({ id, title, children, className = '' }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={`${id}-title`} className={`rounded-2xl border border-line bg-canvas p-4 sm:p-5 ${className}`}>
      <h2 id={`${id}-title`} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Metric({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl bg-surface p-3">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="text-xl font-bold tabular-nums">{value}</dd>
      {hint ? <dd className="text-xs text-muted">{hint}</dd> : null}
    </div>
  );
}

/** /patient-dashboard, /dashboard, /health-dashboard: the glucose picture of a period. */
export function DashboardPage() {
  const { t, i18n } = useTranslation('health');
  const language = i18n.resolvedLanguage ?? 'fr';
  useDocumentTitle(t('title'));
  const [days, setDays] = useState<PeriodDays>(DEFAULT_PERIOD);
  const settings = useGlucoseSettings();
  const summary = useQuery({
    queryKey: [...healthKeys.measurements, 'summary', days],
    queryFn: ({ signal }) => apiCall(getSummary, { query: { days }, signal }),
  });
  const span = useMemo(() => seriesWindow(days, Date.now()), [days]);
  const series = useQuery({
    queryKey: [...healthKeys.measurements, 'series', span.from, span.to],
    queryFn: ({ signal }) => apiCall(getGlucoseSeries, { query: span, signal }),
  });

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
    <Page title={t('title')} actions={<PeriodPicker value={days} onChange={setDays} />}>
      <div className="grid gap-4 lg:grid-cols-2">
        <LastGlucose summary={data} unit={unit} timeZone={timeZone} series={series.data} />
        <MetricsCard summary={data} unit={unit} language={language} />
      </div>
      <Card id="tir" title={t('tir.title')}>
        {data.glucose.metrics ? (
          <TimeInRangeBar bands={data.glucose.metrics.bands} range={data.targets.range} unit={unit} targets={bandTargets(data.glucose.targetChecks)} />
        ) : (
          <p className="text-muted">{t('noGlucoseInPeriod')}</p>
        )}
      </Card>
      <ChartsSection summary={data} unit={unit} timeZone={timeZone} language={language} series={series} span={span} />
      <div className="grid gap-4 lg:grid-cols-2">
        <TrendCards summary={data} unit={unit} timeZone={timeZone} />
        <RecentEntries unit={unit} timeZone={timeZone} />
      </div>
    </Page>
  );
}

function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('health');
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
      {children}
    </div>
  );
}

export type SeriesAnswer = Awaited<ReturnType<typeof apiCall<typeof getGlucoseSeries>>>;

export function LastGlucose({ summary, unit, timeZone, series }: { summary: Summary; unit: GlucoseUnit; timeZone: string; series: SeriesAnswer | undefined }) {
  const { t, i18n } = useTranslation('health');
  const language = i18n.resolvedLanguage ?? 'fr';
  const last = summary.latest.glucose;
  const trend = useMemo(() => {
    if (!series) return null;
    const { t: ts, v } = seriesColumns(decodeGlucoseSeries(series.series));
    return glucoseTrend(ts, v);
  }, [series]);
  const Icon = trend ? TREND_ICONS[trend] : null;
  return (
    <Card id="last" title={t('last.title')}>
      {last ? (
        <div className="flex items-center gap-4">
          <p className="text-4xl font-bold tabular-nums" data-testid="last-glucose">
            {formatGlucoseValue(last.valueMgdl, unit, language)} <span className="text-lg font-semibold">{unit}</span>
          </p>
          {Icon && trend ? (
            <span className="inline-flex items-center gap-1 text-sm">
              <Icon aria-hidden="true" className="size-7" />
              {t(`trend.${trend}`)}
            </span>
          ) : null}
          <p className="text-sm text-muted">
            <time dateTime={last.measuredAt}>{formatDateTime(last.measuredAt, language, timeZone)}</time>
            {last.context ? <span className="block">{t(`measurements:contexts.${last.context}`)}</span> : null}
          </p>
        </div>
      ) : (
        <p className="text-muted">{t('last.none')}</p>
      )}
    </Card>
  );
}

export function MetricsCard({ summary, unit, language }: { summary: Summary; unit: GlucoseUnit; language: string }) {
  const { t } = useTranslation('health');
  const m = summary.glucose.metrics;
  const basis = summary.glucose.basis;
  const cvTarget = summary.targets.cvMaxPercent;
  return (
    <Card id="metrics" title={t('metrics.title')}>
      {m ? (
        <>
          <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            <Metric label={t('metrics.mean')} value={`${formatGlucoseValue(m.mean, unit, language)} ${unit}`} />
            <Metric label={t('metrics.gmi')} value={`${formatNumber(m.gmi, language, 1)} %`} hint={t('metrics.gmiHint')} />
            <Metric
              label={t('metrics.cv')}
              value={m.cv === null ? '—' : `${formatNumber(m.cv, language, 1)} %`}
              hint={cvTarget === null ? undefined : t('metrics.cvTarget', { limit: cvTarget })}
            />
            <Metric label={t('metrics.gri')} value={`${formatNumber(m.gri, language, 0)}`} hint={t('metrics.griZone', { zone: m.griZone })} />
            {basis === 'cgm' ? <Metric label={t('metrics.active')} value={`${formatNumber(m.activePercent, language, 0)} %`} /> : null}
            <Metric label={t('metrics.readings')} value={formatNumber(summary.glucose.readings, language, 0)} hint={t('metrics.days', { count: Math.round(m.daysOfData) })} />
          </dl>
          {!m.sufficiency.sufficient ? (
            <p className="mt-3 flex gap-2 rounded-lg border border-amber-700 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50" data-testid="sufficiency">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {basis === 'cgm' ? t('sufficiency.cgm') : t('sufficiency.meter')}
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-muted">{t('noGlucoseInPeriod')}</p>
      )}
    </Card>
  );
}

export function ChartsSection({
  summary,
  unit,
  timeZone,
  language,
  series,
  span,
  withContexts = true,
}: {
  summary: Summary;
  unit: GlucoseUnit;
  timeZone: string;
  language: string;
  series: { data?: SeriesAnswer; isPending: boolean; isError: boolean; error: unknown };
  span: { from: string; to: string };
  /** Meal contexts come from the reader's own records: off when a professional reads a patient. */
  withContexts?: boolean;
}) {
  const { t } = useTranslation('health');
  const columns = useMemo(() => (series.data ? seriesColumns(decodeGlucoseSeries(series.data.series)) : null), [series.data]);
  const contexts = useQuery({
    queryKey: [...healthKeys.measurements, 'list', 'glucose', span.from, span.to],
    queryFn: ({ signal }) => apiCall(listMeasurements, { query: { kind: 'glucose', from: span.from, to: span.to, limit: 500 }, signal }),
    enabled: withContexts,
  });
  const contextAt = useMemo(() => {
    const map = new Map<number, string>();
    for (const r of contexts.data?.items ?? []) if (r.kind === 'glucose' && r.context) map.set(Date.parse(r.measuredAt), r.context);
    return map;
  }, [contexts.data]);
  const detailAt = useCallback(
    (at: number) => {
      // The chart works in whole seconds (series encoding); a reading may carry milliseconds.
      for (const [time, context] of contextAt) if (Math.abs(time - at) < 1000) return t(`measurements:contexts.${context}`);
      return null;
    },
    [contextAt, t],
  );
  const overlay = useMemo(() => (columns ? overlayByDay(columns.t, columns.v, timeZone) : null), [columns, timeZone]);
  const summaryText = useMemo(() => {
    if (!columns) return '';
    let n = 0;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    let minAt = 0;
    for (let i = 0; i < columns.v.length; i++) {
      const x = columns.v[i] as number;
      if (x !== x) continue;
      n++;
      if (x < min) {
        min = x;
        minAt = columns.t[i] as number;
      }
      if (x > max) max = x;
    }
    if (n === 0) return t('chart.emptySummary');
    return t('chart.summary', {
      count: n,
      min: formatGlucoseValue(min, unit, language),
      max: formatGlucoseValue(max, unit, language),
      minAt: formatDateTime(minAt, language, timeZone),
      unit,
      low: formatGlucoseValue(summary.targets.range.lowBelow, unit, language),
      high: formatGlucoseValue(summary.targets.range.highAbove, unit, language),
    });
  }, [columns, unit, language, timeZone, summary.targets.range, t]);
  const dateLabel = useCallback(
    (iso: string) => new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`)),
    [language],
  );
  const percentileLabel = useCallback((p: number) => t('agp.percentile', { p }), [t]);

  return (
    <>
      <Card id="chart" title={t('chart.title')}>
        {series.isPending ? (
          <p role="status">{t('loading')}</p>
        ) : series.isError || !columns ? (
          <p role="alert">{errorMessage(series.error, t)}</p>
        ) : (
          <>
            <GlucoseChart
              t={columns.t}
              v={columns.v}
              from={Date.parse(span.from)}
              to={Date.parse(span.to)}
              unit={unit}
              range={summary.targets.range}
              timeZone={timeZone}
              language={language}
              label={t('chart.label', { count: summary.period.days })}
              describedBy="chart-summary"
              detailAt={detailAt}
            />
            <p id="chart-summary" className="mt-2 text-sm text-muted" data-testid="chart-summary">
              {summaryText}
            </p>
            <p className="text-xs text-muted">{t('chart.keyboard')}</p>
          </>
        )}
      </Card>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card id="agp" title={t('agp.title')}>
          {summary.glucose.agp ? (
            <>
              <AgpChart
                agp={summary.glucose.agp}
                unit={unit}
                range={summary.targets.range}
                language={language}
                label={t('agp.label')}
                describedBy="agp-text"
                percentileLabel={percentileLabel}
              />
              <p id="agp-text" className="mt-2 text-sm text-muted">
                {t('agp.text')}
              </p>
            </>
          ) : (
            <p className="text-muted">{t('agp.needsCgm')}</p>
          )}
        </Card>
        <Card id="overlay" title={t('overlay.title')}>
          {overlay && overlay.dates.length > 0 ? (
            <>
              <DailyOverlayChart
                overlay={overlay}
                unit={unit}
                range={summary.targets.range}
                language={language}
                label={t('overlay.label', { count: overlay.dates.length })}
                describedBy="overlay-text"
                dateLabel={dateLabel}
              />
              <p id="overlay-text" className="mt-2 text-sm text-muted">
                {t('overlay.text', { count: overlay.dates.length })}
              </p>
            </>
          ) : (
            <p className="text-muted">{t('noGlucoseInPeriod')}</p>
          )}
        </Card>
      </div>
    </>
  );
}
