import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_TIMEOUT_MS, SESSION_ENDED_CLOSE_CODE } from '@glucosuivi/domain/realtime/realtime.schemas';
import { FakeWebSocket } from '@/test/fake-websocket';
import { createRealtimeClient, realtimeUrl, type RealtimeClientOptions } from './realtime-client';

const URL = 'ws://app.test/api/realtime';
const reading = {
  type: 'measurement.recorded',
  patientId: 'p1',
  measurementId: 'm1',
  kinds: ['glucose'],
  count: 1,
} as const;

function start(options: Partial<RealtimeClientOptions> = {}) {
  const calls = {
    events: [] as unknown[],
    catchUps: 0,
    reconnected: 0,
    firstConnection: 0,
    statuses: [] as string[],
    sessionEnded: 0,
  };
  const client = createRealtimeClient({
    url: URL,
    WebSocket: FakeWebSocket,
    // The fake timers replace the globals; handing them in is what the client's seam is for.
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (h) => clearTimeout(h as number),
    },
    onEvent: (event, topic) => calls.events.push({ event, topic }),
    onCatchUp: () => void calls.catchUps++,
    onReconnected: () => void calls.reconnected++,
    onFirstConnection: () => void calls.firstConnection++,
    onStatus: (status) => void calls.statuses.push(status),
    onSessionEnded: () => void calls.sessionEnded++,
    // The middle of the jitter range: the nominal steps of SPEC §9.
    random: () => 0.5,
    ...options,
  });
  client.start();
  return { client, calls };
}

/** Advances to just before `ms`, checks no new socket yet, then to `ms` and returns the new one. */
function expectReconnectAfter(ms: number): FakeWebSocket {
  const before = FakeWebSocket.created.length;
  vi.advanceTimersByTime(ms - 1);
  expect(FakeWebSocket.created).toHaveLength(before);
  vi.advanceTimersByTime(1);
  expect(FakeWebSocket.created).toHaveLength(before + 1);
  return FakeWebSocket.last();
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeWebSocket.created = [];
});
afterEach(() => vi.useRealTimers());

