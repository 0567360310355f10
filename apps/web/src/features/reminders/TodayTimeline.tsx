import { useTranslation } from 'react-i18next';
import type { TimelineItem } from '@glucosuivi/domain/reminders/reminders.schemas';
import { formatDateTime, formatDay } from '@/components/charts/glucose-display';
import { OccurrenceActions } from '@/components/reminders/OccurrenceActions';
import { Skeleton } from '@/components/ui/Skeleton';
import { errorMessage } from '@/lib/errors';
import { useReminderToday } from './reminders-api';

const STATUS_STYLES: Record<TimelineItem['status'], string> = {
  upcoming: 'border-line text-muted',
  pending: 'border-primary bg-surface-strong font-semibold',
  snoozed: 'border-amber-700 dark:border-amber-300',
  done: 'border-green-700 text-green-800 dark:border-green-300 dark:text-green-200',
  skipped: 'border-line text-muted',
};

/** "Aujourd'hui": today's occurrences in the patient's zone, due ones with their actions. */
export function TodayTimeline() {
  const { t, i18n } = useTranslation('reminders');
  const language = i18n.resolvedLanguage ?? 'fr';
  const today = useReminderToday();

  let body;
  if (today.isPending) body = <Skeleton className="h-24 w-full" />;
  else if (today.isError) body = <p role="alert">{errorMessage(today.error, t)}</p>;
  else if (today.data.items.length === 0) body = <p className="rounded-lg border border-line bg-surface p-4">{t('today.empty')}</p>;
  else {
    const zone = today.data.timeZone;
    body = (
      <ol className="flex flex-col gap-2" data-testid="today-timeline">
        {today.data.items.map((item) => {
          const time = formatDateTime(item.dueAt, language, zone, false);
          const actionable = item.occurrenceId !== null && (item.status === 'pending' || item.status === 'snoozed');
          return (
            <li
              key={item.occurrenceId ?? `${item.reminderId}-${item.dueAt}`}
              className="flex flex-col gap-2 rounded-xl border border-line bg-canvas p-3 sm:flex-row sm:items-start sm:gap-4"
              data-testid="timeline-item"
              data-status={item.status}
            >
              <time dateTime={item.dueAt} className="shrink-0 text-lg font-bold tabular-nums sm:w-16">
                {time}
              </time>
              <div className="min-w-0 flex-1">
                <p className="font-semibold wrap-anywhere">{item.label}</p>
                {item.medicationName ? <p className="text-sm wrap-anywhere">{t('list.medication', { name: item.medicationName })}</p> : null}
                <p className="mt-1">
                  <span className={`inline-flex min-h-7 items-center rounded-full border px-2 text-sm ${STATUS_STYLES[item.status]}`}>
                    {item.status === 'snoozed' && item.snoozedUntil
                      ? t('status.snoozedUntil', { time: formatDateTime(item.snoozedUntil, language, zone, false) })
                      : t(`status.${item.status}`)}
                  </span>
                </p>
                {actionable ? (
                  <div className="mt-2">
                    <OccurrenceActions occurrenceId={item.occurrenceId!} label={item.label} withSkip />
                  </div>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
    );
  }

  return (
    <section aria-labelledby="today-title" className="flex flex-col gap-3">
      <div>
        <h2 id="today-title" className="text-xl font-bold">
          {t('today.title')}
        </h2>
        {today.data ? (
          <p className="text-sm text-muted">
            {t('today.day', { day: formatDay(`${today.data.day}T12:00:00Z`, language, 'UTC'), zone: today.data.timeZone.replace(/_/g, ' ') })}
          </p>
        ) : null}
      </div>
      {body}
    </section>
  );
}
