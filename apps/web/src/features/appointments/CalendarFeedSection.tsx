import { CalendarSync, Copy, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { revokeCalendarFeed } from '@glucosuivi/domain/appointments/appointments.contract';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { inputClasses } from '@/components/ui/TextField';
import { apiCall } from '@/lib/api-client';
import { appointmentError, useAppointmentMutation, useCalendarFeed, useCreateFeed } from './appointments-api';
import { dateTimeLabel } from './appointment-time';

/**
 * The private calendar feed: a secret address a calendar app subscribes to. The server shows it
 * once, when created; afterwards the reader may replace it (the old one stops working) or revoke it.
 */
export function CalendarFeedSection({ timeZone }: { timeZone: string }) {
  const { t, i18n } = useTranslation('appointments');
  const language = i18n.resolvedLanguage ?? 'fr';
  const feed = useCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const create = useCreateFeed(setUrl);
  const revoke = useAppointmentMutation(t, () => apiCall(revokeCalendarFeed), t('toasts.feedRevoked'), () => {
    setUrl(null);
    setConfirming(false);
  });

  let body;
  if (feed.isPending) body = <Skeleton className="h-16 w-full" />;
  else if (feed.isError) body = <p role="alert">{appointmentError(feed.error, t)}</p>;
  else {
    const active = feed.data.active;
    body = (
      <>
        <p>{t('feed.text')}</p>
        {active && feed.data.createdAt ? <p className="text-sm text-muted">{t('feed.activeSince', { date: dateTimeLabel(feed.data.createdAt, language, timeZone) })}</p> : null}
        {url ? <FeedUrl url={url} /> : active ? <p className="text-sm">{t('feed.shownOnce')}</p> : null}
        <div className="flex flex-wrap gap-2">
          <Button variant={active ? 'secondary' : 'primary'} disabled={create.isPending} onClick={() => create.mutate(undefined, { onError: (error) => toast.error(appointmentError(error, t)) })}>
            <CalendarSync aria-hidden="true" className="size-4" />
            {t(active ? 'feed.replace' : 'feed.create')}
          </Button>
          {active ? (
            <Dialog
              open={confirming}
              onOpenChange={setConfirming}
              title={t('feed.revokeTitle')}
              description={t('feed.revokeText')}
              closeLabel={t('close')}
              trigger={
                <Button variant="ghost">
                  <Trash2 aria-hidden="true" className="size-4" />
                  {t('feed.revoke')}
                </Button>
              }
            >
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="secondary" onClick={() => setConfirming(false)}>
                  {t('cancelButton')}
                </Button>
                <Button className="bg-red-700 hover:bg-red-800 dark:bg-red-700" disabled={revoke.isPending} onClick={() => revoke.mutate(undefined)}>
                  {t('feed.revokeConfirm')}
                </Button>
              </div>
            </Dialog>
          ) : null}
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby="feed-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-4 sm:p-5" data-testid="calendar-feed">
      <h2 id="feed-title" className="text-xl font-bold">
        {t('feed.title')}
      </h2>
      {body}
    </section>
  );
}

function FeedUrl({ url }: { url: string }) {
  const { t } = useTranslation('appointments');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('feed.copied'));
    } catch {
      // Clipboard refused: select the text for a manual copy.
      input.current?.select();
      toast.info(t('feed.copyManually'));
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {t('feed.url')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input id={id} ref={input} readOnly value={url} onFocus={(e) => e.target.select()} className={`${inputClasses} min-w-0 flex-1 font-mono text-sm`} />
        <Button variant="secondary" onClick={() => void copy()}>
          <Copy aria-hidden="true" className="size-4" />
          {t('feed.copy')}
        </Button>
      </div>
      <p className="text-sm text-muted">{t('feed.secret')}</p>
    </div>
  );
}
