import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { generateCgmDays } from '@glucosuivi/domain/demo/cgm-generator';
import { STANDARD_RANGE } from '@glucosuivi/domain/glucose/bands';
import { GlucoseChart } from '../../apps/web/src/components/charts/GlucoseChart';
import { chartPoints } from '../../apps/web/src/components/charts/glucose-display';

/**
 * Runs in Chromium (bench/chart-draw.ts). One run = mount the dashboard's GlucoseChart with
 * 90 days of 5-minute readings and wait for uPlot's draw hook: it covers the React render, the
 * app's min-max decimation, the unit conversion, uPlot's setup, axes and the canvas drawing.
 */
const DAYS = 90;
const END = Date.UTC(2026, 10, 1);

interface RunResult {
  points: number;
  drawnPoints: number;
  samplesMs: number[];
  decimateMs: number[];
}

const STEP = 5 * 60_000;
const SLOTS = (DAYS * 1440) / 5;

/**
 * The demo generator's 90 days, with its sensor gaps filled by linear interpolation: every one
 * of the 25,920 slots holds a reading, the most the chart can be given for 90 days.
 */
function fullSeries(): { t: number[]; v: number[] } {
  const generated = generateCgmDays({ seed: 7, days: DAYS, endAt: END, profile: 'average' });
  const start = END - (SLOTS - 1) * STEP;
  const bySlot = new Map<number, number>();
  generated.t.forEach((t, i) => bySlot.set(Math.round((t - start) / STEP), generated.v[i]!));
  const t: number[] = [];
  const v: number[] = [];
  let previous = -1;
  for (let slot = 0; slot < SLOTS; slot++) {
    t.push(start + slot * STEP);
    const value = bySlot.get(slot);
    if (value === undefined) {
      v.push(NaN);
      continue;
    }
    v.push(value);
    for (let gap = previous + 1; gap < slot; gap++) {
      const from = previous < 0 ? value : v[previous]!;
      v[gap] = from + ((value - from) * (gap - previous)) / (slot - previous);
    }
    previous = slot;
  }
  for (let gap = previous + 1; gap < SLOTS; gap++) v[gap] = v[previous]!;
  return { t, v };
}

async function run(options: { runs: number; warmup: number; width: number }): Promise<RunResult> {
  const series = fullSeries();
  const range = STANDARD_RANGE;
  const host = document.getElementById('chart')!;
  host.style.width = `${options.width}px`;
  const samplesMs: number[] = [];
  const decimateMs: number[] = [];
  for (let i = 0; i < options.warmup + options.runs; i++) {
    // Fresh arrays each run, as after a new API answer: nothing memoised survives.
    const t = Float64Array.from(series.t);
    const v = Float64Array.from(series.v);
    const el = document.createElement('div');
    host.replaceChildren(el);
    const root = createRoot(el);
    const drawn = new Promise<number>((resolve) => (window.__chartDrawn = resolve));
    const start = performance.now();
    flushSync(() =>
      root.render(
        createElement(GlucoseChart, {
          t,
          v,
          from: END - DAYS * 86_400_000,
          to: END,
          unit: 'mg/dL',
          range,
          timeZone: 'Europe/Paris',
          language: 'fr',
          label: 'Glycémie',
        }),
      ),
    );
    const end = await drawn;
    if (i >= options.warmup) samplesMs.push(end - start);
    const d0 = performance.now();
    chartPoints(t, v, 1200);
    if (i >= options.warmup) decimateMs.push(performance.now() - d0);
    // The last chart stays on the page, for a look at what was drawn.
    if (i === options.warmup + options.runs - 1) break;
    root.unmount();
    // Let the browser paint and collect between runs, as between two user actions.
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  const drawnPoints = chartPoints(series.t, series.v, 1200).t.length;
  return { points: series.t.length, drawnPoints, samplesMs, decimateMs };
}

declare global {
  interface Window {
    runChartBench?: typeof run;
  }
}
window.runChartBench = run;
