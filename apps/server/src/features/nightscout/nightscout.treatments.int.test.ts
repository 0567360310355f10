import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, sql } from 'drizzle-orm';
import { measurementPageSchema } from '@glucosuivi/domain/measurements/measurements.schemas';
import { nightscoutTreatmentsSchema, type NightscoutTreatment } from '@glucosuivi/domain/nightscout/nightscout-treatments.schemas';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { asUploader, createUploader, sha1Hex } from '../../test/nightscout';
import { glucoseReadings, healthMeasurements } from '../measurements/measurements.tables';
import { storeNightscoutTreatments } from './nightscout-treatments.service';

const MIN = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

// Treatments as the uploaders send them (field sets of AndroidAPS 3.2 REST uploads, xDrip+ and
// Loop 3): each app's own names, ids and extra fields, which must pass through untouched.
function androidAps(at: number) {
  const base = { created_at: iso(at), date: at, enteredBy: 'AndroidAPS', app: 'AAPS', utcOffset: 60, isValid: true, pumpType: 'DANA_I', pumpSerial: 'VFD12345FI' };
  return [
    { ...base, eventType: 'Meal Bolus', insulin: 4.2, carbs: 40, type: 'NORMAL', isSMB: false, pumpId: 4101, identifier: 'aaps-bolus-4101' },
    { ...base, created_at: iso(at + 5 * MIN), date: at + 5 * MIN, eventType: 'SMB', insulin: 0.35, type: 'SMB', isSMB: true, pumpId: 4102, identifier: 'aaps-smb-4102' },
    { ...base, created_at: iso(at + 6 * MIN), date: at + 6 * MIN, eventType: 'Temp Basal', duration: 30, durationInMilliseconds: 1_800_000, rate: 1.2, absolute: 1.2, type: 'NORMAL', identifier: 'aaps-tbr-77' },
    { ...base, created_at: iso(at + 7 * MIN), date: at + 7 * MIN, eventType: 'Site Change', notes: 'abdomen droit', identifier: 'aaps-te-12' },
  ];
}
function xdrip(at: number) {
  return [
    { enteredBy: 'xdrip', eventType: '<none>', insulin: '6', carbs: '55', insulinInjections: '[{"insulin":"Novorapid","units":6.0}]', notes: 'raclette', created_at: iso(at), uuid: '3f1c2b0e-8c5e-4a49-9a77-0c7a2a0d4e11' },
    { enteredBy: 'xdrip', eventType: 'BG Check', glucose: '118', glucoseType: 'Finger', units: 'mg/dl', created_at: iso(at + 2 * MIN), uuid: 'a1b5e6d2-1f1e-4a3e-9a33-5ad0d0a1b2c3' },
    { enteredBy: 'xdrip', eventType: 'Sensor Start', created_at: iso(at + 3 * MIN), uuid: 'c9d8e7f6-0000-4a3e-9a33-5ad0d0a1b2c3' },
  ];
}
function loop(at: number) {
  const local = (ms: number) => new Date(ms + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
  return [
    { eventType: 'Correction Bolus', created_at: iso(at), timestamp: local(at), insulin: 1.35, programmed: 1.35, unabsorbed: 0, duration: 0, type: 'normal', automatic: true, insulinType: 'Novolog', syncIdentifier: '6c6f6f70-626f-6c75-7331', enteredBy: 'loop://iPhone' },
    { eventType: 'Carb Correction', created_at: local(at + MIN), carbs: 25, absorptionTime: 180, foodType: '🍕', syncIdentifier: 'carb-9a8b7c', userEnteredAt: iso(at + MIN), enteredBy: 'loop://iPhone' },
    { eventType: 'Temporary Override', created_at: iso(at + 2 * MIN), duration: 60, correctionRange: [100, 110], insulinNeedsScaleFactor: 0.8, reason: 'Running', _id: 'E2C9A1F0-3B4D-4C5E-8F70-1A2B3C4D5E6F', enteredBy: 'loop://iPhone' },
  ];
}

describe('Nightscout treatments: uploads become events', () => {
  let t: TestApp;
  let now: number;

  const eventsOf = (who: TestUser) =>
    t.database.db
      .select({
        at: healthMeasurements.measuredAt,
        type: healthMeasurements.eventType,
        units: healthMeasurements.insulinUnits,
        insulinType: healthMeasurements.insulinType,
        grams: healthMeasurements.carbsGrams,
        minutes: healthMeasurements.activityMinutes,
        note: healthMeasurements.note,
        sent: healthMeasurements.externalType,
      })
      .from(healthMeasurements)
      .where(eq(healthMeasurements.patientId, who.userId))
      .orderBy(asc(healthMeasurements.measuredAt), asc(healthMeasurements.eventType));
  const readingsOf = (who: TestUser) =>
    t.database.db
      .select({ at: glucoseReadings.measuredAt, value: glucoseReadings.valueMgdl, source: glucoseReadings.source })
      .from(glucoseReadings)
      .where(eq(glucoseReadings.patientId, who.userId));
  /** Every row an upload may change for a patient, for "nothing changed" comparisons. */
  const snapshot = async (who: TestUser) => {
    const q = (text: string) => t.database.db.execute(sql.raw(text.replaceAll('$1', `'${who.userId}'`)));
    return JSON.stringify(
      await Promise.all([
        q(`select * from health_measurements where patient_id = $1 order by measured_at, event_type, id`),
        q(`select id, measured_at, value_mgdl, source, device_id, note, created_at from glucose_readings where patient_id = $1 order by measured_at`),
      ]),
    );
  };
  const post = (secret: string, payload: unknown, url = '/api/v1/treatments') => asUploader(t, secret, { method: 'POST', url, payload });
  const answer = (res: { statusCode: number; body: string; json: () => unknown }) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return nightscoutTreatmentsSchema.parse(res.json());
  };

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    now = t.clock.now().getTime();
  });
  afterAll(async () => t?.close());

  it('stores what AndroidAPS, xDrip+ and Loop send: boluses, carbs, a finger-stick, device changes; loop state answered, not kept', async () => {
    const p = await createTestUser(t.database);
    const s = (await createUploader(t, p, 'AAPS')).secret;
    const a = now - 6 * 60 * MIN;
    const x = now - 4 * 60 * MIN;
    const l = now - 2 * 60 * MIN;

    const aaps = answer(await post(s, androidAps(a)));
    expect(aaps.map((d) => [d.eventType, d.glucosuiviStored])).toEqual([
      ['Meal Bolus', true],
      ['SMB', true],
      ['Temp Basal', false],
      ['Site Change', true],
    ]);
    expect(aaps[0]).toMatchObject({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), created_at: iso(a), insulin: 4.2, carbs: 40, pumpId: 4101, identifier: 'aaps-bolus-4101' });
    expect(answer(await post(s, xdrip(x), '/api/v1/treatments.json'))).toHaveLength(3);
    const loopAnswer = answer(await post(s, loop(l)));
    // Loop maps its records to the answered ids one by one: every document has one, in order.
    expect(loopAnswer.map((d) => d._id)).toEqual([...new Set(loopAnswer.map((d) => d._id))]);
    expect(loopAnswer[1]).toMatchObject({ created_at: iso(l + MIN), utcOffset: 120, carbs: 25, foodType: '🍕' });

    expect(await eventsOf(p)).toEqual([
      { at: new Date(a), type: 'carbs', units: null, insulinType: null, grams: 40, minutes: null, note: null, sent: 'Meal Bolus' },
      { at: new Date(a), type: 'insulin', units: 4.2, insulinType: 'rapid', grams: null, minutes: null, note: null, sent: 'Meal Bolus' },
      { at: new Date(a + 5 * MIN), type: 'insulin', units: 0.35, insulinType: 'rapid', grams: null, minutes: null, note: null, sent: 'SMB' },
      { at: new Date(a + 7 * MIN), type: 'note', units: null, insulinType: null, grams: null, minutes: null, note: 'abdomen droit', sent: 'Site Change' },
      { at: new Date(x), type: 'carbs', units: null, insulinType: null, grams: 55, minutes: null, note: null, sent: '<none>' },
      { at: new Date(x), type: 'insulin', units: 6, insulinType: 'rapid', grams: null, minutes: null, note: 'raclette', sent: '<none>' },
      { at: new Date(x + 3 * MIN), type: 'note', units: null, insulinType: null, grams: null, minutes: null, note: 'Sensor Start', sent: 'Sensor Start' },
      { at: new Date(l), type: 'insulin', units: 1.35, insulinType: 'rapid', grams: null, minutes: null, note: null, sent: 'Correction Bolus' },
      { at: new Date(l + MIN), type: 'carbs', units: null, insulinType: null, grams: 25, minutes: null, note: null, sent: 'Carb Correction' },
    ]);
    expect(await readingsOf(p)).toEqual([{ at: new Date(x + 2 * MIN), value: 118, source: 'meter' }]);

    // They are the patient's events in the app, as typed ones are.
    const page = measurementPageSchema.parse((await t.app.inject({ url: '/api/measurements?kind=event', headers: actingAs(p) })).json());
    expect(page.items).toHaveLength(9);
    const types = page.items.map((m) => (m.kind === 'event' ? m.event.type : m.kind)).sort();
    expect(types).toEqual(['carbs', 'carbs', 'carbs', 'insulin', 'insulin', 'insulin', 'insulin', 'note', 'note']);
  });

  it('accepts numbers as strings and arrays of 1 and of 2,000; sending the same batch again changes nothing', async () => {
    const p = await createTestUser(t.database);
    const s = (await createUploader(t, p)).secret;
    const single = answer(await post(s, [{ eventType: 'Carb Correction', created_at: iso(now - 3 * 86_400_000), carbs: '12.5' }]));
    expect(single).toEqual([expect.objectContaining({ carbs: 12.5, glucosuiviStored: true })]);

    const many = Array.from({ length: 2_000 }, (_, i) => ({
      eventType: i % 2 ? 'Correction Bolus' : 'Carb Correction',
      created_at: iso(now - 10 * MIN - i * 15 * MIN),
      ...(i % 2 ? { insulin: String(0.5 + (i % 7)) } : { carbs: String(10 + (i % 30)) }),
      enteredBy: 'xdrip',
      uuid: `uuid-${i}`,
    }));
    const first = answer(await post(s, many));
    expect(first).toHaveLength(2_000);
    expect(await eventsOf(p)).toHaveLength(2_001);

    const before = await snapshot(p);
    const again = answer(await post(s, many));
    expect(again.map((d) => d._id)).toEqual(first.map((d) => d._id));
    expect(await snapshot(p)).toBe(before);
    // Without an identity, the type and time are the key: a re-sent careportal note is one note.
    const note = { eventType: 'Note', created_at: iso(now - 30 * MIN), notes: 'hypo ressentie' };
    answer(await post(s, note));
    answer(await post(s, note));
    expect((await eventsOf(p)).filter((e) => e.type === 'note')).toHaveLength(1);
  }, 120_000);

  it("another patient's secret writes only to that patient; a revoked or wrong secret gets 401 and stores nothing", async () => {
    const first = await createTestUser(t.database);
    const second = await createTestUser(t.database);
    const firstSecret = (await createUploader(t, first)).secret;
    const secondUploader = await createUploader(t, second);
    answer(await post(firstSecret, androidAps(now - 60 * MIN)));
    const before = await snapshot(first);

    answer(await post(secondUploader.secret, androidAps(now - 60 * MIN)));
    expect(await snapshot(first)).toBe(before);
    expect(await eventsOf(second)).toHaveLength(4);
    const seen = answer(await asUploader(t, secondUploader.secret, { url: '/api/v1/treatments.json?count=1000' }));
    expect(seen).toHaveLength(3);

    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/nightscout/uploaders/${secondUploader.uploader.id}`, headers: actingAs(second) });
    expect(revoked.statusCode).toBe(200);
    const secondBefore = await snapshot(second);
    for (const headers of [{ 'api-secret': sha1Hex(secondUploader.secret) }, { 'api-secret': sha1Hex('not the secret at all') }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/treatments', headers: { origin: undefined as unknown as string, ...headers }, payload: xdrip(now - 20 * MIN), remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
      expect(res.statusCode).toBe(401);
      expect(errorBodySchema.parse(res.json()).error.code).toBe('unauthenticated');
    }
    expect(await snapshot(second)).toBe(secondBefore);
    expect(await snapshot(first)).toBe(before);
  });

  it('refuses the whole request (400, nothing stored) for one bad document, and a body over 10 MB with 413', async () => {
    const p = await createTestUser(t.database);
    const s = (await createUploader(t, p)).secret;
    const good = xdrip(now - 60 * MIN);
    const cases: [string, unknown, string | null][] = [
      ['insulin not a number', [...good, { eventType: 'Bolus', created_at: iso(now - MIN), insulin: 'beaucoup' }], 'invalid_value'],
      ['insulin too high', [...good, { eventType: 'Bolus', created_at: iso(now - MIN), insulin: 500 }], 'out_of_range'],
      ['carbs negative', [...good, { eventType: 'Carbs', created_at: iso(now - MIN), carbs: -5 }], 'out_of_range'],
      ['glucose out of range', [...good, { eventType: 'BG Check', created_at: iso(now - MIN), glucose: 900 }], 'out_of_range'],
      ['created_at not a date', [...good, { eventType: 'Note', created_at: 'hier', notes: 'x' }], 'invalid_date'],
      ['in the future', [...good, { eventType: 'Note', created_at: iso(now + 10 * MIN), notes: 'x' }], 'measured_at_in_future'],
      ['not an object', [...good, 'Meal Bolus'], 'invalid_type'],
      ['a number', 42, null],
      ['null', null, null],
    ];
    for (const [name, payload, code] of cases) {
      const res = await asUploader(t, s, { method: 'POST', url: '/api/v1/treatments', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(400);
      const { error } = errorBodySchema.parse(res.json());
      expect(error.code).toBe('validation_failed');
      expect(code === null || error.issues?.some((i) => i.code === code), `${name}: ${JSON.stringify(error.issues)}`).toBe(true);
    }
    const doc = JSON.stringify({ eventType: 'Note', created_at: iso(now - MIN), notes: 'x'.repeat(400) });
    const body = `[${Array.from({ length: Math.ceil((11 * 1024 * 1024) / doc.length) }, () => doc).join(',')}]`;
    const big = await asUploader(t, s, { method: 'POST', url: '/api/v1/treatments', payload: body, headers: { 'content-type': 'application/json' } });
    expect(big.statusCode).toBe(413);
    expect(errorBodySchema.parse(big.json()).error.code).toBe('payload_too_large');
    expect(await eventsOf(p)).toEqual([]);
    expect(await readingsOf(p)).toEqual([]);
  });

  it('bounds the extra fields it echoes: a document nested over 20 levels or over 16 kB refuses the batch (400 document_too_large, nothing stored); a body nested 5,000 deep is refused unparsed (400 body_too_deep)', async () => {
    const p = await createTestUser(t.database);
    const s = (await createUploader(t, p)).secret;
    const nested = (levels: number): unknown => (levels === 0 ? 1 : { a: nested(levels - 1) });
    const doc = (extra: unknown, minutes = 1) => ({ eventType: 'Note', created_at: iso(now - minutes * MIN), notes: 'x', extra });
    const refused: [string, unknown, string, string][] = [
      // One bad document in a batch of good ones: the good ones are not stored either.
      ['21 levels', [...xdrip(now - 60 * MIN), doc(nested(20))], 'document_too_large', 'too_deep'],
      ['100 kB', [...xdrip(now - 60 * MIN), doc('x'.repeat(100_000))], 'document_too_large', 'too_large'],
      ['16 kB of 2-byte characters', doc('é'.repeat(8_200)), 'document_too_large', 'too_large'],
    ];
    for (const [name, payload, code, issue] of refused) {
      const res = await post(s, payload);
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(400);
      const { error } = errorBodySchema.parse(res.json());
      expect(error.code, name).toBe(code);
      expect(error.issues?.map((i) => i.code), name).toEqual([issue]);
    }
    const deep = `${'{"a":['.repeat(5_000)}1${']}'.repeat(5_000)}`;
    const raw = `[${JSON.stringify(xdrip(now - 60 * MIN)[0])},{"eventType":"Note","created_at":"${iso(now - MIN)}","notes":"x","extra":${deep}}]`;
    const tooDeep = await asUploader(t, s, { method: 'POST', url: '/api/v1/treatments.json', payload: raw, headers: { 'content-type': 'application/json' } });
    expect(tooDeep.statusCode, tooDeep.body.slice(0, 200)).toBe(400);
    expect(errorBodySchema.parse(tooDeep.json()).error).toMatchObject({ code: 'body_too_deep', params: { max: 64 } });
    expect(await eventsOf(p)).toEqual([]);
    expect(await readingsOf(p)).toEqual([]);

    // At the bounds: 20 levels and 16 kB pass, and the answer echoes the document as taken.
    const atBounds = answer(await post(s, [doc(nested(19)), doc('y'.repeat(16_000), 2)]));
    expect(atBounds.map((d) => d.extra)).toEqual([nested(19), 'y'.repeat(16_000)]);
    expect(await eventsOf(p)).toHaveLength(2);
  });

  describe('GET treatments', () => {
    let patient: TestUser;
    let secret: string;
    const get = async (url: string) => answer(await asUploader(t, secret, { url }));
    const times = (docs: NightscoutTreatment[]) => docs.map((d) => Date.parse(d.created_at));

    beforeAll(async () => {
      patient = await createTestUser(t.database);
      secret = (await createUploader(t, patient)).secret;
      // Six days of a carb correction every 2 hours, a meal bolus, a finger-stick, and events typed in the app.
      const series = Array.from({ length: 6 * 12 }, (_, i) => ({ eventType: 'Carb Correction', created_at: iso(now - 30 * MIN - i * 120 * MIN), carbs: 10 + (i % 20), syncIdentifier: `c-${i}` }));
      const meal = { eventType: 'Meal Bolus', created_at: iso(now - 45 * MIN), insulin: 5, carbs: 60, identifier: 'meal-1', notes: 'couscous' };
      const check = { eventType: 'BG Check', created_at: iso(now - 50 * MIN), glucose: 6.1, units: 'mmol', glucoseType: 'Finger' };
      answer(await post(secret, [...series, meal, check]));
      for (const payload of [
        { kind: 'event', measuredAt: iso(now - 20 * MIN), event: { type: 'insulin', units: 18, insulinType: 'basal' } },
        { kind: 'event', measuredAt: iso(now - 25 * MIN), event: { type: 'activity', minutes: 40 }, note: 'vélo' },
      ]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/measurements', headers: actingAs(patient), payload });
        expect(res.statusCode, res.body).toBe(201);
      }
    });

    it('defaults to the newest 100 of the last 4 days, newest first, events typed in the app included; treatments.json the same', async () => {
      const listed = await get('/api/v1/treatments');
      expect(times(listed)).toEqual([...times(listed)].sort((a, b) => b - a));
      expect(listed.slice(0, 4).map((d) => d.eventType)).toEqual(['Basal Injection', 'Exercise', 'Carb Correction', 'Meal Bolus']);
      expect(listed[0]).toMatchObject({ basalInsulin: 18, insulinType: 'basal', enteredBy: 'GlucoSuivi' });
      expect(listed[0]).not.toHaveProperty('insulin');
      expect(listed[1]).toMatchObject({ duration: 40, notes: 'vélo' });
      // The meal bolus is one treatment again, with its identity, and the finger-stick a BG Check in mg/dL.
      expect(listed[3]).toMatchObject({ insulin: 5, carbs: 60, notes: 'couscous', identifier: 'meal-1', created_at: iso(now - 45 * MIN) });
      expect(listed[4]).toMatchObject({ eventType: 'BG Check', glucose: 109.9, glucoseType: 'Finger', units: 'mg/dl' });
      const oldest = Math.min(...times(listed));
      expect(oldest).toBeGreaterThanOrEqual(now - 4 * 86_400_000);
      // 4 days of carbs every 2 hours (48), the meal, the check and the two typed events.
      expect(listed).toHaveLength(4 * 12 + 4);
      expect(await get('/api/v1/treatments.json')).toEqual(listed);
    });

    it('answers a document sent by POST with the same _id on GET', async () => {
      const posted = answer(await post(secret, { eventType: 'Meal Bolus', created_at: iso(now - 45 * MIN), insulin: 5, carbs: 60, identifier: 'meal-1' }));
      const listed = await get(`/api/v1/treatments.json?find[eventType]=Meal%20Bolus`);
      expect(listed.map((d) => d._id)).toEqual([posted[0]?._id]);

      // A client's own ObjectId is its identity and its answered _id, on POST and GET.
      const other = await createTestUser(t.database);
      const otherSecret = (await createUploader(t, other)).secret;
      const oid = '5f1afb118b6aca48aa123400';
      const sent = answer(await post(otherSecret, { _id: oid.toUpperCase(), eventType: 'Note', notes: 'capteur décollé', created_at: iso(now - 5 * MIN) }));
      expect(sent.map((d) => d._id)).toEqual([oid]);
      const read = answer(await asUploader(t, otherSecret, { url: '/api/v1/treatments.json' }));
      expect(read).toEqual([expect.objectContaining({ _id: oid, eventType: 'Note', notes: 'capteur décollé' })]);
    });

    it('filters with find[created_at], find[eventType] and count', async () => {
      const from = now - 5 * 86_400_000;
      const to = from + 6 * 60 * MIN;
      const day5 = await get(`/api/v1/treatments.json?find[created_at][$gte]=${encodeURIComponent(iso(from))}&find[created_at][$lte]=${encodeURIComponent(iso(to))}`);
      expect(day5).toHaveLength(3);
      expect(times(day5).every((ms) => ms >= from && ms <= to)).toBe(true);
      expect(await get(`/api/v1/treatments.json?find[created_at][$gte]=${from}&find[created_at][$lte]=${to}`)).toEqual(day5);

      expect((await get('/api/v1/treatments.json?find[eventType]=BG%20Check')).map((d) => d.glucose)).toEqual([109.9]);
      expect((await get('/api/v1/treatments.json?find[eventType]=Exercise')).map((d) => d.duration)).toEqual([40]);
      expect(await get('/api/v1/treatments.json?find[eventType]=Temp%20Basal')).toEqual([]);
      expect(await get('/api/v1/treatments.json?count=3')).toHaveLength(3);
      expect((await get('/api/v1/treatments.json?count=1000&find[created_at][$gte]=2000-01-01T00:00:00Z')).length).toBe(6 * 12 + 4);

      for (const query of ['count=0', 'count=abc', 'find[created_at][$gte]=yesterday']) {
        expect((await asUploader(t, secret, { url: `/api/v1/treatments.json?${query}` })).statusCode, query).toBe(400);
      }
      expect((await t.app.inject({ url: '/api/v1/treatments.json', headers: { origin: undefined as unknown as string } })).statusCode).toBe(401);
    });
  });

  it('storeNightscoutTreatments, for followed sites, can leave invalid documents out instead of refusing all', async () => {
    const p = await createTestUser(t.database);
    const deps = { database: t.database, clock: t.clock, events: t.events };
    const docs = [
      { eventType: 'Correction Bolus', created_at: iso(now - 10 * MIN), insulin: 2, identifier: 'f-1' },
      { eventType: 'Correction Bolus', created_at: iso(now - 9 * MIN), insulin: 'x' },
    ];
    await expect(storeNightscoutTreatments(deps, p.userId, docs)).rejects.toMatchObject({ code: 'validation_failed' });
    expect(await eventsOf(p)).toEqual([]);
    const result = await storeNightscoutTreatments(deps, p.userId, docs, { mode: 'skip-invalid' });
    expect(result).toMatchObject({ newEvents: 1, newReadings: 0, skipped: 1 });
    expect(result.treatments).toHaveLength(1);
    expect((await storeNightscoutTreatments(deps, p.userId, docs, { mode: 'skip-invalid' })).newEvents).toBe(0);
  });
});
