import type { FailedJobList } from '@glucosuivi/domain/admin/admin.schemas';
import type { Database } from '../../platform/db/database';
import { listFailedJobs as failedJobsOf } from '../../platform/jobs/job-queue';

export interface AdminDeps {
  database: Database;
}

/**
 * Failed jobs for administrators (the route is admin-only). Read with the owner connection: the
 * request role cannot read the jobs table at all, and nothing personal is returned (no payload).
 */
export async function listFailedJobs(deps: AdminDeps): Promise<FailedJobList> {
  const rows = await failedJobsOf(deps.database.db);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      attempts: row.attempts,
      lastError: row.lastError,
      runAt: row.runAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    })),
  };
}
