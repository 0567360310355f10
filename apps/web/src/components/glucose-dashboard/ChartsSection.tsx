import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { listMeasurements } from '@glucosuivi/domain/measurements/measurements.contract';
import type { Summary } from '@glucosuivi/domain/measurements/measurements.schemas';
import { decodeGlucoseSeries } from '@glucosuivi/domain/measurements/series-encoding';
import { seriesColumns } from '@glucosuivi/domain/glucose/series';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { AgpChart } from '@/components/charts/AgpChart';
import { DailyOverlayChart, overlayByDay } from '@/components/charts/DailyOverlayChart';
import { GlucoseChart, type HighlightWindow } from '@/components/charts/GlucoseChart';
import { formatDateTime, formatGlucoseValue } from '@/components/charts/glucose-display';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { healthKeys } from '@/lib/queries/patient-data';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { Card } from './Card';
import type { SeriesAnswer } from './LastGlucose';

/** Spans shaded on the glucose chart, what the text alternative says about them, and how to remove them. */
export interface ChartHighlight {
  windows: readonly HighlightWindow[];
  description: string;
  clearLabel: string;
  onClear: () => void;
}

/** The focusable glucose chart, for a page that moves the focus to it. */
export const GLUCOSE_CHART_ID = 'glucose-chart';

export function ChartsSection({
  summary,
  unit,
  timeZone,
  language,
  series,
  span,
  withContexts = true,
  highlight,
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
}) {
  const { t } = useTranslation('health');
  const columns = useMemo(() => (series.data ? seriesColumns(decodeGlucoseSeries(series.data.series)) : null), [series.data]);
  const detailAt = useReadingContexts(span, withContexts);
  const overlay = useMemo(() => (columns ? overlayByDay(columns.t, columns.v, timeZone) : null), [columns, timeZone]);
  const summaryText = useChartSummaryText(columns, summary, unit, language, timeZone);
  const dateLabel = useCallback(
    (iso: string) => new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`)),
    [language],
  );
  const percentileLabel = useCallback((p: number) => t('agp.percentile', { p }), [t]);

  return (
    <>
      <Card id="chart" title={t('chart.title')}>
        {series.isPending ? (
          <Skeleton className="h-64" />
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
              highlights={highlight?.windows}
              chartId={GLUCOSE_CHART_ID}
            />
            <p id="chart-summary" className="mt-2 text-sm text-muted" data-testid="chart-summary">
              {highlight ? `${summaryText} ${highlight.description}` : summaryText}
            </p>
            {highlight ? (
              <Button variant="secondary" className="my-2" onClick={highlight.onClear}>
                {highlight.clearLabel}
              </Button>
            ) : null}
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
  const { t } = useTranslation('health');
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
  return useCallback(
    (at: number) => {
      // The chart works in whole seconds (series encoding); a reading may carry milliseconds.
      for (const [time, context] of contextAt) if (Math.abs(time - at) < 1000) return t(`measurements:contexts.${context}`);
      return null;
    },
    [contextAt, t],
  );
}

/** The chart's text alternative: how many readings, the lowest (and when) and the highest, against the target range. */
function useChartSummaryText(
  columns: ReturnType<typeof seriesColumns> | null,
  summary: Summary,
  unit: GlucoseUnit,
  language: string,
  timeZone: string,
) {
  const { t } = useTranslation('health');
  return useMemo(() => {
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
      glucoseUnit: unit,
      low: formatGlucoseValue(summary.targets.range.lowBelow, unit, language),
      high: formatGlucoseValue(summary.targets.range.highAbove, unit, language),
    });
  }, [columns, unit, language, timeZone, summary.targets.range, t]);
}
