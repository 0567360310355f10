import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseMutationResult } from '@tanstack/react-query';
import {
  SUPPORT_MESSAGE_MAX,
  supportReplyInputSchema,
  type SupportTicketMessage,
  type SupportTicketStatus,
} from '@glucosuivi/domain/support/support.schemas';
import { buttonClasses } from '@/components/ui/button-styles';
import { ApiError, errorMessage } from '@/lib/errors';

/** A date and time in the reader's language and time zone. */
export function formatWhen(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso));
}

const STATUS_TONE: Record<SupportTicketStatus, string> = {
  open: 'border-amber-700 text-amber-900 dark:border-amber-300 dark:text-amber-100',
  answered: 'border-emerald-700 text-emerald-900 dark:border-emerald-300 dark:text-emerald-100',
  closed: 'border-line-strong text-fg',
};

/** The status in words (never colour alone). `viewer` decides how "open" reads: waiting for support, or to answer. */
export function StatusBadge({ status, viewer }: { status: SupportTicketStatus; viewer: 'requester' | 'support' }) {
  const { t } = useTranslation('support');
  return (
    <span className={`inline-flex min-h-7 items-center rounded-full border-2 px-2 text-sm font-medium ${STATUS_TONE[status]}`} data-testid="ticket-status">
      {t(viewer === 'support' && status === 'open' ? 'status.toAnswer' : `status.${status}`)}
    </span>
  );
}

export function UrgentBadge() {
  const { t } = useTranslation('support');
  return (
    <span className="inline-flex min-h-7 items-center rounded-full border-2 border-red-700 bg-red-50 px-2 text-sm font-semibold text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100">
      {t('types.urgent')}
    </span>
  );
}

/** The conversation, oldest first: who wrote (the requester or support), when, and the text as typed. */
export function ConversationMessages({ messages, viewer }: { messages: readonly SupportTicketMessage[]; viewer: 'requester' | 'support' }) {
  const { t, i18n } = useTranslation('support');
  const author = (fromSupport: boolean) =>
    fromSupport ? t('conversation.support') : viewer === 'requester' ? t('conversation.you') : t('conversation.requester');
  return (
    <ol className="flex flex-col gap-3" aria-label={t('conversation.label')} data-testid="ticket-messages">
      {messages.map((message) => (
        <li
          key={message.id}
          className={`rounded-lg border p-3 ${message.fromSupport ? 'border-primary bg-surface-strong' : 'border-line bg-surface'}`}
          data-from={message.fromSupport ? 'support' : 'requester'}
        >
          <p className="mb-1 flex flex-wrap gap-x-2 text-sm">
            <span className="font-semibold">{author(message.fromSupport)}</span>
            <time dateTime={message.createdAt} className="text-muted">
              {formatWhen(message.createdAt, i18n.language)}
            </time>
          </p>
          <p className="whitespace-pre-wrap wrap-anywhere">{message.message}</p>
        </li>
      ))}
    </ol>
  );
}

const REPLY_ISSUES = new Set(['messageRequired', 'messageTooLong', 'textInvalidCharacters']);

interface ReplyBoxProps {
  label: string;
  hint?: string | undefined;
  submitLabel: string;
  sentLabel: string;
  send: UseMutationResult<unknown, Error, string>;
}

/** A message box (follow-up or answer): checked with the server's own rule before it goes; a refusal is said in words. */
export function ReplyBox({ label, hint, submitLabel, sentLabel, send }: ReplyBoxProps) {
  const { t } = useTranslation('support');
  const id = useId();
  const [text, setText] = useState('');
  const [issue, setIssue] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = supportReplyInputSchema.safeParse({ message: text });
    if (!checked.success) {
      const found = checked.error.issues[0]?.message ?? '';
      setIssue(REPLY_ISSUES.has(found) ? found : 'messageInvalid');
      document.getElementById(`${id}-text`)?.focus();
      return;
    }
    setIssue(null);
    setSent(false);
    send.mutate(checked.data.message, {
      onSuccess: () => {
        setText('');
        setSent(true);
      },
    });
  }

  const serverIssue = send.error instanceof ApiError && send.error.code === 'validation_failed' ? send.error.issues?.[0]?.message : undefined;
  const fieldError = issue ?? (serverIssue && REPLY_ISSUES.has(serverIssue) ? serverIssue : null);
  const describedBy = [`${id}-hint`, fieldError ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor={`${id}-text`} className="font-medium">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint ? `${hint} ` : ''}
        {t('form.messageHint', { count: text.length, max: SUPPORT_MESSAGE_MAX })}
      </p>
      <textarea
        id={`${id}-text`}
        name="message"
        rows={5}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setSent(false);
          setIssue(null);
        }}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={describedBy}
        className="w-full rounded-lg border border-line-strong bg-surface px-3 py-2 text-base text-fg aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300"
      />
      {fieldError ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {t(`errors.${fieldError}`)}
        </p>
      ) : null}
      <div role="status" aria-live="polite">
        {sent ? <p className="font-medium text-emerald-800 dark:text-emerald-200">{sentLabel}</p> : null}
      </div>
      {send.isError && !fieldError ? (
        <p role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100">
          {errorMessage(send.error, t)}
        </p>
      ) : null}
      <button type="submit" disabled={send.isPending} className={buttonClasses('primary', 'self-start px-6')}>
        {send.isPending ? t('form.sending') : submitLabel}
      </button>
    </form>
  );
}
