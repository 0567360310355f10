import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { GlucoseRange } from '@glucosuivi/domain/glucose/bands';
import { computeDailyDistribution, type DailyDistribution } from '@glucosuivi/domain/glucose/daily-distribution';
import type { ColumnSeries } from '@glucosuivi/domain/glucose/series';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import type { Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import { DailySummaryChart, dayNumberLabel } from '@/components/charts/DailySummaryChart';
import { GlucoseChart, type HighlightWindow } from '@/components/charts/GlucoseChart';
import { formatDateTime, formatGlucoseValue } from '@/components/charts/glucose-display';
import { Segmented } from '@/components/charts/Segmented';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { Skeleton } from '@/components/ui/Skeleton';
import { errorMessage } from '@/lib/errors';
import { Card } from './Card';
import { periodDays, shiftZoom, sliceColumns, zoomDays, zoomInstants, type DailyZoom } from './daily-zoom';

/** Spans shaded on the glucose chart, what the text alternative says about them, and how to remove them. */
export interface ChartHighlight {
  windows: readonly HighlightWindow[];
  description: string;
  clearLabel: string;
  onClear: () => void;
}

/** The focusable glucose chart, for a page that moves the focus to it. */
export const GLUCOSE_CHART_ID = 'glucose-chart';
const DAILY_CHART_ID = 'daily-summary-chart';

/** From this many days the card opens on the daily summary: the raw curve of a month is a wall of lines. */
export const DAILY_SUMMARY_FROM_DAYS = 30;

type View = 'days' | 'curve';

interface ChartContext {
  summary: Summary;
  unit: GlucoseUnit;
  timeZone: string;
  language: string;
}

interface GlucoseChartCardProps extends ChartContext {
  columns: ColumnSeries | null;
  status: { isPending: boolean; isError: boolean; error: unknown };
  span: { from: string; to: string };
  detailAt: (t: number) => string | null;
  highlight?: ChartHighlight | null;
}

/**
 * The glucose chart card: the raw curve of the period, or — from 30 days — a summary per day by
 * default, with a switch to the raw curve and a zoom into one day or week. Shaded nights (advice)
 * show on the raw curve of the whole period, so they force it.
 */
export function GlucoseChartCard({ columns, status, span, detailAt, highlight, ...context }: GlucoseChartCardProps) {
  const { t } = useTranslation('dashboard');
  const { summary, timeZone } = context;
  const [view, setView] = useState<View>('days');
  const [zoom, setZoom] = useState<DailyZoom | null>(null);
  const focusNext = useRef<string | null>(null);
  const long = summary.period.days >= DAILY_SUMMARY_FROM_DAYS;
  const daily = long && !highlight && view === 'days';
  const distribution = useMemo(
    () => (daily && columns ? computeDailyDistribution(columns, { timeZone, range: summary.targets.range }) : null),
    [daily, columns, timeZone, summary.targets.range],
  );

  // After a zoom in or out the chart that had the focus is gone: the new one takes it.
  useEffect(() => {
    if (focusNext.current === null) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  }, [zoom]);
  // Opening a day or going back moves the focus to the new chart; the span and the
  // previous/next buttons keep it where it is, so they can be pressed again.
  const zoomTo = (next: DailyZoom | null) => {
    focusNext.current = next ? GLUCOSE_CHART_ID : DAILY_CHART_ID;
    setZoom(next);
  };

  let body;
  if (status.isPending) body = <Skeleton className="h-64" />;
  else if (status.isError || !columns) body = <p role="alert">{errorMessage(status.error, t)}</p>;
  else if (distribution && zoom) body = <ZoomedCurve context={context} columns={columns} zoom={zoom} onZoom={setZoom} onBack={() => zoomTo(null)} detailAt={detailAt} />;
  else if (distribution) body = <DailySummary context={context} distribution={distribution} onChooseDay={(day) => zoomTo({ anchor: day, span: 'day' })} />;
  else body = <WholeCurve context={context} columns={columns} span={span} detailAt={detailAt} highlight={highlight} />;

  return (
    <Card id="chart" title={t('chart.title')}>
      {long && !highlight ? (
        <div className="mb-3 max-w-sm">
          <Segmented<View>
            name="glucose-chart-view"
            legend={t('dailyChart.views')}
            hideLegend
            value={view}
            options={[
              { value: 'days', label: t('dailyChart.viewDays') },
              { value: 'curve', label: t('dailyChart.viewCurve') },
            ]}
            onChange={(next) => {
              setView(next);
              setZoom(null);
            }}
          />
        </div>
      ) : null}
      {body}
    </Card>
  );
}

/** The raw curve of the whole period, with its shaded spans if any. */
function WholeCurve({
  context: { summary, unit, timeZone, language },
  columns,
  span,
  detailAt,
  highlight,
}: {
  context: ChartContext;
  columns: ColumnSeries;
  span: { from: string; to: string };
  detailAt: (t: number) => string | null;
  highlight?: ChartHighlight | null;
}) {
  const { t } = useTranslation('dashboard');
  const summaryText = useMemo(() => curveSummaryText(columns, summary.targets.range, unit, language, timeZone, t), [columns, summary.targets.range, unit, language, timeZone, t]);
  return (
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
  );
}

/** The period day by day, and a way to open one day without pointing at the canvas. */
function DailySummary({
  context: { summary, unit, language },
  distribution,
  onChooseDay,
}: {
  context: ChartContext;
  distribution: DailyDistribution;
  onChooseDay: (day: number) => void;
}) {
  const { t } = useTranslation('dashboard');
  const days = distribution.day;
  const [chosen, setChosen] = useState(String(days[days.length - 1] ?? ''));
  const daysWithLows = distribution.lowCount.filter((n) => n > 0).length;
  const range = summary.targets.range;
  const text = [
    t('dailyChart.summary', { count: days.length }),
    t('dailyChart.daysWithLows', { count: daysWithLows }),
    t('dailyChart.target', { low: formatGlucoseValue(range.lowBelow, unit, language), high: formatGlucoseValue(range.highAbove, unit, language), glucoseUnit: unit }),
  ].join(' ');
  const options = days.map((day, i) => {
    const values = { date: dayNumberLabel(day, language), median: formatGlucoseValue(distribution.median[i] as number, unit, language), glucoseUnit: unit };
    const lows = distribution.lowCount[i] as number;
    return { value: String(day), label: lows > 0 ? t('dailyChart.dayOptionLows', { ...values, count: lows }) : t('dailyChart.dayOption', values) };
  });
  if (days.length === 0)
    return (
      <p id="chart-summary" data-testid="chart-summary">
        {t('chart.emptySummary')}
      </p>
    );
  return (
    <>
      <DailySummaryChart
        distribution={distribution}
        unit={unit}
        range={range}
        language={language}
        label={t('dailyChart.label', { count: summary.period.days })}
        describedBy="chart-summary"
        id={DAILY_CHART_ID}
        onChooseDay={(i) => onChooseDay(days[i] as number)}
      />
      <p id="chart-summary" className="mt-2 text-sm text-muted" data-testid="chart-summary">
        {text}
      </p>
      <p className="text-xs text-muted">{t('dailyChart.keyboard')}</p>
      <form
        className="mt-3 flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onChooseDay(Number(chosen));
        }}
      >
        <Select label={t('dailyChart.chooseDay')} value={chosen} options={options} onChange={setChosen} className="flex-wrap" />
        <Button type="submit" variant="secondary">
          {t('dailyChart.showDay')}
        </Button>
      </form>
    </>
  );
}

