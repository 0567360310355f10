// Triage list (GET /api/doctor/patients) of one professional following PATIENTS patients with
// DAYS days of 5-minute CGM each, through app.inject (routing, RLS transaction, one SQL
// statement over the daily aggregates, access-log dedup insert, zod serialization).
//
//   npx tsx bench/triage.ts                                   (PGlite in memory)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/triage.ts   (fresh database on PostgreSQL)
//
// Results → bench/results/triage.json. Target: p95 ≤ 100 ms for 500 patients.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../apps/server/src/test/test-app';
import { actingAs, createTestUser, headerActor } from '../apps/server/src/test/fixtures';

const PATIENTS = Number(process.env.PATIENTS ?? 500);
const DAYS = Number(process.env.DAYS ?? 14);
const RUNS = Number(process.env.RUNS ?? 50);
const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

const t = await createTestApp({ resolveActor: headerActor });
const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Bench' });
const now = t.clock.now();
const db = t.database.db;
const started = Date.now();

log(`seeding ${PATIENTS} patients × ${DAYS} days on ${engine}`);
const CATEGORY_SETS = ["{glucose,hba1c,alerts}", "{glucose,alerts}", "{glucose}", "{glucose,hba1c,blood_pressure,alerts}"];
for (let start = 0; start < PATIENTS; start += 25) {
  const end = Math.min(PATIENTS, start + 25);
  // Users, identity, links: set-based inserts; readings: one statement per batch of patients,
  // so the aggregate trigger runs once per batch.
  await db.execute(sql`
    insert into "user" (id, name, email) select 'bench-' || i, 'P' || i, 'bench-' || i || '@example.test' from generate_series(${start}::int, ${end - 1}::int) i`);
  await db.execute(sql`
    insert into profiles (id, email, first_name, last_name) select 'bench-' || i, 'bench-' || i || '@example.test', 'Patient' || i, 'Bench' from generate_series(${start}::int, ${end - 1}::int) i`);
  await db.execute(sql`
    insert into care_links (patient_id, professional_id, scopes, created_at, updated_at)
    select 'bench-' || i, ${doctor.userId},
      case i % 4 ${sql.raw(CATEGORY_SETS.map((c, k) => `when ${k} then '${c}'::text[]`).join(' '))} end, ${now}, ${now}
    from generate_series(${start}::int, ${end - 1}::int) i`);
  await db.execute(sql`
    insert into glucose_readings (patient_id, measured_at, value_mgdl, source, device_id)
    select 'bench-' || i, ts,
      greatest(40, least(400, 100 + (i % 9) * 12 + 55 * sin(extract(epoch from ts) / 86400 * 2 * pi() * 3 + i) + 25 * sin(extract(epoch from ts) / 2400 + i * 7))),
      'cgm', 'bench'
    from generate_series(${start}::int, ${end - 1}::int) i,
         generate_series(${new Date(now.getTime() - DAYS * 86_400_000)}::timestamptz, ${new Date(now.getTime() - 300_000)}::timestamptz, interval '5 minutes') ts`);
  await db.execute(sql`
    insert into health_measurements (patient_id, kind, measured_at, hba1c_percent)
    select 'bench-' || i, 'hba1c', ${new Date(now.getTime() - 30 * 86_400_000)}, 6 + (i % 30) / 10.0 from generate_series(${start}::int, ${end - 1}::int) i`);
  await db.execute(sql`
    insert into alerts (patient_id, kind, origin, dedup_key, occurred_at)
    select 'bench-' || i, case when i % 3 = 0 then 'urgent_hypo' else 'hypo' end, 'cgm_episode', 'bench', ${now}
    from generate_series(${start}::int, ${end - 1}::int) i where i % 5 = 0`);
}
const seedSeconds = (Date.now() - started) / 1000;
log(`seeded in ${seedSeconds.toFixed(1)} s`);

const call = async () => {
  const begin = performance.now();
  const res = await t.app.inject({ url: '/api/doctor/patients', headers: actingAs(doctor) });
  const ms = performance.now() - begin;
  if (res.statusCode !== 200) throw new Error(`triage answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return { ms, items: (res.json() as { items: unknown[] }).items.length };
};

for (let i = 0; i < 5; i++) await call(); // warm-up: plans, JIT, first access-log rows
if (process.env.EXPLAIN) {
  // Where the time goes, as the professional under RLS (the query of doctor.repository.ts).
  const { triageRows } = await import('../apps/server/src/features/doctor/doctor.repository');
  const { triage } = await import('../apps/server/src/features/doctor/doctor.service');
  const median = async (label: string, fn: () => Promise<unknown>) => {
    const runs: number[] = [];
    for (let i = 0; i < 10; i++) {
      const begin = performance.now();
      await fn();
      runs.push(performance.now() - begin);
    }
    runs.sort((a, b) => a - b);
    log(label, `median ${runs[5]!.toFixed(1)} ms`);
  };
  await median('query only', () => t.database.asActor(doctor, (tx) => triageRows(tx, doctor.userId, now, 14)));
  await median('service (query + log + rows)', () => triage({ database: t.database, clock: t.clock, events: t.events }, doctor, { filter: 'all', sort: 'worst_first' }, {}));
  await median('inject (+ routing, zod, JSON)', () => call());
  if (process.env.EXPLAIN === 'plan') {
    const { rowsOf } = await import('../apps/server/src/platform/db/open-database');
    const plan = await t.database.asActor(doctor, async (tx) => {
      const { triageSql } = await import('../apps/server/src/features/doctor/doctor.repository');
      return tx.execute(sql`explain (analyze, costs off) ${triageSql(doctor.userId, now, 14)}`);
    });
    console.log(rowsOf<Record<string, string>>(plan).map((r) => Object.values(r)[0]).join('\n'));
    const logBegin = performance.now();
    await t.app.inject({ url: '/api/doctor/patients', headers: actingAs(doctor) });
    log('request', `${(performance.now() - logBegin).toFixed(1)} ms`);
  }
}
const times: number[] = [];
let items = 0;
for (let i = 0; i < RUNS; i++) {
  const r = await call();
  times.push(r.ms);
  items = r.items;
}
times.sort((a, b) => a - b);
const q = (p: number) => Math.round((times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0) * 10) / 10;
const result = {
  engine,
  serverVersion: await t.database.serverVersion(),
  patients: PATIENTS,
  days: DAYS,
  readings: PATIENTS * DAYS * 288,
  runs: RUNS,
  items,
  p50Ms: q(0.5),
  p95Ms: q(0.95),
  maxMs: q(1),
  seedSeconds: Math.round(seedSeconds),
  cpu: cpus()[0]?.model,
  node: process.version,
  date: new Date().toISOString(),
  design: 'per-patient UTC-day aggregates maintained by a statement trigger on glucose_readings; one SQL statement per request',
};
log(result);
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL(`./results/triage${engine === 'postgres' ? '-postgres' : ''}.json`, import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
await t.close();
