import type { JobHandlers, JobSchedule } from '../../platform/jobs/job-worker';
import {
  checkUnreadMessage,
  sendUnreadMessageEmail,
  UNREAD_CHECK_JOB,
  UNREAD_SEND_JOB,
  type MessageEmailDeps,
} from './message-emails.service';

/** The unread-message e-mail: the check 15 minutes after a message, then its one send per conversation and hour. */
export function messageJobs(deps: MessageEmailDeps): { handlers: JobHandlers; schedules: JobSchedule[] } {
  return {
    handlers: {
      [UNREAD_CHECK_JOB]: (payload) => checkUnreadMessage(deps, payload),
      [UNREAD_SEND_JOB]: (payload) => sendUnreadMessageEmail(deps, payload),
    },
    schedules: [],
  };
}
