import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { listFailedJobs } from '@glucosuivi/domain/admin/admin.contract';
import type { FailedJob } from '@glucosuivi/domain/admin/admin.schemas';
import { retryFailedJob } from '@glucosuivi/domain/admin/failed-jobs.contract';
import { formatDateTime } from '@/components/charts/glucose-display';
import { Button } from '@/components/ui/Button';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { adminOpsKeys } from '@/lib/queries/query-keys';

/** "Tâches en échec": jobs that used all their attempts (name, attempts, error type), each with a retry button. */
export function JobsSection() {
  const { t } = useTranslation('adminOps');
  const failed = useQuery({ queryKey: adminOpsKeys.failedJobs, queryFn: ({ signal }) => apiCall(listFailedJobs, { signal }) });
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">{t('jobs.intro')}</p>
      {failed.isPending ? (
        <p role="status">{t('jobs.loading')}</p>
      ) : failed.isError ? (
        <p role="alert">{errorMessage(failed.error, t)}</p>
      ) : failed.data.items.length === 0 ? (
        <p className="rounded-lg bg-surface p-3">{t('jobs.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('jobs.listLabel', { count: failed.data.items.length })}>
          {failed.data.items.map((job) => (
            <JobCard key={job.id} job={job} />
          ))}
        </ul>
      )}
    </div>
  );
}

function JobCard({ job }: { job: FailedJob }) {
  const { t, i18n } = useTranslation('adminOps');
  const language = i18n.resolvedLanguage ?? 'fr';
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => apiCall(retryFailedJob, { params: { id: job.id } }),
    onSuccess: () => toast.success(t('jobs.retried', { name: job.name })),
    onError: (error) => toast.error(t('jobs.retryFailed'), { description: errorMessage(error, t) }),
    // Either way the list changed or was stale (a 404: someone retried it first).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminOpsKeys.failedJobs });
      void queryClient.invalidateQueries({ queryKey: adminOpsKeys.figures });
    },
  });
  const titleId = `job-${job.id}`;
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-2 rounded-2xl border border-line bg-canvas p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1">
        <h3 id={titleId} className="font-semibold break-words">
          {job.name}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
          <dt className="text-muted">{t('jobs.attempts')}</dt>
          <dd className="tabular-nums">{job.attempts}</dd>
          <dt className="text-muted">{t('jobs.lastError')}</dt>
          <dd className="break-words">
            <code>{job.lastError ?? t('jobs.noError')}</code>
          </dd>
          <dt className="text-muted">{t('jobs.failedAt')}</dt>
          <dd>{job.finishedAt ? <time dateTime={job.finishedAt}>{formatDateTime(job.finishedAt, language, zone)}</time> : '—'}</dd>
        </dl>
      </div>
      <div className="shrink-0">
        <Button variant="secondary" onClick={() => retry.mutate()} disabled={retry.isPending} aria-label={t('jobs.retryLabel', { name: job.name })}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {retry.isPending ? t('jobs.retrying') : t('jobs.retry')}
        </Button>
      </div>
    </li>
  );
}
