import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import type { GlucoseRange } from '@glucosuivi/domain/glucose/bands';
import { formatGlucose, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { formatNumber, glucoseDecimals } from './glucose-display';
import { axisColors } from './GlucoseChart';
import { UPlotChart } from './UPlotChart';

export interface AgpData {
  minuteOfDay: number[];
  p5: (number | null)[];
  p25: (number | null)[];
  p50: (number | null)[];
  p75: (number | null)[];
  p95: (number | null)[];
}

/** "07:30" from minutes after midnight. */
export function clockLabel(minutes: number): string {
  const m = ((Math.round(minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

function drawTarget(low: number, high: number) {
  return (u: uPlot) => {
    const { ctx, bbox } = u;
    const yTop = u.valToPos(high, 'y', true);
    const yBottom = u.valToPos(low, 'y', true);
    ctx.save();
    ctx.strokeStyle = 'rgba(21, 128, 61, 0.9)';
    ctx.lineWidth = 2;
    for (const y of [yTop, yBottom]) {
      ctx.beginPath();
      ctx.moveTo(bbox.left, y);
      ctx.lineTo(bbox.left + bbox.width, y);
      ctx.stroke();
    }
    ctx.restore();
  };
}

export const dayAxis = (colors: ReturnType<typeof axisColors>): uPlot.Axis => ({
  stroke: colors.fg,
  grid: { stroke: colors.grid, width: 1 },
  ticks: { stroke: colors.grid },
  // Every 3 hours, or every 6 on a phone so the labels never overlap.
  splits: (u) => (u.width < 480 ? [0, 360, 720, 1080, 1440] : [0, 180, 360, 540, 720, 900, 1080, 1260, 1440]),
  values: (_u, splits) => splits.map((s) => clockLabel(s)),
});

export const valueAxis = (colors: ReturnType<typeof axisColors>, language: string, decimals: number): uPlot.Axis => ({
  stroke: colors.fg,
  grid: { stroke: colors.grid, width: 1 },
  ticks: { stroke: colors.grid },
  size: 48,
  values: (_u, splits) => splits.map((s) => formatNumber(s, language, decimals)),
});

interface AgpChartProps {
  agp: AgpData;
  unit: GlucoseUnit;
  range: GlucoseRange;
  language: string;
  label: string;
  describedBy?: string;
  /** Translated names of the five percentiles, for the tooltip. */
  percentileLabel: (p: 5 | 25 | 50 | 75 | 95) => string;
}

/** Ambulatory glucose profile: median, 25–75 % and 5–95 % bands by time of day. */
export function AgpChart({ agp, unit, range, language, label, describedBy, percentileLabel }: AgpChartProps) {
  const decimals = glucoseDecimals(unit);
  const data = useMemo<uPlot.AlignedData>(() => {
    const conv = (xs: (number | null)[]) => xs.map((x) => (x === null ? null : formatGlucose(x, unit)));
    return [agp.minuteOfDay, conv(agp.p5), conv(agp.p25), conv(agp.p50), conv(agp.p75), conv(agp.p95)];
  }, [agp, unit]);

  const options = useCallback(
    (width: number): uPlot.Options => {
      const colors = axisColors();
      const outer = 'rgba(11, 92, 173, 0.15)';
      const inner = 'rgba(11, 92, 173, 0.35)';
      return {
        width,
        height: 260,
        legend: { show: false },
        cursor: { drag: { x: false, y: false }, points: { size: 8 } },
        scales: { x: { time: false, range: [0, 1440] }, y: { range: [formatGlucose(40, unit), formatGlucose(350, unit)] } },
        series: [
          {},
          { stroke: outer, width: 1 },
          { stroke: inner, width: 1 },
          { stroke: colors.primary, width: 3 },
          { stroke: inner, width: 1 },
          { stroke: outer, width: 1 },
        ],
        bands: [
          { series: [5, 1], fill: outer },
          { series: [4, 2], fill: inner },
        ],
        axes: [dayAxis(colors), valueAxis(colors, language, decimals)],
        hooks: { drawClear: [drawTarget(formatGlucose(range.lowBelow, unit), formatGlucose(range.highAbove, unit))] },
      };
    },
    [unit, range, language, decimals],
  );

  const tooltip = useCallback(
    (u: uPlot, idx: number) => {
      const x = u.data[0][idx];
      if (x === undefined || u.data[3]?.[idx] == null) return null;
      const ps = [95, 75, 50, 25, 5] as const;
      const col = { 5: 1, 25: 2, 50: 3, 75: 4, 95: 5 } as const;
      return (
        <>
          <span className="block font-semibold">{clockLabel(x)}</span>
          {ps.map((p) => {
            const y = u.data[col[p]]?.[idx];
            return y == null ? null : (
              <span key={p} className="block">
                {percentileLabel(p)} : {formatNumber(y, language, decimals)} {unit}
              </span>
            );
          })}
        </>
      );
    },
    [language, decimals, unit, percentileLabel],
  );

  return <UPlotChart options={options} data={data} label={label} describedBy={describedBy} tooltip={tooltip} keyboardSeries={3} />;
}
