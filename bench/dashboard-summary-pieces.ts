// Where the time of one 90-day summary after a change goes: the request as a whole, then each
// piece the service runs (its statements, the report's computation, the encoding and the
// compression) timed alone in one transaction. Same data as bench/dashboard-after-write.ts;
// medians of RUNS (default 40) after 5 dropped. The pieces do not add up to the request exactly:
// garbage collection and the JIT fall where they fall.
//
//   npx tsx bench/dashboard-summary-pieces.ts                                   (PGlite in memory)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/dashboard-summary-pieces.ts
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { lastLocalDays } from '@glucosuivi/domain/glucose/timezone';
import { summarizeGlucosePeriod } from '@glucosuivi/domain/measurements/glucose-period';
import { MEASUREMENT_KINDS } from '@glucosuivi/domain/measurements/measurements.schemas';
import { summarySchema } from '@glucosuivi/domain/measurements/summary.schemas';
import { countOpenAlerts } from '../apps/server/src/features/alerts/alerts.service';
import { glucoseColumnsFromDays } from '../apps/server/src/features/measurements/glucose-days.repository';
import { countHealthByKind } from '../apps/server/src/features/measurements/measurements.repository';
import { latestByKindInTx, summaryInTx } from '../apps/server/src/features/measurements/measurements.service';
import { loadPatientContext } from '../apps/server/src/features/profile/profile.service';
import { encodeResponse } from '../apps/server/src/platform/http/contract';
import { createTestApp } from '../apps/server/src/test/test-app';
import { actingAs, createTestUser, headerActor } from '../apps/server/src/test/fixtures';
import { insertCgmDays } from './support/cgm-days';

const DAYS = 90;
const RUNS = Number(process.env.RUNS ?? 40);
const t = await createTestApp({ resolveActor: headerActor });
const patient = await createTestUser(t.database, { role: 'patient', firstName: 'Bench' });
const actor = { userId: patient.userId, role: 'patient' as const };
const headers = actingAs(patient);
const now = t.clock.now();
await insertCgmDays(t.database, patient.userId, now, DAYS);

const samples = new Map<string, number[]>();
async function timed<T>(piece: string, run: () => Promise<T> | T): Promise<T> {
  const begin = performance.now();
  const result = await run();
  samples.set(piece, [...(samples.get(piece) ?? []), performance.now() - begin]);
  return result;
}

for (let i = 0; i < RUNS + 5; i++) {
  const write = await t.app.inject({
    method: 'POST',
    url: '/api/measurements',
    headers: { ...headers, 'content-type': 'application/json', origin: 'http://localhost:3000' },
    payload: { kind: 'glucose', measuredAt: new Date(now.getTime() - 300_000 + i * 1000).toISOString(), value: 120 + (i % 50), unit: 'mg/dL', context: 'random' },
  });
  if (write.statusCode !== 201) throw new Error(`write answered ${write.statusCode}`);
  t.clock.advance(1000);
  const answer = await timed('request (after a write)', () => t.app.inject({ url: `/api/measurements/summary?days=${DAYS}`, headers: { ...headers, 'accept-encoding': 'br, gzip' } }));
  if (answer.statusCode !== 200) throw new Error(`summary answered ${answer.statusCode}`);
  await timed('transaction alone (begin, actor, commit)', () => t.database.asActor(actor, async () => null));
  await t.database.asActor(actor, async (tx) => {
    const context = await timed('patient context', () => loadPatientContext(tx, patient.userId));
    const period = lastLocalDays(t.clock.now().getTime(), DAYS, context.timeZone);
    const [from, to] = [new Date(period.from), new Date(period.to)];
    const columns = await timed('day rows read and decoded', () => glucoseColumnsFromDays(tx, patient.userId, from, to));
    await timed('metrics, AGP, daily figures', () =>
      summarizeGlucosePeriod(columns, { periodStart: period.from, periodEnd: period.to, periodDays: period.days, timeZone: context.timeZone, targets: context.targets }),
    );
    await timed('latest record of each kind', () => latestByKindInTx(tx, patient.userId));
    await timed('counts of the period', () => countHealthByKind(tx, patient.userId, from, to));
    await timed('open alerts', () => countOpenAlerts(tx, patient.userId));
    await timed('a statement that does nothing (select 1)', () => tx.execute(sql`select 1`));
    const parts = await summaryInTx(tx, patient.userId, context, period, { kinds: MEASUREMENT_KINDS, alerts: true });
    const encoded = await timed('zod encoding and JSON', () => encodeResponse(summarySchema, { ...parts, glucose: parts.glucose!, openAlerts: parts.openAlerts! }));
    await timed('br + gzip (zlib threads), the smaller kept', () => encoded.smallestFor(new Set(['br', 'gzip'])));
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
console.log(`${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${RUNS} runs, load average ${loadavg()[0]?.toFixed(2)}`);
for (const [piece, xs] of samples) console.log(`${piece.padEnd(44)} ${median(xs.slice(5)).toFixed(2)} ms`);
await t.close();
