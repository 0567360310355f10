import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MAX_ACTIVE_UPLOADERS, uploaderListSchema, uploaderSchema, uploaderSecretSchema } from '@glucosuivi/domain/nightscout/nightscout.schemas';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { asUploader, createUploader, sha1Hex, sha512Hex, xdripSeries } from '../../test/nightscout';
import { nightscoutUploaders } from './nightscout.tables';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');

describe('Nightscout uploaders: create, list, rotate, revoke', () => {
  let t: TestApp;
  let patient: TestUser;
  let other: TestUser;
  let doctor: TestUser;

  const list = async (who: TestUser) => {
    const res = await t.app.inject({ url: '/api/nightscout/uploaders', headers: actingAs(who) });
    expect(res.statusCode).toBe(200);
    return uploaderListSchema.parse(res.json()).uploaders;
  };
  const rotate = (who: TestUser, id: string) => t.app.inject({ method: 'POST', url: `/api/nightscout/uploaders/${id}/rotate`, headers: actingAs(who) });
  const revoke = (who: TestUser, id: string) => t.app.inject({ method: 'DELETE', url: `/api/nightscout/uploaders/${id}`, headers: actingAs(who) });
  const verify = async (secret: string) => (await asUploader(t, secret, { url: '/api/v1/verifyauth', remoteAddress: '10.9.0.1' })).statusCode;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database, { firstName: 'Léa' });
    other = await createTestUser(t.database, { firstName: 'Hugo' });
    doctor = await createTestUser(t.database, { role: 'doctor' });
  });
  afterAll(async () => t?.close());

  it('creates an uploader and shows its 256-bit secret once; only digests of its digests are stored', async () => {
    const created = await createUploader(t, patient, '  xDrip+ Pixel 7  ');
    expect(created.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(created.secret, 'base64url')).toHaveLength(32);
    expect(created.uploader).toMatchObject({ name: 'xDrip+ Pixel 7', lastUsedAt: null, revokedAt: null, rotatedAt: null, readingsLast24h: 0, batteryPercent: null });
    expect(created.uploader.createdAt).toBe(new Date(NOW).toISOString());

    t.clock.advance(1000);
    const second = await createUploader(t, patient, 'AndroidAPS');
    expect(second.secret).not.toBe(created.secret);

    // Neither the secret nor what goes over the wire (its SHA-1 / SHA-512) is anywhere in the row.
    const [row] = await t.database.db.select().from(nightscoutUploaders).where(eq(nightscoutUploaders.id, created.uploader.id));
    const stored = JSON.stringify(row);
    for (const wire of [created.secret, sha1Hex(created.secret), sha512Hex(created.secret)]) expect(stored).not.toContain(wire);
    expect(row?.sha1Key).toMatch(/^[0-9a-f]{64}$/);

    const listed = await list(patient);
    expect(listed.map((u) => u.name)).toEqual(['AndroidAPS', 'xDrip+ Pixel 7']);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    expect(await list(other)).toEqual([]);
  });

  it('refuses a missing, blank or too long name, a professional, and a signed-out caller', async () => {
    for (const payload of [{}, { name: '   ' }, { name: 'x'.repeat(61) }, { name: 'a\u0007b' }, { name: 'ok', extra: 1 }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/nightscout/uploaders', headers: actingAs(patient), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const byDoctor = await t.app.inject({ method: 'POST', url: '/api/nightscout/uploaders', headers: actingAs(doctor), payload: { name: 'x' } });
    expect(byDoctor.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/nightscout/uploaders' })).statusCode).toBe(401);
  });

  it('rotates: a new secret works at once and the old one is dead at once', async () => {
    const { uploader, secret } = await createUploader(t, patient, 'Juggluco');
    expect(await verify(secret)).toBe(200);
    t.clock.advance(60_000);
    const res = await rotate(patient, uploader.id);
    expect(res.statusCode).toBe(200);
    const rotated = uploaderSecretSchema.parse(res.json());
    expect(rotated.uploader.id).toBe(uploader.id);
    expect(rotated.secret).not.toBe(secret);
    expect(rotated.uploader.rotatedAt).toBe(t.clock.now().toISOString());
    expect(await verify(secret)).toBe(401);
    expect(await verify(rotated.secret)).toBe(200);
  });

  it("revokes for good (idempotent): the secret dies, the uploader stays listed; another patient's id is a 404", async () => {
    const { uploader, secret } = await createUploader(t, patient, 'Loop iPhone');
    expect((await revoke(other, uploader.id)).statusCode).toBe(404);
    expect((await rotate(other, uploader.id)).statusCode).toBe(404);
    expect(await verify(secret)).toBe(200);

    const res = await revoke(patient, uploader.id);
    expect(res.statusCode).toBe(200);
    const revoked = uploaderSchema.parse(res.json());
    expect(revoked.revokedAt).toBe(t.clock.now().toISOString());
    expect(await verify(secret)).toBe(401);

    t.clock.advance(60_000);
    const again = uploaderSchema.parse((await revoke(patient, uploader.id)).json());
    expect(again.revokedAt).toBe(revoked.revokedAt);
    const rotateRevoked = await rotate(patient, uploader.id);
    expect(rotateRevoked.statusCode).toBe(409);
    expect(await verify(secret)).toBe(401);
    expect((await list(patient)).find((u) => u.id === uploader.id)?.revokedAt).toBe(revoked.revokedAt);
    expect((await revoke(patient, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await revoke(patient, 'not-a-uuid')).statusCode).toBe(400);
  });

  it(`holds at most ${MAX_ACTIVE_UPLOADERS} live uploaders; revoked ones do not count`, async () => {
    const patientWithMany = await createTestUser(t.database);
    const made = [];
    for (let i = 0; i < MAX_ACTIVE_UPLOADERS; i++) made.push(await createUploader(t, patientWithMany, `device ${i}`));
    const refused = await t.app.inject({ method: 'POST', url: '/api/nightscout/uploaders', headers: actingAs(patientWithMany), payload: { name: 'one more' } });
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).error.code).toBe('conflict');
    expect((await revoke(patientWithMany, made[0]!.uploader.id)).statusCode).toBe(200);
    expect((await createUploader(t, patientWithMany, 'one more')).uploader.name).toBe('one more');
  });

  it('lists last use, last upload, device and battery from device status, and new readings of the last 24 hours', async () => {
    const { uploader, secret } = await createUploader(t, patient, 'AAPS Samsung');
    const now = t.clock.now().getTime();
    const readings = xdripSeries(now, 12);
    expect((await asUploader(t, secret, { method: 'POST', url: '/api/v1/entries', payload: readings })).statusCode).toBe(200);
    // Re-sent: no new readings, so the count stays at 12.
    expect((await asUploader(t, secret, { method: 'POST', url: '/api/v1/entries', payload: readings.slice(0, 6) })).statusCode).toBe(200);
    const status = { device: 'openaps://samsung SM-G970F', created_at: new Date(now - 60_000).toISOString(), uploaderBattery: 54, pump: { battery: { percent: 75 } } };
    expect((await asUploader(t, secret, { method: 'POST', url: '/api/v1/devicestatus', payload: status })).statusCode).toBe(200);
    // An older status arriving late does not replace the newest.
    const older = { device: 'openaps://old', created_at: new Date(now - 3_600_000).toISOString(), uploader: { battery: 99 } };
    expect((await asUploader(t, secret, { method: 'POST', url: '/api/v1/devicestatus', payload: older })).statusCode).toBe(200);

    const listed = (await list(patient)).find((u) => u.id === uploader.id);
    expect(listed).toMatchObject({
      lastUsedAt: t.clock.now().toISOString(),
      lastUploadAt: t.clock.now().toISOString(),
      device: 'openaps://samsung SM-G970F',
      batteryPercent: 54,
      statusAt: status.created_at,
      readingsLast24h: 12,
    });

    // A day later the hour of arrival has left the window.
    t.clock.advance(25 * 3_600_000);
    expect((await list(patient)).find((u) => u.id === uploader.id)?.readingsLast24h).toBe(0);
    const hours = await t.database.db.execute(sql`select count(*)::int as n from nightscout_upload_hours where uploader_id = ${uploader.id}`);
    expect((hours as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
  });
});
