import {
  HEARTBEAT_TIMEOUT_MS,
  REALTIME_PATH,
  SESSION_ENDED_CLOSE_CODE,
  realtimeServerMessageSchema,
  reconnectDelay,
  type RealtimeClientMessage,
  type RealtimeServerMessage,
} from '@glucosuivi/domain/realtime/realtime.schemas';
import type { DomainEvent } from '@glucosuivi/domain/shared/events';

/** connecting: the first attempt; open: the server said hello; reconnecting: the link was lost (or never made) and is being made again. */
export type RealtimeStatus = 'connecting' | 'open' | 'reconnecting';

/** The part of a browser WebSocket the client uses: tests pass a fake. */
export interface RealtimeSocket {
  send(data: string): void;
  close(code?: number): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type RealtimeSocketConstructor = new (url: string) => RealtimeSocket;

export interface RealtimeTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface RealtimeClientOptions {
  url: string;
  WebSocket?: RealtimeSocketConstructor;
  timers?: RealtimeTimers;
  onEvent?: (event: DomainEvent, topic: string) => void;
  /** The server may have missed events (it lost its database link): refetch what is shown. */
  onCatchUp?: () => void;
  /** Connected again after a lost (or failed) connection: events may have been missed meanwhile. */
  onReconnected?: () => void;
  /**
   * The first connection got its hello: what the page fetched before that moment was read while
   * nothing listened for changes, so an event in between (a reading uploaded during the page
   * load) would be missed until the next one.
   */
  onFirstConnection?: () => void;
  /**
   * The server closed the socket because its session ended (signed out elsewhere, revoked): the
   * client has stopped for good, since every new attempt would be refused the same way.
   */
  onSessionEnded?: () => void;
  onStatus?: (status: RealtimeStatus) => void;
  /** Draws each reconnect delay's jitter (Math.random; tests pass a fixed one). */
  random?: () => number;
}

export interface RealtimeClient {
  start(): void;
  /** For good (sign-out, unmount): the socket is closed and nothing reconnects. */
  stop(): void;
  /** Adds a topic to the wanted set; subscribed now if open, and again after every reconnection. */
  subscribe(topic: string): void;
  unsubscribe(topic: string): void;
  readonly status: RealtimeStatus;
}

/** The channel's address on the page's own host: wss on an https page, ws otherwise. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}`;
}

const NORMAL_CLOSURE = 1000;
/** The server closed the socket because its session ended. */
const endsSession = (event: unknown) => (event as { code?: number } | null)?.code === SESSION_ENDED_CLOSE_CODE;
const defaultTimers: RealtimeTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

function parse(data: unknown): RealtimeServerMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const result = realtimeServerMessageSchema.safeParse(JSON.parse(data));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** A timer that every sign of life restarts: `onSilent` runs after `ms` of nothing. */
function watchdog(timers: RealtimeTimers, ms: number, onSilent: () => void) {
  let handle: unknown = null;
  const clear = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  return {
    clear,
    restart: () => {
      clear();
      handle = timers.setTimeout(onSilent, ms);
    },
  };
}

/** Closes a socket that no longer reports anything: its late events must not reach the client. */
function closeQuietly(socket: RealtimeSocket): void {
  socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
  try {
    socket.close(NORMAL_CLOSURE);
  } catch {
    // Already closed or never opened: nothing to release.
  }
}

/**
 * One WebSocket to the realtime channel, kept up: reconnects after 1 s, 2 s, 5 s then every
 * 10 s (SPEC §9), counting again from 1 s once a connection got its hello; gives up on a
 * connection that heard nothing (not even a heartbeat) for HEARTBEAT_TIMEOUT_MS, since a dead
 * network may never report the close. Framework-free: the provider turns its reports into
 * query invalidations.
 */
export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const Socket = options.WebSocket ?? (globalThis.WebSocket as unknown as RealtimeSocketConstructor);
  const timers = options.timers ?? defaultTimers;
  const topics = new Set<string>();
  let socket: RealtimeSocket | null = null;
  let open = false;
  let status: RealtimeStatus = 'connecting';
  let attempt = 0;
  /** A connection was lost or failed since start: the next hello is a reconnection. */
  let lostOnce = false;
  let started = false;
  let stopped = false;
  let reconnectTimer: unknown = null;
  const silence = watchdog(timers, HEARTBEAT_TIMEOUT_MS, () => lost());

  const setStatus = (next: RealtimeStatus) => {
    if (next === status) return;
    status = next;
    options.onStatus?.(next);
  };
  const send = (message: RealtimeClientMessage) => {
    if (socket && open) socket.send(JSON.stringify(message));
  };
  const detach = () => {
    if (socket) closeQuietly(socket);
    socket = null;
    open = false;
  };

  /** The connection is gone (closed, failed, silent): retry after this attempt's delay, unless its session ended (every retry would be refused). */
  function lost(sessionEnded = false) {
    silence.clear();
    detach();
    stopped ||= sessionEnded;
    if (sessionEnded) options.onSessionEnded?.();
    if (stopped) return;
    lostOnce = true;
    setStatus('reconnecting');
    const delay = reconnectDelay(attempt, options.random);
    attempt += 1;
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
  }

  function receive(message: RealtimeServerMessage) {
    switch (message.type) {
      case 'hello': {
        attempt = 0;
        setStatus('open');
        for (const topic of topics) send({ type: 'subscribe', topic });
        if (lostOnce) options.onReconnected?.();
        else options.onFirstConnection?.();
        return;
      }
      case 'heartbeat':
        return send({ type: 'heartbeat' });
      case 'event':
        return options.onEvent?.(message.event, message.topic);
      case 'catch-up':
        return options.onCatchUp?.();
      default:
        // subscribed / not-found: a page asking for a patient no longer shared learns it from its own request.
        return;
    }
  }

  function connect() {
    if (stopped) return;
    let next: RealtimeSocket;
    try {
      next = new Socket(options.url);
    } catch {
      lost();
      return;
    }
    socket = next;
    silence.restart();
    next.onopen = () => {
      open = true;
    };
    next.onmessage = (event) => {
      // Any message, even one this version does not understand, proves the link alive.
      silence.restart();
      const message = parse(event.data);
      if (message) receive(message);
    };
    next.onclose = (event) => lost(endsSession(event));
    // An error is always followed by a close, which does the work.
    next.onerror = () => undefined;
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      connect();
    },
    stop() {
      stopped = true;
      if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
      reconnectTimer = null;
      silence.clear();
      detach();
    },
    subscribe(topic) {
      if (topics.has(topic)) return;
      topics.add(topic);
      if (status === 'open') send({ type: 'subscribe', topic });
    },
    unsubscribe(topic) {
      if (!topics.delete(topic)) return;
      if (status === 'open') send({ type: 'unsubscribe', topic });
    },
    get status() {
      return status;
    },
  };
}
