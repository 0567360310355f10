import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_REQUEST_TYPES,
  SUPPORT_SUBJECT_MAX,
  type SupportRequestType,
} from '@glucosuivi/domain/support/support.schemas';
import {
  createSupportTicket,
  sendContactMessage,
} from '@glucosuivi/domain/support/support.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button-styles';
import { apiCall } from '@/lib/api-client';
import { ApiError, errorMessage } from '@/lib/errors';
import { isLanguage } from '@/lib/i18n';
import { supportKeys } from '@/lib/queries/query-keys';
import {
  errorsFromIssues,
  validateSupportForm,
  type SupportField,
  type SupportFormErrors,
  type SupportFormValues,
} from './support-form';

const EMPTY: SupportFormValues = { email: '', subject: '', message: '', type: 'question' };

const inputClasses =
  'w-full rounded-lg border border-line-strong bg-surface px-3 text-base text-fg aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300';

/** The support form (signed in) or the public contact form (`withEmail`). */
export function SupportForm({ withEmail }: { withEmail: boolean }) {
  const { t } = useTranslation('support');
  const id = useId();
  const { values, errors, sent, formRef, send, serverError, change, submit } =
    useSupportForm(withEmail);
  const fieldId = (field: SupportField) => `${id}-${field}`;
  const describedBy = (field: SupportField, hint = false) =>
    [hint ? `${fieldId(field)}-hint` : null, errors[field] ? `${fieldId(field)}-error` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5"
      aria-describedby={`${id}-required`}
    >
      <p id={`${id}-required`} className="text-sm text-muted">
        {t('form.required')}
      </p>
      {withEmail ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={fieldId('email')} className="font-medium">
            {t('form.email')}
          </label>
          <input
            id={fieldId('email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(e) => change('email', e.target.value)}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={describedBy('email')}
            className={`min-h-11 ${inputClasses}`}
          />
          <FieldError id={`${fieldId('email')}-error`} error={errors.email} />
        </div>
      ) : null}

      <div className="flex flex-col gap-1">
        <label htmlFor={fieldId('subject')} className="font-medium">
          {t('form.subject')}
        </label>
        <input
          id={fieldId('subject')}
          name="subject"
          required
          maxLength={SUPPORT_SUBJECT_MAX + 50}
          value={values.subject}
          onChange={(e) => change('subject', e.target.value)}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={describedBy('subject')}
          className={`min-h-11 ${inputClasses}`}
        />
        <FieldError id={`${fieldId('subject')}-error`} error={errors.subject} />
      </div>

      <div className="flex flex-col gap-1">
        <label htmlFor={fieldId('type')} className="font-medium">
          {t('form.type')}
        </label>
        <select
          id={fieldId('type')}
          name="type"
          value={values.type}
          onChange={(e) => change('type', e.target.value as SupportRequestType)}
          aria-invalid={errors.type ? true : undefined}
          aria-describedby={describedBy('type')}
          className={`min-h-11 ${inputClasses}`}
        >
          {SUPPORT_REQUEST_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </select>
        {values.type === 'urgent' ? (
          <p className="text-sm font-medium">{t('form.urgentNote')}</p>
        ) : null}
        <FieldError id={`${fieldId('type')}-error`} error={errors.type} />
      </div>

      <div className="flex flex-col gap-1">
        <label htmlFor={fieldId('message')} className="font-medium">
          {t('form.message')}
        </label>
        <p id={`${fieldId('message')}-hint`} className="text-sm text-muted">
          {t('form.messageHint', { count: values.message.length, max: SUPPORT_MESSAGE_MAX })}
        </p>
        <textarea
          id={fieldId('message')}
          name="message"
          required
          rows={7}
          value={values.message}
          onChange={(e) => change('message', e.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message', true)}
          className={`py-2 ${inputClasses}`}
        />
        <FieldError id={`${fieldId('message')}-error`} error={errors.message} />
      </div>

      <SendOutcome sent={sent} serverError={serverError} error={send.error} />

      <button
        type="submit"
        disabled={send.isPending}
        className={buttonClasses('primary', 'self-start px-6')}
      >
        {send.isPending ? t('form.sending') : t('form.send')}
      </button>
    </form>
  );
}

/** Values, per-field errors (the first refused field gets the focus) and the sending, with the server's own field errors. */
function useSupportForm(withEmail: boolean) {
  const { i18n } = useTranslation('support');
  const [values, setValues] = useState<SupportFormValues>(EMPTY);
  const [errors, setErrors] = useState<SupportFormErrors>({});
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const queryClient = useQueryClient();

  const send = useMutation({
    mutationFn: (form: SupportFormValues) => {
      const language = isLanguage(i18n.language) ? i18n.language : 'fr';
      const body = { subject: form.subject, message: form.message, type: form.type, language };
      return withEmail
        ? apiCall(sendContactMessage, { body: { ...body, email: form.email.trim() } })
        : apiCall(createSupportTicket, { body });
    },
    onSuccess: () => {
      setValues(EMPTY);
      setSent(true);
      // The new ticket heads "Mes demandes" (signed in; nothing is cached for the contact form).
      void queryClient.invalidateQueries({ queryKey: supportKeys.mine, exact: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'validation_failed' && error.issues)
        setErrors(errorsFromIssues(error.issues));
    },
  });

  function change<K extends keyof SupportFormValues>(key: K, value: SupportFormValues[K]) {
    setValues((v) => ({ ...v, [key]: value }));
    setSent(false);
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateSupportForm(values, withEmail);
    setErrors(found);
    const first = (['email', 'subject', 'type', 'message'] as const).find((f) => found[f]);
    if (first) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setSent(false);
    send.mutate(values);
  }

  const serverError =
    send.isError &&
    !(
      send.error instanceof ApiError &&
      send.error.code === 'validation_failed' &&
      send.error.issues
    );

  return { values, errors, sent, formRef, send, serverError, change, submit };
}

/** The polite "sent" status stays mounted so screen readers announce it; a server failure is an alert. */
function SendOutcome({
  sent,
  serverError,
  error,
}: {
  sent: boolean;
  serverError: boolean;
  error: unknown;
}) {
  const { t } = useTranslation('support');
  return (
    <>
      <div role="status" aria-live="polite">
        {sent ? (
          <p className="flex gap-2 rounded-lg border-2 border-emerald-700 bg-emerald-50 p-3 text-emerald-900 dark:border-emerald-300 dark:bg-emerald-950 dark:text-emerald-100">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <span>{t('success')}</span>
          </p>
        ) : null}
      </div>
      {serverError ? (
        <p
          role="alert"
          className="flex gap-2 rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>{errorMessage(error, t)}</span>
        </p>
      ) : null}
    </>
  );
}

function FieldError({ id, error }: { id: string; error: SupportFormErrors[SupportField] }) {
  const { t } = useTranslation('support');
  return error ? (
    <p id={id} className="text-sm font-medium text-red-700 dark:text-red-300">
      {t(`errors.${error}`)}
    </p>
  ) : null;
}
