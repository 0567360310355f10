// Nightscout uploads at scale: UPLOADERS uploader apps (one patient each, each its own secret)
// POST batches of BATCH readings (one day of 5-minute CGM, xDrip+'s field set) to /api/v1/entries
// as fast as they are answered, for DURATION seconds after a WARMUP, against a real server
// listening on 127.0.0.1 and backed by PostgreSQL. Every batch is new data (each uploader walks
// back one day per request), so every reading is inserted, alert-checked and aggregated.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/nightscout-ingest.ts
//
// The server (this process: production app, pool of 10 connections, log level warn) and the
// uploaders (a child process: one keep-alive connection each, `accept-encoding: gzip` as the
// Android apps' HTTP client sends) run apart. A fresh database is created and dropped.
// Results → bench/results/nightscout-ingest.json. Goal: ≥ 20,000 readings/s.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { request, Agent } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildAppWithServices } from '../apps/server/src/app';
import { systemClock } from '../apps/server/src/platform/clock';
import { loggerOptions } from '../apps/server/src/platform/logger';
import { openDatabase, rowsOf } from '../apps/server/src/platform/db/open-database';
import { migrate } from '../apps/server/src/platform/db/migrate';
import { MIGRATIONS_FOLDER } from '../apps/server/src/test/test-database';
import { createUploader } from '../apps/server/src/features/nightscout/nightscout.service';

const UPLOADERS = Number(process.env.UPLOADERS ?? 100);
const BATCH = Number(process.env.BATCH ?? 288);
const DURATION = Number(process.env.DURATION ?? 30);
const WARMUP = Number(process.env.WARMUP ?? 5);
const DAY_MS = 86_400_000;
const log = (...args: unknown[]) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

interface LoadResult {
  requests: number;
  errors: Record<string, number>;
  readings: number;
  seconds: number;
  latenciesMs: number[];
  clientCpuSeconds: number;
}

// --- The uploaders (child process) ------------------------------------------------------------

/** One day of xDrip+ readings for the `day`-th day before `end`, a smooth curve between 80 and 220 mg/dL. */
function dayOfReadings(end: number, day: number, phase: number): string {
  const last = end - day * DAY_MS;
  const entries = Array.from({ length: BATCH }, (_, i) => {
    const date = last - i * 300_000;
    const sgv = Math.round(150 + 55 * Math.sin(date / 7_200_000 + phase) + 15 * Math.sin(date / 1_300_000));
    const iso = new Date(date).toISOString();
    return { device: 'xDrip-DexcomG6', date, dateString: iso, sysTime: iso, sgv, delta: 1.5, direction: 'Flat', type: 'sgv', filtered: sgv * 1000, unfiltered: sgv * 1000 + 500, rssi: 100, noise: 1, utcOffset: 60 };
  });
  return JSON.stringify(entries);
}

function post(agent: Agent, base: URL, apiSecret: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, host: base.hostname, port: base.port, method: 'POST', path: '/api/v1/entries', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'api-secret': apiSecret, 'accept-encoding': 'gzip' } },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Every uploader sends its next day as soon as the previous one is answered, until `seconds` have passed. */
async function drive(base: URL, secrets: string[], seconds: number, nextDay: number[], end: number): Promise<LoadResult> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  const result: LoadResult = { requests: 0, errors: {}, readings: 0, seconds: 0, latenciesMs: [], clientCpuSeconds: 0 };
  await Promise.all(
    secrets.map(async (secret, u) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const apiSecret = createHash('sha1').update(secret).digest('hex');
      while (performance.now() < stopAt) {
        const body = dayOfReadings(end, nextDay[u]!++, u);
        const begin = performance.now();
        const status = await post(agent, base, apiSecret, body).catch(() => -1);
        result.latenciesMs.push(performance.now() - begin);
        result.requests++;
        if (status === 200) result.readings += BATCH;
        else result.errors[String(status)] = (result.errors[String(status)] ?? 0) + 1;
      }
      agent.destroy();
    }),
  );
  result.seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  result.clientCpuSeconds = (used.user + used.system) / 1e6;
  return result;
}

async function uploaders() {
  const { base, secretsFile, end } = JSON.parse(process.env.NIGHTSCOUT_BENCH!) as { base: string; secretsFile: string; end: number };
  const secrets = JSON.parse(readFileSync(secretsFile, 'utf8')) as string[];
  const nextDay = secrets.map(() => 1);
  await drive(new URL(base), secrets, WARMUP, nextDay, end);
  process.stdout.write('MEASURING\n');
  const measured = await drive(new URL(base), secrets, DURATION, nextDay, end);
  process.stdout.write(JSON.stringify(measured));
}

// --- The server and the measurement (this process) --------------------------------------------

