// The patient's dashboard right after a change: one glucose reading recorded through the API
// (which drops the cached dashboard), then the 90-day summary and the 90-day chart series, as the
// dashboard asks for them. 20 runs; medians. Through app.inject (routing, RLS transaction,
// zod encoding, compression), so what is measured is the server's own work, not the network.
//
//   npx tsx bench/dashboard-after-write.ts                                   (PGlite in memory)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/dashboard-after-write.ts
//
// Results → bench/results/dashboard-after-write[-postgres].json. Goal: summary after a change
// ≤ 50 ms on PGlite, ≤ 25 ms on PostgreSQL (median).
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { createTestApp } from '../apps/server/src/test/test-app';
import { actingAs, createTestUser, headerActor } from '../apps/server/src/test/fixtures';
import { insertCgmDays } from './support/cgm-days';

const DAYS = 90;
const RUNS = Number(process.env.RUNS ?? 20);
const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);

const t = await createTestApp({ resolveActor: headerActor });
const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const patient = await createTestUser(t.database, { role: 'patient', firstName: 'Bench' });
const now = t.clock.now();
await insertCgmDays(t.database, patient.userId, now, DAYS);
const headers = actingAs(patient);
const readings = (await t.database.db.execute(sql`select count(*)::int as n from glucose_readings where patient_id = ${patient.userId}`)) as unknown as { rows: { n: number }[] };

const timed = async (url: string) => {
  const begin = performance.now();
  const res = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'br, gzip' } });
  const ms = performance.now() - begin;
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return ms;
};
const seriesUrl = () => `/api/measurements/glucose-series?from=${encodeURIComponent(new Date(now.getTime() - DAYS * 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(now.getTime() + 3_600_000).toISOString())}`;
const write = async (i: number) => {
  const begin = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/measurements',
    headers: { ...headers, 'content-type': 'application/json', origin: 'http://localhost:3000' },
    payload: { kind: 'glucose', measuredAt: new Date(now.getTime() - 300_000 + i * 1000).toISOString(), value: 120 + i, unit: 'mg/dL', context: 'random' },
  });
  if (res.statusCode !== 201) throw new Error(`write answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  t.clock.advance(1000);
  return performance.now() - begin;
};

for (let i = 0; i < 3; i++) {
  await write(i);
  await timed(`/api/measurements/summary?days=${DAYS}`);
  await timed(seriesUrl());
}
const samples = { write: [] as number[], summary: [] as number[], series: [] as number[], cachedSummary: [] as number[] };
const loads: number[] = [];
for (let i = 0; i < RUNS; i++) {
  samples.write.push(await write(100 + i));
  samples.summary.push(await timed(`/api/measurements/summary?days=${DAYS}`));
  samples.series.push(await timed(seriesUrl()));
  samples.cachedSummary.push(await timed(`/api/measurements/summary?days=${DAYS}`));
  loads.push(loadavg()[0]!);
}
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (p: number) => Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))]! * 10) / 10;
  return { medianMs: at(0.5), minMs: at(0), maxMs: at(1) };
};
const result = {
  engine,
  serverVersion: await t.database.serverVersion(),
  days: DAYS,
  readings: readings.rows[0]?.n,
  runs: RUNS,
  write: stats(samples.write),
  summaryAfterWrite: stats(samples.summary),
  seriesAfterWrite: stats(samples.series),
  summaryCached: stats(samples.cachedSummary),
  loadAverage: { min: Math.min(...loads), max: Math.max(...loads) },
  cpu: cpus()[0]?.model,
  node: process.version,
  date: new Date().toISOString(),
};
log(result);
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL(`./results/dashboard-after-write${engine === 'postgres' ? '-postgres' : ''}.json`, import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
await t.close();
