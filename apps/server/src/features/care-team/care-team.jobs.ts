import type { JobHandlers, JobLogger, JobSchedule } from '../../platform/jobs/job-worker';
import type { Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/database';
import { purgeAccessLog } from './access-log.service';

const DAY_MS = 24 * 3600_000;

export const ACCESS_LOG_EXPIRY_JOB = 'care-team.access-log-expiry';

/**
 * Forgets access-log rows older than their 12 months (ACCESS_LOG_RETENTION_DAYS), once a day
 * across all servers (ADR 0010). Deleting what is already gone is a no-op, so a run repeated
 * after a crash is harmless.
 */
export function careTeamJobs(deps: { database: Database; clock: Clock }, log: Pick<JobLogger, 'info'>): { handlers: JobHandlers; schedules: JobSchedule[] } {
  return {
    handlers: {
      [ACCESS_LOG_EXPIRY_JOB]: async () => {
        const count = await purgeAccessLog(deps);
        if (count > 0) log.info({ count }, 'access-log rows past their retention deleted');
      },
    },
    schedules: [{ name: ACCESS_LOG_EXPIRY_JOB, everyMs: DAY_MS }],
  };
}
