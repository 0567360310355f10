import type { ShareCategory } from '@glucosuivi/domain/care-team/care-team.schemas';
import { eventForProfessional } from '@glucosuivi/domain/realtime/realtime.rules';
import {
  MAX_TOPICS_PER_CONNECTION,
  parseTopic,
  PATIENTS_TOPIC,
  patientTopic,
  SESSION_ENDED_CLOSE_CODE,
  userTopic,
  type RealtimeServerMessage,
} from '@glucosuivi/domain/realtime/realtime.schemas';
import { subjectOf, type DomainEvent } from '@glucosuivi/domain/shared/events';

/** The socket as the hub needs it: tests pass a recorder, the route a WebSocket. */
export interface RealtimeSocket {
  send(text: string): void;
  close(code: number): void;
}

export interface RealtimeConnection {
  readonly userId: string;
  /** The session whose cookie opened the socket (null when the actor lookup did not name it). */
  readonly sessionId: string | null;
  readonly role: 'patient' | 'doctor' | 'admin';
  readonly socket: RealtimeSocket;
  /** A professional's active care links: patient id → categories shared. Kept current by care-link events. */
  links: Map<string, ReadonlySet<ShareCategory>>;
  /** Follows every linked patient (`realtime:patients`). */
  watchesAll: boolean;
  /** Patients followed one by one (`realtime:patient:{id}`). */
  watched: Set<string>;
}

const send = (connection: RealtimeConnection, message: RealtimeServerMessage) => connection.socket.send(JSON.stringify(message));

type Index = Map<string, Set<RealtimeConnection>>;

function addTo(index: Index, key: string, connection: RealtimeConnection): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(connection);
}

function removeFrom(index: Index, key: string, connection: RealtimeConnection): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) index.delete(key);
}

/**
 * This process's WebSocket connections, indexed so that an event reaches its recipients without
 * a scan: by user (their own topic) and by patient (the professionals following them). Access
 * is decided in memory from each professional's links, loaded at connection and updated by
 * `care-link.changed` events, so a revocation or a category change applies to the very next
 * event, on every server (the event reaches them all).
 */
export function createRealtimeHub(options: { heartbeatMs: number }) {
  const byUser: Index = new Map();
  const byPatient: Index = new Map();
  /** Handshaken, links still loading: not yet receiving, but a session that ends meanwhile must close them too. */
  const opening: Index = new Map();
  /** Closed because their session ended: whatever the route still hands over for them is ignored. */
  const ended = new WeakSet<RealtimeConnection>();

  const reindex = (connection: RealtimeConnection, patientId: string) => reindexFollower(byPatient, connection, patientId);

  /** Called at the handshake, before the links are read, so that no session end is missed meanwhile. */
  function open(connection: RealtimeConnection): void {
    addTo(opening, connection.userId, connection);
  }

  function add(connection: RealtimeConnection): void {
    removeFrom(opening, connection.userId, connection);
    if (ended.has(connection)) return;
    addTo(byUser, connection.userId, connection);
    send(connection, { type: 'hello', topic: userTopic(connection.userId), heartbeatMs: options.heartbeatMs });
  }

  function remove(connection: RealtimeConnection): void {
    removeFrom(opening, connection.userId, connection);
    removeFrom(byUser, connection.userId, connection);
    for (const patientId of connection.links.keys()) removeFrom(byPatient, patientId, connection);
  }

  /** Subscribes to a topic, or answers not-found (a topic not allowed looks like one that does not exist). */
  function subscribe(connection: RealtimeConnection, topic: string): void {
    if (ended.has(connection)) return;
    const parsed = parseTopic(topic);
    const topics = connection.watched.size + (connection.watchesAll ? 1 : 0);
    if (!parsed || topics >= MAX_TOPICS_PER_CONNECTION) return send(connection, { type: 'not-found', topic });
    if (parsed.kind === 'user') {
      return send(connection, parsed.userId === connection.userId ? { type: 'subscribed', topic } : { type: 'not-found', topic });
    }
    if (connection.role !== 'doctor') {
      // A patient's own data already comes on their own topic.
      const own = parsed.kind === 'patient' && parsed.patientId === connection.userId;
      return send(connection, own ? { type: 'subscribed', topic } : { type: 'not-found', topic });
    }
    if (parsed.kind === 'patients') {
      connection.watchesAll = true;
      for (const patientId of connection.links.keys()) reindex(connection, patientId);
      return send(connection, { type: 'subscribed', topic });
    }
    if (!connection.links.has(parsed.patientId)) return send(connection, { type: 'not-found', topic });
    connection.watched.add(parsed.patientId);
    reindex(connection, parsed.patientId);
    send(connection, { type: 'subscribed', topic });
  }

  function unsubscribe(connection: RealtimeConnection, topic: string): void {
    const parsed = parseTopic(topic);
    if (!parsed || connection.role !== 'doctor') return;
    if (parsed.kind === 'patients') {
      connection.watchesAll = false;
      for (const patientId of connection.links.keys()) reindex(connection, patientId);
    } else if (parsed.kind === 'patient') {
      connection.watched.delete(parsed.patientId);
      reindex(connection, parsed.patientId);
    }
  }

  /**
   * Signed out, revoked, locked: the user's sockets of that session (of every session when
   * `sessionId` is null) leave the indexes now, so that no later event reaches them even before
   * the browser answers the close.
   */
  function endSessions(event: Extract<DomainEvent, { type: 'session.ended' }>): void {
    for (const connection of sessionConnections([byUser, opening], event)) {
      ended.add(connection);
      remove(connection);
      connection.socket.close(SESSION_ENDED_CLOSE_CODE);
    }
  }

  /** Hands a committed event to every connection of this process allowed to know of it. */
  function deliver(event: DomainEvent): void {
    // Never sent to anyone: it ends sockets instead.
    if (event.type === 'session.ended') return endSessions(event);
    if (event.type === 'care-link.changed') applyCareLinkChange(byUser, byPatient, event);
    // A care link's or a conversation's events name both people: they go to them, not to followers.
    if ('professionalId' in event) return deliverToParties(byUser, event);
    // A notification is its recipient's alone (for a professional's patient alert, `patientId`
    // names the patient, who must not hear of it); reminders are the patient's own and never
    // reach the professionals following them.
    if (event.type === 'notification.created') return deliverToUser(byUser, event.userId, event);
    if (event.type === 'reminder.changed' || event.type === 'reminder.due') return deliverToUser(byUser, event.patientId, event);
    const subject = subjectOf(event);
    for (const connection of byUser.get(subject) ?? []) send(connection, { type: 'event', topic: userTopic(subject), event });
    if (event.type === 'settings.changed') return;
    for (const connection of byPatient.get(event.patientId) ?? []) {
      const categories = connection.links.get(event.patientId);
      const shown = categories ? eventForProfessional(event, categories) : null;
      if (!shown) continue;
      const topic = connection.watched.has(event.patientId) ? patientTopic(event.patientId) : PATIENTS_TOPIC;
      send(connection, { type: 'event', topic, event: shown });
    }
  }

  /** Events may have been missed: every client refetches what it shows. */
  const catchUpAll = () => everyConnection(byUser, (connection) => send(connection, { type: 'catch-up' }));
  const connectionCount = () => {
    let count = 0;
    everyConnection(byUser, () => count++);
    return count;
  };

  return { open, add, remove, subscribe, unsubscribe, deliver, catchUpAll, connectionCount };
}

