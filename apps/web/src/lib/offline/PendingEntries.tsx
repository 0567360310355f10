import { CloudOff, Pencil, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { MeasurementInput } from '@glucosuivi/domain/measurements/measurements.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { buttonClasses } from '@/components/ui/button-styles';
import { ApiError, errorMessage } from '@/lib/errors';
import { useGlucoseSettings } from '@/lib/queries/patient-data';
import { useSession } from '@/lib/session';
import { listQueued, onQueueChange, queueSupported, removeQueued, type QueuedEntry } from './entry-queue';

/** This account's entries kept on the device, kept current as the queue changes (this tab or another). */
export function useQueuedEntries(): QueuedEntry[] {
  const { user } = useSession();
  const userId = user?.id ?? null;
  const [entries, setEntries] = useState<QueuedEntry[]>([]);
  const refresh = useCallback(() => {
    if (!userId || !queueSupported()) return setEntries([]);
    void listQueued(userId).then(setEntries, () => setEntries([]));
  }, [userId]);
  useEffect(() => {
    refresh();
    return queueSupported() ? onQueueChange(refresh) : undefined;
  }, [refresh]);
  return entries;
}

/** What an entry says, in the unit it was typed in ("6,1 mmol/L", "4 U d'insuline rapide", the note). */
function describe(body: MeasurementInput, t: (key: string, options?: Record<string, unknown>) => string, language: string): string {
  const n = (x: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(x);
  const kind = t(`measurements:kinds.${body.kind}`);
  switch (body.kind) {
    case 'glucose':
    case 'hba1c':
      return `${kind} : ${n(body.value)} ${body.unit}`;
    case 'lipids':
      return `${kind} (${body.unit})`;
    case 'blood_pressure':
      return `${kind} : ${body.systolic}/${body.diastolic} mmHg`;
    case 'weight':
      return `${kind} : ${n(body.kg)} kg`;
    case 'event': {
      const e = body.event;
      if (e.type === 'insulin') return t('measurements:eventValue.insulin', { units: n(e.units), type: t(`measurements:insulinTypes.${e.insulinType}`) });
      if (e.type === 'carbs') return t('measurements:eventValue.carbs', { grams: n(e.grams) });
      if (e.type === 'activity') return t('measurements:eventValue.activity', { minutes: n(e.minutes) });
      if (e.type === 'medication') return `${t('measurements:eventTypes.medication')} : ${e.name}`;
      return `${t('measurements:eventTypes.note')} : ${body.note ?? ''}`;
    }
  }
}

/**
 * The entries made without a connection and not yet on the server ("en attente d'envoi"), and
 * those the server refused, with the reason, to edit or discard. Nothing when there are none.
 */
export function PendingEntries() {
  const { t, i18n } = useTranslation(['offline', 'measurements', 'errors']);
  const language = i18n.resolvedLanguage ?? 'fr';
  const { timeZone } = useGlucoseSettings();
  const entries = useQueuedEntries();
  if (entries.length === 0) return null;
  const discard = (entry: QueuedEntry) =>
    void removeQueued(entry.clientKey).then(() => toast.success(t('offline:pending.discarded')));
  return (
    <section aria-labelledby="pending-entries-title" data-testid="pending-entries" className="rounded-2xl border border-line bg-surface p-4">
      <h2 id="pending-entries-title" className="flex items-center gap-2 text-lg font-semibold">
        <CloudOff aria-hidden="true" className="size-5" />
        {t('offline:pending.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('offline:pending.intro')}</p>
      <ul className="mt-3 flex flex-col divide-y divide-line">
        {entries.map((entry) => {
          const when = formatDateTime(entry.body.measuredAt, language, timeZone);
          const refusal = entry.refusal;
          return (
            <li key={entry.clientKey} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="pending-entry">
              <span className="min-w-0 flex-1">
                <span className="font-medium">{describe(entry.body, t, language)}</span>
                <span className="block text-sm text-muted">{when}</span>
              </span>
              {entry.status === 'refused' && refusal ? (
                <>
                  <span role="note" className="w-full text-sm font-medium text-red-700 dark:text-red-300 sm:w-auto">
                    {t('offline:pending.refused', { reason: errorMessage(new ApiError(refusal.code as ApiError['code'], refusal.code, undefined, undefined, refusal.issues), t) })}
                  </span>
                  <Link to={`/new-measurement?queued=${entry.clientKey}`} className={buttonClasses('secondary')} data-button aria-label={t('offline:pending.describeEdit', { when })}>
                    <Pencil aria-hidden="true" className="size-4" />
                    {t('offline:pending.edit')}
                  </Link>
                  <Button variant="ghost" onClick={() => discard(entry)} aria-label={t('offline:pending.describeDiscard', { when })}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    {t('offline:pending.discard')}
                  </Button>
                </>
              ) : (
                <span className="text-sm font-medium">{t('offline:pending.waiting')}</span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
