import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alertListSchema, type Alert } from '@glucosuivi/domain/alerts/alerts.schemas';
import { alertSettingsSchema } from '@glucosuivi/domain/alerts/alert-settings.schemas';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import type { DomainEvent } from '@glucosuivi/domain/shared/events';
import { jobs } from '../../platform/jobs/jobs.tables';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { asUploader, createUploader, xdripEntry } from '../../test/nightscout';
import { userSettings } from '../settings/settings.tables';
import { alerts } from './alerts.tables';

/*
 * Live CGM alerts on the server (issue 36): evaluated at the newest reading of an upload, never on
 * a backfill; "Perte de signal" raised once by the job on the test clock and closed by the next
 * reading; the patient's settings within their bounds. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */

const MIN = 60_000;

describe('live CGM alerts', () => {
  let t: TestApp;
  const published: DomainEvent[] = [];

  const alertsOf = (who: TestUser) =>
    t.database.db.select().from(alerts).where(eq(alerts.patientId, who.userId)).orderBy(asc(alerts.createdAt), asc(alerts.kind));
  const jobsFor = (who: TestUser, name: string) =>
    t.database.db.select().from(jobs).where(and(eq(jobs.name, name), sql`(${jobs.payload}->>'userId' = ${who.userId} or ${jobs.payload}->>'patientId' = ${who.userId})`));
  const upload = (secret: string, readings: Array<[number, number]>) =>
    asUploader(t, secret, { method: 'POST', url: '/api/v1/entries', payload: readings.map(([at, sgv]) => xdripEntry(at, sgv)) });
  /** Readings every 5 minutes ending now. */
  const endingNow = (values: number[]): Array<[number, number]> => {
    const now = t.clock.now().getTime();
    return values.map((v, i) => [now - (values.length - 1 - i) * 5 * MIN, v]);
  };

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    t.events.subscribe('alert.raised', (event) => {
      published.push(event);
    });
    t.events.subscribe('alert.status-changed', (event) => {
      published.push(event);
    });
  });
  afterAll(async () => t?.close());

  it('raises "Hypoglycémie imminente" at a live upload falling towards 54, pushes it and never e-mails it', async () => {
    const patient = await createTestUser(t.database);
    await t.database.db.insert(userSettings).values({ userId: patient.userId, emailAlerts: true }).onConflictDoUpdate({ target: userSettings.userId, set: { emailAlerts: true } });
    const { secret } = await createUploader(t, patient);
    const res = await upload(secret, endingNow([130, 115, 100, 85]));
    expect(res.statusCode).toBe(200);
    const raised = await alertsOf(patient);
    expect(raised.map((a) => [a.kind, a.origin, a.glucoseMgdl])).toEqual([
      ['falling_fast', 'forecast', 85],
      ['urgent_low_soon', 'forecast', 85],
    ]);
    expect(published).toContainEqual(expect.objectContaining({ type: 'alert.raised', patientId: patient.userId }));
    await t.jobs.runDue();
    expect(await jobsFor(patient, 'notify.push')).toHaveLength(1);
    expect(await jobsFor(patient, 'alerts.email')).toHaveLength(0);

    // The same upload again (uploaders resend): nothing new.
    await upload(secret, endingNow([130, 115, 100, 85]));
    expect(await alertsOf(patient)).toHaveLength(2);
  });

  it('raises nothing on a backfill: the same fall hours ago, or a file import ending now', async () => {
    const patient = await createTestUser(t.database);
    const { secret } = await createUploader(t, patient);
    const hoursAgo = endingNow([130, 115, 100, 85]).map(([at, v]): [number, number] => [at - 3 * 60 * MIN, v]);
    expect((await upload(secret, hoursAgo)).statusCode).toBe(200);
    const readings = endingNow([130, 115, 100, 85]).map(([at, value]) => ({ measuredAt: new Date(at).toISOString(), value }));
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/measurements/glucose/batch',
      headers: actingAs(patient),
      payload: { source: 'import', deviceId: 'file', unit: 'mg/dL', readings },
    });
    expect(imported.statusCode).toBe(200);
    expect((await alertsOf(patient)).filter((a) => a.origin === 'forecast')).toEqual([]);
  });

  it('follows the re-alert rules: no repeat within 30 minutes, none once acknowledged', async () => {
    const patient = await createTestUser(t.database);
    const { secret } = await createUploader(t, patient);
    await upload(secret, endingNow([130, 115, 100, 85]));
    const first = (await alertsOf(patient)).find((a) => a.kind === 'urgent_low_soon');
    expect(first).toBeDefined();
    for (const value of [75, 68]) {
      t.clock.advance(5 * MIN);
      await upload(secret, endingNow([value]));
    }
    expect((await alertsOf(patient)).filter((a) => a.kind === 'urgent_low_soon')).toHaveLength(1);
    const ack = await t.app.inject({ method: 'POST', url: `/api/alerts/${first!.id}/acknowledge`, headers: actingAs(patient) });
    expect(ack.statusCode).toBe(200);
    for (const value of [64, 61, 59, 57, 56]) {
      t.clock.advance(5 * MIN);
      await upload(secret, endingNow([value]));
    }
    // 35 minutes after the first, still falling, but acknowledged: no repeat.
    expect((await alertsOf(patient)).filter((a) => a.kind === 'urgent_low_soon')).toHaveLength(1);
  });

  it('pushes an urgent alert during quiet hours, not a fast fall', async () => {
    const patient = await createTestUser(t.database);
    const quiet = { quietHoursStart: '00:00', quietHoursEnd: '23:59', timezone: 'Europe/Paris' };
    await t.database.db.insert(userSettings).values({ userId: patient.userId, ...quiet }).onConflictDoUpdate({ target: userSettings.userId, set: quiet });
    const { secret } = await createUploader(t, patient);
    // A fall of 3 mg/dL/min from high up: "Baisse rapide" only, held back by the quiet hours.
    await upload(secret, endingNow([250, 235, 220, 205]));
    await t.jobs.runDue();
    expect((await alertsOf(patient)).map((a) => a.kind)).toEqual(['falling_fast']);
    expect(await jobsFor(patient, 'notify.push')).toHaveLength(0);
    t.clock.advance(60 * MIN);
    await upload(secret, endingNow([130, 115, 100, 85]));
    await t.jobs.runDue();
    expect((await alertsOf(patient)).map((a) => a.kind)).toContain('urgent_low_soon');
    expect(await jobsFor(patient, 'notify.push')).toHaveLength(1);
  });

  it('raises "Perte de signal" once after 20 minutes of silence on the test clock, and the next reading closes it', async () => {
    const patient = await createTestUser(t.database);
    const { secret } = await createUploader(t, patient);
    await upload(secret, endingNow([120, 121, 120]));
    const signal = async () => (await alertsOf(patient)).filter((a) => a.kind === 'signal_loss');

    t.clock.advance(19 * MIN);
    await t.jobs.runDue();
    expect(await signal()).toEqual([]);
    t.clock.advance(MIN);
    await t.jobs.runDue();
    const [raised, ...more] = await signal();
    expect(more).toEqual([]);
    expect(raised).toMatchObject({ status: 'open', origin: 'signal', glucoseMgdl: null });
    for (let i = 0; i < 5; i++) {
      t.clock.advance(MIN);
      await t.jobs.runDue();
    }
    expect(await signal()).toHaveLength(1);

    await upload(secret, endingNow([118]));
    expect(await signal()).toEqual([expect.objectContaining({ id: raised!.id, status: 'resolved' })]);
    expect(published).toContainEqual({ type: 'alert.status-changed', patientId: patient.userId, alertId: raised!.id, status: 'resolved', changedBy: patient.userId });
    const list = alertListSchema.parse((await t.app.inject({ url: '/api/alerts', headers: actingAs(patient) })).json());
    expect(list.items.find((a: Alert) => a.id === raised!.id)?.resolvedAt).not.toBeNull();
  });

  it("waits the patient's own delay, and none for a patient without an active uploader", async () => {
    const patient = await createTestUser(t.database);
    const { secret } = await createUploader(t, patient);
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/alerts/settings', headers: actingAs(patient), payload: { signalLossMinutes: 45 } });
    expect(patch.statusCode).toBe(200);
    const withoutUploader = await createTestUser(t.database);
    const readings = endingNow([120, 121]).map(([at, value]) => ({ measuredAt: new Date(at).toISOString(), value }));
    await t.app.inject({ method: 'POST', url: '/api/measurements/glucose/batch', headers: actingAs(withoutUploader), payload: { source: 'cgm', deviceId: 'app', unit: 'mg/dL', readings } });
    await upload(secret, endingNow([120, 121]));
    t.clock.advance(44 * MIN);
    await t.jobs.runDue();
    expect(await alertsOf(patient)).toEqual([]);
    t.clock.advance(MIN);
    await t.jobs.runDue();
    expect((await alertsOf(patient)).map((a) => a.kind)).toEqual(['signal_loss']);
    expect(await alertsOf(withoutUploader)).toEqual([]);
  });

  it('keeps the settings within their safe bounds: a bad value is a 400 and nothing is stored', async () => {
    const patient = await createTestUser(t.database);
    const get = async () => alertSettingsSchema.parse((await t.app.inject({ url: '/api/alerts/settings', headers: actingAs(patient) })).json());
    expect(await get()).toEqual({ urgentLowSoonMgdl: 54, rateAlerts: true, rateMgdlPerMin: 2, signalLoss: true, signalLossMinutes: 20 });
    for (const payload of [{ urgentLowSoonMgdl: 53 }, { signalLossMinutes: 9 }, { signalLossMinutes: 61 }, { rateMgdlPerMin: 0.5 }, {}]) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/alerts/settings', headers: actingAs(patient), payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorBodySchema.parse(res.json()).error.code).toBe('validation_failed');
    }
    expect(await get()).toMatchObject({ urgentLowSoonMgdl: 54, signalLossMinutes: 20 });
    const ok = await t.app.inject({ method: 'PATCH', url: '/api/alerts/settings', headers: actingAs(patient), payload: { urgentLowSoonMgdl: 70, rateAlerts: false } });
    expect(alertSettingsSchema.parse(ok.json())).toMatchObject({ urgentLowSoonMgdl: 70, rateAlerts: false });
    expect(await get()).toMatchObject({ urgentLowSoonMgdl: 70, rateAlerts: false, signalLossMinutes: 20 });
  });
});
