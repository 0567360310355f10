import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { acknowledgePatientAlert, patientAlerts } from '@glucosuivi/domain/doctor/doctor.contract';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { formatDateTime } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { alertText, isUrgent } from '@/components/alerts/alerts-view';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { professionalKeys } from '@/lib/queries/query-keys';
import { AlertNotificationsSwitch } from './AlertNotificationsSwitch';
import { NotShared } from './NotShared';

/** The patient's open and acknowledged alerts; the professional marks an open one as seen. */
export function PatientAlerts({ patientId, shared, unit, timeZone }: { patientId: string; shared: boolean; unit: GlucoseUnit; timeZone: string }) {
  const { t, i18n } = useTranslation('doctor');
  const language = i18n.resolvedLanguage ?? 'fr';
  const queryClient = useQueryClient();
  const alerts = useQuery({
    queryKey: [...professionalKeys.patient(patientId), 'alerts'],
    queryFn: ({ signal }) => apiCall(patientAlerts, { params: { patientId }, signal }),
    enabled: shared,
  });
  const acknowledge = useMutation({
    mutationFn: (alertId: string) => apiCall(acknowledgePatientAlert, { params: { patientId, alertId } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: professionalKeys.patient(patientId) });
      void queryClient.invalidateQueries({ queryKey: professionalKeys.triageAll });
      toast.success(t('alerts.acknowledged'));
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  return (
    <section aria-labelledby="patient-alerts-title" className="rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <h2 id="patient-alerts-title" className="mb-3 text-xl font-semibold">
        {t('alerts.title')}
      </h2>
      <AlertNotificationsSwitch patientId={patientId} />
      {!shared ? (
        <NotShared long />
      ) : alerts.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : alerts.isError ? (
        <p role="alert">{errorMessage(alerts.error, t)}</p>
      ) : alerts.data.items.length === 0 ? (
        <p className="text-muted">{t('alerts.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="patient-alerts">
          {alerts.data.items.map((alert) => {
            const urgent = isUrgent(alert);
            const Icon = urgent ? CircleAlert : TriangleAlert;
            return (
              <li key={alert.id} className={`rounded-xl border-2 p-3 ${urgent ? 'border-red-700 dark:border-red-300' : 'border-line'}`}>
                <article aria-labelledby={`patient-alert-${alert.id}`} className="flex flex-wrap items-start gap-3">
                  <Icon aria-hidden="true" className={`mt-1 size-5 shrink-0 ${urgent ? 'text-red-700 dark:text-red-300' : 'text-amber-700 dark:text-amber-300'}`} />
                  <div className="min-w-0 flex-1">
                    <h3 id={`patient-alert-${alert.id}`} className="font-semibold">
                      {t(`alerts:kinds.${alert.kind}.title`)}
                    </h3>
                    <p>{alertText(alert, t, unit, language, timeZone)}</p>
                    <p className="mt-1 text-sm text-muted">
                      {t(`alerts:status.${alert.status}`)}
                      {alert.acknowledgedAt && alert.status === 'acknowledged'
                        ? ` · ${t(alert.acknowledgedByWho ? `alerts:acknowledgedBy.${alert.acknowledgedByWho}` : 'alerts:acknowledgedAt', {
                            time: formatDateTime(alert.acknowledgedAt, language, timeZone),
                          })}`
                        : ''}
                    </p>
                  </div>
                  {alert.status === 'open' ? (
                    <Button variant="secondary" disabled={acknowledge.isPending} onClick={() => acknowledge.mutate(alert.id)} aria-describedby={`patient-alert-${alert.id}`}>
                      {t('alerts.acknowledge')}
                    </Button>
                  ) : null}
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
