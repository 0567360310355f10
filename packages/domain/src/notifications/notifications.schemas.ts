import { z } from 'zod';
import { reminderKindSchema, occurrenceStatusSchema } from '../reminders/reminders.schemas';
import { alertKindSchema } from '../alerts/alerts.schemas';

/**
 * The in-app notification centre (spec §2 /notifications) beyond a patient's own alerts: what
 * the delivery pipeline gave a user. Each item names its subject; values stay with the subject's
 * feature (a professional opens the patient's page to see the reading).
 */
export const NOTIFICATION_KINDS = ['reminder', 'patient_alert'] as const;
export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reminder'),
    id: z.uuid(),
    createdAt: z.iso.datetime(),
    readAt: z.iso.datetime().nullable(),
    reminder: z.object({
      occurrenceId: z.uuid(),
      reminderId: z.uuid(),
      reminderKind: reminderKindSchema,
      label: z.string(),
      medicationName: z.string().nullable(),
      dueAt: z.iso.datetime(),
      status: occurrenceStatusSchema,
    }),
  }),
  z.object({
    kind: z.literal('patient_alert'),
    id: z.uuid(),
    createdAt: z.iso.datetime(),
    readAt: z.iso.datetime().nullable(),
    patientAlert: z.object({
      patientId: z.string(),
      firstName: z.string(),
      lastName: z.string().nullable(),
      alertId: z.uuid(),
      alertKind: alertKindSchema,
      occurredAt: z.iso.datetime(),
    }),
  }),
]);
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  /** Unread items (the header's count adds it to the open alerts). */
  unread: z.int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const markNotificationsReadSchema = z.strictObject({
  /** These ids, or every unread one when absent. */
  ids: z.array(z.uuid()).min(1).max(200).optional(),
});

