import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { lastLocalDays } from '@glucosuivi/domain/glucose/timezone';
import type { Summary } from '@glucosuivi/domain/measurements/summary.schemas';
import { rowsOf } from '../../platform/db/open-database';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { loadPatientContext } from '../profile/profile.service';
import { glucoseColumns } from './measurements.repository';
import { glucoseColumnsFromDays } from './glucose-days.repository';
import { glucosePeriodInTx, glucoseSeriesInTx } from './measurements.service';

/**
 * ADR 0013: dashboards read a period from the packed columns of the daily rows instead of the
 * readings. Both paths must give the same columns, hence the same metrics, for any data: random
 * series with millisecond instants, meter and CGM readings at the same instant, both DST changes,
 * edits, deletes and a change of time zone, read through several windows.
 */
describe('glucose read from the daily rows equals glucose read from the readings', () => {
  let t: TestApp;
  const DAY = 86_400_000;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
  });
  afterAll(async () => t?.close());

  /** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
  function random(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let x = Math.imul(a ^ (a >>> 15), 1 | a);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
    };
  }

  /** ~95 days of CGM (jittered 5-minute steps, sensor gaps), plus meter readings, some at a CGM instant. */
  async function seedRandomSeries(patient: TestUser, seed: number): Promise<void> {
    const next = random(seed);
    const end = t.clock.now().getTime();
    const rows: { at: number; value: number; source: string }[] = [];
    let at = end - 95 * DAY + Math.floor(next() * 300_000);
    let value = 140;
    while (at < end) {
      value = Math.min(400, Math.max(40, value + (next() - 0.5) * 24));
      rows.push({ at, value: Math.round(value * 10) / 10, source: next() < 0.1 ? 'nightscout' : 'cgm' });
      if (next() < 0.02) rows.push({ at, value: Math.round((value + 5) * 10) / 10, source: 'manual' });
      if (next() < 0.01) rows.push({ at: at + Math.floor(next() * 60_000), value: 62.5, source: 'manual' });
      // Sometimes a sensor gap of up to ten hours; otherwise 5 minutes, give or take 20 s.
      at += next() < 0.002 ? Math.floor(next() * 36_000_000) : 300_000 + Math.floor((next() - 0.5) * 40_000);
    }
    await t.database.db.execute(sql`
      insert into glucose_readings (patient_id, measured_at, value_mgdl, source, device_id)
      select ${patient.userId}, to_timestamp(r.at / 1000.0), r.value, r.source, case when r.source = 'manual' then null else 'sensor-' || ${seed} end
        from unnest(${`{${rows.map((r) => r.at).join(',')}}`}::float8[], ${`{${rows.map((r) => r.value).join(',')}}`}::real[], ${`{${rows.map((r) => r.source).join(',')}}`}::text[]) as r(at, value, source)
      on conflict do nothing`);
  }

  async function bothPaths(patient: TestUser, from: number, to: number) {
    return t.database.asActor(patient, async (tx) => ({
      days: await glucoseColumnsFromDays(tx, patient.userId, new Date(from), new Date(to)),
      readings: await glucoseColumns(tx, patient.userId, new Date(from), new Date(to)),
    }));
  }

  /** Windows of the dashboard (last 1/7/14/30/90 local days) and arbitrary ones cutting days anywhere. */
  async function expectSameEverywhere(patient: TestUser, seed: number): Promise<number> {
    const now = t.clock.now().getTime();
    const next = random(seed + 1);
    const windows = [
      [now - 90 * DAY, now + 3_600_000],
      [now - 96 * DAY, now + DAY],
      ...Array.from({ length: 6 }, () => {
        const from = now - Math.floor(next() * 95 * DAY);
        return [from, from + Math.floor(next() * 40 * DAY)];
      }),
    ] as const;
    let compared = 0;
    for (const [from, to] of windows) {
      const { days, readings } = await bothPaths(patient, from, to);
      expect(days).toEqual(readings);
      compared += readings.t.length;
    }
    await t.database.asActor(patient, async (tx) => {
      const context = await loadPatientContext(tx, patient.userId);
      for (const days of [1, 7, 14, 30, 90]) {
        const period = lastLocalDays(now, days, context.timeZone);
        const fromRows = await glucosePeriodInTx(tx, patient.userId, context, period, 'daily_rows');
        const fromReadings = await glucosePeriodInTx(tx, patient.userId, context, period, 'readings');
        // Every metric, target check, AGP percentile and daily figure, to the last bit.
        expect(fromRows).toEqual(fromReadings);
        const [from, to] = [new Date(period.from), new Date(period.to)];
        expect(await glucoseSeriesInTx(tx, patient.userId, from, to, 'daily_rows')).toEqual(await glucoseSeriesInTx(tx, patient.userId, from, to, 'readings'));
      }
    });
    return compared;
  }

  // Each test loads ~27,000 readings into the embedded database: up to half a minute on a loaded host.
  const SLOW = 90_000;

  it.each([1, 2])('random series %i: the same columns in every window, the same summary for every period', async (seed) => {
    const patient = await createTestUser(t.database, { firstName: `Random${seed}` });
    await seedRandomSeries(patient, seed);
    const compared = await expectSameEverywhere(patient, seed);
    // The comparison covered real data (not two empty answers).
    expect(compared).toBeGreaterThan(40_000);
  }, SLOW);

  it('after edits, deletes, new readings and a change of time zone through the API, both paths still agree', async () => {
    const patient = await createTestUser(t.database, { firstName: 'Edits' });
    await seedRandomSeries(patient, 7);
    const headers = { ...actingAs(patient), origin: 'http://localhost:3000' };
    const now = t.clock.now().getTime();
    // A reading at the same instant as another, one in the DST night of 25 October, and a batch.
    const some = await t.database.db.execute(sql`select id, measured_at from glucose_readings where patient_id = ${patient.userId} order by measured_at desc limit 3`);
    const [latest] = (some as unknown as { rows: { id: string; measured_at: Date | string }[] }).rows;
    const posts = [
      { kind: 'glucose', measuredAt: new Date(latest!.measured_at).toISOString(), value: 77, unit: 'mg/dL', context: 'random' },
      { kind: 'glucose', measuredAt: '2026-10-25T00:30:00.000Z', value: 5.4, unit: 'mmol/L', context: 'night' },
    ];
    for (const payload of posts) {
      const res = await t.app.inject({ method: 'POST', url: '/api/measurements', headers, payload });
      expect(res.statusCode).toBe(201);
    }
    const deleted = await t.database.db.execute(sql`
      delete from glucose_readings where id in (select id from glucose_readings where patient_id = ${patient.userId} and measured_at > ${new Date(now - 20 * DAY)} order by measured_at limit 50) returning id`);
    expect((deleted as unknown as { rows: unknown[] }).rows).toHaveLength(50);
    await t.database.db.execute(sql`
      update glucose_readings set value_mgdl = value_mgdl + 1.5, measured_at = measured_at - interval '3 days'
       where id in (select id from glucose_readings where patient_id = ${patient.userId} and source = 'manual' limit 5)`);
    await expectSameEverywhere(patient, 7);

    const zone = await t.app.inject({ method: 'PATCH', url: '/api/settings', headers, payload: { timezone: 'Pacific/Kiritimati' } });
    expect(zone.statusCode).toBe(200);
    await expectSameEverywhere(patient, 7);
  }, SLOW);

  it("the dashboard's summary is the one computed from the readings", async () => {
    const patient = await createTestUser(t.database, { firstName: 'Dashboard' });
    await seedRandomSeries(patient, 11);
    const res = await t.app.inject({ url: '/api/measurements/summary?days=90', headers: actingAs(patient) });
    expect(res.statusCode).toBe(200);
    const summary = res.json() as Summary;
    const expected = await t.database.asActor(patient, async (tx) => {
      const context = await loadPatientContext(tx, patient.userId);
      return glucosePeriodInTx(tx, patient.userId, context, lastLocalDays(t.clock.now().getTime(), 90, context.timeZone), 'readings');
    });
    expect(summary.glucose).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(summary.glucose.metrics?.n).toBeGreaterThan(20_000);
  }, SLOW);

  it("keeps a CGM day's packed readings in the table's own pages, and drops them with the day", async () => {
    const patient = await createTestUser(t.database, { firstName: 'Storage' });
    const rows = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, unknown>>(await t.database.db.execute(query));
    // A whole local day of 5-minute CGM (Europe/Paris, UTC+1 in November), plus one reading the next day.
    await t.database.db.execute(sql`
      insert into glucose_readings (patient_id, measured_at, value_mgdl, source, device_id)
      select ${patient.userId}, ts, 90 + extract(minute from ts)::real, 'cgm', 'sensor'
        from generate_series('2026-10-30T23:00:00Z'::timestamptz, '2026-10-31T23:00:00Z', interval '5 minutes') ts`);
    const stored = await rows(sql`
      select day::text as day, octet_length(times_ms) as times, octet_length(values_mgdl) as values
        from glucose_day_readings where patient_id = ${patient.userId} order by day`);
    expect(stored).toEqual([
      { day: '2026-10-31', times: 288 * 8, values: 288 * 4 },
      { day: '2026-11-01', times: 8, values: 4 },
    ]);
    // ADR 0014: nothing went out of line (a cold read is one page per day).
    const [toast] = await rows(sql`select pg_relation_size(reltoastrelid)::int as bytes from pg_class where relname = 'glucose_day_readings'`);
    expect(toast).toEqual({ bytes: 0 });

    await t.database.db.execute(sql`delete from glucose_readings where patient_id = ${patient.userId} and measured_at < '2026-10-31T23:00:00Z'`);
    expect(await rows(sql`select day::text as day from glucose_daily_aggregates where patient_id = ${patient.userId}`)).toEqual([{ day: '2026-11-01' }]);
    expect(await rows(sql`select day::text as day from glucose_day_readings where patient_id = ${patient.userId}`)).toEqual([{ day: '2026-11-01' }]);
  });
});
