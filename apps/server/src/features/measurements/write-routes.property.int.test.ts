import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { measurementWriteResultSchema } from '@glucosuivi/domain/measurements/measurements.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { alerts } from '../alerts/alerts.tables';
import { patientProfiles } from '../profile/profile.tables';
import { glucoseReadings, healthMeasurements } from './measurements.tables';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');

// Random bodies, from plain garbage to nearly valid ones (right shape, values at and beyond
// the limits, wrong types, unknown keys, NUL characters and lone surrogates in text):
// a write route never answers 5xx, and a refused write stores nothing at all.

const anyJson = fc.jsonValue({ maxDepth: 3 });
const maybeWrong = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: anyJson });
const text = fc.string({ unit: 'binary', maxLength: 520 });
const number = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -10, max: 4000 }),
  fc.constantFrom(0, -0, 1.1, 1.2, 19.99, 20, 33.3, 600, 600.01, 3000, 1e308, 5e-324),
);
const measuredAt = fc.oneof(
  fc.integer({ min: -3 * 86_400_000, max: 15 * 60_000 }).map((offset) => new Date(NOW + offset).toISOString()),
  fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }).map((d) => d.toISOString()),
  fc.constantFrom('2026-11-02T10:00:00+01:00', '2026-11-02', 'hier', ''),
);
const measurementBody = fc.oneof(
  { weight: 1, arbitrary: anyJson },
  {
    weight: 6,
    arbitrary: fc.record(
      {
        kind: maybeWrong(fc.constantFrom('glucose', 'hba1c', 'lipids', 'blood_pressure', 'weight', 'event', 'ketones')),
        measuredAt: maybeWrong(measuredAt),
        value: maybeWrong(number),
        unit: maybeWrong(fc.constantFrom('mg/dL', 'mmol/L', '%', 'mmol/mol', 'g/L', 'mg/dl')),
        context: maybeWrong(fc.constantFrom('fasting', 'night', 'lunch', null)),
        source: maybeWrong(fc.constantFrom('manual', 'meter', 'cgm')),
        method: fc.constantFrom('lab', 'point_of_care', 'home', null),
        total: number,
        hdl: number,
        ldl: number,
        triglycerides: number,
        systolic: maybeWrong(number),
        diastolic: maybeWrong(number),
        pulse: maybeWrong(fc.oneof(number, fc.constant(null))),
        arm: fc.constantFrom('left', 'right', 'middle', null),
        position: fc.constantFrom('sitting', 'lying', 'upside_down'),
        kg: maybeWrong(number),
        event: maybeWrong(
          fc.record(
            {
              type: fc.constantFrom('insulin', 'carbs', 'activity', 'medication', 'note', 'sleep'),
              units: number,
              insulinType: fc.constantFrom('rapid', 'basal', 'mixed'),
              grams: number,
              minutes: number,
              name: text,
            },
            { requiredKeys: ['type'] },
          ),
        ),
        note: fc.oneof(text, fc.constant(null)),
        patientId: fc.string(),
      },
      { requiredKeys: [] },
    ),
  },
);

