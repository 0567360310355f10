import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { banAuthorInputSchema, FORUM_BAN_DAYS_MAX, hidePostInputSchema, isBannedForGood, type AdminReport } from '@glucosuivi/domain/community/community.schemas';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { TextField } from '@/components/ui/TextField';
import { toast } from 'sonner';
import { useBans, useModeration, useReports } from './community-api';
import { firstIssue, forumErrorMessage } from './forum-errors';
import { Notice, useFormatDate } from './forum-ui';

type Action = 'hide' | 'ban';

/** The reason (and for a ban, the number of days) asked before hiding a post or banning its author. */
function ReasonAction({ report, action }: { report: AdminReport; action: Action }) {
  const { t } = useTranslation('community');
  const moderation = useModeration();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [days, setDays] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = action === 'hide' ? moderation.hide : moderation.ban;
  const label = t(action === 'hide' ? 'moderation.hide' : 'moderation.ban');

  function submit(event: FormEvent) {
    event.preventDefault();
    const onError = (e: unknown) => setError(forumErrorMessage(e, t));
    const onSuccess = () => {
      setOpen(false);
      toast.success(t('moderation.done'));
    };
    if (action === 'hide') {
      const input = { hidden: true, reason };
      const issue = firstIssue(hidePostInputSchema.safeParse(input), t);
      setError(issue);
      if (!issue) moderation.hide.mutate({ id: report.postId, ...input, reason: reason.trim() }, { onSuccess, onError });
      return;
    }
    const input = { days: days.trim() ? Number(days) : null, reason };
    const issue = firstIssue(banAuthorInputSchema.safeParse(input), t);
    setError(issue);
    if (!issue) moderation.ban.mutate({ id: report.postId, ...input, reason: reason.trim() }, { onSuccess, onError });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={label}
      closeLabel={t('moderation.cancel')}
      trigger={<Button variant="secondary">{label}</Button>}
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField id={`${action}-${report.id}-reason`} label={t('moderation.reasonLabel')} value={reason} onValueChange={setReason} error={error} announceError maxLength={500} />
        {action === 'ban' ? (
          <TextField id={`${action}-${report.id}-days`} label={t('moderation.daysLabel')} type="number" inputMode="numeric" min={1} max={FORUM_BAN_DAYS_MAX} value={days} onValueChange={setDays} />
        ) : null}
        <Button type="submit" disabled={mutation.isPending} className="self-start">
          {t('moderation.confirm')}
        </Button>
      </form>
    </Dialog>
  );
}

function ReportItem({ report }: { report: AdminReport }) {
  const { t } = useTranslation('community');
  const format = useFormatDate();
  const moderation = useModeration();
  const fail = (e: unknown) => toast.error(forumErrorMessage(e, t));
  const ok = () => toast.success(t('moderation.done'));
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-4">
      <p className="text-sm text-muted">{t('moderation.reportedBy', { reporter: report.reporter ?? t('moderation.unknownReporter'), date: format(report.createdAt, true) })}</p>
      <p className="font-semibold">
        {t('moderation.reason', { reason: report.reason })}
      </p>
      <p>
        <Link to={`/community/t/${report.threadId}`} className="text-primary underline">
          {t('moderation.thread', { title: report.threadTitle })}
        </Link>{' '}
        · {t('moderation.author', { author: report.author })}
      </p>
      <blockquote className="border-s-4 border-line-strong ps-3 break-words whitespace-pre-wrap">{report.excerpt}</blockquote>
      <p className="flex flex-wrap gap-2 text-sm font-medium">
        {report.postHidden ? <span>{t('moderation.hiddenBadge')}</span> : null}
        {report.threadLocked ? <span>{t('moderation.lockedBadge')}</span> : null}
        {report.authorBannedUntil ? (
          <span>{isBannedForGood(report.authorBannedUntil) ? t('moderation.bannedForGood') : t('moderation.bannedUntil', { date: format(report.authorBannedUntil) })}</span>
        ) : null}
      </p>
      <div className="flex flex-wrap gap-2">
        {report.postHidden ? (
          <Button variant="secondary" onClick={() => moderation.hide.mutate({ id: report.postId, hidden: false }, { onSuccess: ok, onError: fail })}>
            {t('moderation.unhide')}
          </Button>
        ) : (
          <ReasonAction report={report} action="hide" />
        )}
        <Button variant="secondary" onClick={() => moderation.lock.mutate({ id: report.threadId, locked: !report.threadLocked }, { onSuccess: ok, onError: fail })}>
          {report.threadLocked ? t('moderation.unlock') : t('moderation.lock')}
        </Button>
        <ReasonAction report={report} action="ban" />
        <Button variant="ghost" onClick={() => moderation.dismiss.mutate(report.id, { onSuccess: ok, onError: fail })}>
          {t('moderation.dismiss')}
        </Button>
      </div>
    </li>
  );
}

/** Authors banned now, each with the way to let them post again. */
function RunningBans() {
  const { t } = useTranslation('community');
  const format = useFormatDate();
  const bans = useBans();
  const moderation = useModeration();
  if (!bans.data || bans.data.items.length === 0) return null;
  return (
    <section aria-labelledby="forum-bans-title" className="flex flex-col gap-2">
      <h3 id="forum-bans-title" className="text-lg font-semibold">
        {t('moderation.bansTitle')}
      </h3>
      <ul className="flex flex-col gap-2">
        {bans.data.items.map((ban) => (
          <li key={ban.userId} className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-line bg-surface p-3">
            <span className="font-semibold">{ban.pseudonym}</span>
            <span>{ban.bannedUntil ? t('moderation.bannedUntil', { date: format(ban.bannedUntil) }) : t('moderation.bannedForGood')}</span>
            {ban.reason ? <span className="text-muted">{t('moderation.reason', { reason: ban.reason })}</span> : null}
            <Button
              variant="secondary"
              aria-label={t('moderation.liftFor', { pseudonym: ban.pseudonym })}
              disabled={moderation.lift.isPending}
              onClick={() => moderation.lift.mutate(ban.userId, { onSuccess: () => toast.success(t('moderation.done')), onError: (e) => toast.error(forumErrorMessage(e, t)) })}
            >
              {t('moderation.lift')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The "Forum" section of /admin: open reports and the moderators' actions, then the running bans. */
export function AdminForumReports() {
  const { t } = useTranslation('community');
  const reports = useReports();
  return (
    <div className="flex flex-col gap-3">
      <p>{t('moderation.intro')}</p>
      {reports.isError ? <Notice tone="error">{forumErrorMessage(reports.error, t)}</Notice> : null}
      {reports.data && reports.data.items.length === 0 ? <p>{t('moderation.empty')}</p> : null}
      <ul className="flex flex-col gap-3">
        {reports.data?.items.map((report) => (
          <ReportItem key={report.id} report={report} />
        ))}
      </ul>
      <RunningBans />
    </div>
  );
}
