// Starts what the Playwright journeys run against: the production server (built by
// `npm run build`) on a fresh data folder, or on DATABASE_URL when it is set, sending its
// e-mails over real SMTP to a loopback sink that files them in <data folder>/outbox.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSmtpSink } from '../e2e/support/smtp-sink.mjs';

const port = process.env.E2E_PORT ?? '3100';
const server = 'apps/server/dist/main.js';
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'glucosuivi-e2e-'));
// A fresh database for every run: tests never depend on what an earlier run left.
if (process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
if (!existsSync(server)) {
  console.error('serve-e2e: apps/server/dist/main.js is missing; run `npm run build` first');
  process.exit(1);
}
const sink = await startSmtpSink(dataDir);
const child = spawn(process.execPath, [server], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    // Links in e-mails point at the journeys' own origin, so following them keeps the cookies.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: 'production',
    AUTH_SIGNUP_PER_HOUR: process.env.AUTH_SIGNUP_PER_HOUR ?? '1000',
    // Every journey signs in from 127.0.0.1: past 30 in 15 minutes the 31st got 429 (a CI run).
    AUTH_SIGNIN_PER_15_MIN: process.env.AUTH_SIGNIN_PER_15_MIN ?? '1000',
    // The rendered-page journeys check the server's render of the dashboard; in CI (two browsers
    // and the server on 2 cores) one render may queue behind another journey's past the 1.5 s
    // after which a visitor gets the plain page (a CI run did). That deadline has its own test
    // (page-renderer.int.test.ts).
    PAGE_RENDER_TIMEOUT_MS: process.env.PAGE_RENDER_TIMEOUT_MS ?? '20000',
    // The journeys' push service (web-push-testing) listens on loopback over plain http.
    PUSH_ALLOW_HTTP: 'true',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  void sink.close().finally(() => process.exit(code ?? 0));
});
