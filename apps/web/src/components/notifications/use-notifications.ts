import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listNotifications, markNotificationsRead } from '@glucosuivi/domain/notifications/notifications.contract';
import { apiCall } from '@/lib/api-client';
import { notificationKeys } from '@/lib/queries/query-keys';

/**
 * The in-app centre's delivered items (GET /api/notifications), one query for the page and the
 * header's count: the realtime channel marks it stale on reminder.* and notification.created.
 */
export function useNotifications(enabled = true) {
  return useQuery({
    queryKey: notificationKeys.all,
    queryFn: ({ signal }) => apiCall(listNotifications, { signal }),
    enabled,
  });
}

/** Unread notifications, 0 until known (or when the list cannot load: the page reports errors). */
export function useUnreadNotificationCount(enabled = true): number {
  return useNotifications(enabled).data?.unread ?? 0;
}

/** Marks these notifications read, or all of them (no ids); the answer is the new list. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => apiCall(markNotificationsRead, { body: ids ? { ids } : {} }),
    onSuccess: (list) => {
      queryClient.setQueryData(notificationKeys.all, list);
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
