import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { parseGlucoseFile } from '@glucosuivi/domain/imports/glucose-file';
import { summarySchema } from '@glucosuivi/domain/measurements/summary.schemas';
import { canonicalGlucose } from '@glucosuivi/domain/measurements/measurement-limits';
import { GLUCOSE_IMPORT_MAX, glucoseImportCheckSchema, glucoseImportResultSchema, importBody } from '@glucosuivi/domain/imports/imports.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { glucoseReadings } from './measurements.tables';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const FIVE_MIN = 5 * 60_000;

/** `n` 5-minute instants ending `endMinutesAgo` before the test clock. */
const instants = (n: number, endMinutesAgo: number) => Array.from({ length: n }, (_, i) => NOW - endMinutesAgo * 60_000 - (n - 1 - i) * FIVE_MIN);

describe('glucose file imports', () => {
  let t: TestApp;

  const post = (actor: TestUser, path: 'check' | 'import', payload: object) =>
    t.app.inject({ method: 'POST', url: path === 'check' ? '/api/imports/glucose/check' : '/api/imports/glucose', headers: actingAs(actor), payload });
  const stored = async (actor: TestUser) =>
    Number((await t.database.db.select({ n: count() }).from(glucoseReadings).where(eq(glucoseReadings.patientId, actor.userId)))[0]?.n);

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
  });
  afterAll(async () => t?.close());

  it('previews, imports all-or-nothing in the file unit, and adds nothing the second time', async () => {
    const patient = await createTestUser(t.database);
    const times = instants(864, 60);
    const values = times.map((_, i) => Number((4 + (i % 70) / 10).toFixed(1)));
    const body = importBody({ format: 'libreview', device: 'FreeStyle LibreLink', unit: 'mmol/L' }, times, values);

    const check = await post(patient, 'check', body);
    expect(check.statusCode, check.body).toBe(200);
    expect(glucoseImportCheckSchema.parse(check.json())).toEqual({
      readings: 864,
      alreadyPresent: 0,
      first: new Date(times[0]!).toISOString(),
      last: new Date(times.at(-1)!).toISOString(),
    });
    expect(await stored(patient), 'the preview writes nothing').toBe(0);

    const first = await post(patient, 'import', body);
    expect(first.statusCode, first.body).toBe(201);
    expect(glucoseImportResultSchema.parse(first.json())).toEqual({ inserted: 864, alreadyPresent: 0 });
    const rows = await t.database.db.select().from(glucoseReadings).where(eq(glucoseReadings.patientId, patient.userId)).orderBy(glucoseReadings.measuredAt);
    expect(rows).toHaveLength(864);
    expect(rows[10]).toMatchObject({ source: 'import', deviceId: 'libreview:FreeStyle LibreLink', entryUnit: 'mmol/L' });
    expect(rows[10]!.measuredAt.getTime()).toBe(times[10]);
    expect(rows[10]!.valueMgdl).toBeCloseTo(canonicalGlucose(values[10]!, 'mmol/L'), 4);

    const again = await post(patient, 'import', body);
    expect(glucoseImportResultSchema.parse(again.json())).toEqual({ inserted: 0, alreadyPresent: 864 });
    expect(glucoseImportCheckSchema.parse((await post(patient, 'check', body)).json()).alreadyPresent).toBe(864);
    expect(await stored(patient)).toBe(864);
  });

  it('skips readings another device path already stored within 2.5 minutes, and only those', async () => {
    const patient = await createTestUser(t.database);
    const times = instants(100, 600);
    // An uploader sent readings 10 to 29 of the same sensor, stamped 40 s later.
    const uploaded = times.slice(10, 30).map((at) => ({ measuredAt: new Date(at + 40_000).toISOString(), value: 120 }));
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/measurements/glucose/batch',
      headers: actingAs(patient),
      payload: { source: 'cgm', deviceId: 'xdrip', unit: 'mg/dL', readings: uploaded },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const body = importBody({ format: 'dexcom-clarity', device: null, unit: 'mg/dL' }, times, times.map(() => 118));
    expect(glucoseImportCheckSchema.parse((await post(patient, 'check', body)).json()).alreadyPresent).toBe(20);
    expect(glucoseImportResultSchema.parse((await post(patient, 'import', body)).json())).toEqual({ inserted: 80, alreadyPresent: 20 });
    expect(await stored(patient)).toBe(100);
  });

  it('refuses a bad file as a whole with the reading named, and stores nothing', async () => {
    const patient = await createTestUser(t.database);
    const times = instants(50, 600);
    const good = importBody({ format: 'libreview', device: 'Libre', unit: 'mg/dL' }, times, times.map(() => 140));
    const cases: [string, object, (string | number)[]][] = [
      ['a value out of range', { ...good, values: good.values.map((v, i) => (i === 17 ? 900 : v)) }, ['body', 'values', 17]],
      ['two readings at one instant', { ...good, steps: good.steps.map((s, i) => (i === 9 ? 0 : s)) }, ['body', 'steps', 9]],
      ['one value missing', { ...good, values: good.values.slice(1) }, ['body', 'values']],
      ['a file from 1850', { ...good, start: Date.parse('1850-01-01T00:00:00Z') }, ['body', 'start']],
      ['the last reading tomorrow', { ...good, steps: [...good.steps.slice(0, -1), 2 * 86_400] }, ['body', 'steps', 49]],
      ['an unknown field', { ...good, patientId: 'someone-else' }, ['body']],
    ];
    for (const [what, payload, path] of cases) {
      for (const kind of ['check', 'import'] as const) {
        const res = await post(patient, kind, payload);
        expect(res.statusCode, `${what} (${kind})`).toBe(400);
        const issues = errorBodySchema.parse(res.json()).error.issues ?? [];
        expect(issues[0]?.path.slice(0, path.length), `${what} (${kind})`).toEqual(path);
      }
    }
    expect(await stored(patient)).toBe(0);
  });

  it('takes a year of readings in one request (over the app-wide 1 MiB body limit), and only patients import', async () => {
    const patient = await createTestUser(t.database);
    const times = instants(GLUCOSE_IMPORT_MAX, 60);
    const body = importBody({ format: 'dexcom-clarity', device: 'G7', unit: 'mg/dL' }, times, times.map((_, i) => 100 + (i % 90) / 10 + 0.1));
    expect(JSON.stringify(body).length).toBeGreaterThan(1024 * 1024);
    const check = await post(patient, 'check', body);
    expect(check.statusCode, check.body.slice(0, 200)).toBe(200);
    expect(glucoseImportCheckSchema.parse(check.json()).readings).toBe(GLUCOSE_IMPORT_MAX);
    const tooMany = importBody(body, [...times, NOW - 30 * 60_000], [...body.values, 100]);
    expect((await post(patient, 'check', tooMany)).statusCode).toBe(400);

    const doctor = await createTestUser(t.database, { role: 'doctor' });
    const small = importBody({ format: 'libreview', device: null, unit: 'mg/dL' }, instants(3, 60), [100, 101, 102]);
    expect((await post(doctor, 'import', small)).statusCode).toBe(403);
    expect(await stored(doctor)).toBe(0);
  });
});

