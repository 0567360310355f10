import type { NotificationItem } from '@glucosuivi/domain/notifications/notifications.schemas';
import type { Reminder, ReminderToday } from '@glucosuivi/domain/reminders/reminders.schemas';
import type { UserSettings } from '@glucosuivi/domain/settings/settings.schemas';

/** Test data for the reminders page and the notification centre (used by tests only). */

export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export function settings(overrides: Partial<UserSettings> = {}): UserSettings {
  return {
    notificationsPush: true,
    emailAlerts: false,
    biometricAuth: false,
    twoFactorAuth: false,
    dataSharing: false,
    locationAccess: false,
    dataSync: true,
    autoBackup: true,
    darkMode: false,
    autoThemeEnabled: false,
    language: 'fr',
    glucoseUnit: 'mg/dl',
    timezone: 'Europe/Paris',
    updatedAt: '2026-03-01T00:00:00.000Z',
    ...overrides,
  };
}

export function reminder(n: number, overrides: Partial<Reminder> = {}): Reminder {
  return {
    id: uuid(n),
    kind: 'measurement',
    label: `Rappel ${n}`,
    medicationName: null,
    instructions: null,
    schedule: { type: 'weekly', times: ['08:00'], days: [1, 2, 3, 4, 5, 6, 7] },
    timeZone: 'Europe/Paris',
    startsOn: '2026-03-01',
    endsOn: null,
    sendPush: false,
    sendEmail: false,
    paused: false,
    nextDueAt: '2026-03-11T07:00:00.000Z',
    createdAt: '2026-03-01T08:00:00.000Z',
    updatedAt: '2026-03-01T08:00:00.000Z',
    ...overrides,
  };
}

export function today(items: ReminderToday['items']): ReminderToday {
  return { day: '2026-03-10', timeZone: 'Europe/Paris', items };
}

export function reminderNotification(n: number, overrides: Partial<Extract<NotificationItem, { kind: 'reminder' }>['reminder']> = {}, readAt: string | null = null): NotificationItem {
  return {
    kind: 'reminder',
    id: uuid(100 + n),
    createdAt: new Date(Date.UTC(2026, 2, 10, 7, n)).toISOString(),
    readAt,
    reminder: {
      occurrenceId: uuid(200 + n),
      reminderId: uuid(n),
      reminderKind: 'measurement',
      label: `Rappel ${n}`,
      medicationName: null,
      dueAt: new Date(Date.UTC(2026, 2, 10, 7, n)).toISOString(),
      status: 'pending',
      ...overrides,
    },
  };
}
