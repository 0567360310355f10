import { describe, expect, it } from 'vitest';
import { SHARE_CATEGORIES } from '@glucosuivi/domain/care-team/care-team.schemas';
import { eventForProfessional } from '@glucosuivi/domain/realtime/realtime.rules';
import { PATIENTS_TOPIC, patientTopic, SESSION_ENDED_CLOSE_CODE, userTopic, type RealtimeServerMessage } from '@glucosuivi/domain/realtime/realtime.schemas';
import type { DomainEvent } from '@glucosuivi/domain/shared/events';
import { createRealtimeHub, type RealtimeConnection } from './realtime.hub';

/*
 * Notifications and reminders on the realtime channel (issue 14): a notification reaches its
 * recipient only (a professional's alert notification is not the patient's business, even
 * though it names them); a patient's reminders reach the patient only, never the professionals
 * who follow them with every category shared.
 */

const PATIENT = 'patient-1';
const DOCTOR = 'doctor-1';
const IDS = { notificationId: '0b7e6f1c-3c1f-4a57-9f5e-2f0a7e0f1a01', reminderId: '0b7e6f1c-3c1f-4a57-9f5e-2f0a7e0f1a02', occurrenceId: '0b7e6f1c-3c1f-4a57-9f5e-2f0a7e0f1a03' };

function connect(hub: ReturnType<typeof createRealtimeHub>, userId: string, role: RealtimeConnection['role'], links: string[] = [], sessionId: string | null = null) {
  const heard: RealtimeServerMessage[] = [];
  const closes: number[] = [];
  const connection: RealtimeConnection = {
    userId,
    sessionId,
    role,
    socket: { send: (text) => void heard.push(JSON.parse(text) as RealtimeServerMessage), close: (code) => void closes.push(code) },
    links: new Map(links.map((patientId) => [patientId, new Set(SHARE_CATEGORIES)])),
    watchesAll: false,
    watched: new Set(),
  };
  hub.open(connection);
  hub.add(connection);
  heard.length = 0; // the hello
  return { connection, heard, closes };
}

const eventsOf = (heard: RealtimeServerMessage[]) => heard.flatMap((m) => (m.type === 'event' ? [{ topic: m.topic, type: m.event.type }] : []));

describe('realtime hub: notifications and reminders', () => {
  function setUp() {
    const hub = createRealtimeHub({ heartbeatMs: 30_000 });
    const patient = connect(hub, PATIENT, 'patient');
    // A professional following the patient twice over (all patients, and this one), every category shared.
    const doctor = connect(hub, DOCTOR, 'doctor', [PATIENT]);
    hub.subscribe(doctor.connection, PATIENTS_TOPIC);
    hub.subscribe(doctor.connection, patientTopic(PATIENT));
    doctor.heard.length = 0;
    return { hub, patient, doctor };
  }

  it('the follower does hear the patient’s shared data (the set-up is real)', () => {
    const { hub, doctor } = setUp();
    hub.deliver({ type: 'measurement.recorded', patientId: PATIENT, measurementId: null, kinds: ['glucose'], count: 1 });
    expect(eventsOf(doctor.heard)).toEqual([{ topic: patientTopic(PATIENT), type: 'measurement.recorded' }]);
  });

  it('a professional’s alert notification goes to that professional only, not to the patient it names', () => {
    const { hub, patient, doctor } = setUp();
    hub.deliver({ type: 'notification.created', userId: DOCTOR, patientId: PATIENT, notificationId: IDS.notificationId, kind: 'patient_alert' });
    expect(eventsOf(doctor.heard)).toEqual([{ topic: userTopic(DOCTOR), type: 'notification.created' }]);
    expect(eventsOf(patient.heard)).toEqual([]);
  });

  it('a patient’s reminder notification, due and change go to the patient only', () => {
    const { hub, patient, doctor } = setUp();
    const events: DomainEvent[] = [
      { type: 'notification.created', userId: PATIENT, patientId: PATIENT, notificationId: IDS.notificationId, kind: 'reminder' },
      { type: 'reminder.due', patientId: PATIENT, reminderId: IDS.reminderId, occurrenceId: IDS.occurrenceId },
      { type: 'reminder.changed', patientId: PATIENT, reminderId: IDS.reminderId },
    ];
    events.forEach((event) => hub.deliver(event));
    expect(eventsOf(patient.heard)).toEqual(events.map((event) => ({ topic: userTopic(PATIENT), type: event.type })));
    expect(eventsOf(doctor.heard)).toEqual([]);
  });

  it('the rule for followers shows them none of these events either', () => {
    const all = new Set(SHARE_CATEGORIES);
    expect(eventForProfessional({ type: 'reminder.due', patientId: PATIENT, reminderId: IDS.reminderId, occurrenceId: IDS.occurrenceId }, all)).toBeNull();
    expect(eventForProfessional({ type: 'reminder.changed', patientId: PATIENT, reminderId: IDS.reminderId }, all)).toBeNull();
    expect(eventForProfessional({ type: 'notification.created', userId: PATIENT, patientId: PATIENT, notificationId: IDS.notificationId, kind: 'reminder' }, all)).toBeNull();
  });
});

