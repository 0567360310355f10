import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { deleteMeasurement, listMeasurements } from '@glucosuivi/domain/measurements/measurements.contract';
import type { MeasurementRecord } from '@glucosuivi/domain/measurements/measurements.schemas';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { formatDateTime } from '@/components/charts/glucose-display';
import { patientDataKeys, invalidateHealthData } from '@/lib/queries/patient-data';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { Dialog } from '@/components/ui/Dialog';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { recordValue } from '@/components/glucose-dashboard/dashboard-view';

export const RECENT_LIMIT = 10;

/** The last entries of every kind, newest first, each with edit and delete. */
export function RecentEntries({ unit, timeZone }: { unit: GlucoseUnit; timeZone: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const language = i18n.resolvedLanguage ?? 'fr';
  const queryClient = useQueryClient();
  const [toDelete, setToDelete] = useState<MeasurementRecord | null>(null);
  const recent = useQuery({
    queryKey: [...patientDataKeys.measurements, 'list', 'recent'],
    queryFn: ({ signal }) => apiCall(listMeasurements, { query: { limit: RECENT_LIMIT }, signal }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiCall(deleteMeasurement, { params: { id } }),
    onSuccess: () => {
      toast.success(t('recent.deleted'));
      setToDelete(null);
      void invalidateHealthData(queryClient);
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });

  return (
    <section aria-labelledby="recent-title" className="rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="recent-title" className="text-xl font-semibold">
          {t('recent.title')}
        </h2>
        <Link to="/new-measurement" className={buttonClasses('secondary')} data-button>
          {t('actions.add')}
        </Link>
      </div>
      {recent.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : recent.isError ? (
        <p role="alert">{errorMessage(recent.error, t)}</p>
      ) : recent.data.items.length === 0 ? (
        <p className="text-muted">{t('recent.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="recent-entries">
          {recent.data.items.map((record) => {
            const value = recordValue(record, unit, language, t);
            const kind = record.kind === 'event' ? t(`measurements:eventTypes.${record.event.type}`) : t(`measurements:kinds.${record.kind}`);
            const context = record.kind === 'glucose' && record.context ? t(`measurements:contexts.${record.context}`) : null;
            return (
              <li key={record.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <div className="min-w-0 flex-1">
                  <p>
                    <span className="font-semibold">{kind}</span> · <span className="tabular-nums">{value}</span>
                  </p>
                  <p className="text-sm text-muted">
                    <time dateTime={record.measuredAt}>{formatDateTime(record.measuredAt, language, timeZone)}</time>
                    {context ? ` · ${context}` : ''}
                  </p>
                </div>
                <div className="flex gap-1">
                  {record.kind !== 'glucose' || record.source === 'manual' || record.source === 'meter' ? (
                    <Link
                      to={`/new-measurement?edit=${record.id}`}
                      className={buttonClasses('ghost', 'px-2')}
                      aria-label={t('recent.edit', { kind, value })}
                      data-button
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                    </Link>
                  ) : null}
                  <Button variant="ghost" className="px-2" aria-label={t('recent.delete', { kind, value })} onClick={() => setToDelete(record)}>
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Dialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title={t('recent.confirmTitle')}
        description={toDelete ? t('recent.confirmText', { value: recordValue(toDelete, unit, language, t) }) : undefined}
        closeLabel={t('actions.close')}
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setToDelete(null)}>
            {t('actions.cancel')}
          </Button>
          <Button disabled={remove.isPending} onClick={() => toDelete && remove.mutate(toDelete.id)}>
            {t('recent.confirmDelete')}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
