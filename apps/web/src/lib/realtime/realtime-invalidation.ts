import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { DomainEvent, DomainEventOf, DomainEventType } from '@glucosuivi/domain/shared/events';
import { adviceKeys, appointmentKeys, careTeamKeys, professionalKeys, patientDataKeys, notificationKeys, reminderKeys } from '@/lib/queries/query-keys';
import { messageKeys } from '@/lib/queries/message-keys';
import { sessionQueryKey } from '@/lib/session';

/**
 * Every key the realtime channel can make stale, as prefixes. After a catch-up or a
 * reconnection (events may have been missed) all of them are invalidated. The session is not
 * among them: its fetch reads any failure as "signed out", too costly a mistake for a refresh.
 */
export const REALTIME_KEYS: readonly QueryKey[] = [
  patientDataKeys.settings,
  patientDataKeys.measurements,
  patientDataKeys.alerts,
  patientDataKeys.reports,
  patientDataKeys.profile,
  adviceKeys.all,
  professionalKeys.all,
  careTeamKeys.all,
  messageKeys.all,
  reminderKeys.all,
  notificationKeys.all,
  appointmentKeys.all,
];

/**
 * What a patient's measurements feed: their own pages (advice included: readings, meals, lab
 * results and blood pressure are its inputs), and the professional's list and page of them.
 */
const measurementKeys = (patientId: string): QueryKey[] => [
  patientDataKeys.measurements,
  adviceKeys.all,
  patientDataKeys.alerts,
  patientDataKeys.reports,
  professionalKeys.patient(patientId),
  professionalKeys.triageAll,
];

const alertKeys = (patientId: string): QueryKey[] => [
  patientDataKeys.alerts,
  // The dashboard's summary counts the open alerts; the weekly report counts them too.
  [...patientDataKeys.measurements, 'summary'],
  patientDataKeys.reports,
  professionalKeys.patient(patientId),
  professionalKeys.triageAll,
];

/**
 * The one table: each domain event → the query keys it makes stale (prefixes). The cache is
 * never patched from an event: an event carries ids and kinds only, and the page refetches
 * through the usual, authorised API. A key absent from this tab's cache costs nothing, so one
 * table serves the patient (their own topic) and the professional (a patient's topics) alike.
 * A new event type fails the type check until it has its line here.
 */
export const EVENT_KEYS: {
  [T in DomainEventType]: (event: DomainEventOf<T>) => readonly QueryKey[];
} = {
  'measurement.recorded': (e) => measurementKeys(e.patientId),
  'measurement.updated': (e) => measurementKeys(e.patientId),
  'measurement.deleted': (e) => measurementKeys(e.patientId),
  // Targets shape the summary's checks, the advice thresholds, the report and the profile form; the triage list uses the standard range.
  'targets.changed': (e) => [
    patientDataKeys.measurements,
    adviceKeys.all,
    patientDataKeys.reports,
    patientDataKeys.profile,
    professionalKeys.patient(e.patientId),
  ],
  // The name and age show on the professional's list and page.
  'profile.changed': (e) => [
    patientDataKeys.profile,
    professionalKeys.patient(e.patientId),
    professionalKeys.triageAll,
  ],
  // Language, unit or time zone shape every answer; the language also comes with the session.
  'settings.changed': () => [...REALTIME_KEYS, sessionQueryKey],
  // A link made, changed or revoked: the sharing sections, the professional's list and what their patient page may show.
  'care-link.changed': (e) => [
    careTeamKeys.all,
    professionalKeys.triageAll,
    professionalKeys.patient(e.patientId),
  ],
  'alert.raised': (e) => alertKeys(e.patientId),
  'alert.status-changed': (e) => alertKeys(e.patientId),
  // A message or a receipt: the conversation list, the conversation and the unread counts.
  'message.sent': (e) => [messageKeys.conversation(e.linkId), messageKeys.conversations, messageKeys.unread],
  'message.read': (e) => [messageKeys.conversation(e.linkId), messageKeys.conversations, messageKeys.unread],
  // "Distribué" on the sender's messages.
  'message.delivered': (e) => [messageKeys.conversation(e.linkId)],
  // A reminder's settings or an occurrence's state: the reminders page and the centre's items.
  'reminder.changed': () => [reminderKeys.all, notificationKeys.all],
  'reminder.due': () => [reminderKeys.all, notificationKeys.all],
  'notification.created': () => [notificationKeys.all],
  // Either party's lists, agenda, free slots and satisfaction; a confirmation schedules reminders.
  'appointment.changed': () => [appointmentKeys.all, reminderKeys.all, notificationKeys.all],
  // The server closes the socket instead of sending it (code 4401); listed for completeness.
  'session.ended': () => [sessionQueryKey],
};

export function keysForEvent(event: DomainEvent): readonly QueryKey[] {
  const keysOf = EVENT_KEYS[event.type] as (event: DomainEvent) => readonly QueryKey[];
  return keysOf(event);
}

/** Marks the event's queries stale; the ones on screen refetch. */
export function invalidateForEvent(queryClient: QueryClient, event: DomainEvent): Promise<unknown> {
  return Promise.all(
    keysForEvent(event).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

/** After a catch-up or a reconnection: everything the channel could have announced. */
export function invalidateAllRealtime(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(REALTIME_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
