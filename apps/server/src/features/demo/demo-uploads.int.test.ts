import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCgmDays } from '@glucosuivi/domain/demo/cgm-generator';
import { GLUCOSE_BATCH_MAX } from '@glucosuivi/domain/measurements/measurements.schemas';
import { fixedClock } from '../../platform/clock';
import type { Actor } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
import { createInProcessEventBus } from '../../platform/events/event-bus';
import { createTestUser } from '../../test/fixtures';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { DEVICE_GLUCOSE_SOURCES } from '@glucosuivi/domain/measurements/measurements.schemas';
import { createMeasurement, insertGlucoseBatch } from '../measurements/measurement-entry.service';
import { glucoseColumns, withInsertedGlucose, type GlucoseWrite } from '../measurements/measurements.repository';
import type { MeasurementsDeps } from '../measurements/measurements.service';
import { cgmUploads } from './demo.seed';

/**
 * The demo seed loads its CGM uploads in bulk on the embedded database (per-row triggers off,
 * daily aggregates rebuilt once per upload). What it stores must be what the app's ordinary
 * upload stores: the same readings, alerts, jobs and daily aggregates. On PostgreSQL the bulk
 * path is the ordinary one, so the comparison holds trivially there.
 */
describe("the demo's CGM uploads as a bulk load", () => {
  let database: TestDatabase;
  const now = new Date('2026-11-24T09:00:00Z');
  // 40 days: more than one batch of GLUCOSE_BATCH_MAX, with last night's hypo for an alert.
  const series = generateCgmDays({ seed: 4242, profile: 'average', lastNightHypo: true, days: 40, endAt: now.getTime() - 5 * 60_000 });

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.destroy();
  });

  async function upload(deps: MeasurementsDeps, patient: Actor, options: { allNew?: boolean } = {}) {
    for (let start = 0; start < series.t.length; start += GLUCOSE_BATCH_MAX) {
      const readings = [];
      for (let i = start; i < Math.min(series.t.length, start + GLUCOSE_BATCH_MAX); i++) {
        readings.push({ measuredAt: new Date(series.t[i]!).toISOString(), value: series.v[i]! });
      }
      await insertGlucoseBatch(deps, patient, { source: 'cgm', deviceId: 'demo-libre-3', unit: 'mg/dL', readings }, options);
    }
  }

  async function stored(patientId: string) {
    const readings = rowsOf(
      await database.db.execute(sql`
        select measured_at, value_mgdl, context, source, device_id, entry_unit, note, created_at
          from glucose_readings where patient_id = ${patientId} order by measured_at`),
    );
    const alerts = rowsOf(
      await database.db.execute(sql`
        select kind, status, origin, glucose_mgdl, occurred_at, created_at
          from alerts where patient_id = ${patientId} order by occurred_at, kind`),
    );
    const jobs = rowsOf(
      await database.db.execute(sql`select name, run_at from jobs where payload->>'patientId' = ${patientId} order by name, run_at`),
    );
    const days = rowsOf<Record<string, unknown>>(
      await database.db.execute(sql`
        select day::text as day, n, n_device, n_very_low, n_low, n_in_range, n_high, n_very_high, last_at, sum_mgdl, sum_squares
          from glucose_daily_aggregates where patient_id = ${patientId} order by day`),
    );
    return { readings, alerts, jobs, days };
  }

  it('stores the same readings, alerts, jobs and daily aggregates as the ordinary upload', async () => {
    const deps: MeasurementsDeps = { database, clock: fixedClock(now), events: createInProcessEventBus({ warn: () => undefined }) };
    const ordinary = await createTestUser(database);
    const bulk = await createTestUser(database);
    await upload(deps, ordinary);
    // As the seed does it: triggers off, and no reading looked for as a duplicate.
    await upload(cgmUploads(deps), bulk, { allNew: true });

    const expected = await stored(ordinary.userId);
    const actual = await stored(bulk.userId);
    expect(series.t.length).toBeGreaterThan(GLUCOSE_BATCH_MAX);
    expect(expected.readings).toHaveLength(series.t.length);
    expect(actual.readings).toEqual(expected.readings);
    expect(expected.alerts.length).toBeGreaterThan(0);
    expect(actual.alerts).toEqual(expected.alerts);
    expect(actual.jobs).toEqual(expected.jobs);
    expect(expected.days.length).toBeGreaterThanOrEqual(40);
    expect(actual.days).toHaveLength(expected.days.length);
    actual.days.forEach((day, i) => {
      const { sum_mgdl: sum, sum_squares: squares, ...counts } = day;
      const { sum_mgdl: expectedSum, sum_squares: expectedSquares, ...expectedCounts } = expected.days[i]!;
      expect(counts).toEqual(expectedCounts);
      // Sums kept as real (float4), possibly added in another order: equal to float4 precision.
      expect(Math.abs(Number(sum) - Number(expectedSum))).toBeLessThanOrEqual(1e-6 * Number(expectedSum));
      expect(Math.abs(Number(squares) - Number(expectedSquares))).toBeLessThanOrEqual(1e-6 * Number(expectedSquares));
    });
  });

  it('refuses, and stores nothing of, a batch said to be all new that repeats a stored reading', async () => {
    const deps: MeasurementsDeps = { database, clock: fixedClock(now), events: createInProcessEventBus({ warn: () => undefined }) };
    const patient = await createTestUser(database);
    const reading = (minutesAgo: number) => ({ measuredAt: new Date(now.getTime() - minutesAgo * 60_000).toISOString(), value: 120 });
    const batch = (readings: { measuredAt: string; value: number }[]) => ({ source: 'cgm' as const, deviceId: 'g7', unit: 'mg/dL' as const, readings });
    expect((await insertGlucoseBatch(deps, patient, batch([reading(10), reading(5)]), { allNew: true })).inserted).toBe(2);
    await expect(insertGlucoseBatch(deps, patient, batch([reading(15), reading(5)]), { allNew: true })).rejects.toThrow();
    const count = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from glucose_readings where patient_id = ${patient.userId}`));
    expect(count[0]!.n).toBe(2);
    // The ordinary upload skips the stored one and keeps the new one.
    expect((await insertGlucoseBatch(deps, patient, batch([reading(15), reading(5)]))).inserted).toBe(1);
  });

  it('adds a batch to the readings stored around it exactly as reading them back would', async () => {
    const deps: MeasurementsDeps = { database, clock: fixedClock(now), events: createInProcessEventBus({ warn: () => undefined }) };
    const patient = await createTestUser(database);
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
    // Around the batch: another sensor's readings (one between two of the batch), a meter reading
    // (not a device source: left out) and an earlier upload of the same sensor.
    await insertGlucoseBatch(deps, patient, { source: 'cgm', deviceId: 'other', unit: 'mg/dL', readings: [200, 52, 47].map((value, k) => ({ measuredAt: at(48 - k * 4).toISOString(), value })) });
    await createMeasurement(deps, patient, { kind: 'glucose', measuredAt: at(33).toISOString(), value: 61, unit: 'mg/dL', source: 'meter' });
    await insertGlucoseBatch(deps, patient, { source: 'cgm', deviceId: 'g7', unit: 'mg/dL', readings: [{ measuredAt: at(60).toISOString(), value: 98.4 }] });
    const window = [at(240), at(-60)] as const;
    const read = () => database.asActor(patient, (tx) => glucoseColumns(tx, patient.userId, window[0], window[1], DEVICE_GLUCOSE_SOURCES));
    const before = await read();
    const rows: GlucoseWrite[] = [55.5, 49.2, 64.9, 71].map((valueMgdl, k) => ({ measuredAt: at(50 - k * 4), valueMgdl, source: 'cgm', deviceId: 'g7', entryUnit: 'mg/dL', createdAt: now }));
    await insertGlucoseBatch(deps, patient, { source: 'cgm', deviceId: 'g7', unit: 'mg/dL', readings: rows.map((row) => ({ measuredAt: row.measuredAt.toISOString(), value: row.valueMgdl })) });
    const after = await read();
    expect(before.t.length).toBe(4);
    expect(after.t.length).toBe(8);
    expect(withInsertedGlucose(before, rows, DEVICE_GLUCOSE_SOURCES)).toEqual(after);
    // An instant already stored: the order would be the ids', so the caller reads instead.
    expect(withInsertedGlucose(after, [{ ...rows[0]!, deviceId: 'g8' }], DEVICE_GLUCOSE_SOURCES)).toBeUndefined();
  });

  it('turns off only triggers whose work its rebuild step redoes', async () => {
    // The tables an upload writes. A new trigger on one of them must be replayed by the bulk
    // load's settle step (demo.seed.ts, cgmUploads) or the bulk load dropped for that table.
    const triggers = rowsOf<{ tbl: string; name: string }>(
      await database.db.execute(sql`
        select c.relname as tbl, t.tgname as name
          from pg_trigger t join pg_class c on c.oid = t.tgrelid
         where not t.tgisinternal and c.relname in ('glucose_readings', 'alerts', 'jobs', 'glucose_daily_aggregates')
         order by 1, 2`),
    );
    expect(triggers).toEqual([
      { tbl: 'glucose_readings', name: 'glucose_daily_aggregates_on_delete' },
      { tbl: 'glucose_readings', name: 'glucose_daily_aggregates_on_insert' },
      { tbl: 'glucose_readings', name: 'glucose_daily_aggregates_on_update' },
    ]);
  });
});
