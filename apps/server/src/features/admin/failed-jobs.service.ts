import type { RetriedJob } from '@glucosuivi/domain/admin/failed-jobs.contract';
import type { Clock } from '../../platform/clock';
import type { Actor, Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { retryFailedJob as requeue } from '../../platform/jobs/job-queue';
import { recordAdminAction } from './admin-actions.service';
import { administratorEmail } from './audit.service';

export interface FailedJobsDeps {
  database: Database;
  clock: Clock;
}

/**
 * An administrator runs a failed job again (the route is admin-only): back in the queue, due now,
 * its attempts counted afresh. The move and its audit line (`job.retry`, the job's name) commit
 * together; not_found when no failed job has this id.
 */
export async function retryFailedJob(deps: FailedJobsDeps, actor: Actor, jobId: string): Promise<RetriedJob> {
  const email = await administratorEmail(deps, actor.userId);
  const job = await deps.database.db.transaction(async (tx) => {
    const moved = await requeue(tx, jobId, deps.clock.now());
    if (!moved) return null;
    await recordAdminAction(
      deps,
      { actor: { userId: actor.userId, email }, action: 'job.retry', detail: `${moved.name} ${moved.id}` },
      tx,
    );
    return moved;
  });
  if (!job) throw new AppError('not_found');
  return { id: job.id, name: job.name, status: 'queued', runAt: job.runAt.toISOString() };
}
