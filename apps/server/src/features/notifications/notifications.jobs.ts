import type { JobHandlers, JobSchedule } from '../../platform/jobs/job-worker';
import { notificationChannelJobs, type NotificationChannelDeps } from './notification-delivery.service';

/** The delivery channels' jobs: `notify.push` (fan-out per browser), `push.send`, `notify.email`. */
export function notificationJobs(deps: NotificationChannelDeps): { handlers: JobHandlers; schedules: JobSchedule[] } {
  return { handlers: notificationChannelJobs(deps), schedules: [] };
}
