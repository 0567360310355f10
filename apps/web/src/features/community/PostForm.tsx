import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FORUM_BODY_MAX, newPostInputSchema, newThreadInputSchema } from '@glucosuivi/domain/community/community.schemas';
import { Button } from '@/components/ui/Button';
import { inputClasses, TextField } from '@/components/ui/TextField';
import { firstIssue, forumErrorMessage } from './forum-errors';

interface PostFormProps {
  /** `thread`: a title and a first message; `reply`: a message. */
  kind: 'thread' | 'reply';
  heading: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (input: { title: string; body: string }, done: { ok: () => void; fail: (error: unknown) => void }) => void;
  /** Said once the post is published. */
  doneMessage: string;
}

/** A new thread or a reply: checked with the server's schema before sending, errors translated. */
export function PostForm({ kind, heading, submitLabel, pending, onSubmit, doneMessage }: PostFormProps) {
  const { t } = useTranslation('community');
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<{ field: 'title' | 'body' | 'form'; message: string } | null>(null);
  const [done, setDone] = useState(false);
  const id = `forum-${kind}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    setDone(false);
    const checked = kind === 'thread' ? newThreadInputSchema.safeParse({ title, body }) : newPostInputSchema.safeParse({ body });
    if (!checked.success) {
      const field = checked.error.issues[0]?.path[0] === 'title' ? 'title' : 'body';
      setError({ field, message: firstIssue(checked, t)! });
      return;
    }
    setError(null);
    onSubmit(
      { title, body },
      {
        ok: () => {
          setTitle('');
          setBody('');
          setDone(true);
        },
        fail: (e) => setError({ field: 'form', message: forumErrorMessage(e, t) }),
      },
    );
  }

  const bodyError = error?.field === 'body' ? error.message : null;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {heading}
      </h2>
      {kind === 'thread' ? (
        <TextField id={`${id}-title`} name="title" label={t('newThread.titleLabel')} value={title} onValueChange={setTitle} error={error?.field === 'title' ? error.message : null} maxLength={120} />
      ) : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-body`} className="font-medium">
          {t('body.label')}
        </label>
        <p id={`${id}-body-hint`} className="text-sm text-muted">
          {t('body.hint', { count: body.trim().length, max: FORUM_BODY_MAX })}
        </p>
        <textarea
          id={`${id}-body`}
          name="body"
          rows={6}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={bodyError ? true : undefined}
          aria-describedby={`${id}-body-hint${bodyError ? ` ${id}-body-error` : ''}`}
          className={`py-2 ${inputClasses}`}
        />
        {bodyError ? (
          <p id={`${id}-body-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
            {bodyError}
          </p>
        ) : null}
      </div>
      {error?.field === 'form' ? (
        <p role="alert" className="rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100">
          {error.message}
        </p>
      ) : null}
      <p role="status" className={done ? 'font-medium' : 'sr-only'}>
        {done ? doneMessage : ''}
      </p>
      <Button type="submit" disabled={pending} className="self-start">
        {pending ? t('sending') : submitLabel}
      </Button>
    </form>
  );
}
