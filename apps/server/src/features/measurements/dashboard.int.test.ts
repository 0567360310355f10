import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCgmDays } from '@glucosuivi/domain/demo/cgm-generator';
import { computeAgp } from '@glucosuivi/domain/glucose/agp';
import { computeDailyStats } from '@glucosuivi/domain/glucose/daily';
import { computeGlucoseMetrics } from '@glucosuivi/domain/glucose/metrics';
import { seriesColumns } from '@glucosuivi/domain/glucose/series';
import { glucoseSeriesResponseSchema, summarySchema } from '@glucosuivi/domain/measurements/summary.schemas';
import { decodeGlucoseSeries } from '@glucosuivi/domain/measurements/series-encoding';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const DAY = 86_400_000;

describe('dashboard: summary and chart series over 90 days of CGM', () => {
  let t: TestApp;
  let patient: TestUser;
  // Last slot 5 minutes before the clock, so every reading lies in [now − 90 d, now).
  const cgm = generateCgmDays({ seed: 11, days: 90, endAt: NOW - 5 * 60_000, timeZone: 'Europe/Paris' });

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database, { timezone: 'Europe/Paris' });
    for (let i = 0; i < cgm.t.length; i += 10_000) {
      const readings = cgm.t.slice(i, i + 10_000).map((time, k) => ({ measuredAt: new Date(time).toISOString(), value: cgm.v[i + k] as number }));
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/measurements/glucose/batch',
        headers: actingAs(patient),
        payload: { source: 'cgm', deviceId: 'libre3-demo', unit: 'mg/dL', readings },
      });
      expect(res.statusCode).toBe(200);
    }
    await t.app.inject({ method: 'POST', url: '/api/measurements', headers: actingAs(patient), payload: { kind: 'hba1c', measuredAt: new Date(NOW - 40 * DAY).toISOString(), value: 7.2, unit: '%' } });
  }, 120_000);
  afterAll(async () => t?.close());

  it('computes the 14-day metrics with the glucose module, in the patient zone', async () => {
    const res = await t.app.inject({ url: '/api/measurements/summary?days=14', headers: actingAs(patient) });
    expect(res.statusCode).toBe(200);
    const summary = summarySchema.parse(res.json());
    // The 14 local days ending today: from Paris midnight 13 days ago (not NOW − 14 × 24 h).
    const from = Date.parse('2026-10-20T00:00:00+02:00');
    expect(summary.period.from).toBe(new Date(from).toISOString());
    const t14: number[] = [];
    const v14: number[] = [];
    cgm.t.forEach((time, i) => {
      if (time >= from) {
        t14.push(time);
        v14.push(cgm.v[i] as number);
      }
    });
    const expected = computeGlucoseMetrics({ t: t14, v: v14 }, { periodStart: from, periodEnd: NOW, periodDays: 14 });
    expect(summary.glucose.basis).toBe('cgm');
    expect(summary.glucose.readings).toBe(t14.length);
    expect(summary.glucose.metrics?.mean).toBeCloseTo(expected?.mean ?? Number.NaN, 6);
    expect(summary.glucose.metrics?.bands.in_range).toBeCloseTo(expected?.bands.in_range ?? Number.NaN, 6);
    expect(summary.glucose.metrics?.gri).toBeCloseTo(expected?.gri ?? Number.NaN, 6);
    expect(summary.glucose.metrics?.activePercent).toBeCloseTo(expected?.activePercent ?? Number.NaN, 6);
    expect(summary.glucose.metrics?.sufficiency.enoughDays).toBe(true);
    expect(summary.glucose.targetChecks.map((c) => c.key)).toEqual(['veryLow', 'belowRange', 'inRange', 'aboveRange', 'veryHigh', 'cv']);
    const agp = computeAgp({ t: t14, v: v14 }, { timeZone: 'Europe/Paris' });
    expect(summary.glucose.agp?.p50).toHaveLength(288);
    expect(summary.glucose.agp?.p50[100]).toBeCloseTo(agp.p50[100] as number, 1);
    const daily = computeDailyStats({ t: t14, v: v14 }, { timeZone: 'Europe/Paris' });
    expect(summary.glucose.daily.map((d) => [d.date, d.n])).toEqual(daily.map((d) => [d.date, d.n]));
    expect(summary.period).toMatchObject({ days: 14, timeZone: 'Europe/Paris', to: new Date(NOW).toISOString() });
    expect(summary.counts.glucose).toBe(t14.length);
    expect(summary.latest.glucose?.measuredAt).toBe(new Date(cgm.t[cgm.t.length - 1] as number).toISOString());
    expect(summary.latest.hba1c?.percent).toBe(7.2);
    expect(summary.latest.weight).toBeNull();
    expect(summary.targets.preset).toBe('standard');
  });

  it('accepts only 1, 7, 14, 30 or 90 days', async () => {
    for (const days of [1, 7, 30, 90]) {
      expect((await t.app.inject({ url: `/api/measurements/summary?days=${days}`, headers: actingAs(patient) })).statusCode).toBe(200);
    }
    for (const days of ['5', '0', 'abc', '']) {
      expect((await t.app.inject({ url: `/api/measurements/summary?days=${days}`, headers: actingAs(patient) })).statusCode).toBe(400);
    }
  });

  it('sends 90 days of 5-minute readings as columns of ≤ 30 KiB gzipped, values intact as integers', async () => {
    const from = new Date(NOW - 90 * DAY).toISOString();
    const to = new Date(NOW).toISOString();
    const res = await t.app.inject({ url: `/api/measurements/glucose-series?from=${from}&to=${to}`, headers: actingAs(patient) });
    expect(res.statusCode).toBe(200);
    const gzipped = gzipSync(res.rawPayload).length;
    console.info(`glucose-series: ${cgm.t.length} readings, ${res.rawPayload.length} bytes JSON, ${gzipped} bytes gzip`);
    expect(cgm.t.length).toBeGreaterThan(25_000);
    expect(gzipped).toBeLessThanOrEqual(30 * 1024);

    const body = glucoseSeriesResponseSchema.parse(res.json());
    expect(body.n).toBe(cgm.t.length);
    const { t: times, v: values } = seriesColumns(decodeGlucoseSeries(body.series));
    const decoded: [number, number][] = [];
    for (let i = 0; i < times.length; i++) if (values[i] === values[i]) decoded.push([times[i] as number, values[i] as number]);
    expect(decoded).toEqual(cgm.t.map((time, i) => [time, Math.round(cgm.v[i] as number)]));
  });

  it('keeps a gap-free 90 days (25,920 readings) under 30 KiB gzipped too', async () => {
    // The generator leaves sensor gaps; fill every missing 5-minute slot by linear interpolation.
    const step = 5 * 60_000;
    const start = NOW - 90 * DAY;
    const full: { measuredAt: string; value: number }[] = [];
    let k = 0;
    for (let slot = start; slot < NOW; slot += step) {
      while (k + 1 < cgm.t.length && (cgm.t[k + 1] as number) <= slot) k++;
      const t0 = cgm.t[k] as number;
      const t1 = cgm.t[Math.min(k + 1, cgm.t.length - 1)] as number;
      const v0 = cgm.v[k] as number;
      const v1 = cgm.v[Math.min(k + 1, cgm.t.length - 1)] as number;
      const value = t1 > t0 ? v0 + ((v1 - v0) * Math.min(1, Math.max(0, slot - t0))) / (t1 - t0) : v0;
      full.push({ measuredAt: new Date(slot).toISOString(), value: Math.round(value) });
    }
    expect(full).toHaveLength(25_920);
    const dense = await createTestUser(t.database);
    for (let i = 0; i < full.length; i += 10_000) {
      const payload = { source: 'cgm', deviceId: 'dense', unit: 'mg/dL', readings: full.slice(i, i + 10_000) };
      expect((await t.app.inject({ method: 'POST', url: '/api/measurements/glucose/batch', headers: actingAs(dense), payload })).statusCode).toBe(200);
    }
    const res = await t.app.inject({
      url: `/api/measurements/glucose-series?from=${new Date(start).toISOString()}&to=${new Date(NOW).toISOString()}`,
      headers: actingAs(dense),
    });
    const body = glucoseSeriesResponseSchema.parse(res.json());
    expect(body.n).toBe(25_920);
    expect(body.series.layout).toBe('regular');
    const gzipped = gzipSync(res.rawPayload).length;
    console.info(`glucose-series (gap-free): 25920 readings, ${res.rawPayload.length} bytes JSON, ${gzipped} bytes gzip`);
    expect(gzipped).toBeLessThanOrEqual(30 * 1024);
  }, 60_000);

  it('sends the 90-day series and summary in the smaller encoding both accepted, the one accepted, or none', async () => {
    const from = new Date(NOW - 90 * DAY).toISOString();
    for (const url of [`/api/measurements/glucose-series?from=${from}&to=${new Date(NOW).toISOString()}`, '/api/measurements/summary?days=90']) {
      const get = (acceptEncoding?: string) => t.app.inject({ url, headers: { ...actingAs(patient), ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } });
      const plain = await get();
      const br = await get('br');
      const gzip = await get('gzip');
      expect([br.headers['content-encoding'], gzip.headers['content-encoding']], url).toEqual(['br', 'gzip']);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe(plain.body);
      expect(gunzipSync(gzip.rawPayload).toString(), url).toBe(plain.body);
      const smaller = br.rawPayload.length < gzip.rawPayload.length ? br : gzip;
      console.info(`${url.split('?')[0]} 90 days: ${plain.rawPayload.length} bytes JSON, br ${br.rawPayload.length}, gzip ${gzip.rawPayload.length}`);
      for (const both of ['gzip, br', 'br, gzip', 'gzip, deflate, br, zstd', 'br;q=1.0, gzip;q=0.5', 'gzip;q=0.2, br;q=0.1', '*', 'X-GZIP, BR']) {
        const res = await get(both);
        expect(res.headers['content-encoding'], `${url} [${both}]`).toBe(smaller.headers['content-encoding']);
        expect(res.rawPayload.equals(smaller.rawPayload), `${url} [${both}]`).toBe(true);
        expect(res.headers.vary, `${url} [${both}]`).toMatch(/accept-encoding/);
      }
      for (const [only, encoding] of [['br, gzip;q=0', 'br'], ['br;q=0.5, gzip;level=9;q=0', 'br'], ['gzip, br;q=0', 'gzip'], ['br;q=0, *', 'gzip'], ['*;q=0, br', 'br'], ['deflate, x-gzip', 'gzip']] as const) {
        expect((await get(only)).headers['content-encoding'], `${url} [${only}]`).toBe(encoding);
      }
      for (const none of [undefined, '', 'identity', 'deflate', 'br;q=0, gzip;q=0', '*;q=0', 'gzip;q=abc']) {
        const res = await get(none);
        expect(res.headers['content-encoding'], `${url} [${none}]`).toBeUndefined();
        expect(res.body, `${url} [${none}]`).toBe(plain.body);
      }
    }
  });

  it('refuses a series longer than 92 days or reversed', async () => {
    const to = new Date(NOW).toISOString();
    const tooLong = await t.app.inject({ url: `/api/measurements/glucose-series?from=${new Date(NOW - 100 * DAY).toISOString()}&to=${to}`, headers: actingAs(patient) });
    expect(tooLong.statusCode).toBe(400);
    const reversed = await t.app.inject({ url: `/api/measurements/glucose-series?from=${to}&to=${new Date(NOW - DAY).toISOString()}`, headers: actingAs(patient) });
    expect(reversed.statusCode).toBe(400);
  });

  it('gives another patient an empty dashboard, not this one', async () => {
    const other = await createTestUser(t.database);
    const summary = summarySchema.parse((await t.app.inject({ url: '/api/measurements/summary?days=90', headers: actingAs(other) })).json());
    expect(summary.glucose).toMatchObject({ basis: 'none', readings: 0, metrics: null });
    expect(summary.latest.glucose).toBeNull();
    const series = glucoseSeriesResponseSchema.parse(
      (await t.app.inject({ url: `/api/measurements/glucose-series?from=${new Date(NOW - DAY).toISOString()}&to=${new Date(NOW).toISOString()}`, headers: actingAs(other) })).json(),
    );
    expect(series.n).toBe(0);
  });
});