describe('realtime client', () => {
  it('builds the address on the page host, wss on https', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'glucosuivi.fr' })).toBe(
      'wss://glucosuivi.fr/api/realtime',
    );
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5173' })).toBe(
      'ws://localhost:5173/api/realtime',
    );
  });

  it('subscribes the wanted topics once the server said hello, then each new one at once', () => {
    const { client, calls } = start();
    client.subscribe('realtime:patients');
    const socket = FakeWebSocket.last();
    expect(socket.url).toBe(URL);
    socket.onopen?.({});
    expect(socket.sent).toEqual([]);
    expect(calls.statuses).toEqual([]);
    socket.receive({ type: 'hello', topic: 'realtime:user:u1', heartbeatMs: 15_000 });
    expect(socket.sent).toEqual([{ type: 'subscribe', topic: 'realtime:patients' }]);
    expect(calls.statuses).toEqual(['open']);
    expect(calls.reconnected).toBe(0);
    // What the page read before this hello may have missed a change: reported once.
    expect(calls.firstConnection).toBe(1);

    client.subscribe('realtime:patient:p1');
    client.subscribe('realtime:patient:p1');
    client.unsubscribe('realtime:patients');
    expect(socket.sent.slice(1)).toEqual([
      { type: 'subscribe', topic: 'realtime:patient:p1' },
      { type: 'unsubscribe', topic: 'realtime:patients' },
    ]);
  });

  it('subscribes the wanted topics again after a reconnection, and reports it', () => {
    const { client, calls } = start();
    client.subscribe('realtime:patient:p1');
    FakeWebSocket.last().accept();
    FakeWebSocket.last().drop();
    expect(client.status).toBe('reconnecting');
    client.subscribe('realtime:patients');
    const second = expectReconnectAfter(1_000);
    expect(second.sent).toEqual([]);
    second.accept();
    expect(second.sent).toEqual([
      { type: 'subscribe', topic: 'realtime:patient:p1' },
      { type: 'subscribe', topic: 'realtime:patients' },
    ]);
    expect(calls.reconnected).toBe(1);
    expect(calls.firstConnection).toBe(1);
    expect(calls.statuses).toEqual(['open', 'reconnecting', 'open']);
  });

  it('waits 1 s, 2 s, 5 s, then 10 s between failed attempts, and 1 s again after a hello', () => {
    const { calls } = start();
    FakeWebSocket.last().drop();
    for (const delay of [1_000, 2_000, 5_000, 10_000, 10_000]) expectReconnectAfter(delay).drop();
    // The first connection failed: the one that finally opens follows a gap, so it is a reconnection.
    expectReconnectAfter(10_000).accept();
    expect(calls.reconnected).toBe(1);
    FakeWebSocket.last().drop();
    expectReconnectAfter(1_000).drop();
    expectReconnectAfter(2_000);
  });

  it('spreads each reconnect delay by up to 20 % around its step, so tabs do not come back in lockstep', () => {
    let draw = 0;
    start({ random: () => draw });
    FakeWebSocket.last().drop();
    const second = expectReconnectAfter(800);
    draw = 0.999_999;
    second.drop();
    expectReconnectAfter(2_400);
  });

  it('closes a connection that heard nothing for HEARTBEAT_TIMEOUT_MS and opens another', () => {
    const { client } = start();
    const socket = FakeWebSocket.last();
    socket.accept();
    vi.advanceTimersByTime(HEARTBEAT_TIMEOUT_MS - 1);
    socket.receive({ type: 'heartbeat' });
    // The heartbeat restarted the count.
    vi.advanceTimersByTime(HEARTBEAT_TIMEOUT_MS - 1);
    expect(socket.closed).toBe(false);
    expect(client.status).toBe('open');
    vi.advanceTimersByTime(1);
    expect(socket.closed).toBe(true);
    expect(client.status).toBe('reconnecting');
    // The silent socket is left alone: its late close does not schedule a second attempt.
    socket.onclose?.({});
    expectReconnectAfter(1_000);
    expect(FakeWebSocket.created).toHaveLength(2);
  });

  it('gives up on an attempt that never opens, after the same silence', () => {
    start();
    const socket = FakeWebSocket.last();
    vi.advanceTimersByTime(HEARTBEAT_TIMEOUT_MS);
    expect(socket.closed).toBe(true);
    expectReconnectAfter(1_000);
  });

  it('reports a session that ended when the server closes with its code, not on any other close', () => {
    const { calls } = start();
    FakeWebSocket.last().accept();
    FakeWebSocket.last().drop(1006);
    expect(calls.sessionEnded).toBe(0);
    vi.advanceTimersByTime(1_000);
    FakeWebSocket.last().accept();
    FakeWebSocket.last().drop(SESSION_ENDED_CLOSE_CODE);
    expect(calls.sessionEnded).toBe(1);
  });

  it('does not reconnect after the server closed for a session that ended', () => {
    const { client, calls } = start();
    FakeWebSocket.last().accept();
    FakeWebSocket.last().drop(SESSION_ENDED_CLOSE_CODE);
    expect(calls.sessionEnded).toBe(1);
    vi.advanceTimersByTime(10 * HEARTBEAT_TIMEOUT_MS);
    expect(FakeWebSocket.created).toHaveLength(1);
    // A later start does not bring it back either: the provider makes a new client for a new sign-in.
    client.start();
    expect(FakeWebSocket.created).toHaveLength(1);
  });

  it("answers the server's heartbeat", () => {
    start();
    const socket = FakeWebSocket.last();
    socket.accept();
    socket.receive({ type: 'heartbeat' });
    expect(socket.sent).toEqual([{ type: 'heartbeat' }]);
  });

  it('reports events and catch-ups, and ignores what the schema refuses', () => {
    const { calls } = start();
    const socket = FakeWebSocket.last();
    socket.accept();
    socket.receive('not json');
    socket.receive({ type: 'event', topic: 'realtime:user:u1', event: { ...reading, kinds: [] } });
    socket.receive({
      type: 'event',
      topic: 'realtime:user:u1',
      event: { type: 'unknown.kind', patientId: 'p1' },
    });
    socket.receive({ type: 'surprise' });
    expect(calls.events).toEqual([]);
    expect(calls.catchUps).toBe(0);
    expect(socket.sent).toEqual([]);

    socket.receive({ type: 'event', topic: 'realtime:user:u1', event: reading });
    socket.receive({ type: 'catch-up' });
    expect(calls.events).toEqual([{ event: reading, topic: 'realtime:user:u1' }]);
    expect(calls.catchUps).toBe(1);
  });

  it('stops for good: the socket is closed and nothing reconnects', () => {
    const { client } = start();
    const socket = FakeWebSocket.last();
    socket.accept();
    client.stop();
    expect(socket.closed).toBe(true);
    socket.onclose?.({});
    vi.advanceTimersByTime(10 * HEARTBEAT_TIMEOUT_MS);
    expect(FakeWebSocket.created).toHaveLength(1);
  });

  it('stops while waiting to reconnect: the pending attempt is cancelled', () => {
    const { client } = start();
    FakeWebSocket.last().drop();
    client.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.created).toHaveLength(1);
  });
});
