import type { JobHandlers, JobSchedule } from '../../platform/jobs/job-worker';
import { REMINDER_SCHEDULE_EVERY_MS, REMINDER_SCHEDULE_JOB, runReminderScheduler, type ReminderSchedulerDeps } from './reminder-delivery.service';

/** The scheduler, once per slot (a minute by default) across all servers. */
export function reminderJobs(deps: ReminderSchedulerDeps, everyMs = REMINDER_SCHEDULE_EVERY_MS): { handlers: JobHandlers; schedules: JobSchedule[] } {
  return {
    handlers: {
      [REMINDER_SCHEDULE_JOB]: async () => {
        await runReminderScheduler(deps);
      },
    },
    schedules: [{ name: REMINDER_SCHEDULE_JOB, everyMs }],
  };
}
