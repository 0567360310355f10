import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One known data folder for the e2e server (wiped at each server start by serve-e2e.mjs), so
// tests can read the seeded demo accounts file; inherited by the web server and the workers.
// E2E_PORT lets several checkouts run their journeys side by side on one machine.
const port = (process.env.E2E_PORT ??= '3100');
process.env.E2E_DATA_DIR ??= join(tmpdir(), `glucosuivi-e2e-${port}`);

// Journeys run in Debian's Chromium against the production build (scripts/serve-e2e.mjs).
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  // An assertion waits up to 10 s: a full page load (route chunk, session, the page's first
  // query) takes 0.7 s on an idle machine, but CI runs two browsers and the server on 2 cores,
  // where journeys run 2–3× slower and up to 7× while the other worker renders a 90-day report;
  // 5 s was once too short for /notifications (CI of stop 23). Waiting longer is not a retry:
  // a wrong page still fails, only later.
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // A trace of every journey, kept when it fails, to open with `npx playwright show-trace`.
    // Not in CI: recording costs a quarter of the journeys' time on its 2 cores (a subset of 24
    // journeys: 3.6–3.7 min traced, 2.7–2.8 min not; the screencast is two thirds of that), and
    // a CI failure already prints the error and the call log. To trace there, pass
    // `--trace retain-on-failure`.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/serve-e2e.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: !process.env.CI,
    // The first start migrates and seeds 90 days of demo CGM and the care-team demo.
    timeout: 300_000,
  },
});
