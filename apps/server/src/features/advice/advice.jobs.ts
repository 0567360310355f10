import type { JobPayload } from '../../platform/jobs/job-queue';
import type { JobHandlers, JobLogger, JobSchedule } from '../../platform/jobs/job-worker';
import { ADVICE_SIGNAL_JOB, refreshAdviceSignals, scheduleEveryRefresh, type SignalDeps } from './advice-signals.service';

export const ADVICE_SIGNALS_DAILY_JOB = 'advice.signals-daily';
const DAY_MS = 86_400_000;

function patientIdOf(payload: JobPayload): string {
  if (typeof payload.patientId !== 'string') throw Object.assign(new Error('bad payload'), { name: 'InvalidPayload' });
  return payload.patientId;
}

/** The refresh of one patient's signals (scheduled by the subscribers) and the daily refresh of every linked patient. */
export function adviceSignalJobs(deps: SignalDeps, log: Pick<JobLogger, 'info'>): { handlers: JobHandlers; schedules: JobSchedule[] } {
  return {
    handlers: {
      [ADVICE_SIGNAL_JOB]: async (payload) => {
        await refreshAdviceSignals(deps, patientIdOf(payload));
      },
      [ADVICE_SIGNALS_DAILY_JOB]: async () => {
        const count = await scheduleEveryRefresh(deps, { spread: true });
        if (count > 0) log.info({ count }, 'advice signals scheduled for refresh');
      },
    },
    schedules: [{ name: ADVICE_SIGNALS_DAILY_JOB, everyMs: DAY_MS }],
  };
}
