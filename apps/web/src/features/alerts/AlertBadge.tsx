import { useQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { listAlerts } from '@glucosuivi/domain/alerts/alerts.contract';
import { apiCall } from '@/lib/api-client';
import { openCountQueryKey } from './alerts-view';

/** Header bell with the number of open alerts; refreshed with every alert or measurement change. */
export function AlertBadge() {
  const { t } = useTranslation('alerts');
  const query = useQuery({
    queryKey: openCountQueryKey,
    queryFn: ({ signal }) => apiCall(listAlerts, { query: { status: 'open', limit: 1 }, signal }),
    refetchInterval: 60_000,
    // A badge that cannot load stays empty rather than retrying: the page itself reports errors.
    retry: false,
  });
  const open = query.data?.counts.open ?? 0;
  return (
    <Link
      to="/notifications"
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