/*
 * A session that ends (signed out, revoked, account locked) closes the sockets it opened at once,
 * and nothing reaches them afterwards, even before the browser answers the close.
 */
describe('realtime hub: sessions that end', () => {
  const recorded: DomainEvent = { type: 'measurement.recorded', patientId: PATIENT, measurementId: null, kinds: ['glucose'], count: 1 };

  it('closes the sockets of that session only, with the session-ended code, and delivers nothing to them after', () => {
    const hub = createRealtimeHub({ heartbeatMs: 30_000 });
    const tabA = connect(hub, PATIENT, 'patient', [], 'session-a');
    const tabB = connect(hub, PATIENT, 'patient', [], 'session-a');
    const phone = connect(hub, PATIENT, 'patient', [], 'session-b');
    hub.deliver({ type: 'session.ended', userId: PATIENT, sessionId: 'session-a' });
    expect(tabA.closes).toEqual([SESSION_ENDED_CLOSE_CODE]);
    expect(tabB.closes).toEqual([SESSION_ENDED_CLOSE_CODE]);
    expect(phone.closes).toEqual([]);
    hub.deliver(recorded);
    expect(eventsOf(tabA.heard)).toEqual([]);
    expect(eventsOf(tabB.heard)).toEqual([]);
    expect(eventsOf(phone.heard)).toEqual([{ topic: userTopic(PATIENT), type: 'measurement.recorded' }]);
    expect(hub.connectionCount()).toBe(1);
  });

  it('every session of the user: all their sockets close, a follower’s stream stops, other users keep theirs', () => {
    const hub = createRealtimeHub({ heartbeatMs: 30_000 });
    const patient = connect(hub, PATIENT, 'patient', [], 'session-p');
    const doctor = connect(hub, DOCTOR, 'doctor', [PATIENT], 'session-d');
    hub.subscribe(doctor.connection, patientTopic(PATIENT));
    hub.deliver({ type: 'session.ended', userId: DOCTOR, sessionId: null });
    expect(doctor.closes).toEqual([SESSION_ENDED_CLOSE_CODE]);
    // A subscription still queued behind the close does not bring the stream back.
    hub.subscribe(doctor.connection, PATIENTS_TOPIC);
    hub.deliver(recorded);
    expect(eventsOf(doctor.heard).filter((e) => e.type === 'measurement.recorded')).toEqual([]);
    expect(patient.closes).toEqual([]);
    expect(eventsOf(patient.heard)).toEqual([{ topic: userTopic(PATIENT), type: 'measurement.recorded' }]);
  });

  it('a socket still loading its links when its session ends is closed and never welcomed', () => {
    const hub = createRealtimeHub({ heartbeatMs: 30_000 });
    const heard: string[] = [];
    const closes: number[] = [];
    const connection: RealtimeConnection = {
      userId: PATIENT,
      sessionId: 'session-a',
      role: 'patient',
      socket: { send: (text) => void heard.push(text), close: (code) => void closes.push(code) },
      links: new Map(),
      watchesAll: false,
      watched: new Set(),
    };
    hub.open(connection);
    hub.deliver({ type: 'session.ended', userId: PATIENT, sessionId: null });
    hub.add(connection);
    hub.deliver(recorded);
    expect(closes).toEqual([SESSION_ENDED_CLOSE_CODE]);
    expect(heard).toEqual([]);
  });
});
