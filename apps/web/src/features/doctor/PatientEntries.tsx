import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { patientEntries } from '@glucosuivi/domain/doctor/doctor.contract';
import type { GlucoseUnit } from '@glucosuivi/domain/glucose/units';
import { formatDateTime } from '@/components/charts/glucose-display';
import { recordValue } from '@/components/charts/record-value';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { professionalKeys } from '@/lib/queries/query-keys';
import { NotShared } from './NotShared';

export const PATIENT_ENTRIES_LIMIT = 10;

/** The patient's latest entries of the shared kinds, read-only, as on the patient's dashboard. */
export function PatientEntries({ patientId, shared, unit, timeZone }: { patientId: string; shared: boolean; unit: GlucoseUnit; timeZone: string }) {
  const { t, i18n } = useTranslation('doctor');
  const language = i18n.resolvedLanguage ?? 'fr';
  const entries = useQuery({
    queryKey: [...professionalKeys.patient(patientId), 'entries'],
    queryFn: ({ signal }) => apiCall(patientEntries, { params: { patientId }, query: { limit: PATIENT_ENTRIES_LIMIT }, signal }),
    enabled: shared,
  });

  return (
    <section aria-labelledby="patient-entries-title" className="rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <h2 id="patient-entries-title" className="mb-3 text-xl font-semibold">
        {t('entries.title')}
      </h2>
      {!shared ? (
        <NotShared long />
      ) : entries.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : entries.isError ? (
        <p role="alert">{errorMessage(entries.error, t)}</p>
      ) : entries.data.items.length === 0 ? (
        <p className="text-muted">{t('entries.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line" data-testid="patient-entries">
          {entries.data.items.map((record) => {
            const kind = record.kind === 'event' ? t(`measurements:eventTypes.${record.event.type}`) : t(`measurements:kinds.${record.kind}`);
            const context = record.kind === 'glucose' && record.context ? t(`measurements:contexts.${record.context}`) : null;
            return (
              <li key={record.id} className="py-2">
                <p>
                  <span className="font-semibold">{kind}</span> · <span className="tabular-nums">{recordValue(record, unit, language, t)}</span>
                </p>
                <p className="text-sm text-muted">
                  <time dateTime={record.measuredAt}>{formatDateTime(record.measuredAt, language, timeZone)}</time>
                  {context ? ` · ${context}` : ''}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
