// Cold start of `npm start` on an existing database, and first-page load in Chromium.
// Usage: node bench/cold-start.mjs [runs=5]   (builds first if needed; writes bench/results/cold-start.json)
import { spawn, execSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const root = fileURLToPath(new URL('..', import.meta.url));
const runs = Number(process.argv[2] ?? 5);
const port = 3190;
const dataDir = mkdtempSync(join(tmpdir(), 'glucosuivi-bench-'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
delete env.DATABASE_URL;

execSync('node scripts/build.mjs', { cwd: root, stdio: 'inherit' });

async function startAndWait() {
  const started = performance.now();
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return { child, ms: performance.now() - started };
}

async function stop(child) {
  const exited = new Promise((r) => child.on('exit', r));
  child.kill('SIGINT');
  await exited;
}

// First start creates, migrates and seeds the database: measured apart, not part of the goal.
const first = await startAndWait();
await stop(first.child);

const coldStarts = [];
const pageLoads = [];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (let i = 0; i < runs; i++) {
  const { child, ms } = await startAndWait();
  coldStarts.push(ms);
  const context = await browser.newContext();
  const page = await context.newPage();
  let bytes = 0;
  page.on('response', async (r) => {
    const len = Number((await r.allHeaders())['content-length'] ?? 0);
    bytes += len;
  });
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
  await page.locator('h1').first().waitFor();
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    return { domContentLoaded: nav.domContentLoadedEventEnd, load: nav.loadEventEnd, fcp: fcp?.startTime ?? null };
  });
  pageLoads.push({ ...timing, transferBytes: bytes });
  await context.close();
  await stop(child);
}
await browser.close();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const result = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  runs,
  firstStartWithMigrationsAndSeedMs: Math.round(first.ms),
  coldStartMs: { median: Math.round(median(coldStarts)), all: coldStarts.map(Math.round) },
  firstPageLoad: {
    medianLoadMs: Math.round(median(pageLoads.map((p) => p.load))),
    medianFcpMs: Math.round(median(pageLoads.map((p) => p.fcp ?? 0))),
    transferBytes: pageLoads[0]?.transferBytes,
    all: pageLoads.map((p) => ({ load: Math.round(p.load), fcp: Math.round(p.fcp ?? 0) })),
  },
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/cold-start.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
