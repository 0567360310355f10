import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { summarySchema } from '@glucosuivi/domain/measurements/summary.schemas';
import type { DomainEvent } from '@glucosuivi/domain/shared/events';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { startServerProcess, type ServerProcess } from '../../test/server-process';
import { createPostgresEventBus } from './postgres-event-bus';

const PATIENT = '2b4c1d7e-0000-4000-8000-000000000001';
const recorded: DomainEvent = {
  type: 'measurement.recorded',
  patientId: PATIENT,
  measurementId: null,
  kinds: ['glucose'],
  count: 1,
};
const quiet = { warn: () => undefined };

/** Resolves with the next event of that type the bus hands to its subscribers. */
function nextEvent(bus: ReturnType<typeof createPostgresEventBus>, type: DomainEvent['type']) {
  return new Promise<{ event: DomainEvent; origin: string }>((resolve) => {
    const stop = bus.subscribe(type, (event, meta) => {
      stop();
      resolve({ event, origin: meta.origin });
    });
  });
}

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL event bus', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.destroy());

  it('carries an event to the other bus as remote, and not back to its publisher', async () => {
    const a = createPostgresEventBus({ databaseUrl: database.url!, log: quiet });
    const b = createPostgresEventBus({ databaseUrl: database.url!, log: quiet });
    try {
      await Promise.all([a.ready(), b.ready()]);
      const onA: string[] = [];
      a.subscribe('measurement.recorded', (_event, meta) => void onA.push(meta.origin));
      const arrived = nextEvent(b, 'measurement.recorded');
      await a.publish(recorded);
      expect(await arrived).toEqual({ event: recorded, origin: 'remote' });
      // A second event from b comes back to a as remote: a's own event above reached a once, as local.
      const back = nextEvent(a, 'measurement.deleted');
      await b.publish({ type: 'measurement.deleted', patientId: PATIENT, measurementId: 'm-1', kind: 'glucose' });
      expect((await back).origin).toBe('remote');
      expect(onA).toEqual(['local']);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('reconnects after its connection is killed, tells that events may have been missed, and delivers again', async () => {
    const a = createPostgresEventBus({
      databaseUrl: database.url!,
      log: quiet,
      reconnectDelaysMs: [50],
    });
    const b = createPostgresEventBus({
      databaseUrl: database.url!,
      log: quiet,
      reconnectDelaysMs: [50],
    });
    const admin = new pg.Client({ connectionString: database.url });
    try {
      await Promise.all([a.ready(), b.ready(), admin.connect()]);
      const missed = new Promise<void>((resolve) => b.onMissedEvents(resolve));
      const killed = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'glucosuivi-events' and datname = current_database()`,
      );
      expect(killed.rowCount).toBe(2);
      await missed;
      await Promise.all([a.ready(), b.ready()]);
      const arrived = nextEvent(b, 'measurement.recorded');
      await a.publish(recorded);
      expect((await arrived).origin).toBe('remote');
    } finally {
      await admin.end();
      await a.close();
      await b.close();
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let database: TestDatabase;
  let serverA: ServerProcess;
  let serverB: ServerProcess;

  beforeAll(async () => {
    database = await createTestDatabase();
    [serverA, serverB] = await Promise.all([
      startServerProcess({ databaseUrl: database.url! }),
      startServerProcess({ databaseUrl: database.url! }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([serverA?.stop(), serverB?.stop()]);
    await database?.destroy();
  });

  it('a reading written through server B shows at once on the dashboard cached by server A', async () => {
    const password = 'Glyc3mie-Stable!42';
    const signUp = await fetch(`${serverA.url}/api/accounts/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: serverA.url },
      body: JSON.stringify({
        email: 'bus@example.test',
        password,
        confirmPassword: password,
        firstName: 'Camille',
        lastName: 'Durand',
        role: 'patient',
      }),
    });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const summaryOnA = async () => {
      const res = await fetch(`${serverA.url}/api/measurements/summary?days=7`, {
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      return summarySchema.parse(await res.json());
    };
    const record = async (server: ServerProcess, minutesAgo: number) => {
      const res = await fetch(`${server.url}/api/measurements`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json', origin: server.url },
        body: JSON.stringify({
          kind: 'glucose',
          measuredAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
          value: 140,
          unit: 'mg/dL',
        }),
      });
      expect(res.status).toBe(201);
    };

    expect((await summaryOnA()).counts.glucose).toBe(0);
    // Control: a row written behind the servers' backs (no event) is not seen, so A answers from its cache.
    await database.db.execute(
      sql`insert into glucose_readings (patient_id, measured_at, value_mgdl, source, entry_unit, created_at)
          select id, now() - interval '30 minutes', 120, 'manual', 'mg/dL', now() from "user" where email = 'bus@example.test'`,
    );
    expect((await summaryOnA()).counts.glucose).toBe(0);

    // B publishes measurement.recorded after its commit; the NOTIFY is sent before B answers, and
    // A's LISTEN connection receives it before A receives the next request on loopback.
    await record(serverB, 10);
    expect((await summaryOnA()).counts.glucose).toBe(2);
  });
});
