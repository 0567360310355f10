import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Reads a colour of the theme (CSS custom property) for drawing on the canvas. */
export function themeColor(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

/** Fixed band colours (same hues as the time-in-range bar). */
export const BAND_COLORS = {
  very_low: '#b91c1c',
  low: '#ef4444',
  in_range: '#15803d',
  high: '#f59e0b',
  very_high: '#b45309',
} as const;

interface UPlotChartProps {
  /** Options for a given width; called again when the width or the inputs change. */
  options: (width: number) => uPlot.Options;
  data: uPlot.AlignedData;
  /** Accessible name of the chart (the canvas is an image for assistive technologies). */
  label: string;
  /** Id of the element holding the text summary. */
  describedBy?: string;
  height?: number;
  /** Text shown for the point under the cursor (hover, or arrow keys when focused). */
  tooltip?: (u: uPlot, idx: number) => ReactNode;
  /** Series whose points the arrow keys walk through. */
  keyboardSeries?: number;
  id?: string;
  /** How many spans the options shade (the canvas cannot be inspected: tests and tools read this). */
  highlighted?: number;
}

/**
 * uPlot on a canvas, sized to its container. Focusable: the arrow keys move the cursor from
 * point to point (Home/End to the ends) and the tooltip says what is there.
 */
export function UPlotChart({ options, data, label, describedBy, height = 260, tooltip, keyboardSeries = 1, id, highlighted = 0 }: UPlotChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const [width, setWidth] = useState(0);
  const [cursor, setCursor] = useState<{ idx: number; left: number; top: number } | null>(null);

  useEffect(() => {
    const el = containerRef.current;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const w = Math.floor(entries[0]?.contentRect.width ?? 0);
      setWidth((previous) => (Math.abs(previous - w) > 2 ? w : previous));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const el = containerRef.current;
    if (!el || width <= 0) return;
    const opts = options(width);
    const hooks = opts.hooks ?? {};
    opts.hooks = {
      ...hooks,
      setCursor: [
        ...(hooks.setCursor ?? []),
        (u: uPlot) => {
          const idx = u.cursor.idx;
          if (idx === null || idx === undefined || u.cursor.left === undefined || u.cursor.left < 0) setCursor(null);
          else setCursor({ idx, left: u.cursor.left, top: u.cursor.top ?? 0 });
        },
      ],
    };
    const plot = new uPlot({ ...opts, width, height }, data, el);
    plotRef.current = plot;
    return () => {
      plot.destroy();
      plotRef.current = null;
      setCursor(null);
    };
  }, [options, data, width, height]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const u = plotRef.current;
    if (!u) return;
    const xs = u.data[0];
    const ys = u.data[keyboardSeries] as (number | null | undefined)[] | undefined;
    if (!xs || !ys || xs.length === 0) return;
    const present = (i: number) => ys[i] !== null && ys[i] !== undefined && !Number.isNaN(ys[i]);
    let idx = cursor?.idx ?? -1;
    const move = (dir: 1 | -1, from: number) => {
      for (let i = from + dir; i >= 0 && i < xs.length; i += dir) if (present(i)) return i;
      return from;
    };
    if (event.key === 'ArrowRight') idx = move(1, idx < 0 ? -1 : idx);
    else if (event.key === 'ArrowLeft') idx = move(-1, idx < 0 ? xs.length : idx);
    else if (event.key === 'Home') idx = move(1, -1);
    else if (event.key === 'End') idx = move(-1, xs.length);
    else if (event.key === 'Escape') {
      u.setCursor({ left: -10, top: -10 });
      setCursor(null);
      return;
    } else return;
    event.preventDefault();
    if (idx < 0 || idx >= xs.length || !present(idx)) return;
    const left = u.valToPos(xs[idx] as number, 'x');
    const top = u.valToPos(ys[idx] as number, u.series[keyboardSeries]?.scale ?? 'y');
    u.setCursor({ left, top });
  };

  const plot = plotRef.current;
  const tip = cursor && plot && tooltip ? tooltip(plot, cursor.idx) : null;
  return (
    <div className="relative">
      <div
        ref={containerRef}
        id={id}
        data-highlighted={highlighted > 0 ? highlighted : undefined}
        role="img"
        aria-label={label}
        aria-describedby={describedBy}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onBlur={() => setCursor(null)}
        className="w-full overflow-hidden rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-focus"
        style={{ minHeight: height }}
      />
      {tip ? (
        <div
          className="pointer-events-none absolute z-10 max-w-[14rem] rounded-md border border-line bg-canvas px-2 py-1 text-xs shadow-md"
          style={{
            left: Math.min(Math.max(0, cursor!.left + (plot?.bbox.left ?? 0) / devicePixelRatio - 40), Math.max(0, width - 160)),
            top: Math.max(0, cursor!.top + (plot?.bbox.top ?? 0) / devicePixelRatio + 14),
          }}
        >
          {tip}
        </div>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {tip ? tip : ''}
      </p>
    </div>
  );
}