describe('write routes under random input', () => {
  let t: TestApp;
  let patient: TestUser;
  let ownManualId: string;
  let ownDeviceId: string;

  const rows = async () => {
    const counts = await Promise.all(
      [glucoseReadings, healthMeasurements, alerts, patientProfiles].map(async (table) => Number((await t.database.db.select({ n: count() }).from(table))[0]?.n)),
    );
    return counts.reduce((a, b) => a + b, 0);
  };

  /** Sends one request; checks no 5xx, and no change at all when refused. */
  async function check(request: InjectOptions) {
    const before = await rows();
    const res = await t.app.inject(request);
    expect(res.statusCode, `${res.statusCode} ${res.body}\n${JSON.stringify(request)}`).toBeLessThan(500);
    if (res.statusCode >= 400) expect(await rows(), res.body).toBe(before);
  }

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/measurements',
      headers: actingAs(patient),
      payload: { kind: 'glucose', measuredAt: new Date(NOW - 3600_000).toISOString(), value: 100, unit: 'mg/dL' },
    });
    ownManualId = measurementWriteResultSchema.parse(created.json()).measurement.id;
    await t.app.inject({
      method: 'POST',
      url: '/api/measurements/glucose/batch',
      headers: actingAs(patient),
      payload: { source: 'cgm', deviceId: 'g7', unit: 'mg/dL', readings: [{ measuredAt: new Date(NOW - 7200_000).toISOString(), value: 100 }] },
    });
    const list = await t.app.inject({ url: '/api/measurements?kind=glucose', headers: actingAs(patient) });
    ownDeviceId = (list.json() as { items: { id: string; source: string }[] }).items.find((i) => i.source === 'cgm')?.id ?? '';
  });
  afterAll(async () => t?.close());

  it('POST /api/measurements', async () => {
    await fc.assert(
      fc.asyncProperty(measurementBody, (payload) => check({ method: 'POST', url: '/api/measurements', headers: actingAs(patient), payload: payload as object })),
      { numRuns: 300 },
    );
  });

  it('PUT /api/measurements/:id (own manual, own device, unknown and malformed ids)', async () => {
    const id = fc.oneof(fc.constant(ownManualId), fc.constant(ownDeviceId), fc.uuid(), fc.string({ maxLength: 40 }).map(encodeURIComponent));
    await fc.assert(
      fc.asyncProperty(id, measurementBody, (target, payload) =>
        check({ method: 'PUT', url: `/api/measurements/${target}`, headers: actingAs(patient), payload: payload as object }),
      ),
      { numRuns: 200 },
    );
  });

  it('DELETE /api/measurements/:id with unknown and malformed ids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }).map(encodeURIComponent)), (target) =>
        check({ method: 'DELETE', url: `/api/measurements/${target}`, headers: actingAs(patient) }),
      ),
      { numRuns: 50 },
    );
  });

  it('POST /api/measurements/glucose/batch', async () => {
    const reading = fc.oneof(
      fc.record({ measuredAt, value: number }),
      fc.record({ measuredAt: maybeWrong(measuredAt), value: maybeWrong(number), extra: fc.boolean() }, { requiredKeys: [] }),
    );
    const batch = fc.oneof(
      { weight: 1, arbitrary: anyJson },
      {
        weight: 5,
        arbitrary: fc.record(
          {
            source: maybeWrong(fc.constantFrom('cgm', 'import', 'manual', 'nightscout')),
            deviceId: maybeWrong(fc.oneof(text, fc.constant('g7'))),
            unit: maybeWrong(fc.constantFrom('mg/dL', 'mmol/L')),
            readings: maybeWrong(fc.array(reading, { maxLength: 30 })),
          },
          { requiredKeys: [] },
        ),
      },
    );
    await fc.assert(
      fc.asyncProperty(batch, (payload) =>
        check({ method: 'POST', url: '/api/measurements/glucose/batch', headers: actingAs(patient), payload: payload as object }),
      ),
      { numRuns: 200 },
    );
  });

  it('PUT /api/profile', async () => {
    const targets = fc.oneof(
      fc.record({ preset: fc.constantFrom('standard', 'older_high_risk', 'pregnancy', 'custom', 'strict') }),
      fc.record({
        preset: fc.constant('custom'),
        range: fc.record({ veryLowBelow: number, lowBelow: number, highAbove: number, veryHighAbove: number }),
        veryLowMaxPercent: fc.oneof(number, fc.constant(null)),
        belowRangeMaxPercent: fc.oneof(number, fc.constant(null)),
        inRangeMinPercent: fc.oneof(number, fc.constant(null)),
        aboveRangeMaxPercent: fc.oneof(number, fc.constant(null)),
        veryHighMaxPercent: fc.oneof(number, fc.constant(null)),
        cvMaxPercent: fc.oneof(number, fc.constant(null)),
        hba1cMaxPercent: fc.oneof(number, fc.constant(null)),
      }),
    );
    const year = fc.oneof(fc.integer({ min: 1850, max: 2100 }), fc.constant(null), number);
    const profile = fc.oneof(
      { weight: 1, arbitrary: anyJson },
      {
        weight: 5,
        arbitrary: fc.record(
          {
            birthYear: year,
            diabetesType: fc.constantFrom('type1', 'type2', 'gestational', 'prediabetes', 'other', 'type3', null),
            diagnosisYear: year,
            treatment: fc.constantFrom('none', 'oral', 'insulin_pen', 'insulin_pump', 'aid', 'magic', null),
            heightCm: fc.oneof(number, fc.constant(null)),
            glucoseDevice: fc.oneof(fc.constant(null), fc.record({ kind: fc.constantFrom('cgm', 'meter', 'watch'), model: fc.oneof(text, fc.constant(null)) })),
            targets: maybeWrong(targets),
          },
          { requiredKeys: [] },
        ),
      },
    );
    await fc.assert(
      fc.asyncProperty(profile, (payload) => check({ method: 'PUT', url: '/api/profile', headers: actingAs(patient), payload: payload as object })),
      { numRuns: 200 },
    );
  });

  it('POST /api/alerts/:id/acknowledge and /resolve with unknown and malformed ids', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('acknowledge', 'resolve'), fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }).map(encodeURIComponent)), (action, target) =>
        check({ method: 'POST', url: `/api/alerts/${target}/${action}`, headers: actingAs(patient) }),
      ),
      { numRuns: 50 },
    );
  });
});