/** The raw curve of one day or week of the period, with the way back and to its neighbours. */
function ZoomedCurve({
  context: { summary, unit, timeZone, language },
  columns,
  zoom,
  onZoom,
  onBack,
  detailAt,
}: {
  context: ChartContext;
  columns: ColumnSeries;
  zoom: DailyZoom;
  onZoom: (zoom: DailyZoom) => void;
  onBack: () => void;
  detailAt: (t: number) => string | null;
}) {
  const { t } = useTranslation('dashboard');
  const { from, to } = zoomInstants(zoom, timeZone);
  const { start, end } = zoomDays(zoom);
  const period = periodDays(summary.period.from, summary.period.to, timeZone);
  const slice = useMemo(() => sliceColumns(columns, from, to), [columns, from, to]);
  const details = useMemo(() => curveSummaryText(slice, summary.targets.range, unit, language, timeZone, t), [slice, summary.targets.range, unit, language, timeZone, t]);
  const dates = { date: dayNumberLabel(start, language), from: dayNumberLabel(start, language), to: dayNumberLabel(end - 1, language) };
  const week = zoom.span === 'week';
  return (
    <>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={onBack}>
          {t('dailyChart.back', { count: summary.period.days })}
        </Button>
        <Segmented<DailyZoom['span']>
          name="glucose-chart-span"
          legend={t('dailyChart.span')}
          hideLegend
          value={zoom.span}
          options={[
            { value: 'day', label: t('dailyChart.spanDay') },
            { value: 'week', label: t('dailyChart.spanWeek') },
          ]}
          onChange={(span) => onZoom({ anchor: zoom.anchor, span })}
        />
        <Button variant="ghost" disabled={start <= period.first} onClick={() => onZoom(shiftZoom(zoom, -1))}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          {t(week ? 'dailyChart.previousWeek' : 'dailyChart.previousDay')}
        </Button>
        <Button variant="ghost" disabled={end > period.last} onClick={() => onZoom(shiftZoom(zoom, 1))}>
          {t(week ? 'dailyChart.nextWeek' : 'dailyChart.nextDay')}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <GlucoseChart
        t={slice.t}
        v={slice.v}
        from={from}
        to={to}
        unit={unit}
        range={summary.targets.range}
        timeZone={timeZone}
        language={language}
        label={t(week ? 'dailyChart.weekLabel' : 'dailyChart.dayLabel', dates)}
        describedBy="chart-summary"
        detailAt={detailAt}
        chartId={GLUCOSE_CHART_ID}
      />
      <p id="chart-summary" className="mt-2 text-sm text-muted" data-testid="chart-summary" aria-live="polite">
        {t(week ? 'dailyChart.weekSummary' : 'dailyChart.daySummary', { ...dates, details })}
      </p>
      <p className="text-xs text-muted">{t('chart.keyboard')}</p>
    </>
  );
}

/** The raw curve's text alternative: how many readings, the lowest (and when) and the highest, against the target range. */
function curveSummaryText(columns: ColumnSeries, range: GlucoseRange, unit: GlucoseUnit, language: string, timeZone: string, t: TFunction): string {
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
    low: formatGlucoseValue(range.lowBelow, unit, language),
    high: formatGlucoseValue(range.highAbove, unit, language),
  });
}
