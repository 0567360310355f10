// The job side of the composition (ADR 0010): every feature's job handlers and recurring jobs,
// built from the same deps as the HTTP app (app.ts), which hands them to main.ts and the tests.
import type { FastifyInstance } from 'fastify';
import type { App, AppDeps } from './app';
import type { AccountsDeps } from './features/accounts/accounts.service';
import { accountJobs } from './features/accounts/accounts.jobs';
import { adviceSignalJobs } from './features/advice/advice.jobs';
import { alertJobs, renderOwnAlertNotification, renderPatientAlertNotification } from './features/alerts/alert-delivery.service';
import { appointmentJobs } from './features/appointments/appointments.jobs';
import { careTeamJobs } from './features/care-team/care-team.jobs';
import { messageJobs } from './features/messages/messages.jobs';
import { followDeps } from './features/nightscout/nightscout-follow.service';
import { nightscoutFollowJobs } from './features/nightscout/nightscout-follow.jobs';
import { notificationJobs } from './features/notifications/notifications.jobs';
import { renderReminderNotification } from './features/reminders/reminder-delivery.service';
import { reminderJobs } from './features/reminders/reminders.jobs';
import type { EventBus } from './platform/events/event-bus';
import { jobMaintenance, type JobHandlers } from './platform/jobs/job-worker';

/** Every feature's job handlers and recurring jobs, and the queue's own upkeep. */
export function jobDefinitions(deps: AppDeps, accountsDeps: AccountsDeps, events: EventBus, log: FastifyInstance['log']): App['jobs'] {
  const parts = [
    accountJobs(accountsDeps, log),
    careTeamJobs({ database: deps.database, clock: deps.clock }, log),
    adviceSignalJobs({ database: deps.database, clock: deps.clock }, log),
    messageJobs({ database: deps.database, clock: deps.clock, mailer: deps.mailer, appUrl: deps.publicUrl }),
    reminderJobs({ database: deps.database, clock: deps.clock, events, log }, deps.reminderScheduleEveryMs),
    alertJobs({ database: deps.database, clock: deps.clock, events, mailer: deps.mailer, appUrl: deps.publicUrl }),
    appointmentJobs({ database: deps.database, clock: deps.clock }),
    notificationJobs({
      database: deps.database,
      clock: deps.clock,
      mailer: deps.mailer,
      push: deps.push,
      appUrl: deps.publicUrl,
      // Each kind's texts live with its feature; alerts and appointments add theirs here.
      renderers: { reminder: renderReminderNotification, alert: renderOwnAlertNotification, patient_alert: renderPatientAlertNotification },
      log,
    }),
    nightscoutFollowJobs(followDeps(deps, events, deps.nightscoutFollow)),
    jobMaintenance(deps.database, deps.clock),
  ];
  return { handlers: Object.assign({}, ...parts.map((part) => part.handlers)) as JobHandlers, schedules: parts.flatMap((part) => part.schedules) };
}
