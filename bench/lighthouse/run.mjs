// Lighthouse (mobile, default simulated throttling) on the public entry pages of the production
// build and on the demo patient's dashboard (signed in), in Debian's Chromium. Starts the built
// server itself on a fresh embedded database with the demo and writes bench/results/lighthouse.json. Usage, from the project root after `npm run build`:
//   (cd bench/lighthouse && npm ci && node run.mjs [runs])
// Goals (issues 6 and 20): performance, accessibility, best practices and SEO 100 on / and /auth;
// performance ≥ 95 on the signed-in dashboard (not indexed by design, so no SEO goal there).
// LIGHTHOUSE_APP=<folder holding apps/server/dist and apps/web/dist> audits another build (a copy
// of an earlier one, for an A/B on the same machine); LIGHTHOUSE_OUT=<file> writes elsewhere.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
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
const publicGoals = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
const pageGoals = {
  '/': publicGoals,
  '/auth': publicGoals,
  '/dashboard': { performance: 95, accessibility: 100, 'best-practices': 100 },
};
const pages = (process.env.LIGHTHOUSE_PAGES?.split(',') ?? Object.keys(pageGoals)).filter((path) => path in pageGoals);
const DEMO_PATIENT = 'camille.dupont@demo.glucosuivi.fr';

if (!existsSync(server)) {
  console.error(`lighthouse: ${server} is missing; run \`npm run build\` at the project root first`);
  process.exit(1);
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'glucosuivi-lighthouse-'));
  const child = spawn(process.execPath, [server], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
  });
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return { child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the server did not start within 120 s');
}

/** The demo patient's session cookies (password from the list the seed writes in the data folder). */
async function demoPatientCookies(dataDir) {
  const line = readFileSync(join(dataDir, 'demo-accounts.txt'), 'utf8').split('\n').find((l) => l.trim().startsWith(`${DEMO_PATIENT} `));
  const password = line?.trim().split(/\s+/)[1];
  if (!password) throw new Error(`${DEMO_PATIENT} is not in demo-accounts.txt`);
  const response = await fetch(`${origin}/api/accounts/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: DEMO_PATIENT, password }),
  });
  if (!response.ok) throw new Error(`demo sign-in answered ${response.status}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const { child, dataDir } = await startServer();
const cookies = await demoPatientCookies(dataDir);
// The first start's background work (the demo's advice signals, reminders) is over before auditing.
await new Promise((r) => setTimeout(r, 15_000));
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const results = {};
let failed = false;
try {
  for (const path of pages) {
    const goals = pageGoals[path];
    // Signed in only where the page needs it: the public pages are audited as a first visit.
    const flags = { port: chrome.port, output: 'json', logLevel: 'error', ...(path === '/dashboard' ? { extraHeaders: { Cookie: cookies } } : {}) };
    const samples = [];
    for (let run = 0; run < runs; run += 1) {
      // Lighthouse sometimes loses the trace of a page load (NO_NAVSTART): that run is redone.
      let lhr;
      for (let attempt = 1; ; attempt += 1) {
        ({ lhr } = await lighthouse(`${origin}${path}`, flags));
        if (!lhr.runtimeError) break;
        if (attempt === 3) throw new Error(`lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      }
      // A lost session would audit the sign-in page under the dashboard's name.
      if (new URL(lhr.finalDisplayedUrl).pathname !== path) throw new Error(`lighthouse on ${path} ended on ${lhr.finalDisplayedUrl}`);
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
        // Where the layout shifts come from (the element moved and its share of the score).
        layoutShifts: (lhr.audits['layout-shifts']?.details?.items ?? []).slice(0, 5).map((item) => ({
          score: Number((item.score ?? 0).toFixed(3)),
          node: item.node?.selector ?? item.node?.snippet ?? null,
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
      goals: Object.fromEntries(pages.map((path) => [path, pageGoals[path]])),
      results,
    },
    null,
    2,
  )}\n`,
);
process.exit(failed ? 1 : 0);