/** CPU seconds used so far by every PostgreSQL process of this machine (/proc, clock ticks of 10 ms). */
function postgresCpuSeconds(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (comm !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => (sorted.length ? Number(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!.toFixed(1)) : null);
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), max: at(1) };
}

async function server() {
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error('DATABASE_URL (PostgreSQL) is required: this benchmark measures the PostgreSQL deployment');
  const name = `glucosuivi_bench_ingest_${randomBytes(4).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  await adminClient.query(`create database ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', poolSize: 10 });
  try {
    await migrate(database, MIGRATIONS_FOLDER);
    await database.db.execute(sql`
      insert into "user" (id, name, email) select 'ns-bench-' || i, 'P' || i, 'ns-bench-' || i || '@bench.test' from generate_series(1, ${UPLOADERS}::int) i`);
    await database.db.execute(sql`
      insert into profiles (id, email, first_name, last_name) select 'ns-bench-' || i, 'ns-bench-' || i || '@bench.test', 'Patient' || i, 'Bench' from generate_series(1, ${UPLOADERS}::int) i`);
    await database.db.execute(sql`insert into user_settings (user_id) select id from "user" where id like 'ns-bench-%'`);
    const deps = { database, clock: systemClock };
    const secrets: string[] = [];
    for (let i = 1; i <= UPLOADERS; i++) {
      secrets.push((await createUploader(deps, { userId: `ns-bench-${i}`, role: 'patient' }, { name: `xDrip+ bench ${i}` })).secret);
    }
    const { app } = await buildAppWithServices({
      database,
      clock: systemClock,
      migrationsFolder: MIGRATIONS_FOLDER,
      version: 'bench',
      mailer: { send: async () => undefined },
      authSecret: 'bench-secret-bench-secret-bench-secret-0123456789',
      publicUrl: 'http://127.0.0.1',
      adminEmails: [],
      logger: loggerOptions('warn', false),
    });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const dir = mkdtempSync(join(tmpdir(), 'nightscout-bench-'));
    const secretsFile = join(dir, 'secrets.json');
    writeFileSync(secretsFile, JSON.stringify(secrets));
    log(`${UPLOADERS} uploaders, batches of ${BATCH}, warm-up ${WARMUP} s then ${DURATION} s against ${base}`);

    const loadSamples: number[] = [];
    const timer = setInterval(() => loadSamples.push(loadavg()[0]!), 2000);
    let cpuMark: NodeJS.CpuUsage | undefined;
    let pgMark = 0;
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'uploaders'], {
      env: { ...process.env, NIGHTSCOUT_BENCH: JSON.stringify({ base, secretsFile, end: Date.now() }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    // The child says when its warm-up ended: CPU is counted from there.
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (!cpuMark && output.includes('MEASURING\n')) {
        cpuMark = process.cpuUsage();
        pgMark = postgresCpuSeconds();
        output = output.slice(output.indexOf('MEASURING\n') + 'MEASURING\n'.length);
      }
    });
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    if (code !== 0) throw new Error(`the uploaders' process ended with ${code}`);
    const serverCpu = process.cpuUsage(cpuMark);
    const pgCpu = postgresCpuSeconds() - pgMark;
    clearInterval(timer);
    const load = JSON.parse(output) as LoadResult;

    const stored = Number(rowsOf<{ n: string }>(await database.db.execute(sql`select count(*) as n from glucose_readings`))[0]?.n);
    const result = {
      when: new Date().toISOString(),
      engine: `PostgreSQL ${await database.serverVersion()}`,
      machine: { cpus: cpus().length, model: cpus()[0]?.model, loadAverage: loadSamples.length ? Number((loadSamples.reduce((a, b) => a + b, 0) / loadSamples.length).toFixed(2)) : null },
      setup: { uploaders: UPLOADERS, batch: BATCH, durationSeconds: DURATION, warmupSeconds: WARMUP, poolSize: 10, logLevel: 'warn' },
      requests: load.requests,
      errors: load.errors,
      readingsPerSecond: Math.round(load.readings / load.seconds),
      requestsPerSecond: Number((load.requests / load.seconds).toFixed(1)),
      latencyMs: percentiles(load.latenciesMs),
      cpu: {
        // Shares of the measured wall time; 2 cores = 200 %.
        serverPercent: Math.round(((serverCpu.user + serverCpu.system) / 1e6 / load.seconds) * 100),
        postgresPercent: Math.round((pgCpu / load.seconds) * 100),
        uploadersPercent: Math.round((load.clientCpuSeconds / load.seconds) * 100),
      },
      readingsStored: stored,
    };
    log(JSON.stringify(result, null, 2));
    const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, 'nightscout-ingest.json'), `${JSON.stringify(result, null, 2)}\n`);
    await app.close();
  } finally {
    await database.close();
    await adminClient.query(`drop database if exists ${name} with (force)`);
    await adminClient.end();
  }
}

if (process.argv[2] === 'uploaders') await uploaders();
else await server();
