import type { JobHandlers, JobLogger, JobSchedule } from '../../platform/jobs/job-worker';
import { eraseDueAccounts, type AccountsDeps } from './accounts.service';

const HOUR_MS = 3600_000;

export const ACCOUNT_ERASURE_JOB = 'accounts.erase-due';

/**
 * Erases accounts whose deletion grace period is over, every hour (ADR 0010): one run per hour
 * slot across all servers, retried with backoff when it fails. Erasure is idempotent, so a run
 * repeated after a crash only repeats a no-op.
 */
export function accountJobs(deps: AccountsDeps, log: Pick<JobLogger, 'info'>): { handlers: JobHandlers; schedules: JobSchedule[] } {
  return {
    handlers: {
      [ACCOUNT_ERASURE_JOB]: async () => {
        const count = await eraseDueAccounts(deps);
        if (count > 0) log.info({ count }, 'accounts erased after their deletion grace period');
      },
    },
    schedules: [{ name: ACCOUNT_ERASURE_JOB, everyMs: HOUR_MS }],
  };
}
