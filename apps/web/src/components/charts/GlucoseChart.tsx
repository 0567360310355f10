import { useCallback, useMemo } from 'react';
import uPlot from 'uplot';
import type { GlucoseRange } from '@glucosuivi/domain/glucose/bands';
import { formatGlucose, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { chartPoints, formatDateTime, formatNumber, glucoseDecimals, timeAxisLabels } from './glucose-display';
import { themeColor, UPlotChart } from './UPlotChart';

export interface GlucoseChartProps {
  /** Epoch ms, ascending. */
  t: ArrayLike<number>;
  /** mg/dL; NaN = gap. */
  v: ArrayLike<number>;
  from: number;
  to: number;
  unit: GlucoseUnit;
  range: GlucoseRange;
  timeZone: string;
  language: string;
  label: string;
  describedBy?: string;
  /** Extra line of the tooltip for a reading at this instant (its meal context). */
  detailAt?: (t: number) => string | null;
  /** Spans to shade behind the trace (e.g. the nights of an advice finding); say so in the text alternative. */
  highlights?: readonly HighlightWindow[];
  /** Id of the focusable chart, so a page can move the focus to it. */
  chartId?: string;
}

/** An instant span, epoch ms; start = end for a single reading. */
export interface HighlightWindow {
  start: number;
  end: number;
}

/** A highlighted span is never thinner than this, so a short episode on a 90-day chart still shows. */
const MIN_HIGHLIGHT_PX = 8;

/** The highlighted spans that fall inside the chart's window. */
export function visibleHighlights(highlights: readonly HighlightWindow[] | undefined, from: number, to: number): HighlightWindow[] {
  return (highlights ?? []).filter((w) => w.end >= from && w.start <= to);
}

/** Shades each highlighted span across the plot's height, edged on both sides, behind the trace. */
function highlightHook(windows: readonly HighlightWindow[]) {
  return (u: uPlot) => {
    const { ctx, bbox } = u;
    ctx.save();
    for (const w of windows) {
      let left = u.valToPos(w.start, 'x', true);
      let right = u.valToPos(w.end, 'x', true);
      const minWidth = MIN_HIGHLIGHT_PX * uPlot.pxRatio;
      if (right - left < minWidth) {
        const middle = (left + right) / 2;
        left = middle - minWidth / 2;
        right = middle + minWidth / 2;
      }
      left = Math.max(bbox.left, left);
      right = Math.min(bbox.left + bbox.width, right);
      if (right <= left) continue;
      ctx.fillStyle = 'rgba(109, 40, 217, 0.22)';
      ctx.fillRect(left, bbox.top, right - left, bbox.height);
      ctx.strokeStyle = 'rgba(109, 40, 217, 0.9)';
      ctx.lineWidth = uPlot.pxRatio;
      ctx.strokeRect(left, bbox.top, right - left, bbox.height);
    }
    ctx.restore();
  };
}

/** Draws the target range (in range band) behind the series, with its two limits. */
export function targetBandHook(low: number, high: number) {
  return (u: uPlot) => {
    const { ctx, bbox } = u;
    const yTop = u.valToPos(high, 'y', true);
    const yBottom = u.valToPos(low, 'y', true);
    ctx.save();
    ctx.fillStyle = 'rgba(21, 128, 61, 0.14)';
    ctx.fillRect(bbox.left, yTop, bbox.width, yBottom - yTop);
    ctx.strokeStyle = 'rgba(21, 128, 61, 0.8)';
    ctx.lineWidth = 1;
    ctx.setLineDash([6, 4]);
    for (const y of [yTop, yBottom]) {
      ctx.beginPath();
      ctx.moveTo(bbox.left, y);
      ctx.lineTo(bbox.left + bbox.width, y);
      ctx.stroke();
    }
    ctx.restore();
  };
}

export function axisColors() {
  return { fg: themeColor('--gs-fg', '#0f172a'), grid: themeColor('--gs-line', '#cbd5e1'), primary: themeColor('--gs-primary', '#0b5cad') };
}

/** Glucose over time on a canvas: min/max decimated (every low kept), target range drawn. */
export function GlucoseChart({ t, v, from, to, unit, range, timeZone, language, label, describedBy, detailAt, highlights, chartId }: GlucoseChartProps) {
  const decimals = glucoseDecimals(unit);
  const data = useMemo<uPlot.AlignedData>(() => {
    // Two points per pixel of a wide screen is plenty; the chart redraws on resize anyway.
    const points = chartPoints(t, v, 1200);
    const ys = Array.from(points.v, (x) => (x === x ? formatGlucose(x, unit) : null));
    return [Array.from(points.t), ys];
  }, [t, v, unit]);
  const shaded = useMemo(() => visibleHighlights(highlights, from, to), [highlights, from, to]);

  const options = useCallback(
    (width: number): uPlot.Options => {
      const colors = axisColors();
      const low = formatGlucose(range.lowBelow, unit);
      const high = formatGlucose(range.highAbove, unit);
      const ys = data[1] as (number | null)[];
      let max = formatGlucose(300, unit);
      let min = formatGlucose(40, unit);
      for (const y of ys) {
        if (y === null) continue;
        if (y > max) max = y;
        if (y < min) min = y;
      }
      return {
        width,
        height: 260,
        ms: 1,
        tzDate: (ts: number) => uPlot.tzDate(new Date(ts), timeZone),
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { size: 10 } },
        scales: { x: { time: true, range: [from, to] }, y: { range: [min, max] } },
        series: [
          {},
          {
            label,
            stroke: colors.primary,
            width: 2,
            spanGaps: false,
            // Fingersticks are single points; a dense CGM trace is a line.
            points: { show: ys.length <= 400, size: 6, fill: colors.primary },
          },
        ],
        axes: [
          {
            stroke: colors.fg,
            grid: { stroke: colors.grid, width: 1 },
            ticks: { stroke: colors.grid },
            values: (_u, splits) => timeAxisLabels(splits, to - from, language, timeZone),
            // "12 sept." needs more room than uPlot's default 40 px between ticks.
            space: to - from > 2 * 86_400_000 ? 72 : 50,
          },
          {
            stroke: colors.fg,
            grid: { stroke: colors.grid, width: 1 },
            ticks: { stroke: colors.grid },
            size: 48,
            values: (_u, splits) => splits.map((s) => formatNumber(s, language, decimals)),
          },
        ],
        hooks: { drawClear: [targetBandHook(low, high), highlightHook(shaded)] },
      };
    },
    [data, from, to, unit, range, timeZone, language, label, decimals, shaded],
  );

  const tooltip = useCallback(
    (u: uPlot, idx: number) => {
      const x = u.data[0][idx];
      const y = u.data[1]?.[idx];
      if (x === undefined || y === null || y === undefined) return null;
      const detail = detailAt?.(x) ?? null;
      return (
        <>
          <span className="block font-semibold">
            {formatNumber(y, language, decimals)} {unit}
          </span>
          <span className="block">{formatDateTime(x, language, timeZone)}</span>
          {detail ? <span className="block">{detail}</span> : null}
        </>
      );
    },
    [language, decimals, unit, timeZone, detailAt],
  );

  return <UPlotChart options={options} data={data} label={label} describedBy={describedBy} tooltip={tooltip} id={chartId} highlighted={shaded.length} />;
}
