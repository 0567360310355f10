import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getQuietHours, getReminderToday, listReminders } from '@glucosuivi/domain/reminders/reminders.contract';
import { getSettings } from '@glucosuivi/domain/settings/settings.contract';
import { apiCall } from '@/lib/api-client';
import { patientDataKeys, notificationKeys, reminderKeys } from '@/lib/queries/query-keys';

/*
 * The page's queries live under reminderKeys, which the realtime channel marks stale on every
 * reminder.* event of the patient's own topic. That topic comes with the connection itself
 * (RealtimeProvider), so this page subscribes to nothing more.
 */

export function useReminderList() {
  return useQuery({ queryKey: reminderKeys.list, queryFn: ({ signal }) => apiCall(listReminders, { signal }) });
}

export function useReminderToday() {
  return useQuery({ queryKey: reminderKeys.today, queryFn: ({ signal }) => apiCall(getReminderToday, { signal }) });
}

export function useQuietHours() {
  return useQuery({ queryKey: reminderKeys.quietHours, queryFn: ({ signal }) => apiCall(getQuietHours, { signal }) });
}

/** The patient's settings (the settings page's own query): zone, push and e-mail switches. */
export function useUserSettings() {
  return useQuery({ queryKey: patientDataKeys.settings, queryFn: ({ signal }) => apiCall(getSettings, { signal }) });
}

/** After any change: the list, today's timeline and the quiet hours, and the centre's items. */
export function useInvalidateReminders(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reminderKeys.all }),
      queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    ]);
}
