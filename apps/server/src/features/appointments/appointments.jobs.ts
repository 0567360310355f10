import type { JobHandlers, JobSchedule } from '../../platform/jobs/job-worker';
import { REMINDERS_SYNC_JOB, syncAppointmentReminders } from './appointment-reminders.service';
import type { AppointmentsDeps } from './appointments.service';

/** Keeps each appointment's reminders in step with it (queued by every change). */
export function appointmentJobs(deps: Pick<AppointmentsDeps, 'database' | 'clock'>): {
  handlers: JobHandlers;
  schedules: JobSchedule[];
} {
  return {
    handlers: { [REMINDERS_SYNC_JOB]: (payload) => syncAppointmentReminders(deps, payload) },
    schedules: [],
  };
}
