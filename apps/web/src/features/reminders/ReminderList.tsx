import { useMutation } from '@tanstack/react-query';
import { Pause, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { deleteReminder, pauseReminder, resumeReminder } from '@glucosuivi/domain/reminders/reminders.contract';
import type { Reminder } from '@glucosuivi/domain/reminders/reminders.schemas';
import { formatDateTime } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { Skeleton } from '@/components/ui/Skeleton';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { emptyValues, valuesFromReminder } from './reminder-form';
import { ReminderForm } from './ReminderForm';
import { useInvalidateReminders, useReminderList } from './reminders-api';
import { channelsSummary, scheduleSummary } from './schedule-summary';

export interface ReminderContext {
  /** The patient's settings zone (default of a new reminder) and "today" there. */
  timeZone: string;
  today: string;
  timeZones: readonly string[];
  pushEnabled: boolean;
  emailEnabled: boolean;
}

/** "Mes rappels": every reminder, paused ones included, with its next occurrence and its actions. */
export function ReminderList({ context }: { context: ReminderContext }) {
  const { t } = useTranslation('reminders');
  const list = useReminderList();
  const [creating, setCreating] = useState(false);

  let body;
  if (list.isPending) body = <Skeleton className="h-32 w-full" />;
  else if (list.isError) body = <p role="alert">{errorMessage(list.error, t)}</p>;
  else if (list.data.reminders.length === 0) body = <p className="rounded-lg border border-line bg-surface p-4">{t('list.empty')}</p>;
  else {
    body = (
      <ul className="flex flex-col gap-3" data-testid="reminder-list">
        {list.data.reminders.map((reminder) => (
          <li key={reminder.id}>
            <ReminderCard reminder={reminder} context={context} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section aria-labelledby="list-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="list-title" className="text-xl font-bold">
          {t('list.title')}
        </h2>
        <Dialog
          open={creating}
          onOpenChange={setCreating}
          title={t('form.createTitle')}
          closeLabel={t('form.close')}
          trigger={
            <Button>
              <Plus aria-hidden="true" className="size-4" />
              {t('list.create')}
            </Button>
          }
        >
          <ReminderForm
            reminder={null}
            initial={emptyValues(context.today, context.timeZone)}
            timeZones={context.timeZones}
            pushEnabled={context.pushEnabled}
            emailEnabled={context.emailEnabled}
            onDone={() => setCreating(false)}
            onCancel={() => setCreating(false)}
          />
        </Dialog>
      </div>
      {body}
    </section>
  );
}

function ReminderCard({ reminder, context }: { reminder: Reminder; context: ReminderContext }) {
  const { t, i18n } = useTranslation('reminders');
  const language = i18n.resolvedLanguage ?? 'fr';
  const titleId = `reminder-${reminder.id}`;
  const otherZone = reminder.timeZone !== context.timeZone;
  const next = reminder.paused
    ? t('list.pausedNext')
    : reminder.nextDueAt
      ? formatDateTime(reminder.nextDueAt, language, reminder.timeZone)
      : t('list.ended');

  return (
    <article aria-labelledby={titleId} className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-3 sm:p-4" data-testid="reminder-card">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={titleId} className="min-w-0 text-lg font-semibold wrap-anywhere">
          {reminder.label}
        </h3>
        {reminder.paused ? (
          <span className="inline-flex min-h-7 items-center rounded-full border border-amber-700 px-2 text-sm dark:border-amber-300">{t('list.paused')}</span>
        ) : null}
      </div>
      <dl className="grid min-w-0 gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-medium">{t('list.kind')}</dt>
        <dd>{t(`kinds.${reminder.kind}`)}</dd>
        {reminder.medicationName ? (
          <>
            <dt className="font-medium">{t('list.medicationName')}</dt>
            <dd className="wrap-anywhere">{reminder.medicationName}</dd>
          </>
        ) : null}
        {reminder.instructions ? (
          <>
            <dt className="font-medium">{t('list.instructions')}</dt>
            <dd className="wrap-anywhere whitespace-pre-line">{reminder.instructions}</dd>
          </>
        ) : null}
        <dt className="font-medium">{t('list.schedule')}</dt>
        <dd className="wrap-anywhere" data-testid="schedule-summary">
          {scheduleSummary(reminder.schedule, t)}
          {otherZone ? ` (${reminder.timeZone.replace(/_/g, ' ')})` : ''}
        </dd>
        <dt className="font-medium">{t('list.nextLabel')}</dt>
        <dd>{next}</dd>
        <dt className="font-medium">{t('list.channels')}</dt>
        <dd>{channelsSummary(reminder, t)}</dd>
      </dl>
      <ReminderActions reminder={reminder} context={context} />
    </article>
  );
}

/** Edit (not an appointment's: the appointment owns it), pause or resume, delete after confirming. */
function ReminderActions({ reminder, context }: { reminder: Reminder; context: ReminderContext }) {
  const { t } = useTranslation('reminders');
  const invalidate = useInvalidateReminders();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const toggle = useMutation({
    mutationFn: () => apiCall(reminder.paused ? resumeReminder : pauseReminder, { params: { id: reminder.id } }),
    onSuccess: () => {
      void invalidate();
      toast.success(t(reminder.paused ? 'toasts.resumed' : 'toasts.paused'));
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  const remove = useMutation({
    mutationFn: () => apiCall(deleteReminder, { params: { id: reminder.id } }),
    onSuccess: () => {
      setConfirming(false);
      void invalidate();
      toast.success(t('toasts.deleted'));
    },
    onError: (error) => toast.error(errorMessage(error, t)),
  });
  // Screen readers hear which reminder each button acts on.
  const whichReminder = <span className="sr-only"> : {reminder.label}</span>;

  return (
    <div className="flex flex-wrap gap-2">
      {reminder.kind === 'appointment' ? null : (
        <Dialog
          open={editing}
          onOpenChange={setEditing}
          title={t('form.editTitle')}
          closeLabel={t('form.close')}
          trigger={
            <Button variant="secondary">
              <Pencil aria-hidden="true" className="size-4" />
              {t('list.edit')}
              {whichReminder}
            </Button>
          }
        >
          <ReminderForm
            reminder={reminder}
            initial={valuesFromReminder(reminder)}
            timeZones={context.timeZones}
            pushEnabled={context.pushEnabled}
            emailEnabled={context.emailEnabled}
            onDone={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        </Dialog>
      )}
      <Button variant="secondary" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
        {reminder.paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
        {t(reminder.paused ? 'list.resume' : 'list.pause')}
        {whichReminder}
      </Button>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('list.deleteTitle')}
        description={t('list.deleteText', { label: reminder.label })}
        closeLabel={t('form.close')}
        trigger={
          <Button variant="ghost">
            <Trash2 aria-hidden="true" className="size-4" />
            {t('list.delete')}
            {whichReminder}
          </Button>
        }
      >
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('form.cancel')}
          </Button>
          <Button className="bg-red-700 hover:bg-red-800 dark:bg-red-700" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t('list.deleteConfirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
