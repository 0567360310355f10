import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listAlerts } from '@glucosuivi/domain/alerts/alerts.contract';
import { apiCall } from '@/lib/api-client';
import { openCountQueryKey } from '@/components/alerts/alerts-view';
import { useUnreadNotificationCount } from '@/components/notifications/use-notifications';

/** The patient's number of open alerts (one query for the bell and the menu); 0 until known. */
export function useOpenAlertCount(enabled = true): number {
  const query = useQuery({
    queryKey: openCountQueryKey,
    queryFn: ({ signal }) => apiCall(listAlerts, { query: { status: 'open', limit: 1 }, signal }),
    refetchInterval: 60_000,
    // A badge that cannot load stays empty rather than retrying: the page itself reports errors.
    retry: false,
    enabled,
  });
  return query.data?.counts.open ?? 0;
}

/**
 * What /notifications holds that the person has not seen: their open alerts and the centre's
 * unread notifications (reminders delivered…), one query per source, 0 until known.
 */
export function useNotificationCount(enabled = true): number {
  return useOpenAlertCount(enabled) + useUnreadNotificationCount(enabled);
}

/**
 * Header bell with the count of the notification centre; refreshed with every alert,
 * measurement or notification change. A professional's centre (`deliveredOnly`) counts the
 * delivered items only: they have no alerts of their own.
 */
export function AlertBadge({ to = '/notifications', deliveredOnly = false }: { to?: string; deliveredOnly?: boolean }) {
  const { t } = useTranslation('alerts');
  const all = useNotificationCount(!deliveredOnly);
  const delivered = useUnreadNotificationCount(deliveredOnly);
  const open = deliveredOnly ? delivered : all;
  return (
    <Link
      to={to}
      className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg hover:bg-surface-strong"
      aria-label={t('badge.label', { count: open })}
      data-testid="alert-badge"
      data-button
    >
      <Bell aria-hidden="true" className="size-5" />
      {open > 0 ? (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
          data-testid="alert-count"
        >
          {open > 99 ? '99+' : open}
        </span>
      ) : null}
    </Link>
  );
}
