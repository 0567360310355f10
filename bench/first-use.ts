// The cost of starting the app on use (ADR 0005, public/boot.js): on the prerendered landing, the
// time from the first press on "Voir la démo" to its dialog in the page, in Debian's Chromium with
// the CPU slowed 4× (as Lighthouse's mobile profile), the app's scripts already fetched into the
// cache after load (as boot.js does). Compared with the same press on a landing whose app started
// at load (a saved theme makes boot.js start it then, as every landing did before), measured once
// the app owns the page. Both in the page's own clock: pointerdown → the dialog's node inserted.
//
//   npm run build && npx tsx bench/first-use.ts [runs]
//
// Results → bench/results/first-use.json (medians and every sample).
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.argv[2] ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3301);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CPU_SLOWDOWN = 4;

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'glucosuivi-first-use-'));
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
  });
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return { child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill();
  throw new Error('the server did not start within 120 s');
}

/** Records, in the page's clock, the first pointerdown and the first dialog node inserted. */
const probe = () => {
  const marks: { down?: number; dialog?: number } = {};
  (window as unknown as { firstUse: typeof marks }).firstUse = marks;
  document.addEventListener('pointerdown', () => (marks.down ??= performance.now()), true);
  new MutationObserver(() => {
    if (marks.dialog === undefined && document.querySelector('[role="dialog"]')) marks.dialog = performance.now();
  }).observe(document, { childList: true, subtree: true });
};

async function pressDemo(browser: Browser, appAtLoad: boolean): Promise<{ ms: number; appStartedBeforePress: boolean }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  if (appAtLoad) await page.addInitScript(() => window.localStorage.setItem('glucosuivi-ui-theme', 'light'));
  await page.addInitScript(probe);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(`${ORIGIN}/`);
  // Loaded, and the prefetched scripts (or, with the app at load, the app itself) are in.
  await page.waitForLoadState('networkidle');
  if (appAtLoad) await page.locator('[data-prerender-inert]').first().waitFor({ state: 'detached' });
  const appStartedBeforePress = await page.evaluate(() => document.querySelector('script[type="module"]') !== null);
  await page.getByRole('button', { name: 'Voir la démo' }).click();
  await page.getByRole('dialog').waitFor();
  const marks = await page.evaluate(() => (window as unknown as { firstUse: { down?: number; dialog?: number } }).firstUse);
  await context.close();
  if (marks.down === undefined || marks.dialog === undefined) throw new Error('the press or the dialog was not seen');
  return { ms: Math.round(marks.dialog - marks.down), appStartedBeforePress };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const { child, dataDir } = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const samples = { onUse: [] as number[], appAtLoad: [] as number[] };
  const loads: number[] = [];
  await pressDemo(browser, false); // warm-up: the server's and the browser's first page
  for (let i = 0; i < RUNS; i += 1) {
    const onUse = await pressDemo(browser, false);
    if (onUse.appStartedBeforePress) throw new Error('the app started before the press: boot.js did not wait for a use');
    samples.onUse.push(onUse.ms);
    const atLoad = await pressDemo(browser, true);
    if (!atLoad.appStartedBeforePress) throw new Error('with a saved theme the app should start at load');
    samples.appAtLoad.push(atLoad.ms);
    loads.push(loadavg()[0]!);
  }
  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version, chromium: browser.version(), cpuSlowdown: CPU_SLOWDOWN },
    runs: RUNS,
    pressToDialogMs: {
      appStartedOnUse: { median: median(samples.onUse), min: Math.min(...samples.onUse), max: Math.max(...samples.onUse), samples: samples.onUse },
      appStartedAtLoad: { median: median(samples.appAtLoad), min: Math.min(...samples.appAtLoad), max: Math.max(...samples.appAtLoad), samples: samples.appAtLoad },
    },
    loadAverage1m: { min: Math.min(...loads), max: Math.max(...loads) },
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/first-use.json'), `${JSON.stringify(result, null, 2)}\n`);
  console.log(JSON.stringify(result, null, 2));
} finally {
  await browser.close();
  child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