/*
 * Issue 15, "must show" 3: each real export in packages/domain/test-data/samples goes through the browser's
 * parser and the import API. The stored count is the one counted in the file by hand (see
 * packages/domain/src/imports/glucose-file.test.ts), the dashboard's metrics of the imported
 * period describe exactly those readings, and importing the same file again adds nothing.
 */
describe('glucose file imports of the sample exports', () => {
  const samples = new URL('../../../../../packages/domain/test-data/samples/', import.meta.url);
  const FILES: [file: string, readings: number][] = [
    ['libreview_us_mgdl_libre3.csv', 735],
    ['libreview_uk_mmol.csv', 2349],
    ['libreview_fr_mgdl_excerpt.csv', 150],
    ['dexcom_clarity_g7_mgdl.csv', 2772],
    ['dexcom_clarity_g6_mgdl_low_calibration_modified_upstream.csv', 3700],
  ];
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
  });
  afterAll(async () => t?.close());

  it.each(FILES)('%s: %i readings stored, their metrics on the dashboard, nothing added the second time', async (file, readings) => {
    const parsed = parseGlucoseFile(readFileSync(new URL(file, samples), 'utf8'), 'Europe/Paris');
    if (!parsed.ok) throw new Error(`${file}: ${JSON.stringify(parsed.error)}`);
    const { times, values, valuesMgdl } = parsed.file;
    const body = importBody({ format: parsed.file.format, device: parsed.file.device, unit: parsed.file.unit }, times, values);
    const patient = await createTestUser(t.database);
    t.clock.set(new Date(times.at(-1)! + 10 * 60_000));
    const send = () => t.app.inject({ method: 'POST', url: '/api/imports/glucose', headers: actingAs(patient), payload: body });

    const first = await send();
    expect(first.statusCode, first.body.slice(0, 300)).toBe(201);
    expect(glucoseImportResultSchema.parse(first.json())).toEqual({ inserted: readings, alreadyPresent: 0 });

    const summary = await t.app.inject({ method: 'GET', url: '/api/measurements/summary?days=90', headers: actingAs(patient) });
    expect(summary.statusCode).toBe(200);
    const glucose = summarySchema.parse(summary.json()).glucose;
    expect(glucose.basis).toBe('cgm');
    expect(glucose.readings).toBe(readings);
    expect(glucose.metrics?.n).toBe(readings);
    expect(glucose.metrics?.firstAt).toBe(new Date(times[0]!).toISOString());
    expect(glucose.metrics?.lastAt).toBe(new Date(times.at(-1)!).toISOString());
    const mean = valuesMgdl.reduce((sum, v) => sum + v, 0) / valuesMgdl.length;
    expect(Math.abs((glucose.metrics?.mean ?? 0) - mean)).toBeLessThan(0.051);

    const again = await send();
    expect(glucoseImportResultSchema.parse(again.json())).toEqual({ inserted: 0, alreadyPresent: readings });
    const stored = await t.database.db.select({ n: count() }).from(glucoseReadings).where(eq(glucoseReadings.patientId, patient.userId));
    expect(stored[0]?.n).toBe(readings);
  });
});
