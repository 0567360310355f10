import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { mentionsEmergency } from '@glucosuivi/domain/community/emergency';
import { FORUM_BODY_MAX, FORUM_EDIT_WINDOW_HOURS, newPostInputSchema, reportInputSchema, type ForumPost } from '@glucosuivi/domain/community/community.schemas';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { inputClasses } from '@/components/ui/TextField';
import { useEditPost, useReport } from './community-api';
import { firstIssue, forumErrorMessage } from './forum-errors';
import { MarkdownText } from './MarkdownText';
import { useFormatDate } from './forum-ui';

/** Shown on a post that mentions an emergency: the forum is not where help comes from. */
export function EmergencyBanner() {
  const { t } = useTranslation('community');
  return (
    <div role="note" aria-label={t('emergency.title')} className="flex gap-2 rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-900 dark:border-red-300 dark:bg-red-950 dark:text-red-100">
      <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
      <div>
        <p className="font-bold">{t('emergency.title')}</p>
        <p>{t('emergency.text')}</p>
      </div>
    </div>
  );
}

interface DialogTextFormProps {
  id: string;
  label: string;
  rows: number;
  maxLength?: number;
  value: string;
  onChange: (value: string) => void;
  /** Said under the field, announced, and tied to it for screen readers. */
  error: string | null;
  pending: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
}

/** The form of the post dialogs (report, edit): one labelled text area, its error, one button. */
function DialogTextForm({ id, label, rows, maxLength, value, onChange, error, pending, submitLabel, onSubmit }: DialogTextFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <textarea
        id={id}
        rows={rows}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`py-2 ${inputClasses}`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={pending} className="self-start">
        {submitLabel}
      </Button>
    </form>
  );
}

function ReportDialog({ post }: { post: ForumPost }) {
  const { t } = useTranslation('community');
  const report = useReport(post.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = `report-${post.id}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const issue = firstIssue(reportInputSchema.safeParse({ reason }), t);
    setError(issue);
    if (!issue) report.mutate(reason.trim(), { onError: (e) => setError(forumErrorMessage(e, t)) });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setReason('');
          setError(null);
          report.reset();
        }
      }}
      title={t('report.title')}
      description={t('report.description')}
      closeLabel={t('report.close')}
      trigger={
        <Button variant="ghost" aria-label={t('post.reportLabel', { author: post.author })}>
          {t('post.report')}
        </Button>
      }
    >
      {report.isSuccess ? (
        <p role="status">{t('report.sent')}</p>
      ) : (
        <DialogTextForm id={fieldId} label={t('report.reason')} rows={3} value={reason} onChange={setReason} error={error} pending={report.isPending} submitLabel={t('report.send')} onSubmit={submit} />
      )}
    </Dialog>
  );
}

/** Its author's own post, while it may still be edited (the server decides; this only hides a button that would be refused). */
function editable(post: ForumPost): boolean {
  return post.mine && !post.hidden && post.body !== null && Date.now() - Date.parse(post.createdAt) < FORUM_EDIT_WINDOW_HOURS * 3_600_000;
}

function EditDialog({ post }: { post: ForumPost }) {
  const { t } = useTranslation('community');
  const edit = useEditPost(post.id);
  const [open, setOpen] = useState(false);
  const [body, setBody] = useState(post.body ?? '');
  const [error, setError] = useState<string | null>(null);
  const fieldId = `edit-${post.id}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    const issue = firstIssue(newPostInputSchema.safeParse({ body }), t);
    setError(issue);
    if (!issue) edit.mutate(body, { onSuccess: () => setOpen(false), onError: (e) => setError(forumErrorMessage(e, t)) });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setBody(post.body ?? '');
        setError(null);
      }}
      title={t('edit.title')}
      description={t('edit.description', { hours: FORUM_EDIT_WINDOW_HOURS })}
      closeLabel={t('report.close')}
      trigger={<Button variant="ghost">{t('edit.open')}</Button>}
    >
      <DialogTextForm id={fieldId} label={t('edit.label')} rows={6} maxLength={FORUM_BODY_MAX} value={body} onChange={setBody} error={error} pending={edit.isPending} submitLabel={t('edit.save')} onSubmit={submit} />
    </Dialog>
  );
}

/** One post: its author's pseudonym, its date, its text (or the moderation's mask), "Signaler", and "Modifier" on one's own. */
export function PostCard({ post, canReport }: { post: ForumPost; canReport: boolean }) {
  const { t } = useTranslation('community');
  const format = useFormatDate();
  const headingId = `post-${post.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border border-line bg-surface p-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <p id={headingId} className="text-sm text-muted">
          <span className="font-semibold text-fg">{post.author}</span> · <time dateTime={post.createdAt}>{t('postedOn', { date: format(post.createdAt, true) })}</time>
          {post.editedAt ? (
            <>
              {' · '}
              <time dateTime={post.editedAt}>{t('edit.editedOn', { date: format(post.editedAt, true) })}</time>
            </>
          ) : null}
        </p>
        {canReport && !post.mine && !post.hidden ? <ReportDialog post={post} /> : null}
        {editable(post) ? <EditDialog post={post} /> : null}
      </header>
      {post.hidden ? (
        <p className="rounded-lg border border-dashed border-line-strong p-3 italic">
          {post.mine ? t('post.hiddenMine', { reason: post.hiddenReason ?? '' }) : t('post.hidden')}
        </p>
      ) : null}
      {post.body !== null && mentionsEmergency(post.body) ? <EmergencyBanner /> : null}
      {post.body !== null ? <MarkdownText source={post.body} /> : null}
    </article>
  );
}
