import { Plus, Save } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveAvailability } from '@glucosuivi/domain/appointments/appointments.contract';
import type { Availability, AvailabilityInput } from '@glucosuivi/domain/appointments/appointments.schemas';
import { Button } from '@/components/ui/Button';
import { Skeleton } from '@/components/ui/Skeleton';
import { apiCall } from '@/lib/api-client';
import { ApiError } from '@/lib/errors';
import { appointmentError, useAppointmentMutation, useAvailability } from './appointments-api';
import { ExceptionRow, RuleRow, TimeZoneField } from './AvailabilityRows';
import {
  fieldErrors,
  newClosed,
  newOpening,
  newRule,
  toAvailabilityInput,
  valuesFromAvailability,
  type AvailabilityValues,
  type ExceptionValues,
  type FieldErrors,
  type RuleValues,
} from './availability-form';

/** "Mes disponibilités": the weekly ranges and the exceptions, saved together. */
export function AvailabilitySection({ timeZones, today }: { timeZones: readonly string[]; today: string }) {
  const { t } = useTranslation('appointments');
  const availability = useAvailability();
  let body;
  if (availability.isPending) body = <Skeleton className="h-40 w-full" />;
  else if (availability.isError) body = <p role="alert">{appointmentError(availability.error, t)}</p>;
  else body = <AvailabilityEditor key={availability.data.updatedAt ?? 'new'} availability={availability.data} timeZones={timeZones} today={today} />;
  return (
    <section aria-labelledby="availability-title" className="flex flex-col gap-3 rounded-2xl border border-line bg-canvas p-4 sm:p-5">
      <h2 id="availability-title" className="text-xl font-bold">
        {t('availability.title')}
      </h2>
      <p className="text-muted">{t('availability.text')}</p>
      {body}
    </section>
  );
}

export function AvailabilityEditor({ availability, timeZones, today }: { availability: Availability; timeZones: readonly string[]; today: string }) {
  const { t } = useTranslation('appointments');
  const [values, setValues] = useState<AvailabilityValues>(() => valuesFromAvailability(availability));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useAppointmentMutation(t, (input: AvailabilityInput) => apiCall(saveAvailability, { body: input }), t('toasts.availabilitySaved'));
  const video = availability.videoEnabled;

  const setRule = (index: number, rule: RuleValues) => setValues((v) => ({ ...v, rules: v.rules.map((r, i) => (i === index ? rule : r)) }));
  const setException = (index: number, exception: ExceptionValues) =>
    setValues((v) => ({ ...v, exceptions: v.exceptions.map((e, i) => (i === index ? exception : e)) }));
  const lastAddress = values.rules.at(-1)?.address ?? '';

  const submit = () => {
    const result = toAvailabilityInput(values);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.input, {
      onError: (error) => {
        if (error instanceof ApiError && error.issues) setErrors(fieldErrors(error.issues));
      },
    });
  };
  const errorCount = Object.keys(errors).length;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <TimeZoneField value={values.timezone} timeZones={timeZones} onChange={(timezone) => setValues((v) => ({ ...v, timezone }))} error={errors.timezone} />
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-1 text-lg font-semibold">{t('availability.weekly')}</legend>
        {values.rules.length === 0 ? <p className="text-sm text-muted">{t('availability.noRules')}</p> : null}
        {values.rules.map((rule, index) => (
          <RuleRow
            key={rule.key}
            index={index}
            rule={rule}
            video={video}
            errors={errors}
            onChange={(next) => setRule(index, next)}
            onRemove={() => setValues((v) => ({ ...v, rules: v.rules.filter((_, i) => i !== index) }))}
          />
        ))}
        <Button variant="secondary" className="self-start" onClick={() => setValues((v) => ({ ...v, rules: [...v.rules, newRule(v.rules.at(-1))] }))}>
          <Plus aria-hidden="true" className="size-4" />
          {t('availability.addRule')}
        </Button>
      </fieldset>
      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-1 text-lg font-semibold">{t('availability.exceptions')}</legend>
        {values.exceptions.length === 0 ? <p className="text-sm text-muted">{t('availability.noExceptions')}</p> : null}
        {values.exceptions.map((exception, index) => (
          <ExceptionRow
            key={exception.key}
            index={index}
            exception={exception}
            video={video}
            errors={errors}
            onChange={(next) => setException(index, next)}
            onRemove={() => setValues((v) => ({ ...v, exceptions: v.exceptions.filter((_, i) => i !== index) }))}
          />
        ))}
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setValues((v) => ({ ...v, exceptions: [...v.exceptions, newClosed(today)] }))}>
            <Plus aria-hidden="true" className="size-4" />
            {t('availability.addClosed')}
          </Button>
          <Button variant="secondary" onClick={() => setValues((v) => ({ ...v, exceptions: [...v.exceptions, newOpening(today, lastAddress)] }))}>
            <Plus aria-hidden="true" className="size-4" />
            {t('availability.addOpening')}
          </Button>
        </div>
      </fieldset>
      {errorCount > 0 ? (
        <p role="alert" className="font-medium text-red-700 dark:text-red-300" data-testid="availability-errors">
          {t('availability.fixErrors', { count: errorCount })}
        </p>
      ) : null}
      <Button type="submit" className="self-start" disabled={save.isPending}>
        <Save aria-hidden="true" className="size-4" />
        {t('availability.save')}
      </Button>
    </form>
  );
}
