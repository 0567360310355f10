import type { RealtimeServerMessage } from '@glucosuivi/domain/realtime/realtime.schemas';
import type { RealtimeSocket, RealtimeTimers } from '@/lib/realtime/realtime-client';

/** A WebSocket driven by the test: it records what the client sends and plays the server. */
export class FakeWebSocket implements RealtimeSocket {
  static created: FakeWebSocket[] = [];
  static last(): FakeWebSocket {
    const socket = FakeWebSocket.created.at(-1);
    if (!socket) throw new Error('no socket was opened');
    return socket;
  }

  sent: unknown[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.created.push(this);
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.closed = true;
  }

  /** The server accepts: the socket opens and says hello. */
  accept(userId = 'u1'): void {
    this.onopen?.({});
    this.receive({ type: 'hello', topic: `realtime:user:${userId}`, heartbeatMs: 15_000 });
  }

  receive(message: RealtimeServerMessage | string | object): void {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }

  /** The connection drops (server restart, network lost, refused upgrade), or the server closes it with `code`. */
  drop(code?: number): void {
    if (code === undefined) this.onerror?.({});
    this.onclose?.(code === undefined ? {} : { code });
  }
}

/** Timers run by hand: `run()` fires the due ones in order and reports their delays. */
export function manualTimers() {
  let next = 1;
  const pending = new Map<number, { callback: () => void; ms: number }>();
  const timers: RealtimeTimers = {
    setTimeout: (callback, ms) => {
      const id = next++;
      pending.set(id, { callback, ms });
      return id;
    },
    clearTimeout: (id) => void pending.delete(id as number),
  };
  return {
    timers,
    /** Delays of the timers waiting now. */
    delays: () => [...pending.values()].map((t) => t.ms),
    /** Fires every timer waiting now (not the ones they set). */
    runAll: () => {
      const due = [...pending.entries()];
      pending.clear();
      for (const [, t] of due) t.callback();
    },
  };
}
