import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { REALTIME_PATH, realtimeServerMessageSchema, SESSION_ENDED_CLOSE_CODE, type RealtimeServerMessage } from '@glucosuivi/domain/realtime/realtime.schemas';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { sql } from 'drizzle-orm';
import { createTestUser } from './test/fixtures';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { createTestDatabase, type TestDatabase } from './test/test-database';
import {
  aggregatesAndRecompute,
  glucoseWrites,
  sendAll,
  statusCounts,
  type WriteRequest,
} from './test/glucose-writes';

/**
 * Issue 10, "must show" 3: two real server processes on one PostgreSQL database, as behind a
 * load balancer. Limits are counted in the database, so they hold across both (with counters in
 * each process's memory, every limit was doubled), and one patient's glucose writes spread over
 * both servers all succeed with exact daily aggregates. PostgreSQL only: PGlite is one process.
 */
const SIGN_UPS_PER_HOUR = 5;
const STRONG = 'Glyc3mie-Stable!42';

describe.skipIf(!process.env.DATABASE_URL)('two servers on one PostgreSQL database', () => {
  let database: TestDatabase;
  let servers: ServerProcess[] = [];
  let patientCookie = '';
  let patientId = '';
  let signUpsSoFar = 0;
  /** A second account, for the sessions test (its own sign-in throttle, untouched by the others). */
  const SESSIONS_EMAIL = 'two-servers-sessions@example.test';
  let sessionsCookie = '';

  /** A JSON request to one server, with the Origin a browser on that server would send. */
  async function call(
    server: ServerProcess,
    method: string,
    path: string,
    body?: object,
    cookie?: string,
  ) {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...(method === 'GET' ? {} : { origin: server.url }),
        ...(cookie ? { cookie } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? (JSON.parse(text) as unknown) : null,
    };
  }

  const server = (i: number) => servers[i % servers.length] as ServerProcess;

  const signUp = (i: number, email: string) =>
    call(server(i), 'POST', '/api/accounts/sign-up', {
      email,
      password: STRONG,
      confirmPassword: STRONG,
      firstName: 'Camille',
      lastName: 'Durand',
      role: 'patient',
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    const url = database.url as string;
    servers = await Promise.all(
      [0, 1].map(() =>
        startServerProcess({
          databaseUrl: url,
          env: { AUTH_SIGNUP_PER_HOUR: String(SIGN_UPS_PER_HOUR) },
          // Two servers compile and start at once; on a busy machine that can take a while.
          readyTimeoutMs: 150_000,
        }),
      ),
    );
    const created = await fetch(`${server(0).url}/api/accounts/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server(0).url },
      body: JSON.stringify({
        email: 'two-servers@example.test',
        password: STRONG,
        confirmPassword: STRONG,
        firstName: 'Camille',
        role: 'patient',
      }),
    });
    expect(created.status).toBe(201);
    signUpsSoFar = 1;
    patientCookie = created.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    patientId = ((await created.json()) as { user: { id: string } }).user.id;
    const second = await signUp(0, SESSIONS_EMAIL);
    expect(second.status).toBe(201);
    signUpsSoFar = 2;
    sessionsCookie = cookiesOf(second.headers);
  }, 240_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await database?.destroy();
  });

  it('100 parallel glucose writes spread over both servers: no error, aggregates equal a recompute', async () => {
    const responses = await sendAll(
      glucoseWrites(new Date(), 100),
      async (request: WriteRequest, index) => {
        const res = await call(
          server(index),
          request.method,
          request.url,
          request.payload,
          patientCookie,
        );
        return { status: res.status, body: res.body };
      },
    );
    expect(statusCounts(responses)).toEqual({ 200: 33, 201: 67 });
    const { stored, recomputed } = await aggregatesAndRecompute(database, patientId);
    expect(recomputed).toHaveLength(4);
    expect(stored).toEqual(recomputed);
  }, 120_000);

  it('the sign-up limit trips at the same total when sign-ups alternate between the servers', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_UPS_PER_HOUR + 1; i++) {
      statuses.push((await signUp(i, `alternate-${i}@example.test`)).status);
    }
    const allowed = SIGN_UPS_PER_HOUR - signUpsSoFar;
    expect(statuses).toEqual([
      ...Array<number>(allowed).fill(201),
      ...Array<number>(statuses.length - allowed).fill(429),
    ]);
  }, 120_000);

  it('wrong passwords alternating between the servers are counted once: the wait starts after five in total', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 7; i++) {
      last = await call(server(i), 'POST', '/api/accounts/sign-in', {
        email: 'two-servers@example.test',
        password: `faux-${i}`,
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorBodySchema.parse(last?.body).error.params).toEqual({ retryAfterMinutes: 1 });
  }, 120_000);

  it('a client connected to one server hears, within 1 s, a reading and a message written through the other', async () => {
    const socket = new WebSocket(`${server(0).url.replace('http', 'ws')}${REALTIME_PATH}`, { headers: { cookie: patientCookie, origin: server(0).url } });
    const heard: { message: RealtimeServerMessage; at: number }[] = [];
    socket.on('message', (data) => heard.push({ message: realtimeServerMessageSchema.parse(JSON.parse(data.toString())), at: performance.now() }));
    try {
      await waitFor(() => heard.some((h) => h.message.type === 'hello'), 10_000);
      const sentAt = performance.now();
      const written = await call(server(1), 'POST', '/api/measurements', { kind: 'glucose', measuredAt: new Date().toISOString(), value: 131, unit: 'mg/dL' }, patientCookie);
      expect(written.status).toBe(201);
      const id = (written.body as { measurement: { id: string } }).measurement.id;
      const isIt = (h: (typeof heard)[number]) => h.message.type === 'event' && h.message.event.type === 'measurement.recorded' && h.message.event.measurementId === id;
      await waitFor(() => heard.some(isIt), 1_000);
      expect(heard.find(isIt)!.at - sentAt).toBeLessThan(1_000);

      // A message written through the other server, in a conversation with a professional.
      const professional = await createTestUser(database, { role: 'doctor', firstName: 'Claire' });
      const now = new Date();
      await database.db.execute(sql`insert into care_links (patient_id, professional_id, scopes, created_at, updated_at) values (${patientId}, ${professional.userId}, '{glucose}'::text[], ${now}, ${now})`);
      const conversations = await call(server(1), 'GET', '/api/messages/conversations', undefined, patientCookie);
      const linkId = (conversations.body as { items: { linkId: string }[] }).items[0]!.linkId;
      const messageSentAt = performance.now();
      const sent = await call(server(1), 'POST', `/api/messages/conversations/${linkId}/messages`, { text: 'Bonjour depuis l’autre serveur' }, patientCookie);
      expect(sent.status).toBe(201);
      const messageId = (sent.body as { id: string }).id;
      const isMessage = (h: (typeof heard)[number]) => h.message.type === 'event' && h.message.event.type === 'message.sent' && h.message.event.messageId === messageId;
      await waitFor(() => heard.some(isMessage), 1_000);
      expect(heard.find(isMessage)!.at - messageSentAt).toBeLessThan(1_000);
    } finally {
      socket.terminate();
    }
  }, 60_000);

  it('signing out through one server closes at once the socket that session opened on the other; the user’s later events skip it', async () => {
    // The same account's second session (another device), whose socket must stay served.
    const signedIn = await call(server(1), 'POST', '/api/accounts/sign-in', { email: SESSIONS_EMAIL, password: STRONG });
    expect(signedIn.status).toBe(200);
    const otherDevice = cookiesOf(signedIn.headers);
    const open = (cookie: string) => {
      const socket = new WebSocket(`${server(1).url.replace('http', 'ws')}${REALTIME_PATH}`, { headers: { cookie, origin: server(1).url } });
      const heard: RealtimeServerMessage[] = [];
      socket.on('message', (data) => heard.push(realtimeServerMessageSchema.parse(JSON.parse(data.toString()))));
      let closedWith: number | null = null;
      socket.on('close', (code) => (closedWith = code));
      return { socket, heard, closedWith: () => closedWith };
    };
    const leaving = open(sessionsCookie);
    const staying = open(otherDevice);
    try {
      await waitFor(() => [leaving, staying].every((c) => c.heard.some((m) => m.type === 'hello')), 10_000);
      const signedOutAt = performance.now();
      expect((await call(server(0), 'POST', '/api/accounts/sign-out', {}, sessionsCookie)).status).toBe(200);
      // The servers re-check sessions only every minute: a close within seconds is the event's doing.
      await waitFor(() => leaving.closedWith() !== null, 5_000);
      expect(leaving.closedWith()).toBe(SESSION_ENDED_CLOSE_CODE);
      expect(performance.now() - signedOutAt).toBeLessThan(5_000);
      const heardBeforeClose = leaving.heard.length;

      const written = await call(server(0), 'POST', '/api/measurements', { kind: 'glucose', measuredAt: new Date().toISOString(), value: 118, unit: 'mg/dL' }, otherDevice);
      expect(written.status).toBe(201);
      await waitFor(() => staying.heard.some((m) => m.type === 'event' && m.event.type === 'measurement.recorded'), 5_000);
      expect(leaving.heard).toHaveLength(heardBeforeClose);
      expect(staying.closedWith()).toBeNull();
    } finally {
      leaving.socket.terminate();
      staying.socket.terminate();
    }
  }, 60_000);
});

/** The `name=value` pairs of a response's Set-Cookie lines, as a Cookie header. */
function cookiesOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** Polls `condition` every 10 ms until it holds; rejects after `timeoutMs`. */
async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const until = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > until) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
