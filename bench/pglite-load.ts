// The patient dashboard's summary under 200 concurrent connections for 30 s on the embedded PGlite
// (one WASM connection): what a burst does to the slowest requests, and whether the server sheds
// load (503 + Retry-After) instead of answering late.
//
//   npx tsx bench/pglite-load.ts [label]      CONNECTIONS=200 DURATION=30 by default
//
// A real server process (apps/server/src/main.ts through tsx, so no build is needed) on a fresh
// data folder: it is started once to create the database and sign up one patient (a real
// session), stopped while 90 days of 5-minute CGM are written into its PGlite folder, then
// started again for the load. Every response's time is kept (autocannon's summary stops at
// p97.5 and hides the count over 5 s). Results → bench/results/pglite-load[-label].json.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/platform/db/open-database';
import { insertCgmDays } from './support/cgm-days';

const root = fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 200);
const DURATION = Number(process.env.DURATION ?? 30);
const PORT = Number(process.env.BENCH_PORT ?? 3193);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Bench-Glyc3mie-2026!';
const SLOW_MS = 5000;
const label = process.argv[2];
const log = (...args: unknown[]) =>
  console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
const loadAvg = () => loadavg().map((x) => Number(x.toFixed(2)));

const dataDir = mkdtempSync(join(tmpdir(), 'glucosuivi-pglite-load-'));
const running = new Set<ChildProcess>();
// A failed run must not leave a server holding the port or the data folder.
process.on('exit', () => {
  running.forEach((server) => server.kill('SIGKILL'));
  rmSync(dataDir, { recursive: true, force: true });
});

// The embedded database, whatever the calling shell has set.
const { DATABASE_URL: _ignored, ...withoutDatabaseUrl } = process.env;

async function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...withoutDatabaseUrl,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(server);
  server.on('exit', () => running.delete(server));
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${ORIGIN}/api/health`)).ok) return server;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopServer(server: ChildProcess) {
  const exited = new Promise((r) => server.on('exit', r));
  server.kill('SIGINT');
  await exited;
}

/** One patient with a session and 90 days of CGM; returns the session cookie. */
async function seed(): Promise<{ cookie: string; server: ChildProcess }> {
  const first = await startServer();
  const res = await fetch(`${ORIGIN}/api/accounts/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({
      email: 'bench@bench.test',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      firstName: 'Bench',
      role: 'patient',
      language: 'fr',
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { user } = (await res.json()) as { user: { id: string } };
  await stopServer(first);
  // PGlite is one process: the readings are written while the server is stopped.
  const database = await openDatabase({ dataDir });
  await insertCgmDays(database, user.id, new Date(), 90);
  await database.close();
  return { cookie, server: await startServer() };
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length
      ? Number(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!.toFixed(1))
      : null;
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

log(`data folder ${dataDir}; load average before: ${loadAvg().join(' ')}`);
const { cookie, server } = await seed();
const path = '/api/measurements/summary?days=90';
const probe = await fetch(`${ORIGIN}${path}`, { headers: { cookie } });
if (!probe.ok) throw new Error(`summary answered ${probe.status}`);
// The server's own warm-up (JIT) is not what is measured.
for (let i = 0; i < 20; i++)
  await (await fetch(`${ORIGIN}${path}`, { headers: { cookie } })).arrayBuffer();

const loadBefore = loadAvg();
const loadSamples: number[] = [];
const sampler = setInterval(() => loadSamples.push(loadavg()[0]!), 2000);
const ok: number[] = [];
const all: number[] = [];
const statuses: Record<string, number> = {};
let busyWithoutRetryAfter = 0;
let retryAfterSeen: string | undefined;
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const instance = autocannon(
    {
      url: ORIGIN,
      connections: CONNECTIONS,
      duration: DURATION,
      // Longer than any wait we want to see: a late answer is counted, not cut off at 10 s.
      timeout: 60,
      requests: [
        {
          method: 'GET',
          path,
          headers: { cookie, 'accept-encoding': 'gzip' },
          onResponse: (status, _body, _context, headers) => {
            if (status !== 503) return;
            const retryAfter =
              (headers as Record<string, string | undefined> | undefined)?.['retry-after'] ??
              (headers as Record<string, string | undefined> | undefined)?.['Retry-After'];
            if (retryAfter) retryAfterSeen = retryAfter;
            else busyWithoutRetryAfter++;
          },
        },
      ],
    },
    (error, done) => (error ? reject(error) : resolve(done)),
  );
  instance.on('response', (_client, status, _bytes, ms) => {
    all.push(ms);
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 200) ok.push(ms);
  });
});
clearInterval(sampler);
await stopServer(server);

const summary = {
  label: label ?? null,
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  engine: 'pglite',
  request: `GET ${path} (one patient, 90 days of 5-minute CGM, real session cookie)`,
  connections: CONNECTIONS,
  durationSeconds: DURATION,
  total: all.length,
  statuses,
  timeouts: result.timeouts,
  errors: result.errors,
  throughput: {
    allPerSecond: Number((all.length / DURATION).toFixed(1)),
    okPerSecond: Number((ok.length / DURATION).toFixed(1)),
  },
  overFiveSeconds: all.filter((ms) => ms > SLOW_MS).length,
  busyWithoutRetryAfter,
  retryAfterSeen: retryAfterSeen ?? null,
  latencyMs: { all: percentiles(all), ok: percentiles(ok) },
  loadAverage: {
    before: loadBefore,
    after: loadAvg(),
    oneMinuteDuring: { min: Math.min(...loadSamples), max: Math.max(...loadSamples) },
  },
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(
  join(root, `bench/results/pglite-load${label ? `-${label}` : ''}.json`),
  `${JSON.stringify(summary, null, 2)}\n`,
);
console.log(JSON.stringify(summary, null, 2));
process.exit(0);
