import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { measurementWriteResultSchema } from '@glucosuivi/domain/measurements/measurements.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { glucoseReadings, healthMeasurements, measurementClientKeys } from './measurements.tables';

// The idempotency key of creates (the browser's offline queue): on PGlite by default, on
// PostgreSQL when DATABASE_URL is set (where concurrent sends really race on the key).
// The test clock stands at 2026-11-02T09:00:00Z.
const NOW = '2026-11-02T09:00:00.000Z';
const minutesAgo = (m: number) => new Date(Date.parse(NOW) - m * 60_000).toISOString();

describe('measurement client keys', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  const recorded: string[] = [];

  const post = (actor: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/measurements', headers: actingAs(actor), payload });
  const entriesOf = async (user: TestUser) => {
    const [g] = await t.database.db.select({ n: count() }).from(glucoseReadings).where(eq(glucoseReadings.patientId, user.userId));
    const [h] = await t.database.db.select({ n: count() }).from(healthMeasurements).where(eq(healthMeasurements.patientId, user.userId));
    return Number(g?.n) + Number(h?.n);
  };

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    alice = await createTestUser(t.database, { firstName: 'Alice' });
    bob = await createTestUser(t.database, { firstName: 'Bob' });
    t.events.subscribe('measurement.recorded', (event) => void recorded.push(event.measurementId ?? ''));
  });
  afterAll(async () => t?.close());

  it('answers a create sent again with the same key with the entry stored the first time, once, with no event again', async () => {
    const before = await entriesOf(alice);
    const clientKey = randomUUID();
    // 50 mg/dL raises a hypo alert: the first answer carries it, the replay does not raise it again.
    const body = { kind: 'glucose', measuredAt: minutesAgo(30), value: 50, unit: 'mg/dL', clientKey };
    const first = await post(alice, body);
    expect(first.statusCode).toBe(201);
    const stored = measurementWriteResultSchema.parse(first.json());
    expect(stored.alerts.length).toBeGreaterThan(0);
    const eventsAfterFirst = recorded.length;

    const again = await post(alice, body);
    expect(again.statusCode).toBe(201);
    const replayed = measurementWriteResultSchema.parse(again.json());
    expect(replayed.measurement).toEqual(stored.measurement);
    expect(replayed.alerts).toEqual([]);
    expect(await entriesOf(alice)).toBe(before + 1);
    expect(recorded.length).toBe(eventsAfterFirst);
  });

  it('keeps each entry of a queue once when the whole queue is sent twice, kinds of both tables', async () => {
    const before = await entriesOf(alice);
    const queue = [
      { kind: 'glucose', measuredAt: minutesAgo(20), value: 6.1, unit: 'mmol/L', clientKey: randomUUID() },
      { kind: 'event', measuredAt: minutesAgo(19), event: { type: 'insulin', units: 4, insulinType: 'rapid' }, clientKey: randomUUID() },
      { kind: 'event', measuredAt: minutesAgo(18), event: { type: 'carbs', grams: 45 }, clientKey: randomUUID() },
      { kind: 'event', measuredAt: minutesAgo(17), event: { type: 'note' }, note: 'Métro, ligne 4', clientKey: randomUUID() },
    ];
    const ids = [];
    for (const entry of queue) ids.push(measurementWriteResultSchema.parse((await post(alice, entry)).json()).measurement.id);
    for (const [i, entry] of queue.entries()) {
      const res = await post(alice, entry);
      expect(res.statusCode).toBe(201);
      expect(measurementWriteResultSchema.parse(res.json()).measurement.id).toBe(ids[i]);
    }
    expect(await entriesOf(alice)).toBe(before + queue.length);
  });

  it('stores one entry when the same key is sent several times at once', async () => {
    const before = await entriesOf(alice);
    const body = { kind: 'event', measuredAt: minutesAgo(10), event: { type: 'carbs', grams: 30 }, clientKey: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(alice, body)));
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((res) => measurementWriteResultSchema.parse(res.json()).measurement.id));
    expect(ids.size).toBe(1);
    expect(await entriesOf(alice)).toBe(before + 1);
    const keys = await t.database.db
      .select({ n: count() })
      .from(measurementClientKeys)
      .where(and(eq(measurementClientKeys.patientId, alice.userId), eq(measurementClientKeys.clientKey, body.clientKey)));
    expect(Number(keys[0]?.n)).toBe(1);
  });

  it('scopes a key to its patient: the same key from another patient is another entry', async () => {
    const clientKey = randomUUID();
    const body = { kind: 'weight', measuredAt: minutesAgo(5), kg: 72.5, clientKey };
    const hers = measurementWriteResultSchema.parse((await post(alice, body)).json()).measurement;
    const bobBefore = await entriesOf(bob);
    const his = await post(bob, body);
    expect(his.statusCode).toBe(201);
    expect(measurementWriteResultSchema.parse(his.json()).measurement.id).not.toBe(hers.id);
    expect(await entriesOf(bob)).toBe(bobBefore + 1);
  });

  it('stores a new entry for each create without a key, as before', async () => {
    const before = await entriesOf(bob);
    const body = { kind: 'glucose', measuredAt: minutesAgo(3), value: 110, unit: 'mg/dL' };
    expect((await post(bob, body)).statusCode).toBe(201);
    expect((await post(bob, body)).statusCode).toBe(201);
    expect(await entriesOf(bob)).toBe(before + 2);
  });

  it('refuses the key of an entry deleted since (409), and does not bring the entry back', async () => {
    const body = { kind: 'glucose', measuredAt: minutesAgo(2), value: 120, unit: 'mg/dL', clientKey: randomUUID() };
    const id = measurementWriteResultSchema.parse((await post(alice, body)).json()).measurement.id;
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/measurements/${id}`, headers: actingAs(alice) });
    expect(deleted.statusCode).toBe(200);
    const before = await entriesOf(alice);
    const again = await post(alice, body);
    expect(again.statusCode).toBe(409);
    expect(errorBodySchema.parse(again.json()).error.code).toBe('conflict');
    expect(await entriesOf(alice)).toBe(before);
  });

  it('refuses a malformed key, and a key on an update, storing nothing', async () => {
    const before = await entriesOf(alice);
    const bad = await post(alice, { kind: 'weight', measuredAt: minutesAgo(1), kg: 70, clientKey: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(errorBodySchema.parse(bad.json()).error.issues?.some((issue) => issue.path.includes('clientKey'))).toBe(true);
    const created = measurementWriteResultSchema.parse((await post(alice, { kind: 'weight', measuredAt: minutesAgo(1), kg: 70 })).json());
    const update = await t.app.inject({
      method: 'PUT',
      url: `/api/measurements/${created.measurement.id}`,
      headers: actingAs(alice),
      payload: { kind: 'weight', measuredAt: minutesAgo(1), kg: 71, clientKey: randomUUID() },
    });
    expect(update.statusCode).toBe(400);
    expect(await entriesOf(alice)).toBe(before + 1);
  });
});
