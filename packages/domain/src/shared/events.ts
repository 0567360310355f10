import { z } from 'zod';
import { alertKindSchema } from '../alerts/alerts.schemas';
import { shareCategorySchema } from '../care-team/care-team.schemas';
import { measurementKindSchema } from '../measurements/measurements.schemas';

/**
 * Domain events: "something about this patient changed", published by the server once the
 * write's transaction has committed (docs/adr/0007-domain-events-after-commit.md). Subscribers
 * (dashboard cache, alert e-mails; next the realtime channel and the job system) react to them.
 *
 * Payloads carry ids and kinds, never health values, names or addresses: an event travels
 * through PostgreSQL NOTIFY to every server and may be logged by type, so it must be harmless
 * to see. A subscriber that needs the data reads it under the right actor.
 */

const id = z.string().min(1).max(64);

export const measurementRecordedSchema = z.object({
  type: z.literal('measurement.recorded'),
  patientId: id,
  /** The one record written; null for a device batch (many readings, see `count`). */
  measurementId: id.nullable(),
  kinds: z.array(measurementKindSchema).min(1),
  count: z.number().int().positive(),
});

export const measurementUpdatedSchema = z.object({
  type: z.literal('measurement.updated'),
  patientId: id,
  measurementId: id,
  kind: measurementKindSchema,
});

export const measurementDeletedSchema = z.object({
  type: z.literal('measurement.deleted'),
  patientId: id,
  measurementId: id,
  /** So that a professional not shown this kind is not told of its deletion either. */
  kind: measurementKindSchema,
});

export const targetsChangedSchema = z.object({
  type: z.literal('targets.changed'),
  patientId: id,
  /** The patient themself or a linked professional. */
  changedBy: id,
});

export const profileChangedSchema = z.object({
  type: z.literal('profile.changed'),
  patientId: id,
});

/** Language, unit or time zone may have changed: they shape every answer of this user. */
export const settingsChangedSchema = z.object({
  type: z.literal('settings.changed'),
  userId: id,
});

export const CARE_LINK_CHANGES = ['created', 'categories_changed', 'revoked'] as const;

export const careLinkChangedSchema = z.object({
  type: z.literal('care-link.changed'),
  patientId: id,
  professionalId: id,
  linkId: id,
  change: z.enum(CARE_LINK_CHANGES),
  /** The categories shared after the change (empty once revoked): realtime re-authorises on it. */
  categories: z.array(shareCategorySchema),
});

export const alertRaisedSchema = z.object({
  type: z.literal('alert.raised'),
  patientId: id,
  /** All alerts of one write together: a channel can send one summary, not one per alert. */
  alertIds: z.array(id).min(1),
  kinds: z.array(alertKindSchema).min(1),
});

export const alertStatusChangedSchema = z.object({
  type: z.literal('alert.status-changed'),
  patientId: id,
  alertId: id,
  status: z.enum(['acknowledged', 'resolved']),
  changedBy: id,
});

/** A message was stored in a care link's conversation (never its text: readers fetch it as a party). */
export const messageSentSchema = z.object({
  type: z.literal('message.sent'),
  linkId: id,
  patientId: id,
  professionalId: id,
  messageId: id,
  senderId: id,
});

/** A party read the other's messages of a conversation up to (and including) this message. */
export const messageReadSchema = z.object({
  type: z.literal('message.read'),
  linkId: id,
  patientId: id,
  professionalId: id,
  readerId: id,
  upToMessageId: id,
});

/** The recipient's client received messages up to this one ("Distribué" for the sender). */
export const messageDeliveredSchema = z.object({
  type: z.literal('message.delivered'),
  linkId: id,
  patientId: id,
  professionalId: id,
  recipientId: id,
  upToMessageId: id,
});

/** A reminder was created, changed, paused, resumed or deleted, or an occurrence changed state. */
export const reminderChangedSchema = z.object({
  type: z.literal('reminder.changed'),
  patientId: id,
  reminderId: id,
});

/** An occurrence came due (or back from a snooze) and was delivered in-app. */
export const reminderDueSchema = z.object({
  type: z.literal('reminder.due'),
  patientId: id,
  reminderId: id,
  occurrenceId: id,
});

/**
 * A notification row was written for `userId` (the recipient; for a professional's
 * `patient_alert`, `patientId` is the patient concerned, otherwise the recipient again).
 */
export const notificationCreatedSchema = z.object({
  type: z.literal('notification.created'),
  patientId: id,
  userId: id,
  notificationId: id,
  kind: z.enum(['reminder', 'patient_alert']),
});

export const APPOINTMENT_CHANGES = ['requested', 'proposed', 'confirmed', 'cancelled', 'done', 'no_show'] as const;

/** An appointment of a care link was requested, answered or closed (ids only: readers fetch it as a party). */
export const appointmentChangedSchema = z.object({
  type: z.literal('appointment.changed'),
  patientId: id,
  professionalId: id,
  appointmentId: id,
  change: z.enum(APPOINTMENT_CHANGES),
  /** Who made the change. */
  changedBy: id,
});

/**
 * Sessions ended (signed out, revoked from the sessions list, account locked or deleted, password
 * reset): every server closes the realtime sockets opened with them at once. `sessionId` null:
 * every session of the user. The session id names the session row and signs nobody in (the cookie
 * carries the token, which never travels here).
 */
export const sessionEndedSchema = z.object({
  type: z.literal('session.ended'),
  userId: id,
  sessionId: id.nullable(),
});

export const domainEventSchema = z.discriminatedUnion('type', [
  measurementRecordedSchema,
  measurementUpdatedSchema,
  measurementDeletedSchema,
  targetsChangedSchema,
  profileChangedSchema,
  settingsChangedSchema,
  careLinkChangedSchema,
  alertRaisedSchema,
  alertStatusChangedSchema,
  messageSentSchema,
  messageReadSchema,
  messageDeliveredSchema,
  reminderChangedSchema,
  reminderDueSchema,
  notificationCreatedSchema,
  appointmentChangedSchema,
  sessionEndedSchema,
]);

export type DomainEvent = z.infer<typeof domainEventSchema>;
export type DomainEventType = DomainEvent['type'];
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
export const DOMAIN_EVENT_TYPES = domainEventSchema.options.map(
  (option) => option.shape.type.value,
) as DomainEventType[];

/** The patient whose data an event is about (settings, sessions: the user themself; messages: the link's patient). */
export function subjectOf(event: DomainEvent): string {
  return event.type === 'settings.changed' || event.type === 'session.ended' ? event.userId : event.patientId;
}
