import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { backoff } from '@glucosuivi/domain/shared/backoff';
import { domainEventSchema } from '@glucosuivi/domain/shared/events';
import { createHandlerRegistry, validEvent, type EventBus, type EventLogger } from './event-bus';

export const EVENTS_CHANNEL = 'glucosuivi_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7_900;
/** Delays before each reconnection attempt; the last one repeats. */
const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000];

interface Envelope {
  /** The publishing server: it already ran its own handlers and skips its echo. */
  s: string;
  e: unknown;
}

/**
 * Several servers on one PostgreSQL: an event runs this process's handlers, then goes out with
 * `NOTIFY` on one dedicated connection that also `LISTEN`s; every other server runs its handlers
 * as `remote`. The connection is reopened after an error (1 s, 2 s, 5 s, then every 10 s) and
 * `onMissedEvents` subscribers are told, since notifications sent meanwhile are lost.
 */
export function createPostgresEventBus(options: {
  databaseUrl: string;
  log: EventLogger;
  reconnectDelaysMs?: number[];
}): EventBus & {
  /** Resolves once LISTEN is in place: at start-up, or after a reconnection under way (tests). */
  ready(): Promise<void>;
} {
  const { log } = options;
  const registry = createHandlerRegistry(log);
  const serverId = randomUUID();

  function onNotification(message: pg.Notification): void {
    if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(message.payload) as Envelope;
    } catch {
      log.warn({}, 'unreadable event notification');
      return;
    }
    if (envelope.s === serverId) return;
    const parsed = domainEventSchema.safeParse(envelope.e);
    if (!parsed.success) {
      log.warn({}, 'invalid event notification dropped');
      return;
    }
    void registry.dispatch(parsed.data, { origin: 'remote' });
  }

  const connection = openListeningConnection({
    databaseUrl: options.databaseUrl,
    log,
    delays: options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS,
    onNotification,
    onLost: () => registry.missedEvents(),
  });

  return {
    ready: connection.ready,
    async publish(event) {
      const valid = validEvent(event, log);
      if (!valid) return;
      await registry.dispatch(valid, { origin: 'local' });
      const payload = JSON.stringify({ s: serverId, e: valid } satisfies Envelope);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
        log.warn(
          { eventType: valid.type },
          'event too large for NOTIFY, not sent to other servers',
        );
        return;
      }
      const current = connection.current();
      try {
        if (!current) throw new Error('not connected');
        await current.connected;
        await current.client.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, payload]);
      } catch {
        // Other servers' caches fall back on their TTL; realtime clients catch up on reconnect.
        log.warn({ eventType: valid.type }, 'event not sent to other servers');
      }
    },
    subscribe: registry.subscribe,
    onMissedEvents: registry.onMissedEvents,
    close: connection.close,
  };
}

interface ListeningConnection {
  /** The open client and the promise of its LISTEN; undefined between a loss and the next attempt, or once closed. */
  current(): { client: pg.Client; connected: Promise<void> } | undefined;
  /** Resolves once LISTEN is in place: at start-up, or after a reconnection under way. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The one connection that LISTENs (and carries NOTIFY): opened at once, reopened after each
 * error or end with the given delays; `onLost` runs each time it drops while not closed.
 */
function openListeningConnection(options: {
  databaseUrl: string;
  log: EventLogger;
  delays: number[];
  onNotification: (message: pg.Notification) => void;
  onLost: () => void;
}): ListeningConnection {
  const { log, delays } = options;
  // Every server lost the database at the same moment: jitter keeps them from reconnecting in step.
  const reconnectBackoff = backoff({ base: delays, cap: Math.max(...delays) * 1.2, jitter: 0.2 });
  let client: pg.Client | undefined;
  let connected: Promise<void> | undefined;
  let attempt = 0;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let waiters: (() => void)[] = [];
  let listening = false;
  let everListened = false;

  function connectionLost(lost: pg.Client): void {
    if (client !== lost) return;
    listening = false;
    client = undefined;
    connected = undefined;
    lost.removeAllListeners('notification');
    void lost.end().catch(() => undefined);
    if (closed) return;
    log.warn({ attempt }, 'event bus connection lost, reconnecting');
    options.onLost();
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || retryTimer) return;
    const delay = reconnectBackoff(attempt);
    attempt++;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect().catch(() => undefined);
    }, delay);
    retryTimer.unref();
  }

  function connect(): Promise<void> {
    const next = new pg.Client({
      connectionString: options.databaseUrl,
      connectionTimeoutMillis: 5_000,
      application_name: 'glucosuivi-events',
    });
    client = next;
    // An error on an idle client must not crash the process: it means "reconnect".
    next.on('error', () => connectionLost(next));
    next.on('end', () => connectionLost(next));
    next.on('notification', options.onNotification);
    connected = (async () => {
      await next.connect();
      await next.query(`LISTEN ${EVENTS_CHANNEL}`);
      if (attempt > 0) log.warn({ attempt }, 'event bus reconnected');
      attempt = 0;
      listening = true;
      everListened = true;
      const ready = waiters;
      waiters = [];
      ready.forEach((resolve) => resolve());
    })();
    connected.catch(() => connectionLost(next));
    return connected;
  }

  const first = connect();

  return {
    current: () => (client && connected ? { client, connected } : undefined),
    ready: () =>
      listening
        ? Promise.resolve()
        : everListened
          ? new Promise<void>((resolve) => waiters.push(resolve))
          : first,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
