import { z } from 'zod';
import { backoff } from '../shared/backoff';
import { domainEventSchema } from '../shared/events';

/**
 * The realtime channel (SPEC §7 "Websocket with heartbeat; channels named realtime:{topic}",
 * §9 reconnect delays). One WebSocket per signed-in tab at REALTIME_PATH, authenticated by the
 * session cookie. Every connection receives, on `realtime:user:{its own id}`, what concerns the
 * user themself (a patient: every change of their data; anyone: their settings, their care
 * links, their conversations). A professional subscribes to `realtime:patients` (every patient
 * they follow: the triage list) or `realtime:patient:{id}` (one patient's page) and receives
 * only the events of the categories that patient shares with them. Events carry ids and kinds,
 * never values: the browser refetches what changed through the usual, authorised API.
 */

export const REALTIME_PATH = '/api/realtime';

/** The server sends a heartbeat this often; a client that hears nothing for HEARTBEAT_TIMEOUT_MS closes and reconnects. */
export const HEARTBEAT_INTERVAL_MS = 15_000;
export const HEARTBEAT_TIMEOUT_MS = 2 * HEARTBEAT_INTERVAL_MS + 5_000;

/**
 * An open socket's session is checked again this often: signing out elsewhere, a session revoked
 * from the settings or an account locked for deletion ends its stream within this delay.
 */
export const SESSION_RECHECK_MS = 60_000;
/** Close code of a socket whose session ended (4000–4999: the application's own codes). */
export const SESSION_ENDED_CLOSE_CODE = 4401;

/** SPEC §9: reconnect after 1 s, 2 s, 5 s, then every 10 s (the nominal steps; see the jitter). */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;
/**
 * Each delay strays up to ±20 % from its step: after a server restart every tab lost its socket
 * at the same moment, and without jitter they would all come back in the same millisecond.
 */
export const RECONNECT_JITTER = 0.2;
const reconnectBackoff = backoff({ base: RECONNECT_DELAYS_MS, cap: 10_000 * (1 + RECONNECT_JITTER), jitter: RECONNECT_JITTER });

/** The delay before reconnect attempt `attempt` (0 for the first); `random` in [0, 1), 0.5 gives the nominal step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  return reconnectBackoff(attempt, random);
}

/** A client subscribes to at most this many topics: a page needs two or three. */
export const MAX_TOPICS_PER_CONNECTION = 20;

const id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/);

export type Topic = { kind: 'user'; userId: string } | { kind: 'patient'; patientId: string } | { kind: 'patients' };

export const userTopic = (userId: string) => `realtime:user:${userId}`;
export const patientTopic = (patientId: string) => `realtime:patient:${patientId}`;
export const PATIENTS_TOPIC = 'realtime:patients';

/** Parses a topic name; null for anything that is not one of the three shapes. */
export function parseTopic(topic: string): Topic | null {
  if (topic === PATIENTS_TOPIC) return { kind: 'patients' };
  const match = /^realtime:(user|patient):(.+)$/.exec(topic);
  if (!match || !id.safeParse(match[2]).success) return null;
  return match[1] === 'user' ? { kind: 'user', userId: match[2]! } : { kind: 'patient', patientId: match[2]! };
}

const topicSchema = z.string().max(100);

/** What a browser may send. Anything else closes the connection (policy violation). */
export const realtimeClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), topic: topicSchema }),
  z.object({ type: z.literal('unsubscribe'), topic: topicSchema }),
  z.object({ type: z.literal('heartbeat') }),
]);
export type RealtimeClientMessage = z.infer<typeof realtimeClientMessageSchema>;

/** What the server sends. */
export const realtimeServerMessageSchema = z.discriminatedUnion('type', [
  /** First message of a connection: the user's own topic, already subscribed. */
  z.object({ type: z.literal('hello'), topic: topicSchema, heartbeatMs: z.number().int().positive() }),
  z.object({ type: z.literal('heartbeat') }),
  z.object({ type: z.literal('subscribed'), topic: topicSchema }),
  /** Not allowed, or no longer: answered exactly like a topic that does not exist. */
  z.object({ type: z.literal('not-found'), topic: topicSchema }),
  z.object({ type: z.literal('event'), topic: topicSchema, event: domainEventSchema }),
  /** Events may have been missed (a server lost its database link): refetch everything shown. */
  z.object({ type: z.literal('catch-up') }),
]);
export type RealtimeServerMessage = z.infer<typeof realtimeServerMessageSchema>;
