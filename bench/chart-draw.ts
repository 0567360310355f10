// Chart draw of 90 days of 5-minute CGM (25,920 points) with the dashboard's GlucoseChart
// (React + the app's min-max decimation + uPlot on a canvas) in Debian's Chromium, headless.
// Run: npx tsx bench/chart-draw.ts [runs]   → bench/results/chart-draw.json
import { mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const runs = Number(process.argv[2] ?? 40);
const WARMUP = 5;
const GOAL_MS = 30;

// Bundled as the production build is (React in production mode, minified), with `uplot`
// resolved to the timed wrapper so the app's chart code itself is not touched.
const out = mkdtempSync(join(tmpdir(), 'chart-draw-'));
const timed = resolve(here, 'chart-draw/uplot-timed.ts');
await build({
  entryPoints: [resolve(here, 'chart-draw/entry.tsx')],
  bundle: true,
  minify: true,
  // A classic script: Chromium refuses module scripts from file://.
  format: 'iife',
  target: 'es2022',
  jsx: 'automatic',
  outdir: out,
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
  plugins: [
    {
      name: 'timed-uplot',
      setup(b) {
        b.onResolve({ filter: /^uplot$/ }, (args) => (args.importer === timed ? undefined : { path: timed }));
      },
    },
  ],
});
writeFileSync(
  join(out, 'index.html'),
  '<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="entry.css"></head>' +
    '<body style="margin:0"><div id="chart"></div><script src="entry.js"></script></body></html>',
);

// Same Chromium and flags as the journeys (e2e/playwright.config.ts).
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

interface RunResult {
  points: number;
  drawnPoints: number;
  samplesMs: number[];
  decimateMs: number[];
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => Number(sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1))]!.toFixed(2));
  return { runs: sorted.length, median: at(0.5), p95: at(0.95), min: at(0), max: at(1) };
}

const chromiumVersion = browser.version();
const loadBefore = loadavg();
const results: Record<string, unknown> = {};
try {
  for (const [name, width, viewport] of [
    ['desktop', 1200, { width: 1280, height: 800 }],
    ['phone', 360, { width: 390, height: 844 }],
  ] as const) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: name === 'phone' ? 3 : 1 });
    await page.goto(pathToFileURL(join(out, 'index.html')).href);
    await page.waitForFunction(() => typeof window.runChartBench === 'function');
    const result = (await page.evaluate(
      (options) => window.runChartBench!(options),
      { runs, warmup: WARMUP, width },
    )) as RunResult;
    results[name] = {
      chartWidthPx: width,
      deviceScaleFactor: name === 'phone' ? 3 : 1,
      points: result.points,
      drawnPoints: result.drawnPoints,
      drawMs: stats(result.samplesMs),
      decimationAloneMs: stats(result.decimateMs),
    };
    if (process.env.CHART_SCREENSHOT) await page.screenshot({ path: `${process.env.CHART_SCREENSHOT}-${name}.png` });
    await page.close();
  }
} finally {
  await browser.close();
  rmSync(out, { recursive: true, force: true });
}

const result = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version, chromium: chromiumVersion, loadAverage1mBefore: loadBefore[0], loadAverage1mAfter: loadavg()[0] },
  measures:
    'mount of GlucoseChart with fresh arrays until the end of uPlot draw hook (React render, decimation, unit conversion, uPlot setup, axes, canvas drawing); headless Chromium without GPU; warm-up runs excluded',
  goalMs: GOAL_MS,
  ...results,
};
mkdirSync(resolve(here, 'results'), { recursive: true });
writeFileSync(resolve(here, 'results/chart-draw.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
