import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import {
  aggregatesAndRecompute,
  createdManualIds,
  glucoseEdits,
  glucoseWrites,
  sendAll,
  statusCounts,
  type Send,
} from '../../test/glucose-writes';
import { glucoseColumns } from './measurements.repository';
import { glucoseColumnsFromDays } from './glucose-days.repository';

/**
 * Issue 10, item 2: concurrent writes of one patient's readings used to fail with
 * `duplicate key … glucose_daily_aggregates_pkey` on PostgreSQL (the trigger deleted then
 * re-inserted the day's row; two transactions did so at once). On PostgreSQL the test database
 * has a pool of several connections, so the injected requests really run in parallel
 * transactions; PGlite has one connection and runs them one after the other (same checks).
 */
describe('daily glucose aggregates under concurrent writes', () => {
  let t: TestApp;
  let patient: TestUser;
  const origin = 'http://localhost:3000';

  const send: Send = async (request) => {
    const res = await t.app.inject({
      method: request.method,
      url: request.url,
      headers: { ...actingAs(patient), origin },
      ...(request.payload ? { payload: request.payload } : {}),
    });
    return { status: res.statusCode, body: res.body ? (res.json() as unknown) : null };
  };

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database);
  });
  afterAll(async () => t?.close());

  it('100 parallel writes (single readings and overlapping batches, four days): no error, aggregates equal a recompute', async () => {
    const now = t.clock.now();
    const responses = await sendAll(glucoseWrites(now, 100), send);
    expect(statusCounts(responses)).toEqual({ 200: 33, 201: 67 });
    const { stored, recomputed } = await aggregatesAndRecompute(t.database, patient.userId);
    expect(recomputed).toHaveLength(4);
    expect(stored).toEqual(recomputed);

    // Then edits (some moving a reading to another day), deletes and new readings, in parallel.
    const edits = await sendAll(glucoseEdits(now, createdManualIds(responses), 60), send);
    expect(edits.filter((r) => r.status >= 300)).toEqual([]);
    const after = await aggregatesAndRecompute(t.database, patient.userId);
    expect(after.stored).toEqual(after.recomputed);
    expect(after.recomputed.map((row) => row.n)).not.toEqual(recomputed.map((row) => row.n));

    // The days' packed readings (what dashboards read, ADR 0013) are exactly the readings too.
    const window = [new Date(now.getTime() - 10 * 86_400_000), new Date(now.getTime() + 86_400_000)] as const;
    const both = await t.database.asActor(patient, async (tx) => ({
      days: await glucoseColumnsFromDays(tx, patient.userId, ...window),
      readings: await glucoseColumns(tx, patient.userId, ...window),
    }));
    expect(both.readings.t.length).toBeGreaterThan(50);
    expect(both.days).toEqual(both.readings);
  });
});
