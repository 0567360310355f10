// Cold start of `npm start`, measured from outside: the first start on a new data folder (the
// embedded database created, migrated and the demo seeded) and a restart on that folder, N runs
// of each interleaved, to the first 200 on /api/health; then the first page load in Chromium.
// Each run records the 1-minute load average when it began, the process's CPU time (Linux) and
// the server's own phases (its "ready" log line). Medians and ranges go to
// bench/results/cold-start.json.
//
// Usage: node bench/cold-start.mjs [runs=5] [--build] [--no-browser]
// It runs what is built (`npm start -- --no-build`): it builds only when nothing is built, or
// first with --build (a build takes minutes and other work may be editing the sources).
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const port = 3190;

if (args.includes('--build') || !existsSync(join(root, 'apps/server/dist/main.js'))) {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}

/** CPU seconds (user + system) the process used so far, from /proc (Linux); null elsewhere. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Starts `npm start` on `dataDir`; resolves at the first 200 on /api/health. */
async function startAndWait(dataDir) {
  const load = loadavg()[0];
  const started = performance.now();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const ms = performance.now() - started;
  const cpu = cpuSeconds(child.pid);
  // The "ready" line may reach this end of the pipe just after the first answer.
  const readyLine = () => output.split('\n').find((line) => line.includes('"startupMs"'));
  for (let waited = 0; !readyLine() && waited < 5000; waited += 20) await new Promise((r) => setTimeout(r, 20));
  const ready = readyLine();
  const phases = ready ? JSON.parse(ready).startupMs : null;
  return { child, exited, sample: { ms: Math.round(ms), load: Number(load.toFixed(2)), cpuSeconds: cpu, phases } };
}

async function stop({ child, exited }) {
  child.kill('SIGINT');
  await exited;
}

const median = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Median, range and every run; phases as the median of each. */
function summary(samples) {
  const ms = samples.map((s) => s.ms);
  const phaseNames = [...new Set(samples.flatMap((s) => Object.keys(s.phases ?? {})))];
  const cpu = samples.map((s) => s.cpuSeconds).filter((c) => c !== null);
  return {
    medianMs: Math.round(median(ms)),
    minMs: Math.min(...ms),
    maxMs: Math.max(...ms),
    medianCpuSeconds: cpu.length ? Number(median(cpu).toFixed(2)) : null,
    medianPhasesMs: Object.fromEntries(
      phaseNames.map((name) => [name, Math.round(median(samples.filter((s) => s.phases && name in s.phases).map((s) => s.phases[name])))]),
    ),
    runs: samples,
  };
}

const browser = args.includes('--no-browser') ? null : await launchBrowser();
async function launchBrowser() {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

async function firstPageLoad() {
  const context = await browser.newContext();
  const page = await context.newPage();
  let bytes = 0;
  page.on('response', async (r) => {
    bytes += Number((await r.allHeaders())['content-length'] ?? 0);
  });
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
  await page.locator('h1').first().waitFor();
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return { load: nav.loadEventEnd, fcp: fcp?.startTime ?? null };
  });
  await context.close();
  return { load: Math.round(timing.load), fcp: Math.round(timing.fcp ?? 0), transferBytes: bytes };
}

const firstStarts = [];
const restarts = [];
const pageLoads = [];
for (let i = 0; i < runs; i++) {
  const dataDir = mkdtempSync(join(tmpdir(), 'glucosuivi-bench-'));
  const first = await startAndWait(dataDir);
  firstStarts.push(first.sample);
  await stop(first);
  const again = await startAndWait(dataDir);
  restarts.push(again.sample);
  if (browser) pageLoads.push(await firstPageLoad());
  await stop(again);
  rmSync(dataDir, { recursive: true, force: true });
  console.error(`run ${i + 1}/${runs}: first start ${first.sample.ms} ms, restart ${again.sample.ms} ms (load ${first.sample.load})`);
}
await browser?.close();

const result = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  command: 'npm start -- --no-build (scripts/start.mjs), PGlite in a new temporary DATA_DIR, to the first 200 on /api/health',
  runs,
  loadAverage1m: { atStartOfRuns: firstStarts.map((s) => s.load), median: median(firstStarts.map((s) => s.load)) },
  firstStart: summary(firstStarts),
  restart: summary(restarts),
  firstPageLoad: pageLoads.length
    ? {
        medianLoadMs: Math.round(median(pageLoads.map((p) => p.load))),
        medianFcpMs: Math.round(median(pageLoads.map((p) => p.fcp))),
        transferBytes: pageLoads[0].transferBytes,
        all: pageLoads.map(({ load, fcp }) => ({ load, fcp })),
      }
    : null,
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/cold-start.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify({ ...result, firstStart: { ...result.firstStart, runs: undefined }, restart: { ...result.restart, runs: undefined } }, null, 2));
