// Dashboard API under load on PostgreSQL: summary + 90-day series, p95 at 200 requests/s, with
// PATIENTS patients × DAYS days of 5-minute CGM that arrived interleaved in time (every patient's
// reading of 08:00 before anyone's reading of 08:05, as thousands of uploaders would send them).
// Also: one patient's 90 days read from a cold cache.
//
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/glucosuivi_bench PATIENTS=1000 DAYS=90 npx tsx bench/api-load.ts
//
// The database is dropped and rebuilt each run. Results → bench/results/api-load.json.
import { spawn, execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const url = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/glucosuivi_bench');
const PATIENTS = Number(process.env.PATIENTS ?? 1000);
const DAYS = Number(process.env.DAYS ?? 90);
const SIGNED_IN = Math.min(50, PATIENTS);
const PORT = 3191;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Bench-Glyc3mie-2026!';
const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

async function admin(sql: string) {
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  await client.query(sql);
  await client.end();
}

const dbName = url.pathname.slice(1);
await admin(`drop database if exists ${dbName} with (force)`);
await admin(`create database ${dbName}`);

execSync('node scripts/build.mjs', { cwd: root, stdio: 'inherit' });
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
  },
  stdio: ['ignore', 'ignore', 'ignore'],
});
for (;;) {
  try {
    if ((await fetch(`${ORIGIN}/api/health`)).ok) break;
  } catch {
    // starting
  }
  await new Promise((r) => setTimeout(r, 200));
}

// Real accounts and real sessions for the patients whose dashboards are requested.
const cookies: string[] = [];
const ids: string[] = [];
for (let i = 0; i < SIGNED_IN; i++) {
  const res = await fetch(`${ORIGIN}/api/accounts/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({ email: `bench-${i}@bench.test`, password: PASSWORD, confirmPassword: PASSWORD, firstName: `Bench${i}`, role: 'patient', language: 'fr' }),
  });
  if (res.status !== 201) throw new Error(`sign-up ${res.status}: ${await res.text()}`);
  ids.push(((await res.json()) as { user: { id: string } }).user.id);
  cookies.push(res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '));
}
log(`${SIGNED_IN} patients signed up with sessions`);

const db = new pg.Client({ connectionString: url.toString() });
await db.connect();
await db.query(`
  insert into "user" (id, name, email) select 'bench-sql-' || g, 'Bench', 'bench-sql-' || g || '@bench.test' from generate_series(1, $1::int) g;
  `.replace('$1::int', String(PATIENTS - SIGNED_IN)));
await db.query(`insert into user_settings (user_id) select id from "user" where id like 'bench-sql-%'`);
await db.query(`create temporary table bench_patients as select row_number() over (order by id) as n, id from "user" where email like 'bench%'`);
const end = new Date();
end.setUTCMinutes(Math.floor(end.getUTCMinutes() / 5) * 5, 0, 0);
const loadStarted = performance.now();
for (let day = DAYS; day > 0; day--) {
  // One day at a time, ordered by time then patient: interleaved arrival.
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
const loadSeconds = (performance.now() - loadStarted) / 1000;
await db.query('vacuum analyze glucose_readings');
const [{ rows }] = [await db.query(`select count(*)::int as n, pg_size_pretty(pg_total_relation_size('glucose_readings')) as size from glucose_readings`)];
log(`readings: ${rows[0].n} (${rows[0].size}) in ${loadSeconds.toFixed(0)} s`);

// Cold cache: restart PostgreSQL's buffers are not ours to drop, so read a patient never read
// before, and report the buffers read from outside shared buffers (OS cache or disk).
const coldPatient = ids[SIGNED_IN - 1]!;
const explain = await db.query(
  `explain (analyze, buffers, format json)
   select measured_at, value_mgdl, source from glucose_readings
    where patient_id = $1 and measured_at >= $2::timestamptz - interval '90 days' and measured_at < $2::timestamptz
    order by measured_at, id`,
  [coldPatient, end.toISOString()],
);
const plan = explain.rows[0]['QUERY PLAN'][0];
let dropCaches = 'not attempted';
try {
  execSync('sync && echo 3 > /proc/sys/vm/drop_caches', { stdio: 'ignore', shell: '/bin/sh' });
  dropCaches = 'dropped';
} catch {
  dropCaches = 'not permitted in this sandbox';
}
const cold = await db.query(
  `explain (analyze, buffers, format json)
   select measured_at, value_mgdl, source from glucose_readings
    where patient_id = $1 and measured_at >= $2::timestamptz - interval '90 days' and measured_at < $2::timestamptz
    order by measured_at, id`,
  [ids[SIGNED_IN - 2] ?? coldPatient, end.toISOString()],
);
const coldPlan = cold.rows[0]['QUERY PLAN'][0];
await db.end();

const from = new Date(end.getTime() - 90 * 86_400_000).toISOString();
const to = end.toISOString();
let next = 0;
const result = await autocannon({
  url: ORIGIN,
  connections: 20,
  overallRate: 200,
  duration: Number(process.env.DURATION ?? 20),
  requests: [
    {
      setupRequest: (req) => {
        const i = next++;
        const cookie = cookies[i % cookies.length]!;
        const path = i % 2 === 0 ? '/api/measurements/summary?days=90' : `/api/measurements/glucose-series?from=${from}&to=${to}`;
        return { ...req, method: 'GET', path, headers: { cookie, 'accept-encoding': 'gzip' } };
      },
    },
  ],
});
server.kill('SIGINT');
await new Promise((r) => server.on('exit', r));

const summary = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version, postgres: 'same machine' },
  dataset: { patients: PATIENTS, days: DAYS, readings: rows[0].n, tableSize: rows[0].size, loadSeconds: Math.round(loadSeconds) },
  load: {
    targetRate: 200,
    achievedRate: Math.round(result.requests.average),
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    latencyMs: { p50: result.latency.p50, p90: result.latency.p90, p97_5: result.latency.p97_5, p99: result.latency.p99, max: result.latency.max },
    goal: 'p95 ≤ 50 ms (p97.5 reported: an upper bound of p95)',
  },
  onePatient90Days: {
    firstRead: { executionMs: plan['Execution Time'], plan: plan.Plan['Node Type'], sharedRead: plan.Plan['Shared Read Blocks'], sharedHit: plan.Plan['Shared Hit Blocks'], heapFetches: plan.Plan['Heap Fetches'] },
    afterDropCaches: { osCache: dropCaches, executionMs: coldPlan['Execution Time'], plan: coldPlan.Plan['Node Type'], sharedRead: coldPlan.Plan['Shared Read Blocks'], sharedHit: coldPlan.Plan['Shared Hit Blocks'], heapFetches: coldPlan.Plan['Heap Fetches'] },
    goal: '≤ 20 ms',
  },
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/api-load.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.log(JSON.stringify(summary, null, 2));
process.exit(0);
