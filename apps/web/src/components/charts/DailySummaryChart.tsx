import { useCallback, useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import type { GlucoseRange } from '@glucosuivi/domain/glucose/bands';
import type { DailyDistribution } from '@glucosuivi/domain/glucose/daily-distribution';
import { DAY_MS } from '@glucosuivi/domain/glucose/timezone';
import { formatGlucose, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { valueAxis } from './AgpChart';
import { formatDay, formatGlucoseValue, glucoseDecimals, timeAxisLabels } from './glucose-display';
import { axisColors, targetBandHook } from './GlucoseChart';
import { BAND_COLORS, UPlotChart } from './UPlotChart';

interface DailySummaryChartProps {
  distribution: DailyDistribution;
  unit: GlucoseUnit;
  range: GlucoseRange;
  language: string;
  label: string;
  describedBy?: string;
  id?: string;
  /** A day was clicked, or Enter pressed on it: its index in `distribution`. */
  onChooseDay: (index: number) => void;
}

/**
 * The plotted points: one x per local day from the first to the last day with data, so a day
 * without readings leaves a gap instead of joining its neighbours; `entry` maps each x back to
 * the distribution (−1 for an empty day).
 */
export function dailySummaryPoints(distribution: DailyDistribution, unit: GlucoseUnit) {
  const days = distribution.day;
  const first = days[0] ?? 0;
  const count = days.length === 0 ? 0 : (days[days.length - 1] as number) - first + 1;
  const x = Array.from({ length: count }, (_, i) => first + i);
  const entry = new Array<number>(count).fill(-1);
  days.forEach((day, i) => (entry[day - first] = i));
  const column = (values: number[]) => entry.map((i) => (i < 0 ? null : formatGlucose(values[i] as number, unit)));
  const { p5, p25, median, p75, p95 } = distribution;
  const data: uPlot.AlignedData = [x, column(p5), column(p25), column(median), column(p75), column(p95)];
  return { data, entry };
}

/** "12 mars 2026" of a local day number (a calendar date: read in UTC, whatever the reader's zone). */
export function dayNumberLabel(day: number, language: string): string {
  return formatDay(day * DAY_MS + DAY_MS / 2, language, 'UTC');
}

/** A red triangle along the bottom under each day with a low reading, darker with a very low one. */
function lowMarkersHook(distribution: DailyDistribution) {
  return (u: uPlot) => {
    const { ctx, bbox } = u;
    const size = 5 * uPlot.pxRatio;
    const base = bbox.top + bbox.height - uPlot.pxRatio;
    ctx.save();
    distribution.day.forEach((day, i) => {
      if ((distribution.lowCount[i] as number) === 0) return;
      const x = u.valToPos(day, 'x', true);
      ctx.fillStyle = (distribution.veryLowCount[i] as number) > 0 ? BAND_COLORS.very_low : BAND_COLORS.low;
      ctx.beginPath();
      ctx.moveTo(x - size, base);
      ctx.lineTo(x + size, base);
      ctx.lineTo(x, base - 1.6 * size);
      ctx.closePath();
      ctx.fill();
    });
    ctx.restore();
  };
}

/**
 * Long periods day by day: the 5–95 % band, the darker 25–75 % band and the median of each local
 * day over the target range, days with lows marked at the bottom. Focusable: the arrow keys walk
 * the days (UPlotChart), Enter — or a click — opens the day under the cursor.
 */
export function DailySummaryChart({ distribution, unit, range, language, label, describedBy, id, onChooseDay }: DailySummaryChartProps) {
  const { t } = useTranslation('dashboard');
  const decimals = glucoseDecimals(unit);
  const { data, entry } = useMemo(() => dailySummaryPoints(distribution, unit), [distribution, unit]);
  // The day under uPlot's cursor (mouse or arrow keys), read when Enter or a click chooses it.
  const cursorDay = useRef<number | null>(null);

  const options = useCallback(
    (width: number): uPlot.Options => {
      const colors = axisColors();
      const outer = 'rgba(11, 92, 173, 0.15)';
      const inner = 'rgba(11, 92, 173, 0.35)';
      const xs = data[0];
      let min = formatGlucose(40, unit);
      let max = formatGlucose(300, unit);
      for (const y of data[1] as (number | null)[]) if (y !== null && y < min) min = y;
      for (const y of data[5] as (number | null)[]) if (y !== null && y > max) max = y;
      return {
        width,
        height: 260,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { size: 8 } },
        scales: { x: { time: false, range: [(xs[0] ?? 0) - 0.5, (xs[xs.length - 1] ?? 0) + 0.5] }, y: { range: [min, max] } },
        series: [
          {},
          { stroke: outer, width: 1, spanGaps: false },
          { stroke: inner, width: 1, spanGaps: false },
          // Points too, so a day alone between two empty days still shows.
          { stroke: colors.primary, width: 2, spanGaps: false, points: { show: true, size: 5, fill: colors.primary } },
          { stroke: inner, width: 1, spanGaps: false },
          { stroke: outer, width: 1, spanGaps: false },
        ],
        bands: [
          { series: [5, 1], fill: outer },
          { series: [4, 2], fill: inner },
        ],
        axes: [
          {
            stroke: colors.fg,
            grid: { stroke: colors.grid, width: 1 },
            ticks: { stroke: colors.grid },
            // Whole days only, spaced so "12 sept." labels never overlap; weekly ticks on Mondays
            // (day 4 since 1970-01-01, a Thursday).
            incrs: [1, 2, 7, 14, 28],
            space: 60,
            splits: (_u, _axis, min, max, incr) => {
              const phase = incr % 7 === 0 ? 4 : 0;
              const ticks: number[] = [];
              for (let day = Math.ceil((min - phase) / incr) * incr + phase; day <= max; day += incr) ticks.push(day);
              return ticks;
            },
            values: (_u, splits) => timeAxisLabels(splits.map((day) => day * DAY_MS + DAY_MS / 2), Infinity, language, 'UTC'),
          },
          valueAxis(colors, language, decimals),
        ],
        hooks: {
          drawClear: [targetBandHook(formatGlucose(range.lowBelow, unit), formatGlucose(range.highAbove, unit))],
          draw: [lowMarkersHook(distribution)],
          setCursor: [
            (u: uPlot) => {
              const idx = u.cursor.idx;
              const over = u.cursor.left !== undefined && u.cursor.left >= 0;
              cursorDay.current = over && idx !== null && idx !== undefined && (entry[idx] ?? -1) >= 0 ? (entry[idx] as number) : null;
            },
          ],
        },
      };
    },
    [data, entry, distribution, unit, range, language, decimals],
  );

  const tooltip = useCallback(
    (_u: uPlot, idx: number) => {
      const i = entry[idx] ?? -1;
      if (i < 0) return null;
      const value = (mgdl: number[]) => formatGlucoseValue(mgdl[i] as number, unit, language);
      const d = distribution;
      const lows = d.lowCount[i] as number;
      const veryLows = d.veryLowCount[i] as number;
      return (
        <>
          <span className="block font-semibold">{dayNumberLabel(d.day[i] as number, language)}</span>
          <span className="block">{t('dailyChart.median', { value: value(d.median), glucoseUnit: unit })}</span>
          <span className="block">{t('dailyChart.inner', { from: value(d.p25), to: value(d.p75), glucoseUnit: unit })}</span>
          <span className="block">{t('dailyChart.outer', { from: value(d.p5), to: value(d.p95), glucoseUnit: unit })}</span>
          <span className="block">{t('dailyChart.readings', { count: d.n[i] as number })}</span>
          {lows > 0 ? (
            <span className="block font-semibold">
              {t('dailyChart.lows', { count: lows })}
              {veryLows > 0 ? ` (${t('dailyChart.veryLows', { count: veryLows })})` : ''}
            </span>
          ) : null}
        </>
      );
    },
    [entry, distribution, unit, language, t],
  );

  const choose = () => {
    if (cursorDay.current !== null) onChooseDay(cursorDay.current);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || cursorDay.current === null) return;
    event.preventDefault();
    choose();
  };

  return (
    // The focusable chart inside handles the arrows; Enter and clicks bubble up to here.
    <div onKeyDown={onKeyDown} onClick={choose} className="cursor-pointer">
      <UPlotChart options={options} data={data} label={label} describedBy={describedBy} tooltip={tooltip} keyboardSeries={3} id={id} />
    </div>
  );
}
