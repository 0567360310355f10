import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { nightscoutTreatmentsSchema } from '@glucosuivi/domain/nightscout/nightscout-treatments.schemas';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { asUploader, createUploader } from '../../test/nightscout';
import { glucoseReadings, healthMeasurements } from '../measurements/measurements.tables';

const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/*
 * Edits and deletions as the uploader apps make them. xDrip+ (NightscoutFoundation/xDrip,
 * app/src/main/java/com/eveningoutpost/dexdrip/utilitymodels/NightscoutUploader.java at
 * c2a0ba1a8): `PUT treatments` with one document whose `_id` is `uuid_to_id(uuid)` (the uuid
 * without dashes, cut to 24 characters) and its `uuid`; a deletion looks the treatment up with
 * `GET treatments.json?find[uuid]=…`, takes the first answer's `_id` and sends
 * `DELETE treatments/{_id}`. Loop edits a treatment with PUT and the `_id` it was answered.
 */
const xdripId = (uuid: string) => uuid.replaceAll('-', '').slice(0, 24);

describe('Nightscout treatments: PUT, DELETE and find by identity', () => {
  let t: TestApp;
  let now: number;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    now = t.clock.now().getTime();
  });
  afterAll(async () => t?.close());

  const eventsOf = (who: TestUser) =>
    t.database.db
      .select({ type: healthMeasurements.eventType, units: healthMeasurements.insulinUnits, grams: healthMeasurements.carbsGrams, key: healthMeasurements.externalId })
      .from(healthMeasurements)
      .where(and(eq(healthMeasurements.patientId, who.userId), eq(healthMeasurements.kind, 'event')))
      .orderBy(asc(healthMeasurements.measuredAt), asc(healthMeasurements.eventType));
  const ok = (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json();
  };
  const treatments = (res: { statusCode: number; body: string; json: () => unknown }) => nightscoutTreatmentsSchema.parse(ok(res));

  it('xDrip+: a treatment edited with PUT replaces its events; found by find[uuid]; deleted by the _id that lookup answered', async () => {
    const p = await createTestUser(t.database);
    const secret = (await createUploader(t, p)).secret;
    const uuid = '3f1c2b0e-8c5e-4a49-9a77-0c7a2a0d4e11';
    const at = now - 90 * MIN;
    const sent = { timestamp: at, eventType: '<none>', enteredBy: 'xdrip', notes: 'raclette', uuid, carbs: 55, insulin: 6, created_at: iso(at), sysTime: iso(at) };
    treatments(await asUploader(t, secret, { method: 'POST', url: '/api/v1/treatments', payload: [sent] }));
    expect(await eventsOf(p)).toEqual([
      { type: 'carbs', units: null, grams: 55, key: `uuid:${uuid}` },
      { type: 'insulin', units: 6, grams: null, key: `uuid:${uuid}` },
    ]);

    // The patient corrects the carbs on the phone: xDrip+ upserts the one document.
    const edited = treatments(await asUploader(t, secret, { method: 'PUT', url: '/api/v1/treatments', payload: { ...sent, carbs: 70, _id: xdripId(uuid) } }));
    expect(edited).toHaveLength(1);
    expect(await eventsOf(p)).toEqual([
      { type: 'carbs', units: null, grams: 70, key: `uuid:${uuid}` },
      { type: 'insulin', units: 6, grams: null, key: `uuid:${uuid}` },
    ]);
    // The same PUT again changes nothing.
    treatments(await asUploader(t, secret, { method: 'PUT', url: '/api/v1/treatments', payload: { ...sent, carbs: 70, _id: xdripId(uuid) } }));
    expect(await eventsOf(p)).toHaveLength(2);

    const found = treatments(await asUploader(t, secret, { url: `/api/v1/treatments.json?find[uuid]=${uuid}` }));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ uuid, carbs: 70, insulin: 6 });
    // A uuid nobody stored finds nothing (not every treatment, as an ignored filter would).
    expect(treatments(await asUploader(t, secret, { url: '/api/v1/treatments.json?find[uuid]=0000' }))).toEqual([]);

    const deleted = ok(await asUploader(t, secret, { method: 'DELETE', url: `/api/v1/treatments/${found[0]!._id}` }));
    expect(deleted).toEqual({ n: 1, ok: 1 });
    expect(await eventsOf(p)).toEqual([]);
    expect(ok(await asUploader(t, secret, { method: 'DELETE', url: `/api/v1/treatments/${found[0]!._id}` }))).toEqual({ n: 0, ok: 1 });
  });

  it('Loop: a PUT carrying only the _id it was answered replaces that treatment; a finger-stick goes by DELETE too', async () => {
    const p = await createTestUser(t.database);
    const secret = (await createUploader(t, p, 'Loop')).secret;
    const at = now - 60 * MIN;
    const carbs = { eventType: 'Carb Correction', created_at: iso(at), carbs: 25, absorptionTime: 180, syncIdentifier: 'carb-9a8b7c', enteredBy: 'loop://iPhone' };
    const stick = { eventType: 'BG Check', glucose: 118, glucoseType: 'Finger', units: 'mg/dl', created_at: iso(at + 2 * MIN), enteredBy: 'loop://iPhone' };
    const [answered] = treatments(await asUploader(t, secret, { method: 'POST', url: '/api/v1/treatments', payload: [carbs, stick] }));
    const { syncIdentifier: _dropped, ...withoutIdentity } = carbs;
    treatments(await asUploader(t, secret, { method: 'PUT', url: '/api/v1/treatments.json', payload: [{ ...withoutIdentity, carbs: 30, _id: answered!._id }] }));
    expect(await eventsOf(p)).toEqual([{ type: 'carbs', units: null, grams: 30, key: 'syncIdentifier:carb-9a8b7c' }]);

    const listed = treatments(await asUploader(t, secret, { url: '/api/v1/treatments?find[eventType]=BG%20Check' }));
    expect(listed).toHaveLength(1);
    expect(ok(await asUploader(t, secret, { method: 'DELETE', url: `/api/v1/treatments/${listed[0]!._id}` }))).toEqual({ n: 1, ok: 1 });
    expect(await t.database.db.select().from(glucoseReadings).where(eq(glucoseReadings.patientId, p.userId))).toEqual([]);
  });

  it('a filter the API does not apply is refused with 400, never ignored; an ill-formed _id is refused', async () => {
    const p = await createTestUser(t.database);
    const secret = (await createUploader(t, p)).secret;
    for (const filter of ['find[sgv][$gte]=100', 'find[device]=xDrip', 'find[carbs][$exists]=true']) {
      const res = await asUploader(t, secret, { url: `/api/v1/treatments.json?${filter}` });
      expect(res.statusCode, filter).toBe(400);
      expect(errorBodySchema.parse(res.json()).error.code).toBe('validation_failed');
    }
    // A cache breaker is not a filter.
    expect(ok(await asUploader(t, secret, { url: '/api/v1/treatments.json?rr=12345' }))).toEqual([]);
    expect((await asUploader(t, secret, { method: 'DELETE', url: '/api/v1/treatments/not-an-id' })).statusCode).toBe(400);
  });

  it("another patient's uploader cannot delete or edit this patient's treatment; no secret gets 401", async () => {
    const owner = await createTestUser(t.database);
    const other = await createTestUser(t.database);
    const ownerSecret = (await createUploader(t, owner)).secret;
    const otherSecret = (await createUploader(t, other)).secret;
    const doc = { eventType: 'Meal Bolus', insulin: 3, created_at: iso(now - 30 * MIN), identifier: 'bolus-1' };
    const [answered] = treatments(await asUploader(t, ownerSecret, { method: 'POST', url: '/api/v1/treatments', payload: doc }));
    expect(ok(await asUploader(t, otherSecret, { method: 'DELETE', url: `/api/v1/treatments/${answered!._id}` }))).toEqual({ n: 0, ok: 1 });
    treatments(await asUploader(t, otherSecret, { method: 'PUT', url: '/api/v1/treatments', payload: { ...doc, insulin: 9 } }));
    expect(await eventsOf(owner)).toEqual([{ type: 'insulin', units: 3, grams: null, key: 'identifier:bolus-1' }]);
    const anonymous = await t.app.inject({ method: 'DELETE', url: `/api/v1/treatments/${answered!._id}`, headers: { 'api-secret': createHash('sha1').update('wrong').digest('hex') } });
    expect(anonymous.statusCode).toBe(401);
  });
});
