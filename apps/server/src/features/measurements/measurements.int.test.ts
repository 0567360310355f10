import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { measurementPageSchema, measurementRecordSchema, measurementWriteResultSchema } from '@glucosuivi/domain/measurements/measurements.schemas';
import { alertListSchema } from '@glucosuivi/domain/alerts/alerts.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { glucoseReadings, healthMeasurements } from './measurements.tables';

// The test clock stands at 2026-11-02T09:00:00Z.
const NOW = '2026-11-02T09:00:00.000Z';
const minutesAgo = (m: number) => new Date(Date.parse(NOW) - m * 60_000).toISOString();

describe('measurements API', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;

  const post = (actor: TestUser | null, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/measurements', headers: actor ? actingAs(actor) : {}, payload: payload as object });
  const rowCount = async () => {
    const [g] = await t.database.db.select({ n: count() }).from(glucoseReadings);
    const [h] = await t.database.db.select({ n: count() }).from(healthMeasurements);
    return Number(g?.n) + Number(h?.n);
  };

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    alice = await createTestUser(t.database, { firstName: 'Alice' });
    bob = await createTestUser(t.database, { firstName: 'Bob' });
  });
  afterAll(async () => t?.close());

  it('answers 401 without a user on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const weight = { kind: 'weight', measuredAt: NOW, kg: 70 };
    const batch = { source: 'cgm', deviceId: 'g7', unit: 'mg/dL', readings: [{ measuredAt: NOW, value: 100 }] };
    const profile = { birthYear: null, diabetesType: null, diagnosisYear: null, treatment: null, heightCm: null, glucoseDevice: null, targets: { preset: 'standard' } };
    // Valid input everywhere, so the only thing missing is the user.
    const calls: [string, string, object?][] = [
      ['POST', '/api/measurements', weight],
      ['GET', '/api/measurements'],
      ['GET', `/api/measurements/${id}`],
      ['PUT', `/api/measurements/${id}`, weight],
      ['DELETE', `/api/measurements/${id}`],
      ['POST', '/api/measurements/glucose/batch', batch],
      ['GET', '/api/measurements/summary?days=7'],
      ['GET', `/api/measurements/glucose-series?from=${minutesAgo(60)}&to=${NOW}`],
      ['GET', '/api/measurements/export.csv'],
      ['GET', '/api/alerts'],
      ['POST', `/api/alerts/${id}/acknowledge`],
      ['POST', `/api/alerts/${id}/resolve`],
      ['GET', '/api/profile'],
      ['PUT', '/api/profile', profile],
      ['GET', '/api/reports/glucose.pdf'],
      ['GET', '/api/reports/weekly'],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(errorBodySchema.parse(res.json()).error.code).toBe('unauthenticated');
    }
  });

  it('documents every endpoint of the feature in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json() as { paths: Record<string, object> };
    for (const path of [
      '/api/measurements',
      '/api/measurements/{id}',
      '/api/measurements/glucose/batch',
      '/api/measurements/summary',
      '/api/measurements/glucose-series',
      '/api/measurements/export.csv',
      '/api/alerts',
      '/api/alerts/{id}/acknowledge',
      '/api/profile',
      '/api/reports/glucose.pdf',
      '/api/reports/weekly',
    ]) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
  });

  it('refuses a professional with 403: health data is the patient’s', async () => {
    const doctor = await createTestUser(t.database, { role: 'doctor' });
    const res = await post(doctor, { kind: 'weight', measuredAt: NOW, kg: 70 });
    expect(res.statusCode).toBe(403);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('forbidden');
  });

  it('stores a glucose of 65 mg/dL and raises a hypo alert in the same write', async () => {
    const res = await post(alice, { kind: 'glucose', measuredAt: minutesAgo(2), value: 65, unit: 'mg/dL', context: 'before_meal' });
    expect(res.statusCode).toBe(201);
    const body = measurementWriteResultSchema.parse(res.json());
    expect(body.measurement).toMatchObject({ kind: 'glucose', valueMgdl: 65, context: 'before_meal', source: 'manual' });
    expect(body.alerts).toHaveLength(1);
    expect(body.alerts[0]).toMatchObject({ kind: 'hypo', status: 'open', glucoseMgdl: 65, measurementId: body.measurement.id });
    const list = alertListSchema.parse((await t.app.inject({ url: '/api/alerts', headers: actingAs(alice) })).json());
    expect(list.items.map((a) => a.id)).toContain(body.alerts[0]?.id);
    expect(list.counts.open).toBeGreaterThanOrEqual(1);
  });

  it('raises urgent hypo below 54, hyper above 250 and nothing in range', async () => {
    const kinds = [];
    for (const value of [50, 260, 120]) {
      const res = await post(alice, { kind: 'glucose', measuredAt: minutesAgo(10), value, unit: 'mg/dL' });
      kinds.push(measurementWriteResultSchema.parse(res.json()).alerts.map((a) => a.kind));
    }
    expect(kinds).toEqual([['urgent_hypo'], ['hyper'], []]);
  });

  it('refuses 700 mg/dL with the limits in the unit used, and stores nothing', async () => {
    const before = await rowCount();
    const res = await post(alice, { kind: 'glucose', measuredAt: NOW, value: 700, unit: 'mg/dL' });
    expect(res.statusCode).toBe(400);
    const issues = errorBodySchema.parse(res.json()).error.issues ?? [];
    expect(issues).toContainEqual(expect.objectContaining({ path: ['body', 'value'], params: expect.objectContaining({ rule: 'out_of_range', min: 20, max: 600, unit: 'mg/dL' }) }));
    expect(await rowCount()).toBe(before);
  });

  it('announces mmol/L limits in mmol/L, rounded inwards (1.2–33.3)', async () => {
    const res = await post(alice, { kind: 'glucose', measuredAt: NOW, value: 40, unit: 'mmol/L' });
    expect(res.statusCode).toBe(400);
    const issue = errorBodySchema.parse(res.json()).error.issues?.find((i) => i.path.join('.') === 'body.value');
    expect(issue?.params).toMatchObject({ min: 1.2, max: 33.3, unit: 'mmol/L' });
    expect((await post(alice, { kind: 'glucose', measuredAt: NOW, value: 1.1, unit: 'mmol/L' })).statusCode).toBe(400);
    expect((await post(alice, { kind: 'glucose', measuredAt: NOW, value: 1.2, unit: 'mmol/L' })).statusCode).toBe(201);
  });

  it('converts 3.6 mmol/L to 64.9 mg/dL (3.6 × 18.01559 = 64.856, half up to 1 decimal)', async () => {
    const res = await post(alice, { kind: 'glucose', measuredAt: minutesAgo(30), value: 3.6, unit: 'mmol/L' });
    expect(res.statusCode).toBe(201);
    const { measurement } = measurementWriteResultSchema.parse(res.json());
    expect(measurement).toMatchObject({ valueMgdl: 64.9, entryUnit: 'mmol/L' });
    const [stored] = await t.database.db.select().from(glucoseReadings).where(eq(glucoseReadings.id, measurement.id));
    expect(stored?.valueMgdl).toBeCloseTo(64.9, 5);
  });

  it('refuses diastolic ≥ systolic with 400 and stores nothing', async () => {
    const before = await rowCount();
    for (const [systolic, diastolic] of [[80, 80], [80, 95]]) {
      const res = await post(alice, { kind: 'blood_pressure', measuredAt: NOW, systolic, diastolic });
      expect(res.statusCode).toBe(400);
      const issue = errorBodySchema.parse(res.json()).error.issues?.find((i) => i.path.join('.') === 'body.diastolic');
      expect(issue?.params).toMatchObject({ rule: 'diastolic_not_below_systolic' });
    }
    expect(await rowCount()).toBe(before);
  });

  it('raises bp_high at 150/95 and bp_urgent at 185/100', async () => {
    const high = measurementWriteResultSchema.parse((await post(alice, { kind: 'blood_pressure', measuredAt: NOW, systolic: 150, diastolic: 95, pulse: 70, arm: 'left' })).json());
    const urgent = measurementWriteResultSchema.parse((await post(alice, { kind: 'blood_pressure', measuredAt: NOW, systolic: 185, diastolic: 100 })).json());
    const normal = measurementWriteResultSchema.parse((await post(alice, { kind: 'blood_pressure', measuredAt: NOW, systolic: 120, diastolic: 80 })).json());
    expect(high.alerts.map((a) => [a.kind, a.systolic, a.diastolic])).toEqual([['bp_high', 150, 95]]);
    expect(urgent.alerts.map((a) => a.kind)).toEqual(['bp_urgent']);
    expect(normal.alerts).toEqual([]);
  });

  it('refuses a measuredAt more than 5 minutes ahead of the server clock, accepts 4 minutes', async () => {
    const ahead = (m: number) => new Date(Date.parse(NOW) + m * 60_000).toISOString();
    const late = await post(alice, { kind: 'weight', measuredAt: ahead(6), kg: 70 });
    expect(late.statusCode).toBe(400);
    expect(errorBodySchema.parse(late.json()).error.issues?.[0]).toMatchObject({ path: ['body', 'measuredAt'], code: 'measured_at_in_future' });
    expect((await post(alice, { kind: 'weight', measuredAt: ahead(4), kg: 70 })).statusCode).toBe(201);
  });

  it('refuses unknown fields (strict objects)', async () => {
    const res = await post(alice, { kind: 'weight', measuredAt: NOW, kg: 70, patientId: bob.userId });
    expect(res.statusCode).toBe(400);
  });

  it('stores every kind in canonical units', async () => {
    const cases: [object, object][] = [
      [{ kind: 'hba1c', measuredAt: NOW, value: 53, unit: 'mmol/mol', method: 'lab' }, { kind: 'hba1c', percent: 7, entryUnit: 'mmol/mol' }],
      [{ kind: 'hba1c', measuredAt: NOW, value: 6.8, unit: '%' }, { percent: 6.8 }],
      [{ kind: 'lipids', measuredAt: NOW, unit: 'g/L', total: 1.9, ldl: 1.1 }, { totalMgdl: 190, ldlMgdl: 110, hdlMgdl: null, triglyceridesMgdl: null, entryUnit: 'g/L' }],
      [{ kind: 'lipids', measuredAt: NOW, unit: 'mmol/L', triglycerides: 1.5 }, { triglyceridesMgdl: 132.9 }],
      [{ kind: 'weight', measuredAt: NOW, kg: 72.35 }, { kg: 72.4 }],
      [{ kind: 'event', measuredAt: NOW, event: { type: 'insulin', units: 4.5, insulinType: 'rapid' } }, { event: { type: 'insulin', units: 4.5, insulinType: 'rapid' } }],
      [{ kind: 'event', measuredAt: NOW, event: { type: 'carbs', grams: 60 } }, { event: { type: 'carbs', grams: 60 } }],
      [{ kind: 'event', measuredAt: NOW, event: { type: 'activity', minutes: 45 } }, { event: { type: 'activity', minutes: 45 } }],
      [{ kind: 'event', measuredAt: NOW, event: { type: 'medication', name: 'Metformine 1000' } }, { event: { type: 'medication', name: 'Metformine 1000' } }],
      [{ kind: 'event', measuredAt: NOW, event: { type: 'note' }, note: 'Repas de fête' }, { note: 'Repas de fête' }],
    ];
    for (const [input, expected] of cases) {
      const res = await post(alice, input);
      expect(res.statusCode, JSON.stringify(input)).toBe(201);
      expect(measurementWriteResultSchema.parse(res.json()).measurement).toMatchObject(expected);
    }
  });

  it('refuses an empty lipid panel, a note event without text and out-of-range lipids in the unit used', async () => {
    expect((await post(alice, { kind: 'lipids', measuredAt: NOW, unit: 'mg/dL' })).statusCode).toBe(400);
    expect((await post(alice, { kind: 'event', measuredAt: NOW, event: { type: 'note' } })).statusCode).toBe(400);
    const res = await post(alice, { kind: 'lipids', measuredAt: NOW, unit: 'g/L', total: 6 });
    expect(errorBodySchema.parse(res.json()).error.issues?.find((i) => i.path.join('.') === 'body.total')?.params).toMatchObject({ min: 0.5, max: 5, unit: 'g/L' });
  });

  it('reads, replaces and deletes its own measurement', async () => {
    const created = measurementWriteResultSchema.parse((await post(bob, { kind: 'glucose', measuredAt: minutesAgo(60), value: 120, unit: 'mg/dL', note: 'à jeun' })).json());
    const id = created.measurement.id;
    const read = await t.app.inject({ url: `/api/measurements/${id}`, headers: actingAs(bob) });
    expect(measurementRecordSchema.parse(read.json())).toMatchObject({ id, valueMgdl: 120, note: 'à jeun' });

    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/measurements/${id}`,
      headers: actingAs(bob),
      payload: { kind: 'glucose', measuredAt: minutesAgo(50), value: 60, unit: 'mg/dL', context: 'fasting' },
    });
    expect(replaced.statusCode).toBe(200);
    const body = measurementWriteResultSchema.parse(replaced.json());
    expect(body.measurement).toMatchObject({ id, valueMgdl: 60, context: 'fasting', note: null, measuredAt: minutesAgo(50) });
    // The corrected value is a hypo: the alert is raised on update too.
    expect(body.alerts.map((a) => a.kind)).toEqual(['hypo']);

    const wrongKind = await t.app.inject({ method: 'PUT', url: `/api/measurements/${id}`, headers: actingAs(bob), payload: { kind: 'weight', measuredAt: NOW, kg: 70 } });
    expect(wrongKind.statusCode).toBe(400);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/measurements/${id}`, headers: actingAs(bob) });
    expect(deleted.json()).toEqual({ deleted: id });
    expect((await t.app.inject({ url: `/api/measurements/${id}`, headers: actingAs(bob) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/measurements/${id}`, headers: actingAs(bob) })).statusCode).toBe(404);
  });

  it("answers 404 not_found, never 403, for another patient's measurement, and leaves it intact", async () => {
    for (const input of [
      { kind: 'glucose', measuredAt: minutesAgo(5), value: 140, unit: 'mg/dL' },
      { kind: 'weight', measuredAt: minutesAgo(5), kg: 80 },
    ]) {
      const { measurement } = measurementWriteResultSchema.parse((await post(bob, input)).json());
      const url = `/api/measurements/${measurement.id}`;
      const asAlice = actingAs(alice);
      for (const res of [
        await t.app.inject({ url, headers: asAlice }),
        await t.app.inject({ method: 'PUT', url, headers: asAlice, payload: input }),
        await t.app.inject({ method: 'DELETE', url, headers: asAlice }),
      ]) {
        expect(res.statusCode).toBe(404);
        expect(errorBodySchema.parse(res.json()).error.code).toBe('not_found');
      }
      const still = await t.app.inject({ url, headers: actingAs(bob) });
      expect(measurementRecordSchema.parse(still.json())).toMatchObject({ id: measurement.id });
      const alicesList = measurementPageSchema.parse((await t.app.inject({ url: '/api/measurements?limit=500', headers: asAlice })).json());
      expect(alicesList.items.map((i) => i.id)).not.toContain(measurement.id);
    }
  });

  it('pages newest first through both tables without gaps or repeats, by kind and period', async () => {
    const carol = await createTestUser(t.database);
    const inputs = [
      { kind: 'glucose', measuredAt: minutesAgo(50), value: 100, unit: 'mg/dL' },
      { kind: 'weight', measuredAt: minutesAgo(40), kg: 70 },
      { kind: 'glucose', measuredAt: minutesAgo(30), value: 110, unit: 'mg/dL' },
      { kind: 'hba1c', measuredAt: minutesAgo(20), value: 7.1, unit: '%' },
      { kind: 'glucose', measuredAt: minutesAgo(10), value: 120, unit: 'mg/dL' },
    ];
    for (const input of inputs) expect((await post(carol, input)).statusCode).toBe(201);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/measurements?limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page = measurementPageSchema.parse((await t.app.inject({ url, headers: actingAs(carol) })).json());
      seen.push(...page.items.map((i) => i.measuredAt));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([10, 20, 30, 40, 50].map(minutesAgo));

    const glucose = measurementPageSchema.parse((await t.app.inject({ url: '/api/measurements?kind=glucose', headers: actingAs(carol) })).json());
    expect(glucose.items.map((i) => i.kind)).toEqual(['glucose', 'glucose', 'glucose']);
    const period = measurementPageSchema.parse(
      (await t.app.inject({ url: `/api/measurements?from=${minutesAgo(35)}&to=${minutesAgo(15)}`, headers: actingAs(carol) })).json(),
    );
    expect(period.items.map((i) => i.measuredAt)).toEqual([minutesAgo(20), minutesAgo(30)]);
    expect((await t.app.inject({ url: '/api/measurements?cursor=bm9wZQ', headers: actingAs(carol) })).statusCode).toBe(400);
  });
});
