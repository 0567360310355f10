// Realtime channel at 1,000 concurrent WebSocket clients on one server process (issue 13):
// PROFESSIONALS connections follow one patient through `realtime:patients` (an event of that
// patient fans out to all of them) and PATIENTS connections listen on their own topic (an event
// reaches one client). Events are published on the server's bus as a committed write would; the
// clients run in a separate process (bench/realtime-clients.ts) and stamp each receipt.
//
//   node --expose-gc --import tsx bench/realtime-fanout.ts
//
// Results → bench/results/realtime-fanout.json. Target: fan-out p95 ≤ 100 ms.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { REALTIME_PATH } from '@glucosuivi/domain/realtime/realtime.schemas';
import { createTestApp, TEST_ORIGIN } from '../apps/server/src/test/test-app';
import { headerActor } from '../apps/server/src/test/fixtures';

const PROFESSIONALS = Number(process.env.PROFESSIONALS ?? 500);
const PATIENTS = Number(process.env.PATIENTS ?? 500);
const EVENTS = Number(process.env.EVENTS ?? 50);
const log = (...args: unknown[]) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...args);
const now = () => performance.timeOrigin + performance.now();
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');

const t = await createTestApp({ resolveActor: headerActor });
const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
const db = t.database.db;
const at = new Date();

// One followed patient, PROFESSIONALS professionals linked to them (all categories), PATIENTS other patients.
await db.execute(sql`insert into "user" (id, name, email) values ('followed', 'F', 'followed@example.test')`);
await db.execute(sql`insert into profiles (id, email, first_name, last_name) values ('followed', 'followed@example.test', 'Followed', 'Bench')`);
await db.execute(sql`
  insert into "user" (id, name, email) select 'pro-' || i, 'D' || i, 'pro-' || i || '@example.test' from generate_series(0, ${PROFESSIONALS - 1}::int) i`);
await db.execute(sql`
  insert into profiles (id, email, first_name, last_name, user_type) select 'pro-' || i, 'pro-' || i || '@example.test', 'Pro' || i, 'Bench', 'doctor' from generate_series(0, ${PROFESSIONALS - 1}::int) i`);
await db.execute(sql`
  insert into care_links (patient_id, professional_id, scopes, created_at, updated_at)
  select 'followed', 'pro-' || i, '{glucose,hba1c,alerts}'::text[], ${at}, ${at} from generate_series(0, ${PROFESSIONALS - 1}::int) i`);

const clients = [
  ...Array.from({ length: PROFESSIONALS }, (_, i) => ({ actor: `pro-${i}:doctor`, topic: 'realtime:patients' })),
  ...Array.from({ length: PATIENTS }, (_, i) => ({ actor: `patient-${i}:patient`, topic: null })),
];

gc();
const before = process.memoryUsage();
const child = spawn(process.execPath, ['--import', 'tsx', new URL('./realtime-clients.ts', import.meta.url).pathname], { stdio: ['pipe', 'pipe', 'inherit'] });
const received: { client: number; measurementId: string; at: number }[] = [];
let ready: () => void = () => undefined;
const allReady = new Promise<void>((resolve) => (ready = resolve));
createInterface({ input: child.stdout }).on('line', (line) => {
  const message = JSON.parse(line) as { ready?: number; client?: number; measurementId?: string; at?: number };
  if (message.ready) ready();
  else received.push(message as (typeof received)[number]);
});
const connectStarted = performance.now();
child.stdin.write(`${JSON.stringify({ url: `${base.replace('http', 'ws')}${REALTIME_PATH}`, origin: TEST_ORIGIN, clients })}\n`);
await allReady;
const connectSeconds = (performance.now() - connectStarted) / 1000;
log(`${clients.length} clients connected and subscribed in ${connectSeconds.toFixed(1)} s`);
await new Promise((r) => setTimeout(r, 1_000));
gc();
const after = process.memoryUsage();

// Events: EVENTS of the followed patient (fan-out to every professional), EVENTS to single patients.
const publishedAt = new Map<string, number>();
for (let k = 0; k < EVENTS; k++) {
  for (const [id, patientId] of [
    [`fan-${k}`, 'followed'],
    [`one-${k}`, `patient-${(k * 37) % PATIENTS}`],
  ] as const) {
    publishedAt.set(id, now());
    await t.events.publish({ type: 'measurement.recorded', patientId, measurementId: id, kinds: ['glucose'], count: 1 });
  }
  await new Promise((r) => setTimeout(r, 50));
}
await new Promise((r) => setTimeout(r, 1_500));
child.stdin.write('stop\n');
await new Promise((r) => child.on('exit', r));

const latencies = (prefix: string) =>
  received
    .filter((r) => r.measurementId.startsWith(prefix))
    .map((r) => r.at - publishedAt.get(r.measurementId)!)
    .sort((a, b) => a - b);
const stats = (xs: number[]) => {
  const q = (p: number) => Math.round((xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? NaN) * 10) / 10;
  return { deliveries: xs.length, p50Ms: q(0.5), p95Ms: q(0.95), maxMs: q(1) };
};
const fanOut = stats(latencies('fan-'));
const single = stats(latencies('one-'));
const result = {
  clients: clients.length,
  professionalsFollowingOnePatient: PROFESSIONALS,
  patientsOnOwnTopic: PATIENTS,
  events: EVENTS,
  expectedDeliveries: { fanOut: EVENTS * PROFESSIONALS, single: EVENTS },
  fanOut,
  single,
  connectSeconds: Math.round(connectSeconds * 10) / 10,
  memoryPerIdleConnection: {
    heapKiB: Math.round((after.heapUsed - before.heapUsed) / clients.length / 102.4) / 10,
    rssKiB: Math.round((after.rss - before.rss) / clients.length / 102.4) / 10,
  },
  engine: process.env.DATABASE_URL ? 'postgres' : 'pglite',
  cpu: cpus()[0]?.model,
  cores: cpus().length,
  node: process.version,
  date: new Date().toISOString(),
};
log(result);
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/realtime-fanout.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
await t.close();
process.exit(0);
