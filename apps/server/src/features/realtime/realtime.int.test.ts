import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { REALTIME_PATH, SESSION_ENDED_CLOSE_CODE, type RealtimeServerMessage } from '@glucosuivi/domain/realtime/realtime.schemas';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';

const HEARTBEAT_MS = 150;
const SESSION_CHECK_MS = 100;
/** How long a test waits for what must happen within a few rounds: generous, since a loaded CI machine starves timers. */
const PATIENCE_MS = 5_000;
const signedOut = new Set<string>();

/** A WebSocket client that records every message the server sends. */
interface Client {
  socket: WebSocket;
  messages: RealtimeServerMessage[];
  /** Resolves with the first recorded message (from now on, or already recorded after `from`) that matches. */
  next(match: (m: RealtimeServerMessage) => boolean, timeoutMs?: number): Promise<RealtimeServerMessage>;
  send(message: object): void;
  closed: Promise<number>;
}

describe('realtime channel', () => {
  let t: TestApp;
  let base = '';
  let doctor: TestUser;
  let stranger: TestUser;
  let patient: TestUser;
  let linkId = '';
  const clients: Client[] = [];

  async function connect(actor: TestUser | null, options: { origin?: string; autoPong?: boolean } = {}): Promise<Client> {
    const socket = new WebSocket(`${base.replace('http', 'ws')}${REALTIME_PATH}`, {
      headers: { origin: options.origin ?? TEST_ORIGIN, ...(actor ? actingAs(actor) : {}) },
      autoPong: options.autoPong ?? true,
    });
    const messages: RealtimeServerMessage[] = [];
    const waiters = new Set<() => void>();
    socket.on('message', (data) => {
      messages.push(JSON.parse(data.toString()) as RealtimeServerMessage);
      waiters.forEach((w) => w());
    });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const client: Client = {
      socket,
      messages,
      closed,
      send: (message) => socket.send(JSON.stringify(message)),
      next: (match, timeoutMs = PATIENCE_MS) =>
        new Promise((resolve, reject) => {
          const check = () => {
            const found = messages.find(match);
            if (!found) return;
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found);
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            reject(new Error(`no matching message; got ${JSON.stringify(messages)}`));
          }, timeoutMs);
          waiters.add(check);
          check();
        }),
    };
    clients.push(client);
    await client.next((m) => m.type === 'hello');
    return client;
  }

  /** The upgrade's HTTP answer when the server refuses it. */
  function refusal(actor: TestUser | null, origin?: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${base.replace('http', 'ws')}${REALTIME_PATH}`, { headers: { ...(origin ? { origin } : {}), ...(actor ? actingAs(actor) : {}) } });
      socket.on('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.on('open', () => reject(new Error('the connection was accepted')));
      socket.on('error', () => undefined);
    });
  }

  const record = async (actor: TestUser, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/measurements', headers: actingAs(actor), payload: { measuredAt: new Date(Date.parse('2026-11-02T08:00:00Z')).toISOString(), ...payload } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().measurement.id as string;
  };
  const glucose = { kind: 'glucose', value: 140, unit: 'mg/dL', context: 'fasting' };
  const weight = { kind: 'weight', kg: 71.5 };
  const eventsOf = (client: Client) => client.messages.filter((m): m is Extract<RealtimeServerMessage, { type: 'event' }> => m.type === 'event');

  beforeAll(async () => {
    // The header seam, with users whose session ended (signed out elsewhere) answering null.
    t = await createTestApp({
      resolveActor: async (request) => {
        const actor = await headerActor(request);
        return actor && !signedOut.has(actor.userId) ? actor : null;
      },
      realtimeHeartbeatMs: HEARTBEAT_MS,
      realtimeSessionCheckMs: SESSION_CHECK_MS,
    });
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
    doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire' });
    stranger = await createTestUser(t.database, { role: 'doctor', firstName: 'Paul' });
    patient = await createTestUser(t.database, { firstName: 'Anne' });
    const invited = await t.app.inject({
      method: 'POST',
      url: '/api/care-team/invitations/professional',
      headers: actingAs(patient),
      payload: { code: doctor.userId.slice(0, 8).toUpperCase(), categories: ['glucose', 'alerts'] },
    });
    expect(invited.statusCode).toBe(201);
    linkId = (await t.app.inject({ url: '/api/care-team', headers: actingAs(patient) })).json().items[0].linkId;
  });
  afterAll(async () => {
    clients.forEach((c) => c.socket.terminate());
    await t?.close();
  });

  it('refuses a visitor without a session (401) and a page of another origin (403)', async () => {
    expect(await refusal(null, TEST_ORIGIN)).toBe(401);
    expect(await refusal(patient, 'http://evil.example')).toBe(403);
    expect(await refusal(patient)).toBe(403);
  });

  it("gives the patient every change of their own data on their own topic", async () => {
    const client = await connect(patient);
    expect(client.messages[0]).toEqual({ type: 'hello', topic: `realtime:user:${patient.userId}`, heartbeatMs: HEARTBEAT_MS });
    const id = await record(patient, weight);
    const event = await client.next((m) => m.type === 'event' && m.event.type === 'measurement.recorded');
    expect(event).toEqual({
      type: 'event',
      topic: `realtime:user:${patient.userId}`,
      event: { type: 'measurement.recorded', patientId: patient.userId, measurementId: id, kinds: ['weight'], count: 1 },
    });
    // Another patient's topic is answered like one that does not exist.
    client.send({ type: 'subscribe', topic: `realtime:patient:${doctor.userId}` });
    await client.next((m) => m.type === 'not-found');
  });

  it('gives a linked professional the shared categories only; another professional hears nothing', async () => {
    const followed = await connect(doctor);
    const other = await connect(stranger);
    followed.send({ type: 'subscribe', topic: 'realtime:patients' });
    await followed.next((m) => m.type === 'subscribed');
    other.send({ type: 'subscribe', topic: 'realtime:patients' });
    other.send({ type: 'subscribe', topic: `realtime:patient:${patient.userId}` });
    await other.next((m) => m.type === 'not-found' && m.topic === `realtime:patient:${patient.userId}`);

    await record(patient, weight);
    const id = await record(patient, glucose);
    const event = await followed.next((m) => m.type === 'event' && m.event.type === 'measurement.recorded');
    expect(event).toMatchObject({ topic: 'realtime:patients', event: { measurementId: id, kinds: ['glucose'] } });
    // The weight (not shared) never came, before or after the glucose.
    await new Promise((r) => setTimeout(r, 200));
    expect(eventsOf(followed).map((m) => m.event.type === 'measurement.recorded' && m.event.kinds)).toEqual([['glucose']]);
    expect(eventsOf(other)).toEqual([]);
  });

  it('carries messages both ways to the other party of the conversation, and to nobody else', async () => {
    const pro = await connect(doctor);
    const own = await connect(patient);
    const other = await connect(stranger);
    const send = async (actor: TestUser, text: string) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/messages/conversations/${linkId}/messages`, headers: actingAs(actor), payload: { text } });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const fromPatient = await send(patient, 'Bonjour, ma glycémie baisse la nuit.');
    await pro.next((m) => m.type === 'event' && m.event.type === 'message.sent' && m.event.messageId === fromPatient);
    const fromPro = await send(doctor, 'Notez vos valeurs de 3 h cette semaine.');
    const heard = await own.next((m) => m.type === 'event' && m.event.type === 'message.sent' && m.event.messageId === fromPro);
    expect(heard).toMatchObject({ topic: `realtime:user:${patient.userId}`, event: { linkId, senderId: doctor.userId } });
    // Ids only: the text never travels on the socket.
    expect(JSON.stringify([...pro.messages, ...own.messages])).not.toContain('glycémie baisse');
    await new Promise((r) => setTimeout(r, 200));
    expect(eventsOf(other)).toEqual([]);
  });

  it('after a revocation the professional gets the change, then silence', async () => {
    const followed = await connect(doctor);
    followed.send({ type: 'subscribe', topic: `realtime:patient:${patient.userId}` });
    await followed.next((m) => m.type === 'subscribed');
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/care-team/links/${linkId}`, headers: actingAs(patient) });
    expect(revoked.statusCode).toBe(200);
    await followed.next((m) => m.type === 'event' && m.event.type === 'care-link.changed' && m.event.change === 'revoked');
    await record(patient, glucose);
    // The patient keeps the conversation read-only and reads it: the professional is not told.
    const page = await t.app.inject({ url: `/api/messages/conversations/${linkId}/messages`, headers: actingAs(patient) });
    const newest = page.json().items[0].id as string;
    const read = await t.app.inject({ method: 'POST', url: `/api/messages/conversations/${linkId}/read`, headers: actingAs(patient), payload: { upToMessageId: newest } });
    expect(read.statusCode, read.body).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(eventsOf(followed).map((m) => m.event.type)).toEqual(['care-link.changed']);
    followed.send({ type: 'subscribe', topic: `realtime:patient:${patient.userId}` });
    await followed.next((m) => m.type === 'not-found');
  });

  it('sends a heartbeat and drops a client that leaves two rounds unanswered', async () => {
    const listening = await connect(patient);
    await listening.next((m) => m.type === 'heartbeat');
    const deaf = await connect(patient, { autoPong: false });
    const code = await Promise.race([deaf.closed, new Promise<number>((r) => setTimeout(() => r(-1), PATIENCE_MS))]);
    expect(code).toBe(1006);
    // A client that answers stays.
    expect(listening.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('closes a socket whose session ended, with the code the browser acts on', async () => {
    const leaving = await createTestUser(t.database, { firstName: 'Léa' });
    const client = await connect(leaving);
    const other = await connect(patient);
    signedOut.add(leaving.userId);
    const code = await Promise.race([client.closed, new Promise<number>((r) => setTimeout(() => r(-1), PATIENCE_MS))]);
    expect(code).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(other.socket.readyState).toBe(WebSocket.OPEN);
    // And it cannot come back without a session.
    expect(await refusal(leaving, TEST_ORIGIN)).toBe(401);
  });

  it('closes the connection on a message outside the protocol', async () => {
    const client = await connect(patient);
    client.socket.send('{"type":"shout"}');
    expect(await client.closed).toBe(1008);
  });
});
