// The bench bundler resolves 'uplot' to the real package here, and to this file everywhere else.
import uPlot from 'uplot';

/**
 * The real uPlot with one `draw` hook added that reports when the canvas is drawn. The bench
 * bundle resolves the app's `import uPlot from 'uplot'` here, so the chart component runs
 * unchanged and the clock stops at the end of uPlot's own draw.
 */
declare global {
  interface Window {
    __chartDrawn?: (at: number) => void;
  }
}

function TimedUPlot(opts: uPlot.Options, data: uPlot.AlignedData, target?: HTMLElement): uPlot {
  const hooks = opts.hooks ?? {};
  const withTimer: uPlot.Options = {
    ...opts,
    hooks: { ...hooks, draw: [...(hooks.draw ?? []), () => window.__chartDrawn?.(performance.now())] },
  };
  return new uPlot(withTimer, data, target);
}
// Statics (uPlot.tzDate, uPlot.paths…) come from the real constructor.
Object.setPrototypeOf(TimedUPlot, uPlot);
TimedUPlot.prototype = uPlot.prototype;

export default TimedUPlot as unknown as typeof uPlot;
