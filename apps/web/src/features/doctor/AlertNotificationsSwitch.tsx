import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getAlertNotifications, setAlertNotifications } from '@glucosuivi/domain/doctor/doctor.contract';
import { Switch } from '@/components/ui/Switch';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { professionalKeys } from '@/lib/queries/query-keys';

/**
 * The professional's own choice to be told of this patient's alerts outside this page. When the
 * link does not share what an alert needs, the switch is replaced by why nothing can be sent.
 */
export function AlertNotificationsSwitch({ patientId }: { patientId: string }) {
  const { t } = useTranslation('doctor');
  const queryClient = useQueryClient();
  const queryKey = [...professionalKeys.patient(patientId), 'alert-notifications'];
  const state = useQuery({
    queryKey,
    queryFn: ({ signal }) => apiCall(getAlertNotifications, { params: { patientId }, signal }),
  });
  const change = useMutation({
    mutationFn: (enabled: boolean) => apiCall(setAlertNotifications, { params: { patientId }, body: { enabled } }),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      toast.success(t(saved.enabled ? 'alerts.notifyOn' : 'alerts.notifyOff'));
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  if (!state.data) return null;
  if (!state.data.available) return <p className="mb-3 text-sm text-muted">{t('alerts.notifyUnavailable')}</p>;
  const checked = change.isPending && change.variables !== undefined ? change.variables : state.data.enabled;
  return (
    <div className="mb-3">
      <Switch
        label={t('alerts.notifyLabel')}
        description={t('alerts.notifyDescription')}
        checked={checked}
        onCheckedChange={(enabled) => change.mutate(enabled)}
      />
    </div>
  );
}
