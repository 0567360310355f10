import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { invalidateHealthData } from '@/lib/queries/patient-data';
import { sessionQueryKey, type SessionUser } from '@/lib/session';
import { clearOfflineData } from './clear';
import { dropOtherAccounts, onQueueChange, queueSupported } from './entry-queue';
import { DASHBOARD_PATHS, deleteLastDashboard, loadLastDashboard, saveLastDashboard, snapshotOf } from './last-dashboard';
import { useIsOnline } from './online-state';
import { registerAppWorker } from './service-worker';
import { browserQueue, sendWaiting } from './sync';

/** The dashboard's answers are kept once they have settled for this long (not at every intermediate answer). */
const SAVE_DELAY_MS = 1_000;

let sending: Promise<unknown> | null = null;
/** The queue changed while a run was sending: one more run once it ends (an entry added meanwhile). */
let sendAgain = false;

/** Sends this account's waiting entries, one run at a time per tab (the server keeps each entry once anyway). */
function sendOnce(userId: string, queryClient: QueryClient, t: (key: string, options: { count: number }) => string): void {
  if (!queueSupported()) return;
  if (sending) {
    sendAgain = true;
    return;
  }
  sending = sendWaiting(browserQueue(userId))
    .then((result) => {
      if (result.sent > 0) {
        toast.success(t('toasts.sent', { count: result.sent }));
        void invalidateHealthData(queryClient);
      }
      if (result.refused > 0) toast.error(t('toasts.refused', { count: result.refused }));
    })
    .catch(() => undefined)
    .finally(() => {
      sending = null;
      if (sendAgain) {
        sendAgain = false;
        sendOnce(userId, queryClient, t);
      }
    });
}

/**
 * The app's offline side, for whoever is signed in (mounted by the root layout): registers the
 * worker, sends waiting entries when online, keeps the dashboard's answers while it is shown, and
 * clears what belongs to an account that is no longer the one signed in.
 */
export function useOfflineApp(user: SessionUser | null, sessionPending: boolean, keepForOffline?: (user: SessionUser) => Promise<unknown>): void {
  const queryClient = useQueryClient();
  const online = useIsOnline();
  const { t, i18n } = useTranslation('offline');
  const userId = user?.id ?? null;
  const previousUser = useRef<string | null>(null);

  const keepRef = useRef(keepForOffline);
  useEffect(() => {
    if (user) registerAppWorker(() => keepRef.current?.(user) ?? Promise.resolve());
  }, [user]);

  // Another account on this device, or none any more (session ended elsewhere): its data goes.
  useEffect(() => {
    if (sessionPending) return;
    const before = previousUser.current;
    previousUser.current = userId;
    if (userId) {
      if (queueSupported()) void dropOtherAccounts(userId).catch(() => undefined);
      void loadLastDashboard().then((kept) => (kept && kept.userId !== userId ? deleteLastDashboard() : undefined));
    } else if (before && online) void clearOfflineData();
  }, [userId, sessionPending, online]);

  useEffect(() => {
    if (!userId || !online) return;
    const run = () => sendOnce(userId, queryClient, t);
    run();
    return queueSupported() ? onQueueChange(run) : undefined;
  }, [userId, online, queryClient, t]);

  useEffect(() => {
    if (!userId || !online) return;
    let timer: number | undefined;
    const save = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        if (!DASHBOARD_PATHS.includes(window.location.pathname)) return;
        const snapshot = snapshotOf(queryClient, userId, i18n.resolvedLanguage ?? 'fr', sessionQueryKey[0]);
        if (snapshot) void saveLastDashboard(snapshot).catch(() => undefined);
      }, SAVE_DELAY_MS);
    };
    save();
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      // New answers, or a page that starts observing answers already in hand (a client-side visit).
      if ((event.type === 'updated' && event.action.type === 'success') || event.type === 'observerAdded') save();
    });
    return () => {
      unsubscribe();
      window.clearTimeout(timer);
    };
  }, [userId, online, queryClient, i18n]);
}
