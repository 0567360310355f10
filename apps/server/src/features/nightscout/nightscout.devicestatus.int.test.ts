import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { DEVICE_STATUS_MAX_CHARS, nightscoutDeviceStatusesSchema, uploaderListSchema } from '@glucosuivi/domain/nightscout/nightscout.schemas';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { asUploader, createUploader } from '../../test/nightscout';
import { nightscoutDeviceStatus } from './nightscout.tables';

const MIN = 60_000;

/** Device statuses as the three main uploaders send them (field sets recorded from each). */
function xdripStatus(at: number) {
  return { device: 'xDrip-DexcomG6', uploader: { battery: 87, type: 'PHONE' }, created_at: new Date(at).toISOString() };
}
function loopStatus(at: number) {
  return {
    device: 'loop://iPhone',
    created_at: new Date(at).toISOString().replace('Z', '+00:00'),
    uploader: { name: 'iPhone', battery: 45, timestamp: new Date(at).toISOString() },
    pump: { clock: new Date(at).toISOString(), pumpID: '123456', reservoir: 84.5, battery: { percent: 75 }, suspended: false },
    loop: { name: 'Loop', version: '3.4.1', iob: { iob: 1.25, timestamp: new Date(at).toISOString() }, predicted: { startDate: new Date(at).toISOString(), values: Array.from({ length: 72 }, (_, i) => 110 + i) } },
  };
}
function androidApsStatus(at: number) {
  return {
    device: 'openaps://samsung SM-G970F',
    created_at: new Date(at).toISOString(),
    uploaderBattery: 54,
    isCharging: true,
    pump: { battery: { percent: 60 }, status: { status: 'normal', timestamp: new Date(at).toISOString() }, extended: { Version: '3.2.0.4' } },
    openaps: { suggested: { bg: 120, temp: 'absolute', predBGs: { IOB: [120, 118, 117], ZT: [120, 119] }, timestamp: new Date(at).toISOString() }, iob: { iob: 0.8, basaliob: 0.1 } },
    configuration: { insulin: 5, sensitivity: 2, smbEnabled: true },
  };
}

describe('Nightscout device status', () => {
  let t: TestApp;
  let patient: TestUser;
  let secret: string;
  let now: number;

  const post = (payload: unknown, url = '/api/v1/devicestatus') => asUploader(t, secret, { method: 'POST', url, payload });
  const stored = async () =>
    Number((await t.database.db.select({ n: count() }).from(nightscoutDeviceStatus).where(eq(nightscoutDeviceStatus.patientId, patient.userId)))[0]?.n);

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database);
    secret = (await createUploader(t, patient, 'AAPS')).secret;
    now = t.clock.now().getTime();
  });
  afterAll(async () => t?.close());

  it('stores what xDrip+, Loop and AndroidAPS send as received, answers it with an id and a UTC created_at; a re-send adds nothing', async () => {
    const statuses = [xdripStatus(now - 30 * MIN), loopStatus(now - 20 * MIN), androidApsStatus(now - 10 * MIN)];
    for (const [i, status] of statuses.entries()) {
      const res = await post(status, i === 1 ? '/api/v1/devicestatus.json' : '/api/v1/devicestatus');
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const [answered, ...rest] = nightscoutDeviceStatusesSchema.parse(res.json());
      expect(rest).toEqual([]);
      expect(answered).toEqual({ ...status, _id: expect.stringMatching(/^[0-9a-f]{24}$/), created_at: new Date(now - (30 - i * 10) * MIN).toISOString() });
    }
    expect(await stored()).toBe(3);
    const again = await post(statuses);
    expect(again.statusCode).toBe(200);
    expect(await stored()).toBe(3);

    const listed = await asUploader(t, secret, { url: '/api/v1/devicestatus.json' });
    const docs = nightscoutDeviceStatusesSchema.parse(listed.json());
    expect(docs.map((d) => d.device)).toEqual(['openaps://samsung SM-G970F', 'loop://iPhone', 'xDrip-DexcomG6']);
    expect(docs[0]).toEqual(nightscoutDeviceStatusesSchema.parse(again.json())[2]);

    const uploaders = uploaderListSchema.parse((await t.app.inject({ url: '/api/nightscout/uploaders', headers: actingAs(patient) })).json()).uploaders;
    expect(uploaders[0]).toMatchObject({ device: 'openaps://samsung SM-G970F', batteryPercent: 54, statusAt: new Date(now - 10 * MIN).toISOString() });
  });

  it('dates a status without created_at at its arrival; GET filters by count and find[created_at]', async () => {
    const res = await post({ device: 'xDrip-LibreReceiver', uploaderBattery: '71' });
    expect(nightscoutDeviceStatusesSchema.parse(res.json())[0]?.created_at).toBe(new Date(now).toISOString());
    const newest = await asUploader(t, secret, { url: '/api/v1/devicestatus.json?count=2' });
    expect(nightscoutDeviceStatusesSchema.parse(newest.json()).map((d) => d.device)).toEqual(['xDrip-LibreReceiver', 'openaps://samsung SM-G970F']);
    const window = await asUploader(t, secret, { url: `/api/v1/devicestatus?find[created_at][$gte]=${new Date(now - 25 * MIN).toISOString()}&find[created_at][$lte]=${now - 15 * MIN}` });
    expect(nightscoutDeviceStatusesSchema.parse(window.json()).map((d) => d.device)).toEqual(['loop://iPhone']);
  });

  it('refuses the whole request (400, nothing stored) for a status too large, too deep, with broken text or an implausible date', async () => {
    const before = await stored();
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 40; i++) cursor = (cursor.next = {}) as Record<string, unknown>;
    const nested = (levels: number): unknown => (levels === 0 ? 1 : { a: nested(levels - 1) });
    const cases: [string, unknown, string | null][] = [
      ['too large', [xdripStatus(now - 5 * MIN), { device: 'x', blob: 'x'.repeat(DEVICE_STATUS_MAX_CHARS) }], 'too_large'],
      ['too deep', { device: 'x', deep }, 'too_deep'],
      ['21 levels', [xdripStatus(now - 7 * MIN), { device: 'x', deep: nested(20) }], 'too_deep'],
      ['lone surrogate', { device: 'x', note: 'a\ud800b' }, 'invalid_text'],
      ['lone surrogate key', { device: 'x', ['k\udc00']: 1 }, 'invalid_text'],
      ['before 1900', { device: 'x', created_at: '1850-01-01T00:00:00Z' }, 'date_out_of_range'],
      ['not an object', [xdripStatus(now - 6 * MIN), 'battery 50'], null],
      ['a number', 12, null],
    ];
    for (const [name, payload, code] of cases) {
      const res = await post(payload);
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBe(400);
      const { error } = errorBodySchema.parse(res.json());
      expect(code === null || error.issues?.some((i) => i.code === code), `${name}: ${JSON.stringify(error.issues)}`).toBe(true);
      // Over its depth or size, a status says so with its own translated code.
      expect(error.code, name).toBe(code === 'too_deep' || code === 'too_large' ? 'document_too_large' : 'validation_failed');
    }
    expect(await stored()).toBe(before);
    // 20 levels are kept.
    expect((await post({ device: 'x', created_at: new Date(now - 8 * MIN).toISOString(), deep: nested(19) })).statusCode).toBe(200);
  });
});
