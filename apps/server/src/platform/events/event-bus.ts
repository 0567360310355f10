import {
  domainEventSchema,
  type DomainEvent,
  type DomainEventOf,
  type DomainEventType,
} from '@glucosuivi/domain/shared/events';

/**
 * Where an event came from: this process (`local`) or another server through the database
 * (`remote`). Effects that must happen once per event (an e-mail, a job) act on `local` events
 * only; effects on this process's own state (a cache, its WebSocket clients) act on both.
 */
export interface EventMeta {
  origin: 'local' | 'remote';
}

export type EventHandler<T extends DomainEventType> = (
  event: DomainEventOf<T>,
  meta: EventMeta,
) => void | Promise<void>;

export interface EventBus {
  /**
   * Call only after the write's transaction committed (ADR 0007). Resolves once this process's
   * handlers ran and the event was handed to the other servers; never rejects: a failing
   * handler or a lost connection is logged, the committed write stays a success.
   */
  publish(event: DomainEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe<T extends DomainEventType>(type: T, handler: EventHandler<T>): () => void;
  /**
   * Called when events from other servers may have been missed (the LISTEN connection was
   * lost): whoever derives state from events drops it or catches up (cache: forget all;
   * realtime: tell the clients to refetch).
   */
  onMissedEvents(handler: () => void): () => void;
  close(): Promise<void>;
}

export interface EventLogger {
  warn(obj: object, msg: string): void;
}

/** The subscriber lists shared by both implementations. */
export function createHandlerRegistry(log: EventLogger) {
  const handlers = new Map<DomainEventType, Set<EventHandler<DomainEventType>>>();
  const missedHandlers = new Set<() => void>();
  return {
    subscribe<T extends DomainEventType>(type: T, handler: EventHandler<T>): () => void {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      const entry = handler as unknown as EventHandler<DomainEventType>;
      set.add(entry);
      return () => void set.delete(entry);
    },
    onMissedEvents(handler: () => void): () => void {
      missedHandlers.add(handler);
      return () => void missedHandlers.delete(handler);
    },
    /** Runs every handler of the event's type; a failure is logged by event type only (payloads stay out of logs). */
    async dispatch(event: DomainEvent, meta: EventMeta): Promise<void> {
      const set = handlers.get(event.type);
      if (!set) return;
      await Promise.all(
        [...set].map(async (handler) => {
          try {
            await handler(event as DomainEventOf<DomainEventType>, meta);
          } catch {
            log.warn({ eventType: event.type, origin: meta.origin }, 'event handler failed');
          }
        }),
      );
    },
    missedEvents(): void {
      for (const handler of missedHandlers) {
        try {
          handler();
        } catch {
          log.warn({}, 'missed-events handler failed');
        }
      }
    },
  };
}

/** A malformed event is a programming error: it is logged and dropped, never thrown after a commit. */
export function validEvent(event: DomainEvent, log: EventLogger): DomainEvent | undefined {
  const parsed = domainEventSchema.safeParse(event);
  if (parsed.success) return parsed.data;
  log.warn(
    { eventType: typeof event?.type === 'string' ? event.type : 'unknown' },
    'invalid domain event dropped',
  );
  return undefined;
}

/** One process (PGlite, tests, a single server): handlers run in this process only. */
export function createInProcessEventBus(log: EventLogger): EventBus {
  const registry = createHandlerRegistry(log);
  return {
    async publish(event) {
      const valid = validEvent(event, log);
      if (valid) await registry.dispatch(valid, { origin: 'local' });
    },
    subscribe: registry.subscribe,
    onMissedEvents: registry.onMissedEvents,
    close: async () => undefined,
  };
}
