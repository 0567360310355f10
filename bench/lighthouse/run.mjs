// Lighthouse (mobile, default simulated throttling) on the public entry pages of the production
// build, in Debian's Chromium. Starts the built server itself on a fresh embedded database and
// writes bench/results/lighthouse.json. Usage, from the project root after `npm run build`:
//   (cd bench/lighthouse && npm ci && node run.mjs [runs])
// Goals (issues 6 and 20): performance, accessibility, best practices and SEO 100 on / and /auth.
// LIGHTHOUSE_APP=<folder holding apps/server/dist and apps/web/dist> audits another build (a copy
// of an earlier one, for an A/B on the same machine); LIGHTHOUSE_OUT=<file> writes elsewhere.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir, loadavg, cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const server = join(resolve(process.env.LIGHTHOUSE_APP ?? root), 'apps/server/dist/main.js');
const out = resolve(process.env.LIGHTHOUSE_OUT ?? join(root, 'bench/results/lighthouse.json'));
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3300);
const origin = `http://127.0.0.1:${port}`;
const runs = Number(process.argv[2] ?? 3);
const pages = ['/', '/auth'];
const goals = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };

if (!existsSync(server)) {
  console.error(`lighthouse: ${server} is missing; run \`npm run build\` at the project root first`);
  process.exit(1);
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'glucosuivi-lighthouse-'));
  const child = spawn(process.execPath, [server], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
  });
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the server did not start within 60 s');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const { child, dataDir } = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const results = {};
let failed = false;
try {
  for (const path of pages) {
    const samples = [];
    for (let run = 0; run < runs; run += 1) {
      // Lighthouse sometimes loses the trace of a page load (NO_NAVSTART): that run is redone.
      let lhr;
      for (let attempt = 1; ; attempt += 1) {
        ({ lhr } = await lighthouse(`${origin}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' }));
        if (!lhr.runtimeError) break;
        if (attempt === 3) throw new Error(`lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
      // Every script of the load: the page only answers taps once they have all run.
      const scripts = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
      samples.push({
        // The host's load at the end of this run: simulated throttling scales observed CPU time.
        loadAverage1m: Number(loadavg()[0].toFixed(2)),
        scores: Object.fromEntries(Object.keys(goals).map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])),
        metrics: {
          firstContentfulPaintMs: Math.round(metric('first-contentful-paint')),
          largestContentfulPaintMs: Math.round(metric('largest-contentful-paint')),
          totalBlockingTimeMs: Math.round(metric('total-blocking-time')),
          cumulativeLayoutShift: Number(metric('cumulative-layout-shift').toFixed(3)),
          speedIndexMs: Math.round(metric('speed-index')),
          transferBytes: metric('total-byte-weight'),
          scriptRequests: scripts?.requestCount ?? 0,
          scriptTransferBytes: scripts?.transferSize ?? 0,
        },
        // Where the blocking time comes from: the main thread's long tasks (simulated durations).
        longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).slice(0, 6).map((t) => ({
          url: String(t.url).replace(origin, ''),
          startMs: Math.round(t.startTime),
          durationMs: Math.round(t.duration),
        })),
        // What kept a category under 100, so a regression is readable in the results file.
        failing: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id),
      });
    }
    const scores = Object.fromEntries(Object.keys(goals).map((id) => [id, median(samples.map((s) => s.scores[id]))]));
    results[path] = { scores, samples };
    for (const [id, goal] of Object.entries(goals)) {
      const ok = scores[id] >= goal;
      if (!ok) failed = true;
      console.log(`${path.padEnd(6)} ${id.padEnd(15)} ${String(scores[id]).padStart(3)} (goal ≥ ${goal}) ${ok ? 'ok' : 'MISSED'}`);
    }
  }
} finally {
  await chrome.kill();
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}

writeFileSync(
  out,
  `${JSON.stringify(
    {
      tool: 'lighthouse 12.8.2, default config (mobile, simulated throttling), Debian Chromium headless',
      date: new Date().toISOString(),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, loadAverage1m: Number(loadavg()[0].toFixed(2)) },
      runsPerPage: runs,
      goals,
      results,
    },
    null,
    2,
  )}\n`,
);
process.exit(failed ? 1 : 0);
