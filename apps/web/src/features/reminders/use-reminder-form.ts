import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { createReminder, updateReminder } from '@glucosuivi/domain/reminders/reminders.contract';
import type { Reminder, ReminderInputParsed } from '@glucosuivi/domain/reminders/reminders.schemas';
import { apiCall } from '@/lib/api-client';
import { ApiError, errorMessage } from '@/lib/errors';
import {
  buildReminderInput,
  firstErrorField,
  issuesToErrors,
  NO_ERRORS,
  type FormErrors,
  type ReminderField,
  type ReminderFormValues,
} from './reminder-form';
import { useInvalidateReminders } from './reminders-api';

/** What the form's field groups share: ids, values, errors and the setters. */
export interface FormKit {
  id: string;
  values: ReminderFormValues;
  errors: FormErrors;
  /** The translated error of a field, or null. */
  err: (field: ReminderField) => string | null;
  /** Sets one value and clears the errors it makes stale. */
  set: <K extends keyof ReminderFormValues>(key: K, value: ReminderFormValues[K], clears?: ReminderField[]) => void;
}

/**
 * The reminder form's state: values, refusals (the client's, then the server's) with the focus
 * on the first one, the save, and the time list with its focus after adding or removing a time.
 */
export function useReminderForm(reminder: Reminder | null, initial: ReminderFormValues, onDone: () => void) {
  const { t } = useTranslation('reminders');
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const timeRefs = useRef<(HTMLInputElement | null)[]>([]);
  const addTimeRef = useRef<HTMLButtonElement>(null);
  // After adding or removing a time: the input to focus once drawn ("Ajouter une heure" if none).
  const [focusTime, setFocusTime] = useState<number | null>(null);
  const [values, setValues] = useState<ReminderFormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [summary, setSummary] = useState<string | null>(null);
  const invalidate = useInvalidateReminders();

  useEffect(() => {
    if (focusTime === null) return;
    (timeRefs.current[focusTime] ?? addTimeRef.current)?.focus();
    setFocusTime(null);
  }, [focusTime]);

  const set: FormKit['set'] = (key, value, clears = []) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (clears.some((field) => errors.fields[field])) {
      setErrors((e) => {
        const fields = { ...e.fields };
        for (const field of clears) delete fields[field];
        return { fields, badTimes: clears.includes('times') ? [] : e.badTimes };
      });
    }
  };

  const focusSummary = () => formRef.current?.querySelector<HTMLElement>('[data-field="summary"]')?.focus();
  const showErrors = (next: FormErrors) => {
    setErrors(next);
    setSummary(t('form.summary'));
    const first = firstErrorField(next);
    const badTime = first === 'times' && next.badTimes.length > 0 ? timeRefs.current[next.badTimes[0]!] : null;
    const target = badTime ?? (first ? formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`) : null);
    // A field's first control, or the summary when the refusal belongs to no field.
    if (target) target.focus();
    else focusSummary();
  };

  const save = useMutation({
    mutationFn: (body: ReminderInputParsed) =>
      reminder ? apiCall(updateReminder, { params: { id: reminder.id }, body }) : apiCall(createReminder, { body }),
    onSuccess: () => {
      void invalidate();
      toast.success(t(reminder ? 'toasts.updated' : 'toasts.created'));
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.issues?.length) {
        showErrors(issuesToErrors(error.issues, values));
      } else {
        setSummary(errorMessage(error, t));
        focusSummary();
      }
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSummary(null);
    const result = buildReminderInput(values);
    if (!result.ok) return showErrors(result.errors);
    setErrors(NO_ERRORS);
    save.mutate(result.body);
  };

  const times = {
    refs: timeRefs,
    addRef: addTimeRef,
    change: (index: number, time: string) => set('times', values.times.map((x, i) => (i === index ? time : x)), ['times']),
    add: () => {
      set('times', [...values.times, ''], ['times']);
      setFocusTime(values.times.length);
    },
    remove: (index: number) => {
      set('times', values.times.filter((_, i) => i !== index), ['times']);
      setFocusTime(Math.max(0, index - 1));
    },
  };

  const kit: FormKit = { id, values, errors, set, err: (field) => (errors.fields[field] ? t(errors.fields[field]) : null) };
  return { kit, formRef, summary, save, onSubmit, times };
}

export type TimeControls = ReturnType<typeof useReminderForm>['times'];
