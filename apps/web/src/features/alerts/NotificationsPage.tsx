import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { acknowledgeAlert, listAlerts, resolveAlert } from '@glucosuivi/domain/alerts/alerts.contract';
import type { Alert, AlertStatus } from '@glucosuivi/domain/alerts/alerts.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';
import { useGlucoseSettings } from '@/lib/queries/patient-data';
import { Button } from '@/components/ui/Button';
import { LoadingScreen } from '@/components/ui/LoadingScreen';
import { apiCall } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { errorMessage } from '@/lib/errors';
import { Segmented } from '@/components/charts/Segmented';
import { alertsQueryKey, alertText, isUrgent } from '@/components/alerts/alerts-view';
import { DeliveredNotifications } from './DeliveredNotifications';
import { LiveAlertSettings } from './LiveAlertSettings';

type Filter = 'all' | AlertStatus;
const FILTERS: readonly Filter[] = ['open', 'acknowledged', 'resolved', 'all'];

/** /notifications: the delivered notifications (reminders…), then the patient's alerts, acknowledged or resolved from here. */
export function NotificationsPage() {
  const { t, i18n } = useTranslation('alerts');
  const language = i18n.resolvedLanguage ?? 'fr';
  useDocumentTitle(t('title'));
  const queryClient = useQueryClient();
  const settings = useGlucoseSettings();
  const [filter, setFilter] = useState<Filter>('all');
  const alerts = useQuery({
    queryKey: [...alertsQueryKey, 'list', filter],
    queryFn: ({ signal }) => apiCall(listAlerts, { query: { limit: 100, ...(filter === 'all' ? {} : { status: filter }) }, signal }),
  });
  const act = useMutation({
    mutationFn: ({ alert, action }: { alert: Alert; action: 'acknowledge' | 'resolve' }) =>
      apiCall(action === 'acknowledge' ? acknowledgeAlert : resolveAlert, { params: { id: alert.id } }),
    onSuccess: (_alert, { action }) => {
      void queryClient.invalidateQueries({ queryKey: alertsQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['measurements', 'summary'] });
      toast.success(t(action === 'acknowledge' ? 'toasts.acknowledged' : 'toasts.resolved'));
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  const counts = alerts.data?.counts;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-3 py-6 sm:px-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <DeliveredNotifications timeZone={settings.timeZone} />
      <section aria-labelledby="alerts-title" className="flex flex-col gap-4">
        <h2 id="alerts-title" className="text-xl font-bold">
          {t('alertsTitle')}
        </h2>
        {counts ? (
          <p data-testid="alert-counts">
            {t('counts', { open: t('countsOpen', { count: counts.open }), acknowledged: t('countsSeen', { count: counts.acknowledged }) })}
          </p>
        ) : null}
        <Segmented
          name="alert-filter"
          legend={t('filter.legend')}
          value={filter}
          options={FILTERS.map((f) => ({ value: f, label: t(`filter.${f}`) }))}
          onChange={setFilter}
        />
        {alerts.isPending ? (
          <LoadingScreen variant="patient" />
        ) : alerts.isError ? (
          <p role="alert">{errorMessage(alerts.error, t)}</p>
        ) : alerts.data && alerts.data.items.length === 0 ? (
          <p className="rounded-lg border border-line bg-surface p-4">{t(filter === 'all' ? 'empty' : 'emptyFilter')}</p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="alert-list">
            {alerts.data?.items.map((alert) => {
              const urgent = isUrgent(alert);
              const Icon = urgent ? CircleAlert : TriangleAlert;
              return (
                <li
                  key={alert.id}
                  className={`rounded-xl border-2 p-4 ${urgent ? 'border-red-700 dark:border-red-300' : 'border-line'} ${alert.status === 'resolved' ? 'opacity-90' : ''}`}
                >
                  <article aria-labelledby={`alert-${alert.id}`}>
                    <div className="flex flex-wrap items-start gap-3">
                      <Icon aria-hidden="true" className={`mt-1 size-5 shrink-0 ${urgent ? 'text-red-700 dark:text-red-300' : 'text-amber-700 dark:text-amber-300'}`} />
                      <div className="min-w-0 flex-1">
                        <h3 id={`alert-${alert.id}`} className="font-semibold">
                          {t(`kinds.${alert.kind}.title`)}
                        </h3>
                        <p>{alertText(alert, t, settings.unit, language, settings.timeZone)}</p>
                        {urgent ? <p className="mt-1 font-semibold">{t('emergency')}</p> : null}
                        <p className="mt-1 text-sm text-muted">
                          {t(`status.${alert.status}`)}
                          {alert.acknowledgedAt && alert.status === 'acknowledged'
                            ? ` · ${t('acknowledgedAt', { time: formatDateTime(alert.acknowledgedAt, language, settings.timeZone) })}`
                            : ''}
                          {alert.resolvedAt ? ` · ${t('resolvedAt', { time: formatDateTime(alert.resolvedAt, language, settings.timeZone) })}` : ''}
                        </p>
                      </div>
                    </div>
                    {alert.status !== 'resolved' ? (
                      <div className="mt-3 flex flex-wrap gap-2">
                        {alert.status === 'open' ? (
                          <Button variant="secondary" disabled={act.isPending} onClick={() => act.mutate({ alert, action: 'acknowledge' })}>
                            {t('actions.acknowledge')}
                          </Button>
                        ) : null}
                        <Button variant="secondary" disabled={act.isPending} onClick={() => act.mutate({ alert, action: 'resolve' })}>
                          {t('actions.resolve')}
                        </Button>
                      </div>
                    ) : null}
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <LiveAlertSettings unit={settings.unit} />
    </div>
  );
}

/**
 * /doctor-notifications: a professional's centre. They have no alerts of their own; what reaches
 * them is the alerts of the patients whose care link they asked to be told of (patient page).
 */
export function ProfessionalNotificationsPage() {
  const { t } = useTranslation('alerts');
  useDocumentTitle(t('title'));
  const settings = useGlucoseSettings();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-3 py-6 sm:px-4">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('title')}</h1>
      <p className="max-w-prose text-muted">{t('centre.professionalIntro')}</p>
      <DeliveredNotifications timeZone={settings.timeZone} />
    </div>
  );
}
