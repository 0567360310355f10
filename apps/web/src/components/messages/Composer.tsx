import { Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageTextSchema } from '@glucosuivi/domain/messages/messages.schemas';
import { formatNumber } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { MESSAGE_MAX_LENGTH, draftError, draftLength, type DraftError } from './message-form';

const textareaClasses =
  'min-h-24 w-full resize-y rounded-lg border border-line-strong bg-surface p-3 text-base text-fg aria-[invalid=true]:border-red-700 dark:aria-[invalid=true]:border-red-300';

interface ComposerProps {
  /** Sends the checked text; resolves once stored (the draft is then cleared), rejects otherwise. */
  send: (text: string) => Promise<unknown>;
  pending: boolean;
  /** The server's refusal, already translated. */
  serverError: string | null;
}

/**
 * The message field: Enter adds a line, Ctrl+Enter (⌘+Enter on a Mac) or the button sends. The
 * draft is checked with the server's rule first, so an empty, too long or malformed message
 * shows why and is not sent.
 */
export function Composer({ send, pending, serverError }: ComposerProps) {
  const { t, i18n } = useTranslation('messages');
  const language = i18n.resolvedLanguage ?? 'fr';
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<DraftError | null>(null);
  const length = draftLength(draft);
  const over = length > MESSAGE_MAX_LENGTH;
  const errorText = error ? t(`composer.errors.${error}`, { max: formatNumber(MESSAGE_MAX_LENGTH, language) }) : serverError;
  const describedBy = [`${id}-hint`, `${id}-counter`, errorText ? `${id}-error` : null].filter(Boolean).join(' ');

  const submit = () => {
    if (pending) return;
    const problem = draftError(draft);
    if (problem) {
      setError(problem);
      field.current?.focus();
      return;
    }
    setError(null);
    send(messageTextSchema.parse(draft)).then(
      () => {
        setDraft('');
        field.current?.focus();
      },
      // The draft stays, and the parent shows why it was refused.
      () => undefined,
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2" data-testid="message-composer">
      <label htmlFor={`${id}-text`} className="font-medium">
        {t('composer.label')}
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        {t('composer.hint')}
      </p>
      <textarea
        ref={field}
        id={`${id}-text`}
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          setError(null);
        }}
        onKeyDown={onKeyDown}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={textareaClasses}
      />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-counter`} className={`text-sm ${over ? 'font-semibold text-red-700 dark:text-red-300' : 'text-muted'}`} data-testid="message-counter">
          {t('composer.counter', { length: formatNumber(length, language), max: formatNumber(MESSAGE_MAX_LENGTH, language) })}
        </p>
        <Button type="submit" aria-disabled={pending || undefined}>
          <Send aria-hidden="true" className="size-4" />
          {pending ? t('composer.sending') : t('composer.send')}
        </Button>
      </div>
      {errorText ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300" data-testid="message-error">
          {errorText}
        </p>
      ) : null}
    </form>
  );
}
