import { BellRing, CheckCheck, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { NotificationItem } from '@glucosuivi/domain/notifications/notifications.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';
import { useMarkNotificationsRead, useNotifications } from '@/components/notifications/use-notifications';
import { OccurrenceActions } from '@/components/reminders/OccurrenceActions';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { errorMessage } from '@/lib/errors';

const linkClass = 'inline-flex min-h-11 items-center rounded-lg font-semibold text-primary underline underline-offset-2 hover:text-primary-strong';

/**
 * The centre's delivered items (issue 14), newest first: a reminder that came due (with "Fait"
 * and "Reporter" while it waits) or, for a professional, a linked patient's alert. Unread items
 * are bold and say so to screen readers.
 */
export function DeliveredNotifications({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('alerts');
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const markAll = () =>
    markRead.mutate(undefined, {
      onSuccess: () => toast.success(t('centre.allRead')),
      onError: (error) => toast.error(errorMessage(error, t)),
    });

  let body;
  if (list.isPending) body = <Skeleton className="h-24 w-full" />;
  else if (list.isError) body = <p role="alert">{errorMessage(list.error, t)}</p>;
  else if (list.data.items.length === 0) body = <p className="rounded-lg border border-line bg-surface p-4">{t('centre.empty')}</p>;
  else {
    const items = [...list.data.items].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    body = (
      <ul className="flex flex-col gap-2" data-testid="notification-list">
        {items.map((item) => (
          <li key={item.id}>
            <NotificationEntry item={item} timeZone={timeZone} onOpen={() => item.readAt === null && markRead.mutate([item.id])} />
          </li>
        ))}
      </ul>
    );
  }

  const unread = list.data?.unread ?? 0;
  return (
    <section aria-labelledby="centre-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="centre-title" className="text-xl font-bold">
          {t('centre.title')}
        </h2>
        {unread > 0 ? (
          <Button variant="secondary" disabled={markRead.isPending} onClick={markAll}>
            <CheckCheck aria-hidden="true" className="size-4" />
            {t('centre.markAllRead')}
          </Button>
        ) : null}
      </div>
      {list.data ? <p data-testid="notification-unread">{t('centre.unreadCount', { count: unread })}</p> : null}
      {body}
    </section>
  );
}

function NotificationEntry({ item, timeZone, onOpen }: { item: NotificationItem; timeZone: string; onOpen: () => void }) {
  const { t, i18n } = useTranslation('alerts');
  const language = i18n.resolvedLanguage ?? 'fr';
  const unread = item.readAt === null;
  const titleId = `notification-${item.id}`;
  const Icon = item.kind === 'reminder' ? BellRing : TriangleAlert;

  let title: string;
  let when: { at: string; text: string };
  let details = null;
  if (item.kind === 'reminder') {
    const r = item.reminder;
    title = t('centre.reminder', { label: r.label });
    when = { at: r.dueAt, text: t('centre.dueAt', { time: formatDateTime(r.dueAt, language, timeZone) }) };
    details = (
      <>
        {r.medicationName ? <p className="text-sm wrap-anywhere">{t('reminders:list.medication', { name: r.medicationName })}</p> : null}
        <p className="text-sm">{t(`reminders:status.${r.status}`)}</p>
        <div className="mt-2 flex flex-col gap-2">
          {r.status === 'pending' ? <OccurrenceActions occurrenceId={r.occurrenceId} label={r.label} /> : null}
          <Link to="/reminders" className={linkClass} onClick={onOpen}>
            {t('centre.openReminders')}
          </Link>
        </div>
      </>
    );
  } else {
    const a = item.patientAlert;
    const name = [a.firstName, a.lastName].filter(Boolean).join(' ');
    title = t('centre.patientAlert', { name, kind: t(`centre.alertKinds.${a.alertKind}`) });
    when = { at: a.occurredAt, text: t('centre.occurredAt', { time: formatDateTime(a.occurredAt, language, timeZone) }) };
    details = (
      <Link to={`/doctor/patients/${encodeURIComponent(a.patientId)}`} className={linkClass} onClick={onOpen}>
        {t('centre.openPatient', { name })}
      </Link>
    );
  }

  return (
    <article
      aria-labelledby={titleId}
      className={`flex gap-3 rounded-xl border p-3 sm:p-4 ${unread ? 'border-primary bg-surface' : 'border-line'}`}
      data-testid="notification-item"
      data-unread={unread}
    >
      <Icon aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
      <div className="min-w-0 flex-1">
        <h3 id={titleId} className={`wrap-anywhere ${unread ? 'font-bold' : 'font-normal'}`}>
          {title}
          {unread ? <span className="sr-only"> {t('centre.unread')}</span> : null}
        </h3>
        <p className="text-sm text-muted">
          <time dateTime={when.at}>{when.text}</time>
        </p>
        {details}
      </div>
    </article>
  );
}
