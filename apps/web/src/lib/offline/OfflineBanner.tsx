import { RefreshCw, WifiOff } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { formatDay, formatDateTime } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { DASHBOARD_PATHS, loadLastDashboard } from './last-dashboard';
import { useIsOnline } from './online-state';
import { applyUpdate, subscribeUpdate, updateWaiting } from './service-worker';

/**
 * Under the header of every page: while offline, says so (and, on the dashboard, the moment its
 * figures date from: "Données du … à …"); when a new version of the app is installed, offers to
 * reload into it. Nothing otherwise.
 */
export function OfflineBanner() {
  const online = useIsOnline();
  const update = useSyncExternalStore(subscribeUpdate, updateWaiting, () => false);
  if (online && !update) return null;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-2 px-3 pt-3 sm:px-4">
      {online ? null : <OfflineNotice />}
      {update ? <UpdatePrompt /> : null}
    </div>
  );
}

function OfflineNotice() {
  const { t, i18n } = useTranslation('offline');
  const language = i18n.resolvedLanguage ?? 'fr';
  const { pathname } = useLocation();
  const onDashboard = DASHBOARD_PATHS.includes(pathname);
  const [dataAt, setDataAt] = useState<number | null>(null);
  useEffect(() => {
    if (!onDashboard) return;
    let live = true;
    void loadLastDashboard().then((kept) => {
      if (live) setDataAt(kept?.dataAt ?? null);
    });
    return () => {
      live = false;
    };
  }, [onDashboard]);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <div role="status" data-testid="offline-banner" className="flex items-start gap-2 rounded-lg border-2 border-amber-700 bg-amber-50 p-3 text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-50">
      <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div>
        <p className="font-medium">{t('banner.offline')}</p>
        {onDashboard && dataAt !== null ? (
          <p data-testid="offline-data-date">
            {t('banner.dataFrom', { date: formatDay(dataAt, language, timeZone), time: formatDateTime(dataAt, language, timeZone, false) })}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function UpdatePrompt() {
  const { t } = useTranslation('offline');
  return (
    <div role="status" data-testid="update-prompt" className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface p-3">
      <p className="font-medium">{t('update.text')}</p>
      <Button variant="secondary" onClick={applyUpdate}>
        <RefreshCw aria-hidden="true" className="size-4" />
        {t('update.reload')}
      </Button>
    </div>
  );
}
