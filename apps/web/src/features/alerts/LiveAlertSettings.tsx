import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getAlertSettings, updateAlertSettings } from '@glucosuivi/domain/alerts/alerts.contract';
import type { AlertSettings } from '@glucosuivi/domain/alerts/alert-settings.schemas';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { formatGlucoseValue } from '@/components/charts/glucose-display';
import { alertsQueryKey } from '@/components/alerts/alerts-view';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Select';
import { Skeleton } from '@/components/ui/Skeleton';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';

// The choices stay inside the domain's safe bounds (alert-settings.schemas.ts).
const THRESHOLDS = [54, 60, 65, 70, 75, 80] as const;
const RATES = [1, 1.5, 2, 2.5, 3, 4, 5] as const;
const SILENCES = [10, 15, 20, 30, 45, 60] as const;
const settingsKey = [...alertsQueryKey, 'settings'] as const;

/** The patient's sensor (live CGM) alert settings, on /notifications. */
export function LiveAlertSettings({ unit }: { unit: GlucoseUnit }) {
  const { t } = useTranslation('alerts');
  const stored = useQuery({ queryKey: settingsKey, queryFn: ({ signal }) => apiCall(getAlertSettings, { signal }) });
  return (
    <section aria-labelledby="live-alerts-title" className="flex flex-col gap-3">
      <h2 id="live-alerts-title" className="text-xl font-bold">
        {t('liveSettings.title')}
      </h2>
      <p className="text-sm text-muted">{t('liveSettings.intro')}</p>
      {stored.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : stored.isError ? (
        <p role="alert">{errorMessage(stored.error, t)}</p>
      ) : (
        <LiveAlertSettingsForm key={JSON.stringify(stored.data)} stored={stored.data} unit={unit} />
      )}
    </section>
  );
}

function LiveAlertSettingsForm({ stored, unit }: { stored: AlertSettings; unit: GlucoseUnit }) {
  const { t, i18n } = useTranslation('alerts');
  const language = i18n.resolvedLanguage ?? 'fr';
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<AlertSettings>(stored);
  const save = useMutation({
    mutationFn: (body: AlertSettings) => apiCall(updateAlertSettings, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      toast.success(t('liveSettings.saved'));
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const set = (patch: Partial<AlertSettings>) => setValues((v) => ({ ...v, ...patch }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(values);
  };
  const checkbox = (field: 'rateAlerts' | 'signalLoss') => (
    <div className="flex items-start gap-3">
      <input
        id={`${id}-${field}`}
        type="checkbox"
        checked={values[field]}
        onChange={(event) => set({ [field]: event.target.checked })}
        className="mt-3 size-5 shrink-0 accent-primary"
      />
      <label htmlFor={`${id}-${field}`} className="flex min-h-11 flex-1 cursor-pointer items-center font-medium">
        {t(`liveSettings.${field}`)}
      </label>
    </div>
  );
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-3 sm:p-4" data-testid="live-alert-settings">
      <Select
        className="flex-wrap"
        label={t('liveSettings.urgentLowSoon')}
        value={String(values.urgentLowSoonMgdl)}
        options={THRESHOLDS.map((mgdl) => ({ value: String(mgdl), label: `${formatGlucoseValue(mgdl, unit, language)} ${unit}` }))}
        onChange={(value) => set({ urgentLowSoonMgdl: Number(value) })}
      />
      {checkbox('rateAlerts')}
      {values.rateAlerts ? (
        <Select
          className="flex-wrap"
          label={t('liveSettings.rate')}
          value={String(values.rateMgdlPerMin)}
          options={RATES.map((rate) => ({ value: String(rate), label: `${rate.toLocaleString(language)} mg/dL` }))}
          onChange={(value) => set({ rateMgdlPerMin: Number(value) })}
        />
      ) : null}
      {checkbox('signalLoss')}
      {values.signalLoss ? (
        <Select
          className="flex-wrap"
          label={t('liveSettings.signalLossMinutes')}
          value={String(values.signalLossMinutes)}
          options={SILENCES.map((minutes) => ({ value: String(minutes), label: t('liveSettings.minutes', { count: minutes }) }))}
          onChange={(value) => set({ signalLossMinutes: Number(value) })}
        />
      ) : null}
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {t('liveSettings.save')}
        </Button>
      </div>
    </form>
  );
}
