import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { glucoseBatchResultSchema } from '@glucosuivi/domain/measurements/measurements.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { alerts } from '../alerts/alerts.tables';
import { glucoseReadings } from './measurements.tables';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const FIVE_MIN = 5 * 60_000;

/** `n` 5-minute readings ending `endMinutesAgo` before the test clock. */
function readings(n: number, value: (i: number) => number, endMinutesAgo = 0) {
  const end = NOW - endMinutesAgo * 60_000;
  return Array.from({ length: n }, (_, i) => ({ measuredAt: new Date(end - (n - 1 - i) * FIVE_MIN).toISOString(), value: value(i) }));
}

describe('device glucose batches', () => {
  let t: TestApp;
  let patient: TestUser;

  const send = (actor: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/measurements/glucose/batch', headers: actingAs(actor), payload });
  const stored = async (actor: TestUser) =>
    Number((await t.database.db.select({ n: count() }).from(glucoseReadings).where(eq(glucoseReadings.patientId, actor.userId)))[0]?.n);

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database);
  });
  afterAll(async () => t?.close());

  it('stores nothing when one reading is out of range, and names its index', async () => {
    const batch = readings(100, (i) => (i === 42 ? 700 : 120), 600);
    const res = await send(patient, { source: 'cgm', deviceId: 'libre-1', unit: 'mg/dL', readings: batch });
    expect(res.statusCode).toBe(400);
    const issues = errorBodySchema.parse(res.json()).error.issues ?? [];
    expect(issues.map((i) => i.path)).toEqual([['body', 'readings', 42, 'value']]);
    expect(await stored(patient)).toBe(0);
  });

  it('stores nothing when one reading is in the future, and names its index', async () => {
    const batch = readings(10, () => 120, 600);
    batch[7] = { measuredAt: new Date(NOW + 10 * 60_000).toISOString(), value: 120 };
    const res = await send(patient, { source: 'cgm', deviceId: 'libre-1', unit: 'mg/dL', readings: batch });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).error.issues?.[0]).toMatchObject({ path: ['body', 'readings', 7, 'measuredAt'], code: 'measured_at_in_future' });
    expect(await stored(patient)).toBe(0);
  });

  it('refuses a malformed reading with its index (schema) and more than 10,000 readings', async () => {
    const batch: object[] = readings(5, () => 120, 600);
    batch[3] = { measuredAt: 'yesterday', value: 120 };
    const res = await send(patient, { source: 'cgm', deviceId: 'libre-1', unit: 'mg/dL', readings: batch });
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).error.issues?.[0]?.path.slice(0, 3)).toEqual(['body', 'readings', 3]);
    const tooMany = await send(patient, { source: 'cgm', deviceId: 'x', unit: 'mg/dL', readings: readings(10_001, () => 120, 600) });
    expect(tooMany.statusCode).toBe(400);
    expect(await stored(patient)).toBe(0);
  });

  it('skips readings already stored: the same upload twice stores one row each', async () => {
    const first = readings(50, (i) => 100 + i, 1000);
    const res1 = glucoseBatchResultSchema.parse((await send(patient, { source: 'cgm', deviceId: 'dexcom-9', unit: 'mg/dL', readings: first })).json());
    expect(res1).toMatchObject({ inserted: 50, duplicates: 0 });
    const overlapping = [...first, ...readings(10, () => 130, 1000 - 50)];
    const res2 = glucoseBatchResultSchema.parse((await send(patient, { source: 'cgm', deviceId: 'dexcom-9', unit: 'mg/dL', readings: overlapping })).json());
    expect(res2).toMatchObject({ inserted: 10, duplicates: 50 });
    // Another device at the same instants is another sensor: kept.
    const other = glucoseBatchResultSchema.parse((await send(patient, { source: 'cgm', deviceId: 'libre-2', unit: 'mg/dL', readings: first.slice(0, 5) })).json());
    expect(other.inserted).toBe(5);
    expect(await stored(patient)).toBe(65);
  });

  it('converts a mmol/L batch to mg/dL', async () => {
    const someone = await createTestUser(t.database);
    const res = await send(someone, { source: 'import', deviceId: 'libreview-csv', unit: 'mmol/L', readings: readings(3, () => 5.5, 2000) });
    expect(glucoseBatchResultSchema.parse(res.json()).inserted).toBe(3);
    const rows = await t.database.db.select().from(glucoseReadings).where(eq(glucoseReadings.patientId, someone.userId));
    expect(rows.map((r) => Math.round(r.valueMgdl * 10) / 10)).toEqual([99.1, 99.1, 99.1]);
  });

  it('raises one alert per recent CGM episode, once, even when an upload is sent again', async () => {
    const someone = await createTestUser(t.database);
    // 2 hours: in range, then 30 minutes at 50 mg/dL (an urgent hypo), then in range again.
    const batch = readings(24, (i) => (i >= 8 && i < 14 ? 50 : 110), 30);
    const res = glucoseBatchResultSchema.parse((await send(someone, { source: 'cgm', deviceId: 'g7', unit: 'mg/dL', readings: batch })).json());
    expect(res.alerts.map((a) => [a.kind, a.origin, a.glucoseMgdl])).toEqual([['urgent_hypo', 'cgm_episode', 50]]);
    const again = glucoseBatchResultSchema.parse((await send(someone, { source: 'cgm', deviceId: 'g7', unit: 'mg/dL', readings: batch })).json());
    expect(again).toMatchObject({ inserted: 0, duplicates: 24, alerts: [] });
    const rows = await t.database.db.select().from(alerts).where(eq(alerts.patientId, someone.userId));
    expect(rows).toHaveLength(1);
  });

  it('detects an episode spread over two uploads', async () => {
    const someone = await createTestUser(t.database);
    const all = readings(12, (i) => (i >= 4 && i < 8 ? 62 : 110), 20);
    const first = glucoseBatchResultSchema.parse((await send(someone, { source: 'cgm', deviceId: 'g7', unit: 'mg/dL', readings: all.slice(0, 6) })).json());
    expect(first.alerts).toEqual([]); // 10 minutes below 70: not yet an episode
    const second = glucoseBatchResultSchema.parse((await send(someone, { source: 'cgm', deviceId: 'g7', unit: 'mg/dL', readings: all.slice(6) })).json());
    expect(second.alerts.map((a) => a.kind)).toEqual(['hypo']);
  });

  it('does not raise alerts for history older than 24 hours (an import of last month)', async () => {
    const someone = await createTestUser(t.database);
    const res = glucoseBatchResultSchema.parse(
      (await send(someone, { source: 'import', deviceId: 'clarity', unit: 'mg/dL', readings: readings(24, (i) => (i >= 8 && i < 14 ? 50 : 110), 3 * 24 * 60) })).json(),
    );
    expect(res).toMatchObject({ inserted: 24, alerts: [] });
  });

  it('stores 10,000 readings in one request', async () => {
    const someone = await createTestUser(t.database);
    const res = await send(someone, { source: 'cgm', deviceId: 'big', unit: 'mg/dL', readings: readings(10_000, (i) => 100 + (i % 50), 0) });
    expect(res.statusCode).toBe(200);
    expect(glucoseBatchResultSchema.parse(res.json()).inserted).toBe(10_000);
    expect(await stored(someone)).toBe(10_000);
  });
});
