import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertKind } from '@glucosuivi/domain/alerts/alerts.schemas';
import { createInProcessEventBus } from '../../platform/events/event-bus';
import { alertListSchema, alertSchema } from '@glucosuivi/domain/alerts/alerts.schemas';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { measurementWriteResultSchema } from '@glucosuivi/domain/measurements/measurements.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { createMeasurement, insertGlucoseBatch } from '../measurements/measurement-entry.service';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('alerts', () => {
  let t: TestApp;
  let patient: TestUser;
  let other: TestUser;

  const raiseHypo = async (actor: TestUser, minutesAgo: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/measurements',
      headers: actingAs(actor),
      payload: { kind: 'glucose', measuredAt: ago(minutesAgo), value: 60, unit: 'mg/dL' },
    });
    const alert = measurementWriteResultSchema.parse(res.json()).alerts[0];
    if (!alert) throw new Error('expected an alert');
    return alert;
  };
  const list = async (actor: TestUser, query = '') =>
    alertListSchema.parse((await t.app.inject({ url: `/api/alerts${query}`, headers: actingAs(actor) })).json());

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database);
    other = await createTestUser(t.database);
  });
  afterAll(async () => t?.close());

  it('lists alerts newest first with the open count, and moves them open → acknowledged → resolved', async () => {
    const first = await raiseHypo(patient, 30);
    t.clock.advance(1000);
    const second = await raiseHypo(patient, 20);
    let alerts = await list(patient);
    expect(alerts.items.map((a) => a.id)).toEqual([second.id, first.id]);
    expect(alerts.counts).toEqual({ open: 2, acknowledged: 0 });

    const acknowledged = await t.app.inject({ method: 'POST', url: `/api/alerts/${first.id}/acknowledge`, headers: actingAs(patient) });
    expect(alertSchema.parse(acknowledged.json())).toMatchObject({ status: 'acknowledged', acknowledgedBy: patient.userId, acknowledgedAt: new Date(NOW + 1000).toISOString() });
    alerts = await list(patient);
    expect(alerts.counts).toEqual({ open: 1, acknowledged: 1 });
    expect((await list(patient, '?status=open')).items.map((a) => a.id)).toEqual([second.id]);

    const resolved = alertSchema.parse((await t.app.inject({ method: 'POST', url: `/api/alerts/${first.id}/resolve`, headers: actingAs(patient) })).json());
    expect(resolved).toMatchObject({ status: 'resolved', resolvedBy: patient.userId });
    // Acknowledging a resolved alert changes nothing.
    const again = alertSchema.parse((await t.app.inject({ method: 'POST', url: `/api/alerts/${first.id}/acknowledge`, headers: actingAs(patient) })).json());
    expect(again.status).toBe('resolved');
    expect((await list(patient)).counts).toEqual({ open: 1, acknowledged: 0 });

    const page1 = await list(patient, '?limit=1');
    expect(page1.items).toHaveLength(1);
    const page2 = await list(patient, `?limit=1&cursor=${page1.nextCursor}`);
    expect(page2.items.map((a) => a.id)).toEqual([first.id]);
    expect(page2.nextCursor).toBeNull();
  });

  it("answers 404 for another patient's alert and leaves it open", async () => {
    const alert = await raiseHypo(other, 10);
    for (const action of ['acknowledge', 'resolve']) {
      const res = await t.app.inject({ method: 'POST', url: `/api/alerts/${alert.id}/${action}`, headers: actingAs(patient) });
      expect(res.statusCode).toBe(404);
      expect(errorBodySchema.parse(res.json()).error.code).toBe('not_found');
    }
    expect((await list(patient)).items.map((a) => a.id)).not.toContain(alert.id);
    expect((await list(other)).items.find((a) => a.id === alert.id)?.status).toBe('open');
  });

  it('publishes one alert.raised per write about its committed alerts, and only new ones', async () => {
    const calls: [string, AlertKind[]][] = [];
    const events = createInProcessEventBus({ warn: () => undefined });
    events.subscribe('alert.raised', (event) => void calls.push([event.patientId, event.kinds]));
    const deps = { database: t.database, clock: t.clock, events };
    const someone = await createTestUser(t.database);
    await createMeasurement(deps, someone, { kind: 'glucose', measuredAt: ago(5), value: 45, unit: 'mg/dL' });
    await createMeasurement(deps, someone, { kind: 'glucose', measuredAt: ago(4), value: 110, unit: 'mg/dL' });
    expect(calls).toEqual([[someone.userId, ['urgent_hypo']]]);

    const readings = Array.from({ length: 6 }, (_, i) => ({ measuredAt: ago(60 - 5 * i), value: 300 }));
    await insertGlucoseBatch(deps, someone, { source: 'cgm', deviceId: 'g7', unit: 'mg/dL', readings });
    await insertGlucoseBatch(deps, someone, { source: 'cgm', deviceId: 'g7', unit: 'mg/dL', readings });
    expect(calls.map(([, kinds]) => kinds)).toEqual([['urgent_hypo'], ['hyper']]);
  });

  it('keeps the reading when a subscriber fails, and logs the event type only', async () => {
    const warnings: object[] = [];
    const events = createInProcessEventBus({ warn: (obj) => void warnings.push(obj) });
    events.subscribe('alert.raised', () => Promise.reject(new Error('smtp down')));
    const deps = { database: t.database, clock: t.clock, events };
    const someone = await createTestUser(t.database);
    const result = await createMeasurement(deps, someone, { kind: 'glucose', measuredAt: ago(5), value: 45, unit: 'mg/dL' });
    expect(result.alerts).toHaveLength(1);
    expect((await list(someone)).items).toHaveLength(1);
    expect(warnings).toEqual([{ eventType: 'alert.raised', origin: 'local' }]);
  });
});
