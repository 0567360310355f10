// Dashboard API under load on PostgreSQL: summary + 90-day series at 200 requests/s, with
// PATIENTS patients × DAYS days of 5-minute CGM that arrived interleaved in time (every patient's
// reading of 08:00 before anyone's reading of 08:05, as thousands of uploaders send them), then
// one patient's 90 days read from a cold cache.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5499/glucosuivi_bench \
//   BENCH_PG_RESTART='su postgres -c "pg_ctl -D /tmp/bench-pg/data -w restart"' \
//   PATIENTS=1000 DAYS=90 DURATION=40 npx tsx bench/api-load.ts [load|run|all]
//
// `load` drops and rebuilds the database (real migrations, real sign-ups for the patients whose
// dashboards are requested, readings inserted day by day in time order across patients) and
// keeps the sessions in BENCH_STATE; `run` measures on the loaded database; `all` does both.
// BENCH_PG_RESTART, when set, restarts PostgreSQL before the cold reads (use a cluster of your
// own: a restart drops its shared buffers). Results → bench/results/api-load.json.
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/glucosuivi_bench');
const PATIENTS = Number(process.env.PATIENTS ?? 1000);
const DAYS = Number(process.env.DAYS ?? 90);
const DURATION = Number(process.env.DURATION ?? 40);
const RATE = Number(process.env.RATE ?? 200);
/** Patients with a session whose dashboards the load requests. */
const LOADED = Math.min(50, PATIENTS);
/** More signed-up patients nobody reads before the cold measurements. */
const RESERVED = Math.min(12, Math.max(0, PATIENTS - LOADED));
const PORT = Number(process.env.BENCH_PORT ?? 3191);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Bench-Glyc3mie-2026!';
const STATE = process.env.BENCH_STATE ?? join(tmpdir(), `glucosuivi-api-load-${url.port}-${url.pathname.slice(1)}.json`);
const phase = process.argv[2] ?? 'all';
const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

interface State {
  cookies: string[];
  ids: string[];
  end: string;
  dataset: { patients: number; days: number; readings: number; tableSize: string; indexSize: string; loadSeconds: number };
}

async function withClient<T>(connection: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: connection });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const adminUrl = new URL(url);
adminUrl.pathname = '/postgres';
const dbName = url.pathname.slice(1);

const running = new Set<ChildProcess>();
// A failed run must not leave a server holding the port.
process.on('exit', () => running.forEach((server) => server.kill('SIGKILL')));

