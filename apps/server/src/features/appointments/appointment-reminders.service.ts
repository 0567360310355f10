import type { JobPayload } from '../../platform/jobs/job-queue';
import { enqueue } from '../../platform/jobs/job-queue';
import type { Tx } from '../../platform/db/database';
import { replaceAppointmentRemindersInTx } from '../reminders/reminders.service';
import * as repo from './appointments.repository';
import { HOUR_MS, type AppointmentsDeps } from './appointments.service';
import { reminderLabel, type ReminderLead } from './appointment-texts';

/*
 * Reminders 24 h and 1 h before each confirmed appointment (issue 16), as reminders of kind
 * `appointment` of the patient: the reminders scheduler delivers them like any other (in-app,
 * push), exactly once, in the patient's language (the label is written in it). Every change of an
 * appointment queues one sync job in the change's own transaction; the job makes the reminders
 * match the appointment as it is then — none once cancelled, moved or past.
 */

export const REMINDERS_SYNC_JOB = 'appointments.reminders-sync';

const LEADS: readonly { lead: ReminderLead; ms: number }[] = [
  { lead: 'day', ms: 24 * HOUR_MS },
  { lead: 'hour', ms: HOUR_MS },
];

export async function syncRemindersInTx(
  deps: Pick<AppointmentsDeps, 'clock'>,
  tx: Tx,
  row: repo.AppointmentRow,
): Promise<void> {
  await enqueue(tx, {
    name: REMINDERS_SYNC_JOB,
    payload: { appointmentId: row.id },
    runAt: deps.clock.now(),
  });
}

/** The job: reads the appointment as the owner, writes the reminders as its patient. */
export async function syncAppointmentReminders(
  deps: Pick<AppointmentsDeps, 'database' | 'clock'>,
  payload: JobPayload,
): Promise<void> {
  const id = typeof payload.appointmentId === 'string' ? payload.appointmentId : '';
  const found = id ? await repo.findForReminder(deps.database.db, id) : undefined;
  if (!found) return;
  const { appointment, language, timezone } = found;
  const now = deps.clock.now();
  const zone = timezone ?? 'Europe/Paris';
  await deps.database.asActor({ userId: appointment.patientId, role: 'patient' }, async (tx) => {
    const confirmed = appointment.status === 'confirmed' && appointment.startsAt !== null;
    const names = confirmed ? await repo.namesOf(tx, [appointment.professionalId]) : new Map();
    const name = names.get(appointment.professionalId);
    const fullName = name ? [name.firstName, name.lastName].filter(Boolean).join(' ') : '';
    const wishes = confirmed
      ? LEADS.map(({ lead, ms }) => ({
          label: reminderLabel(
            language ?? 'fr',
            lead,
            fullName,
            appointment.startsAt!.getTime(),
            zone,
          ),
          dueAt: new Date(appointment.startsAt!.getTime() - ms),
        }))
      : [];
    await replaceAppointmentRemindersInTx(
      tx,
      now,
      appointment.patientId,
      appointment.id,
      zone,
      wishes,
    );
  });
}
