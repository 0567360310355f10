import { describe, expect, it } from 'vitest';
import { SHARE_CATEGORIES } from '@glucosuivi/domain/care-team/care-team.schemas';
import { eventForProfessional } from '@glucosuivi/domain/realtime/realtime.rules';
import { PATIENTS_TOPIC, patientTopic, userTopic, type RealtimeServerMessage } from '@glucosuivi/domain/realtime/realtime.schemas';
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

function connect(hub: ReturnType<typeof createRealtimeHub>, userId: string, role: RealtimeConnection['role'], links: string[] = []) {
  const heard: RealtimeServerMessage[] = [];
  const connection: RealtimeConnection = {
    userId,
    role,
    socket: { send: (text) => void heard.push(JSON.parse(text) as RealtimeServerMessage) },
    links: new Map(links.map((patientId) => [patientId, new Set(SHARE_CATEGORIES)])),
    watchesAll: false,
    watched: new Set(),
  };
  hub.add(connection);
  heard.length = 0; // the hello
  return { connection, heard };
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
