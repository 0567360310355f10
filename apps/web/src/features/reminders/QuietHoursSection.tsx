import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { setQuietHours } from '@glucosuivi/domain/reminders/reminders.contract';
import type { QuietHours } from '@glucosuivi/domain/reminders/reminders.schemas';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { TextField } from '@/components/ui/TextField';
import { apiCall } from '@/lib/api-client';
import { ApiError, errorMessage } from '@/lib/errors';
import { buildQuietHours, quietHoursValues, quietIssuesToErrors, type QuietField, type QuietHoursValues } from './reminder-form';
import { useInvalidateReminders, useQuietHours } from './reminders-api';

/** "Heures calmes": a start and an end (local), or none. */
export function QuietHoursSection() {
  const { t } = useTranslation('reminders');
  const stored = useQuietHours();
  return (
    <section aria-labelledby="quiet-title" className="flex flex-col gap-3">
      <h2 id="quiet-title" className="text-xl font-bold">
        {t('quiet.title')}
      </h2>
      <p className="text-sm text-muted">{t('quiet.intro')}</p>
      {stored.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : stored.isError ? (
        <p role="alert">{errorMessage(stored.error, t)}</p>
      ) : (
        // Keyed by the stored value: a change from another tab starts the form afresh.
        <QuietHoursForm key={`${stored.data.start}-${stored.data.end}`} stored={stored.data} />
      )}
    </section>
  );
}

function QuietHoursForm({ stored }: { stored: QuietHours }) {
  const { t } = useTranslation('reminders');
  const id = useId();
  const invalidate = useInvalidateReminders();
  const [values, setValues] = useState<QuietHoursValues>(() => quietHoursValues(stored));
  // Translation keys by field; `failure` is a refusal already in words (network, server).
  const [errors, setErrors] = useState<Partial<Record<QuietField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: QuietHours) => apiCall(setQuietHours, { body }),
    onSuccess: (saved) => {
      void invalidate();
      toast.success(t(saved.start === null ? 'quiet.savedNone' : 'quiet.saved'));
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.issues?.length) setErrors(quietIssuesToErrors(error.issues, values));
      else setFailure(errorMessage(error, t));
    },
  });
  const set = (patch: Partial<QuietHoursValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
    setFailure(null);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = buildQuietHours(values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = result.errors.start ? 'start' : 'end';
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    save.mutate(result.body);
  };
  const current =
    stored.start !== null && stored.end !== null ? t('quiet.current', { start: stored.start, end: stored.end }) : t('quiet.currentNone');

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-3 sm:p-4">
      <p data-testid="quiet-current">{current}</p>
      {failure || errors.form ? (
        <p role="alert" className="font-medium text-red-700 dark:text-red-300">
          {failure ?? t(errors.form!)}
        </p>
      ) : null}
      <div className="flex items-start gap-3">
        <input
          id={`${id}-enabled`}
          type="checkbox"
          checked={values.enabled}
          onChange={(event) => set({ enabled: event.target.checked })}
          className="mt-3 size-5 shrink-0 accent-primary"
        />
        <label htmlFor={`${id}-enabled`} className="flex min-h-11 flex-1 cursor-pointer items-center font-medium">
          {t('quiet.enable')}
        </label>
      </div>
      {values.enabled ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={`${id}-start`}
            type="time"
            step={60}
            label={t('quiet.start')}
            value={values.start}
            onValueChange={(start) => set({ start })}
            error={errors.start ? t(errors.start) : null}
          />
          <TextField
            id={`${id}-end`}
            type="time"
            step={60}
            label={t('quiet.end')}
            value={values.end}
            onValueChange={(end) => set({ end })}
            error={errors.end ? t(errors.end) : null}
          />
        </div>
      ) : null}
      <div>
        <Button type="submit" variant="secondary" disabled={save.isPending}>
          {t('quiet.save')}
        </Button>
      </div>
    </form>
  );
}
