import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { nightscoutEntriesSchema, type NightscoutEntry } from '@glucosuivi/domain/nightscout/nightscout.schemas';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { androidApsEntry, asUploader, createUploader, loopEntry, minimedEntries, stringlyEntry, xdripEntry, xdripSeries } from '../../test/nightscout';
import { glucoseReadings } from '../measurements/measurements.tables';

const SAMPLE = new URL('../../../../../packages/domain/test-data/samples/nightscout_entries_example.json', import.meta.url);
const MIN = 60_000;

describe('Nightscout entries: uploads become glucose readings', () => {
  let t: TestApp;
  let patient: TestUser;
  let secret: string;
  let now: number;

  const upload = (payload: unknown, url = '/api/v1/entries') => asUploader(t, secret, { method: 'POST', url, payload });
  const rowsOf = (who: TestUser) =>
    t.database.db
      .select({ at: glucoseReadings.measuredAt, value: glucoseReadings.valueMgdl, source: glucoseReadings.source, deviceId: glucoseReadings.deviceId })
      .from(glucoseReadings)
      .where(eq(glucoseReadings.patientId, who.userId))
      .orderBy(asc(glucoseReadings.measuredAt), asc(glucoseReadings.source));
  const countAt = async (who: TestUser, at: number) =>
    Number(
      (await t.database.db.select({ n: count() }).from(glucoseReadings).where(and(eq(glucoseReadings.patientId, who.userId), eq(glucoseReadings.measuredAt, new Date(at)))))[0]?.n,
    );
  /** Everything an upload may change for a patient, for "nothing changed" comparisons. */
  const snapshot = async (who: TestUser) => {
    const q = (text: string) => t.database.db.execute(sql.raw(text.replaceAll('$1', `'${who.userId}'`)));
    return JSON.stringify(
      await Promise.all([
        q(`select id, measured_at, value_mgdl, source, device_id, created_at from glucose_readings where patient_id = $1 order by measured_at, source`),
        q(`select * from glucose_daily_aggregates where patient_id = $1 order by day`),
        q(`select id, kind, occurred_at from alerts where patient_id = $1 order by id`),
        q(`select * from nightscout_upload_hours where patient_id = $1 order by hour`),
      ]),
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database);
    secret = (await createUploader(t, patient)).secret;
    now = t.clock.now().getTime();
  });
  afterAll(async () => t?.close());

  it("stores the payloads of real uploaders: xDrip+, AndroidAPS, Loop, minimed-connect, numbers as strings", async () => {
    const p = await createTestUser(t.database);
    const s = (await createUploader(t, p)).secret;
    const base = now - 10 * 60 * MIN;
    const payloads: [string, unknown, number][] = [
      ['xDrip+', [xdripEntry(base, 112)], 1],
      ['AndroidAPS', [androidApsEntry(base + 5 * MIN, 118)], 1],
      ['Loop', [loopEntry(base + 10 * MIN, 121)], 1],
      ['minimed-connect', minimedEntries(base + 15 * MIN, 130), 2],
      ['strings', [stringlyEntry(base + 25 * MIN, 140)], 1],
      ['one object', xdripEntry(base + 30 * MIN, 150), 1],
    ];
    for (const [name, payload, stored] of payloads) {
      const res = await asUploader(t, s, { method: 'POST', url: '/api/v1/entries', payload });
      expect(res.statusCode, `${name}: ${res.body.slice(0, 300)}`).toBe(200);
      const answered = nightscoutEntriesSchema.parse(res.json());
      expect(answered.filter((e) => e._id).length, name).toBe(stored);
    }
    expect(await rowsOf(p)).toEqual([
      { at: new Date(base), value: 112, source: 'nightscout', deviceId: 'nightscout:sgv' },
      { at: new Date(base + 5 * MIN), value: 118, source: 'nightscout', deviceId: 'nightscout:sgv' },
      { at: new Date(base + 10 * MIN), value: 121, source: 'nightscout', deviceId: 'nightscout:sgv' },
      { at: new Date(base + 15 * MIN), value: 130, source: 'nightscout', deviceId: 'nightscout:sgv' },
      { at: new Date(base + 16 * MIN), value: 134, source: 'meter', deviceId: 'nightscout:mbg' },
      { at: new Date(base + 25 * MIN), value: 140, source: 'nightscout', deviceId: 'nightscout:sgv' },
      { at: new Date(base + 30 * MIN), value: 150, source: 'nightscout', deviceId: 'nightscout:sgv' },
    ]);
  });

  it('answers the stored documents with stable ids, dateString in UTC, and answers calibrations without storing them', async () => {
    const at = now - 20 * 60 * MIN;
    const loop = loopEntry(at, 99);
    const cal = { type: 'cal', date: at + MIN, dateString: new Date(at + MIN).toISOString(), slope: 1000, intercept: 30_000, scale: 1, device: 'xDrip-DexcomG6' };
    const res = await upload([loop, cal]);
    expect(res.statusCode).toBe(200);
    const [reading, calibration] = nightscoutEntriesSchema.parse(res.json());
    expect(reading).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), type: 'sgv', sgv: 99, date: at, dateString: new Date(at).toISOString(), sysTime: new Date(at).toISOString(), utcOffset: 0 });
    expect(calibration).toMatchObject({ type: 'cal', date: at + MIN });
    expect(calibration?._id).toBeUndefined();
    expect(await countAt(patient, at + MIN)).toBe(0);
    // The same reading answers the same id when sent again, and GET lists it with that id.
    const again = nightscoutEntriesSchema.parse((await upload(loop)).json());
    expect(again[0]?._id).toBe(reading?._id);
    const listed = nightscoutEntriesSchema.parse((await asUploader(t, secret, { url: `/api/v1/entries.json?find[date][$gte]=${at}&find[date][$lte]=${at}` })).json());
    expect(listed).toEqual([reading]);
  });

  it('stores an array of 1 and of 10,000 readings; sending the same batch again changes nothing', async () => {
    const p = await createTestUser(t.database);
    const s = (await createUploader(t, p)).secret;
    const one = await asUploader(t, s, { method: 'POST', url: '/api/v1/entries', payload: [xdripEntry(now - 40 * 86_400_000, 101)] });
    expect(one.statusCode).toBe(200);
    expect(nightscoutEntriesSchema.parse(one.json())).toHaveLength(1);

    const batch = xdripSeries(now, 10_000, 5, (i) => 60 + ((i * 7) % 240));
    const first = await asUploader(t, s, { method: 'POST', url: '/api/v1/entries', payload: batch });
    expect(first.statusCode).toBe(200);
    expect(nightscoutEntriesSchema.parse(first.json())).toHaveLength(10_000);
    expect(await rowsOf(p)).toHaveLength(10_001);

    const before = await snapshot(p);
    const second = await asUploader(t, s, { method: 'POST', url: '/api/v1/entries', payload: batch });
    expect(second.statusCode).toBe(200);
    expect(nightscoutEntriesSchema.parse(second.json()).map((e) => e._id)).toEqual(nightscoutEntriesSchema.parse(first.json()).map((e) => e._id));
    expect(await snapshot(p)).toBe(before);
    expect(await rowsOf(p)).toHaveLength(10_001);
  }, 120_000);

  it("accepts Nightscout's own example entries as they are; sensor status codes (sgv 5) are answered, not stored", async () => {
    const p = await createTestUser(t.database);
    const s = (await createUploader(t, p)).secret;
    const sample = JSON.parse(readFileSync(SAMPLE, 'utf8')) as { sgv: string; date: number }[];
    const res = await asUploader(t, s, { method: 'POST', url: '/api/v1/entries', payload: sample });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const answered = nightscoutEntriesSchema.parse(res.json());
    expect(answered).toHaveLength(sample.length);
    const readings = sample.filter((e) => Number(e.sgv) >= 20);
    expect(readings.length).toBeGreaterThan(0);
    expect(readings.length).toBeLessThan(sample.length);
    expect(answered.filter((e) => e._id)).toHaveLength(readings.length);
    expect(answered.find((e) => !e._id)).toMatchObject({ type: 'sgv', sgv: 5 });
    // dateString "2014-07-19T10:49:15.000-07:00" → UTC.
    expect(answered[0]?.dateString).toBe('2014-07-19T17:49:15.000Z');
    const rows = await rowsOf(p);
    expect(rows.map((r) => [r.at.getTime(), r.value])).toEqual(readings.map((e) => [e.date, Number(e.sgv)]).sort((a, b) => a[0]! - b[0]!));
  });

  it('refuses the whole request (400, nothing stored) for one bad entry, and never answers 500', async () => {
    const p = await createTestUser(t.database);
    const s = (await createUploader(t, p)).secret;
    const good = xdripSeries(now, 5, 100);
    const cases: [string, unknown, string | null][] = [
      ['sgv too high', [...good, xdripEntry(now - 200 * MIN, 601)], 'out_of_range'],
      ['sgv too low', [...good, xdripEntry(now - 200 * MIN, 19)], 'out_of_range'],
      ['no date', [...good, { type: 'sgv', sgv: 120 }], 'date_required'],
      ['before 1900', [...good, { type: 'sgv', sgv: 120, date: Date.parse('1899-12-31T23:00:00Z') }], 'date_out_of_range'],
      ['future', [...good, xdripEntry(now + 6 * MIN, 120)], 'measured_at_in_future'],
      ['sgv not a number', [...good, { ...xdripEntry(now - 200 * MIN, 120), sgv: 'high' }], 'invalid_value'],
      ['date not a date', [...good, { ...xdripEntry(now - 200 * MIN, 120), date: 'yesterday', dateString: undefined }], 'invalid_date'],
      ['entry not an object', [...good, 42], 'invalid_type'],
      ['mbg out of range', [...good, { type: 'mbg', mbg: 700, date: now - 200 * MIN }], 'out_of_range'],
      ['type not a string', [...good, { ...xdripEntry(now - 200 * MIN, 120), type: { $ne: 1 } }], 'invalid_type'],
      ['a number', 42, null],
      ['a string', 'sgv=120', null],
      ['null', null, null],
    ];
    for (const [name, payload, code] of cases) {
      const res = await asUploader(t, s, { method: 'POST', url: '/api/v1/entries', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(400);
      const { error } = errorBodySchema.parse(res.json());
      expect(error.code).toBe('validation_failed');
      expect(code === null || error.issues?.some((i) => i.code === code), `${name}: ${JSON.stringify(error.issues)}`).toBe(true);
    }
    const bad = ['{"type":"sgv"', '[{"date": 1, "sgv": 120}', '', '{"__proto__": {"x": 1}, "date": 1}', `${'['.repeat(5000)}${']'.repeat(5000)}`];
    for (const body of bad) {
      const res = await asUploader(t, s, { method: 'POST', url: '/api/v1/entries', payload: body, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, body.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, body.slice(0, 40)).toBeLessThan(500);
    }
    expect(await rowsOf(p)).toEqual([]);
  });

  it('answers 413 in the error format to a body over 10 MB, and stores nothing', async () => {
    const p = await createTestUser(t.database);
    const s = (await createUploader(t, p)).secret;
    const entry = JSON.stringify(xdripEntry(now - 60 * MIN, 120));
    const body = `[${Array.from({ length: Math.ceil((11 * 1024 * 1024) / entry.length) }, () => entry).join(',')}]`;
    expect(body.length).toBeGreaterThan(11 * 1024 * 1024);
    const res = await asUploader(t, s, { method: 'POST', url: '/api/v1/entries', payload: body, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(413);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('payload_too_large');
    expect(await rowsOf(p)).toEqual([]);
  });

  describe('GET entries', () => {
    let reader: string;
    let readerPatient: TestUser;
    const get = async (url: string) => {
      const res = await asUploader(t, reader, { url });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return nightscoutEntriesSchema.parse(res.json());
    };
    const dates = (entries: NightscoutEntry[]) => entries.map((e) => e.date);

    beforeAll(async () => {
      readerPatient = await createTestUser(t.database);
      reader = (await createUploader(t, readerPatient)).secret;
      // 6 days of readings every 30 minutes, plus one meter reading.
      const series = Array.from({ length: 6 * 48 }, (_, i) => xdripEntry(now - 10 * MIN - i * 30 * MIN, 100 + (i % 50)));
      const meter = { type: 'mbg', mbg: '142', date: now - 95 * MIN, device: 'xDrip-Meter' };
      expect((await asUploader(t, reader, { method: 'POST', url: '/api/v1/entries.json', payload: [...series, meter] })).statusCode).toBe(200);
    });

    it('defaults to the 10 newest of the last 4 days, newest first; the same on entries, entries.json and sgv.json', async () => {
      const listed = await get('/api/v1/entries.json');
      expect(listed).toHaveLength(10);
      expect(dates(listed)).toEqual([...dates(listed)].sort((a, b) => b - a));
      expect(listed[0]).toMatchObject({ type: 'sgv', date: now - 10 * MIN, sgv: 100 });
      expect(listed.some((e) => e.type === 'mbg' && e.mbg === 142)).toBe(true);
      expect(await get('/api/v1/entries')).toEqual(listed);
      expect((await get('/api/v1/entries/sgv.json')).every((e) => e.type === 'sgv')).toBe(true);

      const all = await get('/api/v1/entries.json?count=100000');
      const oldest = Math.min(...dates(all));
      expect(oldest).toBeGreaterThanOrEqual(now - 4 * 86_400_000);
      expect(oldest).toBeLessThan(now - 4 * 86_400_000 + 30 * MIN);
      expect(all).toHaveLength(4 * 48 + 1);
    });

    it('filters with find[date], find[dateString], find[type] and count', async () => {
      const from = now - 5 * 86_400_000;
      const to = now - 5 * 86_400_000 + 3 * 60 * MIN;
      const inDay5 = await get(`/api/v1/entries.json?find[date][$gte]=${from}&find[date][$lte]=${to}&count=100`);
      expect(inDay5.length).toBeGreaterThan(4);
      expect(inDay5.every((e) => e.date >= from && e.date <= to)).toBe(true);

      const byString = await get(`/api/v1/entries.json?find[dateString][$gte]=${encodeURIComponent(new Date(from).toISOString())}&find[dateString][$lte]=${encodeURIComponent(new Date(to).toISOString())}&count=100`);
      expect(byString).toEqual(inDay5);
      // A "+02:00" offset whose "+" arrived as a space (unescaped in the URL) is read as "+".
      const local = new Date(from + 2 * 3_600_000).toISOString().replace('Z', '+02:00').replace('.000', '');
      expect(dates(await get(`/api/v1/entries.json?find[dateString][$gte]=${local}&find[date][$lte]=${to}&count=100`))).toEqual(dates(inDay5));

      expect(await get(`/api/v1/entries.json?find[date][$gt]=${to}&find[date][$lt]=${to + 30 * MIN}`)).toHaveLength(1);
      expect((await get('/api/v1/entries.json?find[type]=mbg&count=5')).map((e) => e.type)).toEqual(['mbg']);
      expect(await get('/api/v1/entries.json?find[type]=cal')).toEqual([]);
      expect(await get('/api/v1/entries.json?count=3')).toHaveLength(3);

      for (const query of ['count=0', 'count=abc', 'find[date][$gte]=yesterday']) {
        const res = await asUploader(t, reader, { url: `/api/v1/entries.json?${query}` });
        expect(res.statusCode, query).toBe(400);
      }
    });

    it('entries/current answers the newest CGM reading as a one-element array', async () => {
      for (const url of ['/api/v1/entries/current', '/api/v1/entries/current.json']) {
        const current = await get(url);
        expect(current).toHaveLength(1);
        expect(current[0]).toMatchObject({ type: 'sgv', date: now - 10 * MIN });
      }
      const empty = await createTestUser(t.database);
      const emptySecret = (await createUploader(t, empty)).secret;
      expect((await asUploader(t, emptySecret, { url: '/api/v1/entries/current.json' })).json()).toEqual([]);
    });
  });
});
