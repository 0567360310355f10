import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { listMeasurements } from '@glucosuivi/domain/measurements/measurements.contract';
import type { Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import { decodeGlucoseSeries } from '@glucosuivi/domain/measurements/series-encoding';
import { seriesColumns } from '@glucosuivi/domain/glucose/series';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { AgpChart } from '@/components/charts/AgpChart';
import { DailyOverlayChart, overlayByDay } from '@/components/charts/DailyOverlayChart';
import { apiCall } from '@/lib/api-client';
import { BROWSER_ONLY } from '@/lib/query-client';
import { patientDataKeys } from '@/lib/queries/patient-data';
import { Skeleton } from '@/components/ui/Skeleton';
import { Card } from './Card';
import { GlucoseChartCard, type ChartHighlight } from './GlucoseChartCard';
import type { SeriesAnswer } from './LastGlucose';

export { GLUCOSE_CHART_ID, type ChartHighlight } from './GlucoseChartCard';

export function ChartsSection({
  summary,
  unit,
  timeZone,
  language,
  series,
  span,
  withContexts = true,
  highlight,
  afterCurve,
}: {
  summary: Summary;
  unit: GlucoseUnit;
  timeZone: string;
  language: string;
  series: { data?: SeriesAnswer; isPending: boolean; isError: boolean; error: unknown };
  span: { from: string; to: string };
  /** Meal contexts come from the reader's own records: off when a professional reads a patient. */
  withContexts?: boolean;
  highlight?: ChartHighlight | null;
  /** What is read right after the curve, before the AGP (the dashboards put the period's indicators there). */
  afterCurve?: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const columns = useMemo(() => (series.data ? seriesColumns(decodeGlucoseSeries(series.data.series)) : null), [series.data]);
  const detailAt = useReadingContexts(span, withContexts);
  const overlay = useMemo(() => (columns ? overlayByDay(columns.t, columns.v, timeZone) : null), [columns, timeZone]);
  const dateLabel = useCallback(
    (iso: string) => new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`)),
    [language],
  );
  const percentileLabel = useCallback((p: number) => t('agp.percentile', { p }), [t]);

  return (
    <>
      {/* Another period opens on its default view, not on a day of the previous one. */}
      <GlucoseChartCard
        key={summary.period.days}
        summary={summary}
        unit={unit}
        timeZone={timeZone}
        language={language}
        columns={columns}
        status={series}
        span={span}
        detailAt={detailAt}
        highlight={highlight}
      />
      {afterCurve}
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
          {series.isPending ? (
            <Skeleton className="h-48" />
          ) : overlay && overlay.dates.length > 0 ? (
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

/** The meal context of the reading under the chart's cursor, looked up in the reader's own records. */
function useReadingContexts(span: { from: string; to: string }, withContexts: boolean) {
  const { t } = useTranslation('dashboard');
  const contexts = useQuery({
    queryKey: [...patientDataKeys.measurements, 'list', 'glucose', span.from, span.to],
    queryFn: ({ signal }) => apiCall(listMeasurements, { query: { kind: 'glucose', from: span.from, to: span.to, limit: 500 }, signal }),
    enabled: withContexts,
    meta: BROWSER_ONLY,
  });
  const contextAt = useMemo(() => {
    const map = new Map<number, string>();
    for (const r of contexts.data?.items ?? []) if (r.kind === 'glucose' && r.context) map.set(Date.parse(r.measuredAt), r.context);
    return map;
  }, [contexts.data]);
  return useCallback(
    (at: number) => {
      // The chart works in whole seconds (series encoding); a reading may carry milliseconds.
      for (const [time, context] of contextAt) if (Math.abs(time - at) < 1000) return t(`measurements:contexts.${context}`);
      return null;
    },
    [contextAt, t],
  );
}
