import { useCallback, useMemo } from 'react';
import type uPlot from 'uplot';
import type { GlucoseRange } from '@glucosuivi/domain/glucose/bands';
import { getZoneOffsetResolver, localDayNumber, dayNumberToIsoDate } from '@glucosuivi/domain/glucose/timezone';
import { formatGlucose, type GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { formatNumber, glucoseDecimals, minuteOfDay } from './glucose-display';
import { clockLabel, dayAxis, valueAxis } from './AgpChart';
import { axisColors } from './GlucoseChart';

import { UPlotChart } from './UPlotChart';

export const OVERLAY_MAX_DAYS = 14;
const BIN = 5;

export interface DayOverlay {
  /** Local dates, oldest first (at most OVERLAY_MAX_DAYS, the most recent ones). */
  dates: string[];
  /** Minute of day of each bin (0, 5, … 1435). */
  x: number[];
  /** One column per date: mg/dL of the reading in each 5-minute bin, or null. */
  columns: (number | null)[][];
}

/** Cuts a series into local days (patient's zone) on a common 5-minute time-of-day axis. */
export function overlayByDay(t: ArrayLike<number>, v: ArrayLike<number>, timeZone: string, maxDays = OVERLAY_MAX_DAYS): DayOverlay {
  const offsetOf = getZoneOffsetResolver(timeZone);
  const days = new Map<number, (number | null)[]>();
  const bins = 1440 / BIN;
  for (let i = 0; i < t.length; i++) {
    const x = v[i] as number;
    if (x !== x) continue;
    const ti = t[i] as number;
    const day = localDayNumber(offsetOf, ti);
    let col = days.get(day);
    if (!col) {
      col = new Array<number | null>(bins).fill(null);
      days.set(day, col);
    }
    const b = Math.floor(minuteOfDay(ti, offsetOf) / BIN);
    const previous = col[b];
    // Two readings in one bin: keep the lower one, a low must never disappear.
    col[b] = previous == null ? x : Math.min(previous, x);
  }
  const kept = [...days.keys()].sort((a, b) => a - b).slice(-maxDays);
  return {
    dates: kept.map(dayNumberToIsoDate),
    x: Array.from({ length: bins }, (_, i) => i * BIN),
    columns: kept.map((d) => days.get(d) as (number | null)[]),
  };
}

const PALETTE = ['#0b5cad', '#b45309', '#15803d', '#7c3aed', '#be123c', '#0e7490', '#4d7c0f', '#9333ea', '#c2410c', '#1d4ed8', '#a16207', '#047857', '#db2777', '#475569'];

interface DailyOverlayChartProps {
  overlay: DayOverlay;
  unit: GlucoseUnit;
  range: GlucoseRange;
  language: string;
  label: string;
  describedBy?: string;
  dateLabel: (isoDate: string) => string;
}

/** Each day of the period drawn over the same 24 hours, to see repeating patterns. */
export function DailyOverlayChart({ overlay, unit, range, language, label, describedBy, dateLabel }: DailyOverlayChartProps) {
  const decimals = glucoseDecimals(unit);
  const sparse = overlay.columns.every((c) => c.filter((x) => x !== null).length < 60);
  const data = useMemo<uPlot.AlignedData>(
    () => [overlay.x, ...overlay.columns.map((c) => c.map((x) => (x === null ? null : formatGlucose(x, unit))))],
    [overlay, unit],
  );
  const options = useCallback(
    (width: number): uPlot.Options => {
      const colors = axisColors();
      const low = formatGlucose(range.lowBelow, unit);
      const high = formatGlucose(range.highAbove, unit);
      return {
        width,
        height: 260,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: { x: { time: false, range: [0, 1440] }, y: { range: [formatGlucose(40, unit), formatGlucose(350, unit)] } },
        series: [
          {},
          ...overlay.dates.map((date, i) => ({
            label: date,
            stroke: PALETTE[i % PALETTE.length],
            width: 1.5,
            spanGaps: false,
            points: { show: sparse, size: 6, fill: PALETTE[i % PALETTE.length] },
          })),
        ],
        axes: [dayAxis(colors), valueAxis(colors, language, decimals)],
        hooks: {
          drawClear: [
            (u: uPlot) => {
              const { ctx, bbox } = u;
              const yTop = u.valToPos(high, 'y', true);
              const yBottom = u.valToPos(low, 'y', true);
              ctx.save();
              ctx.fillStyle = 'rgba(21, 128, 61, 0.12)';
              ctx.fillRect(bbox.left, yTop, bbox.width, yBottom - yTop);
              ctx.restore();
            },
          ],
        },
      };
    },
    [overlay, unit, range, language, decimals, sparse],
  );
  const tooltip = useCallback(
    (u: uPlot, idx: number) => {
      const x = u.data[0][idx];
      if (x === undefined) return null;
      const lines = overlay.dates
        .map((date, i) => ({ date, y: u.data[i + 1]?.[idx] }))
        .filter((l): l is { date: string; y: number } => l.y != null);
      if (lines.length === 0) return null;
      return (
        <>
          <span className="block font-semibold">{clockLabel(x)}</span>
          {lines.map((l) => (
            <span key={l.date} className="block">
              {dateLabel(l.date)} : {formatNumber(l.y, language, decimals)} {unit}
            </span>
          ))}
        </>
      );
    },
    [overlay, language, decimals, unit, dateLabel],
  );
  // The arrow keys walk through the bins that hold any reading.
  const firstSeries = Math.max(1, overlay.columns.findIndex((c) => c.some((x) => x !== null)) + 1);
  return <UPlotChart options={options} data={data} label={label} describedBy={describedBy} tooltip={tooltip} keyboardSeries={firstSeries} />;
}
