import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor, Database } from '../db/database';
import { buildAppWithServices, type App } from '../../app';
import { fixedClock, manualTimers } from '../clock';
import type { AdmissionLimits } from '../admission';
import { createTestDatabase, MIGRATIONS_FOLDER, type TestDatabase } from '../../test/test-database';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';

// The dashboard summary, the request the 200-connection probe sent (ADR 0019).
const SUMMARY = '/api/measurements/summary?days=14';

/**
 * The real database behind a gate: each patient's transactions wait until the test frees that
 * patient, so "slow database work" lasts exactly as long as the test says, without sleeping.
 */
function slowDatabase(database: Database) {
  const started: string[] = [];
  const gates = new Map<string, { open: Promise<void>; free: () => void }>();
  const gateOf = (userId: string) => {
    let gate = gates.get(userId);
    if (!gate) {
      let free!: () => void;
      const open = new Promise<void>((resolve) => (free = resolve));
      gate = { open, free };
      gates.set(userId, gate);
    }
    return gate;
  };
  const slow: Database = {
    ...database,
    asActor: async (actor: Actor | null, fn) => {
      if (actor && !started.includes(actor.userId)) started.push(actor.userId);
      if (actor) await gateOf(actor.userId).open;
      return database.asActor(actor, fn);
    },
  };
  return { slow, started, free: (user: TestUser) => gateOf(user.userId).free() };
}

