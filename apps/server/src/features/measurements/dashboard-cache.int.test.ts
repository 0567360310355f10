import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertListSchema } from '@glucosuivi/domain/alerts/alerts.schemas';
import { glucoseSeriesResponseSchema, summarySchema } from '@glucosuivi/domain/measurements/summary.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { createDashboardCache } from './dashboard-cache';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('dashboard cache', () => {
  let t: TestApp;
  let patient: TestUser;
  const summary = async () => summarySchema.parse((await t.app.inject({ url: '/api/measurements/summary?days=7', headers: actingAs(patient) })).json());

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database);
  });
  afterAll(async () => t?.close());

  it('answers a repeated summary from the cache, and never hides the patient’s own change', async () => {
    const post = (minutes: number, value: number) =>
      t.app.inject({ method: 'POST', url: '/api/measurements', headers: actingAs(patient), payload: { kind: 'glucose', measuredAt: ago(minutes), value, unit: 'mg/dL' } });
    expect((await post(30, 120)).statusCode).toBe(201);
    expect((await summary()).counts.glucose).toBe(1);
    const before = t.dashboardCache.stats().hits;
    expect((await summary()).counts.glucose).toBe(1);
    expect(t.dashboardCache.stats().hits).toBe(before + 1);

    // A new reading (with its hypo alert) shows at once.
    expect((await post(20, 60)).statusCode).toBe(201);
    const afterWrite = await summary();
    expect(afterWrite.counts.glucose).toBe(2);
    expect(afterWrite.openAlerts).toBe(1);

    // The unit, from the settings.
    await t.app.inject({ method: 'PATCH', url: '/api/settings', headers: actingAs(patient), payload: { glucoseUnit: 'mmol/l' } });
    expect((await summary()).glucoseUnit).toBe('mmol/L');

    // The alert count, when the alert is acknowledged.
    const alerts = alertListSchema.parse((await t.app.inject({ url: '/api/alerts', headers: actingAs(patient) })).json());
    await t.app.inject({ method: 'POST', url: `/api/alerts/${alerts.items[0]!.id}/acknowledge`, headers: actingAs(patient) });
    expect((await summary()).openAlerts).toBe(0);

    // A deletion.
    const series = async () =>
      glucoseSeriesResponseSchema.parse(
        (await t.app.inject({ url: `/api/measurements/glucose-series?from=${ago(600)}&to=${ago(0)}`, headers: actingAs(patient) })).json(),
      );
    expect((await series()).n).toBe(2);
    const list = (await t.app.inject({ url: '/api/measurements?kind=glucose', headers: actingAs(patient) })).json<{ items: { id: string }[] }>();
    await t.app.inject({ method: 'DELETE', url: `/api/measurements/${list.items[0]!.id}`, headers: actingAs(patient) });
    expect((await series()).n).toBe(1);
    expect((await summary()).counts.glucose).toBe(1);
  });

  it('sends the cached answer compressed as the client accepts it, the same JSON in every encoding', async () => {
    const get = (acceptEncoding?: string) =>
      t.app.inject({ url: '/api/measurements/summary?days=7', headers: { ...actingAs(patient), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    const body = summarySchema.parse(plain.json());
    const gzip = await get('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(body);
    const br = await get('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(body);
    expect((await get('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    // Both accepted: the smaller of the two bodies above, whichever it is.
    const either = await get('gzip, br');
    const smaller = br.rawPayload.length < gzip.rawPayload.length ? br : gzip;
    expect(either.headers['content-encoding']).toBe(smaller.headers['content-encoding']);
    expect(either.rawPayload.equals(smaller.rawPayload)).toBe(true);
  });

  it('expires answers after a minute', async () => {
    const first = await summary();
    t.clock.advance(30_000);
    expect((await summary()).period.to).toBe(first.period.to);
    t.clock.advance(31_000);
    expect((await summary()).period.to).not.toBe(first.period.to);
  });

  it('does not keep an answer computed while the data changed', async () => {
    const cache = createDashboardCache();
    let release: () => void = () => undefined;
    const slow = cache.cached('race-patient', 'k', () => new Promise<string>((resolve) => (release = () => resolve('old'))), NOW);
    cache.invalidate('race-patient');
    release();
    expect(await slow).toBe('old');
    expect(await cache.cached('race-patient', 'k', async () => 'new', NOW)).toBe('new');
    expect(await cache.cached('race-patient', 'k', async () => 'newer', NOW)).toBe('new');
  });

  it('forgets everything when events may have been missed, including an answer being computed', async () => {
    const cache = createDashboardCache();
    expect(await cache.cached('a', 'k', async () => 'a1', NOW)).toBe('a1');
    let release: () => void = () => undefined;
    const slow = cache.cached('b', 'k', () => new Promise<string>((resolve) => (release = () => resolve('b1'))), NOW);
    cache.invalidateAll();
    release();
    expect(await slow).toBe('b1');
    expect(await cache.cached('a', 'k', async () => 'a2', NOW)).toBe('a2');
    expect(await cache.cached('b', 'k', async () => 'b2', NOW)).toBe('b2');
  });

  it('is told by the event bus, not by the services: an event from elsewhere forgets the patient', async () => {
    const first = await summary();
    // A write by another server arrives as a remote event only; simulate it with a direct row.
    await t.database.asActor({ userId: patient.userId, role: 'patient' }, async (tx) => {
      const { insertGlucose } = await import('./measurements.repository');
      await insertGlucose(tx, patient.userId, {
        measuredAt: new Date(ago(10)),
        valueMgdl: 130,
        context: null,
        source: 'manual',
        deviceId: null,
        entryUnit: 'mg/dL',
        note: null,
        createdAt: new Date(NOW),
      });
    });
    expect((await summary()).counts.glucose).toBe(first.counts.glucose);
    await t.events.publish({ type: 'measurement.recorded', patientId: patient.userId, measurementId: null, kinds: ['glucose'], count: 1 });
    expect((await summary()).counts.glucose).toBe(first.counts.glucose + 1);
  });
});
