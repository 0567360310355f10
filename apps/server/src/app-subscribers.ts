// The subscribers of the domain events (ADR 0007), in one list: app.ts registers every one of
// them, and scripts/docs-facts.ts reads the same list to generate ARCHITECTURE.md's "what reacts
// to what" table, so the table cannot miss a subscriber the app has.
import type { Clock } from './platform/clock';
import type { Database } from './platform/db/database';
import type { EventBus } from './platform/events/event-bus';
import type { DashboardCache } from './features/measurements/dashboard-cache';
import { subscribeDashboardCache } from './features/measurements/dashboard-cache.subscribers';
import type { RealtimeHub } from './features/realtime/realtime.hub';
import { subscribeRealtime } from './features/realtime/realtime.subscribers';
import { subscribeUnreadMessageEmails } from './features/messages/messages.subscribers';
import { UNREAD_CHECK_JOB } from './features/messages/message-emails.service';
import { subscribeAdviceSignals } from './features/advice/advice.subscribers';
import { ADVICE_SIGNAL_JOB } from './features/advice/advice-signals.service';

/** What the subscribers are built from. */
export interface SubscriberParts {
  database: Database;
  clock: Clock;
  dashboardCache: DashboardCache;
  realtimeHub: RealtimeHub;
}

export interface SubscriberRegistration {
  /** As the docs name it. */
  name: string;
  /** The file that holds its subscribe function. */
  source: string;
  /** Which events it acts on: a cache or a socket acts on every server's, an effect that must happen once on this server's own. */
  acts: 'local and remote' | 'local only';
  /** Jobs its handler enqueues (checked against the app's job handlers by scripts/docs.test.ts). */
  enqueues: readonly string[];
  /** What it does when events may have been missed (the LISTEN connection was lost); null: nothing. */
  onMissed: string | null;
  subscribe(events: EventBus, parts: SubscriberParts): () => void;
}

export const SUBSCRIBERS: readonly SubscriberRegistration[] = [
  {
    name: 'dashboard cache',
    source: 'features/measurements/dashboard-cache.subscribers.ts',
    acts: 'local and remote',
    enqueues: [],
    onMissed: 'forgets every patient',
    subscribe: (events, parts) => subscribeDashboardCache(events, parts.dashboardCache),
  },
  {
    name: 'realtime hub',
    source: 'features/realtime/realtime.subscribers.ts',
    acts: 'local and remote',
    enqueues: [],
    onMissed: 'tells every client to catch up',
    subscribe: (events, parts) => subscribeRealtime(events, parts.realtimeHub),
  },
  {
    name: 'unread-message e-mail',
    source: 'features/messages/messages.subscribers.ts',
    acts: 'local only',
    enqueues: [UNREAD_CHECK_JOB],
    onMissed: null,
    subscribe: (events, parts) => subscribeUnreadMessageEmails(events, { database: parts.database, clock: parts.clock }),
  },
  {
    name: 'advice signals',
    source: 'features/advice/advice.subscribers.ts',
    acts: 'local only',
    enqueues: [ADVICE_SIGNAL_JOB],
    onMissed: null,
    subscribe: (events, parts) => subscribeAdviceSignals(events, { database: parts.database, clock: parts.clock }),
  },
];

/** Registers every subscriber; returns the function that removes them all. */
export function subscribeAll(events: EventBus, parts: SubscriberParts): () => void {
  const stops = SUBSCRIBERS.map((subscriber) => subscriber.subscribe(events, parts));
  return () => stops.forEach((stop) => stop());
}