/** Lets the event loop run until `condition` holds (the requests reach the queue in their own time). */
async function until(condition: () => boolean) {
  for (let turns = 0; !condition(); turns++) {
    if (turns > 10_000) throw new Error('condition never met');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('admission queue in front of the database (200 connections on PGlite)', () => {
  let database: TestDatabase;
  const patients: TestUser[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 6; i++)
      patients.push(await createTestUser(database, { role: 'patient', firstName: `P${i}` }));
  });
  afterAll(async () => {
    await database.destroy();
  });

  async function appWith(limits: AdmissionLimits, replace?: (slow: Database) => Database) {
    const clock = fixedClock(new Date('2026-11-02T09:00:00Z'));
    const timers = manualTimers(clock);
    const gate = slowDatabase(database);
    const built: App = await buildAppWithServices({
      database: replace ? replace(gate.slow) : gate.slow,
      clock,
      timers,
      admission: limits,
      migrationsFolder: MIGRATIONS_FOLDER,
      version: 'test',
      mailer: { send: async () => undefined },
      authSecret: 'test-secret-test-secret-test-secret-0123456789',
      publicUrl: 'http://localhost:3000',
      adminEmails: [],
      resolveActor: headerActor,
    });
    await built.app.ready();
    const summary = (patient: TestUser, remoteAddress = '127.0.0.1') =>
      built.app.inject({ url: SUMMARY, headers: actingAs(patient), remoteAddress });
    return { ...gate, app: built.app, queue: built.admission, clock, timers, summary };
  }

  it('serves waiting requests first come, first served, one database turn at a time', async () => {
    const t = await appWith({ concurrency: 1, maxQueue: 10, maxWaitMs: 5000 });
    const [a, b, c, d] = patients as [TestUser, TestUser, TestUser, TestUser];
    const responses = [];
    for (const [i, patient] of [a, b, c, d].entries()) {
      responses.push(t.summary(patient));
      await until(() => t.started.length === 1 && t.queue.state().waiting === i);
    }
    // Only the first reached the database; the others wait in the queue, not inside it.
    expect(t.started).toEqual([a.userId]);
    for (const [i, patient] of [a, b, c].entries()) {
      t.free(patient);
      expect((await responses[i])!.statusCode).toBe(200);
      await until(() => t.started.length === i + 2);
    }
    t.free(d);
    expect((await responses[3])!.statusCode).toBe(200);
    expect(t.started).toEqual([a.userId, b.userId, c.userId, d.userId]);
    await t.app.close();
  });

  it('gives turns round the users, so one burst does not keep another user waiting behind all of it', async () => {
    const t = await appWith({ concurrency: 1, maxQueue: 10, maxWaitMs: 5000 });
    const [a1, a2, a3, b] = patients as [TestUser, TestUser, TestUser, TestUser];
    const burst = [t.summary(a1, '10.0.0.1')];
    await until(() => t.started.length === 1);
    burst.push(t.summary(a2, '10.0.0.1'), t.summary(a3, '10.0.0.1'));
    await until(() => t.queue.state().waiting === 2);
    const other = t.summary(b, '10.0.0.2');
    await until(() => t.queue.state().waiting === 3);
    for (const patient of [a1, a2, b, a3]) t.free(patient);
    await Promise.all([...burst, other]);
    expect(t.started).toEqual([a1.userId, a2.userId, b.userId, a3.userId]);
    await t.app.close();
  });

  it('refuses with 503 server_busy and Retry-After beyond the queue limit, and still answers the health check', async () => {
    const t = await appWith({ concurrency: 1, maxQueue: 2, maxWaitMs: 5000 });
    const [a, b, c, d] = patients as [TestUser, TestUser, TestUser, TestUser];
    const admitted = [t.summary(a)];
    await until(() => t.started.length === 1);
    admitted.push(t.summary(b), t.summary(c));
    await until(() => t.queue.state().waiting === 2);

    const refused = await t.summary(d);
    expect(refused.statusCode).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.json().error.code).toBe('server_busy');
    expect(t.started).not.toContain(d.userId);
    // Monitoring sees a busy server as up.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);

    for (const patient of [a, b, c]) t.free(patient);
    expect((await Promise.all(admitted)).map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await t.app.close();
  });

  it('never leaves a request waiting past the bound: at 5 s it is answered 503, not served late', async () => {
    const t = await appWith({ concurrency: 1, maxQueue: 10, maxWaitMs: 5000 });
    const [a, b] = patients as [TestUser, TestUser];
    const first = t.summary(a);
    await until(() => t.started.length === 1);
    let answered = false;
    const second = t.summary(b).then((response) => {
      answered = true;
      return response;
    });
    await until(() => t.queue.state().waiting === 1);

    t.timers.advance(4999);
    expect(t.queue.state().waiting).toBe(1);
    expect(answered).toBe(false);
    t.timers.advance(1);
    const late = await second;
    expect(late.statusCode).toBe(503);
    expect(late.headers['retry-after']).toBeDefined();
    expect(late.json().error.code).toBe('server_busy');

    t.free(a);
    expect((await first).statusCode).toBe(200);
    // It never reached the database, even once there was room.
    expect(t.started).toEqual([a.userId]);
    await t.app.close();
  });

  it('does not refuse on a forecast: a request behind a slow turn waits, and is served when the turns end in time', async () => {
    const t = await appWith({ concurrency: 1, maxQueue: 10, maxWaitMs: 5000 });
    const [a, b, c] = patients as [TestUser, TestUser, TestUser];
    // A first request that holds the database for 3 s makes a turn look expensive.
    const first = t.summary(a);
    await until(() => t.started.length === 1);
    t.clock.advance(3000);
    t.free(a);
    expect((await first).statusCode).toBe(200);

    const second = t.summary(b);
    await until(() => t.started.length === 2);
    // Behind a turn that may take 3 s again: a forecast would say over 5 s, but it is only a forecast.
    const third = t.summary(c);
    await until(() => t.queue.state().waiting === 1);
    t.clock.advance(500);
    t.free(b);
    expect((await second).statusCode).toBe(200);
    await until(() => t.started.length === 3);
    t.free(c);
    expect((await third).statusCode).toBe(200);
    await t.app.close();
  });

  /**
   * A real socket (inject() has no connection to lose) sends `head` (and maybe part of a body) as
   * patient A, then goes away once `reached` holds. Patient B is then served, and no turn is left held.
   */
  async function clientLeaves(head: (header: string) => string, reached: (t: Awaited<ReturnType<typeof appWith>>) => boolean) {
    const t = await appWith({ concurrency: 1, maxQueue: 10, maxWaitMs: 5000 });
    const [a, b] = patients as [TestUser, TestUser];
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    socket.write(head(Object.entries(actingAs(a)).map(([name, value]) => `${name}: ${value}\r\n`).join('')));
    await until(() => reached(t));
    socket.destroy();
    await new Promise((resolve) => socket.once('close', resolve));
    // The abandoned request may finish its database work; its turn must come back, or every later
    // request would wait for a turn that never ends (the journey run that shed every sign-up).
    t.free(a);
    t.free(b);
    expect((await t.summary(b)).statusCode).toBe(200);
    expect(t.queue.state()).toMatchObject({ running: 0, waiting: 0 });
    await t.app.close();
  }

  it('gives the turn back when the client goes away while its request is at the database', async () => {
    await clientLeaves((header) => `GET ${SUMMARY} HTTP/1.1\r\nhost: localhost\r\n${header}\r\n`, (t) => t.started.length === 1);
  });

  it('gives the turn back when the client goes away in the middle of sending its body', async () => {
    // Admitted on its headers, then the body never comes whole (a page closed mid-upload).
    await clientLeaves(
      (header) => `POST /api/measurements HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 200\r\norigin: http://localhost:3000\r\n${header}\r\n{"kind":`,
      (t) => t.queue.state().running === 1,
    );
  });

  it('answers a PostgreSQL pool that found no free connection in time like a full queue: 503 server_busy', async () => {
    // What node-postgres throws when `connectionTimeoutMillis` (5 s) passes; drizzle wraps it.
    const poolTimeout = new Error('Failed query', { cause: new Error('timeout exceeded when trying to connect') });
    const t = await appWith({ concurrency: 1, maxQueue: 10, maxWaitMs: 5000 }, (slow) => ({
      ...slow,
      asActor: async () => {
        throw poolTimeout;
      },
    }));
    const response = await t.summary(patients[0]!);
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json().error.code).toBe('server_busy');
    await t.app.close();
  });
});