/** Indexes the connection under the patient while it follows them (linked, and subscribed to them or to all). */
function reindexFollower(byPatient: Index, connection: RealtimeConnection, patientId: string): void {
  const follows = connection.links.has(patientId) && (connection.watchesAll || connection.watched.has(patientId));
  if (follows) addTo(byPatient, patientId, connection);
  else removeFrom(byPatient, patientId, connection);
}

/** A professional's links changed: their next event is judged on the new categories. */
function applyCareLinkChange(byUser: Index, byPatient: Index, event: Extract<DomainEvent, { type: 'care-link.changed' }>): void {
  for (const connection of byUser.get(event.professionalId) ?? []) {
    if (event.change === 'revoked' || event.categories.length === 0) {
      removeFrom(byPatient, event.patientId, connection);
      connection.links.delete(event.patientId);
      connection.watched.delete(event.patientId);
    } else {
      connection.links.set(event.patientId, new Set(event.categories));
      reindexFollower(byPatient, connection, event.patientId);
    }
  }
}

/** To the two people of a care link: the professional only while the link is active. */
function deliverToParties(byUser: Index, event: Extract<DomainEvent, { professionalId: string }>): void {
  for (const connection of byUser.get(event.patientId) ?? []) send(connection, { type: 'event', topic: userTopic(event.patientId), event });
  for (const connection of byUser.get(event.professionalId) ?? []) {
    const stillLinked = connection.links.has(event.patientId);
    if (stillLinked || event.type === 'care-link.changed') send(connection, { type: 'event', topic: userTopic(event.professionalId), event });
  }
}

/** The user's connections (in any of these indexes) opened with the session that ended, or all of them. */
function sessionConnections(indexes: Index[], event: Extract<DomainEvent, { type: 'session.ended' }>): RealtimeConnection[] {
  return indexes
    .flatMap((index) => [...(index.get(event.userId) ?? [])])
    .filter((connection) => event.sessionId === null || connection.sessionId === event.sessionId);
}

/** On the user's own topic, to their connections only. */
function deliverToUser(byUser: Index, userId: string, event: DomainEvent): void {
  for (const connection of byUser.get(userId) ?? []) send(connection, { type: 'event', topic: userTopic(userId), event });
}

function everyConnection(index: Index, act: (connection: RealtimeConnection) => void): void {
  for (const set of index.values()) for (const connection of set) act(connection);
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