function startServer(): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'glucosuivi-bench-')),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      AUTH_SIGNUP_PER_HOUR: '100000',
      NODE_ENV: 'production',
      // Fixed, so the sessions made by `load` stay valid for every later server start.
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  running.add(server);
  server.on('exit', () => running.delete(server));
  return (async () => {
    for (;;) {
      try {
        if ((await fetch(`${ORIGIN}/api/health`)).ok) return server;
      } catch {
        // starting
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
}

async function stopServer(server: ChildProcess) {
  server.kill('SIGINT');
  await new Promise((r) => server.on('exit', r));
}

async function load(): Promise<State> {
  await withClient(adminUrl.toString(), async (c) => {
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.query(`create database ${dbName}`);
  });
  const server = await startServer();
  // Real accounts and real sessions for the patients whose dashboards are requested.
  const cookies: string[] = [];
  const ids: string[] = [];
  for (let i = 0; i < LOADED + RESERVED; i++) {
    const res = await fetch(`${ORIGIN}/api/accounts/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ email: `bench-${i}@bench.test`, password: PASSWORD, confirmPassword: PASSWORD, firstName: `Bench${i}`, role: 'patient', language: 'fr' }),
    });
    if (res.status !== 201) throw new Error(`sign-up ${res.status}: ${await res.text()}`);
    ids.push(((await res.json()) as { user: { id: string } }).user.id);
    cookies.push(res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '));
  }
  await stopServer(server);
  log(`${ids.length} patients signed up with sessions`);

  const end = new Date();
  end.setUTCMinutes(Math.floor(end.getUTCMinutes() / 5) * 5, 0, 0);
  const started = performance.now();
  const dataset = await withClient(url.toString(), async (db) => {
    await db.query(
      `insert into "user" (id, name, email) select 'bench-sql-' || g, 'Bench', 'bench-sql-' || g || '@bench.test' from generate_series(1, $1::int) g`,
      [PATIENTS - ids.length],
    );
    await db.query(`insert into user_settings (user_id) select id from "user" where id like 'bench-sql-%'`);
    await db.query(`create temporary table bench_patients as select row_number() over (order by id) as n, id from "user" where email like 'bench%'`);
    for (let day = DAYS; day > 0; day--) {
      // One day at a time, ordered by time then patient: interleaved arrival, so the heap and the
      // indexes grow as they would in production (each page holds many patients' readings).
      await db.query(
        `insert into glucose_readings (patient_id, measured_at, value_mgdl, source, device_id)
         select p.id, ts,
                greatest(40, least(400, round((150 + 60 * sin(extract(epoch from ts) / 86400.0 * 2 * pi() * 3 + p.n)
                                              + 25 * sin(extract(epoch from ts) / 86400.0 * 2 * pi() + p.n * 7) + 15 * random())::numeric, 1)))::real,
                'cgm', 'bench'
           from generate_series($1::timestamptz - make_interval(days => $2), $1::timestamptz - make_interval(days => $2 - 1) - interval '5 minutes', interval '5 minutes') ts
          cross join bench_patients p
          order by ts, p.n`,
        [end.toISOString(), day],
      );
      if (day % 10 === 0) log(`loaded day -${day}`);
    }
    const loadSeconds = Math.round((performance.now() - started) / 1000);
    await db.query('vacuum analyze glucose_readings');
    const { rows } = await db.query(
      `select count(*)::int as n, pg_size_pretty(pg_table_size('glucose_readings')) as table_size,
              pg_size_pretty(pg_indexes_size('glucose_readings')) as index_size from glucose_readings`,
    );
    return { patients: PATIENTS, days: DAYS, readings: rows[0].n as number, tableSize: rows[0].table_size as string, indexSize: rows[0].index_size as string, loadSeconds };
  });
  log(`readings: ${dataset.readings} (table ${dataset.tableSize}, indexes ${dataset.indexSize}) in ${dataset.loadSeconds} s`);
  const state: State = { cookies, ids, end: end.toISOString(), dataset };
  writeFileSync(STATE, JSON.stringify(state));
  return state;
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? Number(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!.toFixed(1)) : null);
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

/** Restarts PostgreSQL (when we may) and drops the OS page cache (when we may). */
function coldCaches(): { postgres: string; os: string } {
  let postgres = 'not restarted (BENCH_PG_RESTART not set): its shared buffers may still hold pages';
  if (process.env.BENCH_PG_RESTART) {
    execSync(process.env.BENCH_PG_RESTART, { stdio: 'ignore', shell: '/bin/sh' });
    postgres = 'restarted (shared buffers empty)';
  }
  let os = 'not dropped';
  try {
    execSync('sync && echo 3 > /proc/sys/vm/drop_caches', { stdio: 'ignore', shell: '/bin/sh' });
    os = 'dropped (echo 3 > /proc/sys/vm/drop_caches)';
  } catch {
    os = 'not permitted here: pages may come from the OS cache';
  }
  return { postgres, os };
}

const SERIES_SQL = `select measured_at, value_mgdl, source from glucose_readings
  where patient_id = $1 and measured_at >= $2::timestamptz - interval '90 days' and measured_at < $2::timestamptz
  order by measured_at, id`;
// What the dashboard reads since ADR 0013: the patient's day rows and their packed columns
// (glucose-days.repository.ts), one day of margin on each side.
const DAY_ROWS_SQL = `select encode(times_ms, 'base64') as t, encode(values_mgdl, 'base64') as v, encode(device_flags, 'base64') as d
  from glucose_day_readings
  where patient_id = $1 and day >= ($2::timestamptz - interval '91 days')::date and day <= ($2::timestamptz + interval '1 day')::date
  order by day`;

async function run(state: State) {
  const to = state.end;
  const from = new Date(Date.parse(to) - 90 * 86_400_000).toISOString();
  const loaded = state.cookies.slice(0, LOADED);
  const reserved = state.ids.slice(LOADED).map((id, i) => ({ id, cookie: state.cookies[LOADED + i]! }));

  // 1. Load: summary and 90-day series alternately, for LOADED patients, at RATE requests/s.
  let server = await startServer();
  // The server's own warm-up (JIT, pools) is not what is measured.
  for (const cookie of loaded.slice(0, 5)) await fetch(`${ORIGIN}/api/measurements/summary?days=90`, { headers: { cookie } });
  const loadSamples: number[] = [];
  const timer = setInterval(() => loadSamples.push(loadavg()[0]!), 2000);
  const latencies: Record<'summary' | 'series' | 'all', number[]> = { summary: [], series: [], all: [] };
  let next = 0;
  const options: autocannon.Options = {
    url: ORIGIN,
    connections: 20,
    overallRate: RATE,
    duration: DURATION,
    requests: [
      {
        setupRequest: (req, context) => {
          const i = next++;
          const cookie = loaded[i % loaded.length]!;
          const summary = i % 2 === 0;
          (context as { kind?: string }).kind = summary ? 'summary' : 'series';
          const path = summary ? '/api/measurements/summary?days=90' : `/api/measurements/glucose-series?from=${from}&to=${to}`;
          return { ...req, method: 'GET', path, headers: { cookie, 'accept-encoding': 'gzip' } };
        },
      },
    ],
  };
  const probe = await fetch(`${ORIGIN}/api/measurements/summary?days=90`, { headers: { cookie: loaded[0]! } });
  if (!probe.ok) throw new Error(`summary answered ${probe.status}: the sessions of the load phase are not valid`);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    // Every response's own time, to compute an exact p95 (autocannon's summary stops at p90/p97.5).
    instance.on('response', (client, _status, _bytes, ms) => {
      latencies.all.push(ms);
      // The client's request context says which of the two requests this answer is for.
      const kind = (client as unknown as { requestIterator?: { context?: { kind?: 'summary' | 'series' } } }).requestIterator?.context?.kind;
      if (kind) latencies[kind].push(ms);
    });
  });
  clearInterval(timer);
  await stopServer(server);

  // 2. Cold: one patient's 90 days, SQL alone, on patients nobody has read, after a restart.
  const caches = coldCaches();
  const coldSql = (query: string, patients: { id: string }[]) =>
    withClient(url.toString(), async (db) => {
      const out: { executionMs: number; sharedRead: number; sharedHit: number; plan: string; heapFetches: number }[] = [];
      for (const patient of patients) {
        const explain = await db.query(`explain (analyze, buffers, format json) ${query}`, [patient.id, to]);
        const plan = explain.rows[0]['QUERY PLAN'][0];
        out.push({
          executionMs: plan['Execution Time'],
          sharedRead: plan.Plan['Shared Read Blocks'],
          sharedHit: plan.Plan['Shared Hit Blocks'],
          plan: plan.Plan['Node Type'],
          heapFetches: plan.Plan['Heap Fetches'],
        });
      }
      return out;
    });
  // The day rows first (the dashboard's read), on three patients; the readings on three others.
  const sqlColdDayRows = await coldSql(DAY_ROWS_SQL, reserved.slice(0, 3));
  const sqlCold = await coldSql(SERIES_SQL, reserved.slice(3, 6));
  // 3. Cold through the API: restart again, then the series of patients never read, end to end.
  const caches2 = coldCaches();
  server = await startServer();
  const apiCold: number[] = [];
  for (const patient of reserved.slice(6)) {
    const started = performance.now();
    const res = await fetch(`${ORIGIN}/api/measurements/glucose-series?from=${from}&to=${to}`, { headers: { cookie: patient.cookie, 'accept-encoding': 'gzip' } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`series ${res.status}`);
    apiCold.push(performance.now() - started);
  }
  await stopServer(server);

  const summary = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version, postgres: 'PostgreSQL 15 on the same machine' },
    dataset: state.dataset,
    load: {
      targetRate: RATE,
      durationSeconds: DURATION,
      connections: 20,
      patientsRequested: loaded.length,
      achievedRate: Math.round(result.requests.average),
      total: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      latencyMs: { all: percentiles(latencies.all), summary90Days: percentiles(latencies.summary), series90Days: percentiles(latencies.series) },
      loadAverage1m: {
        min: Math.min(...loadSamples),
        max: Math.max(...loadSamples),
        mean: Number((loadSamples.reduce((a, b) => a + b, 0) / loadSamples.length).toFixed(2)),
      },
      goal: 'p95 ≤ 50 ms',
    },
    onePatient90DaysCold: {
      caches: caches,
      dayRows: sqlColdDayRows,
      readings: sqlCold,
      apiEndToEnd: { caches: caches2, firstRequestAfterStartMs: Number(apiCold[0]?.toFixed(1)), nextPatientsMs: apiCold.slice(1).map((x) => Number(x.toFixed(1))) },
      goal: '≤ 20 ms',
    },
  };
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/api-load.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(JSON.stringify(summary, null, 2));
}

if (!existsSync(join(root, 'apps/server/dist/main.js')) || process.env.BENCH_BUILD === '1') execSync('node scripts/build.mjs', { cwd: root, stdio: 'inherit' });
try {
  const state = phase === 'run' ? (JSON.parse(readFileSync(STATE, 'utf8')) as State) : await load();
  if (phase !== 'load') await run(state);
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
