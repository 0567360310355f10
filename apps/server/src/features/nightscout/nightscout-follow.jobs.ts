import type { JobHandlers, JobSchedule } from '../../platform/jobs/job-worker';
import { enqueueDueFollowSyncs, FOLLOW_SCAN_EVERY_MS, FOLLOW_SCAN_JOB, runFollowSync } from './nightscout-follow-sync.service';
import { FOLLOW_SYNC_JOB, type NightscoutFollowDeps } from './nightscout-follow.service';

/**
 * Followed Nightscout sites: every minute, across all servers, the scan queues one poll job per
 * site that is due (5 minutes after its last success, later after failures); a poll job polls its
 * site unless it was polled meanwhile. A site that answers badly is an outcome recorded on its
 * row, not a failed job; only our own failures (database) make the job retry.
 */
export function nightscoutFollowJobs(deps: NightscoutFollowDeps): { handlers: JobHandlers; schedules: JobSchedule[] } {
  return {
    handlers: {
      [FOLLOW_SCAN_JOB]: async () => {
        await enqueueDueFollowSyncs(deps);
      },
      [FOLLOW_SYNC_JOB]: async (payload) => {
        if (typeof payload.siteId === 'string') await runFollowSync(deps, payload.siteId);
      },
    },
    schedules: [{ name: FOLLOW_SCAN_JOB, everyMs: FOLLOW_SCAN_EVERY_MS }],
  };
}
