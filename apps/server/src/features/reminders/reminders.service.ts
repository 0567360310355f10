import {
  reminderScheduleSchema,
  type QuietHours,
  type Reminder,
  type ReminderInputParsed,
  type ReminderKind,
  type ReminderToday,
  type TimelineItem,
} from '@glucosuivi/domain/reminders/reminders.schemas';
import { nextOccurrence, occurrencesBetween } from '@glucosuivi/domain/reminders/schedule';
import { dayNumberOf, isoWeekdayOf } from '@glucosuivi/domain/shared/local-clock';
import { localDayOf, localTimeOf } from '@glucosuivi/domain/shared/zoned-time';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/http/app-error';
import type { EventBus } from '../../platform/events/event-bus';
import { forgetNotificationsInTx, markSubjectsReadInTx } from '../notifications/notifications.service';
import * as repo from './reminders.repository';
import { localDayAround } from './reminders.time';

export interface RemindersDeps {
  database: Database;
  clock: Clock;
  /** `reminder.changed` after each commit (the patient's other tabs and devices refetch). */
  events: EventBus;
}

const MINUTE_MS = 60_000;

/**
 * Reminders are a patient's own: a professional or an administrator has none, and is answered
 * as if the thing did not exist (like the care team's patient-only routes).
 */
function requireReminderPatient(actor: Actor | null): Actor {
  if (!actor) throw new AppError('unauthenticated');
  if (actor.role !== 'patient') throw new AppError('not_found');
  return actor;
}

function toReminder(row: repo.ReminderRow): Reminder {
  return {
    id: row.id,
    kind: row.kind as ReminderKind,
    label: row.label,
    medicationName: row.medicationName,
    instructions: row.instructions,
    schedule: reminderScheduleSchema.parse(row.schedule),
    timeZone: row.timeZone,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    sendPush: row.sendPush,
    sendEmail: row.sendEmail,
    paused: row.pausedAt !== null,
    nextDueAt: row.nextDueAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toTimelineItem(row: repo.OccurrenceView): TimelineItem {
  return {
    occurrenceId: row.id,
    reminderId: row.reminderId,
    kind: row.kind as ReminderKind,
    label: row.label,
    medicationName: row.medicationName,
    dueAt: row.dueAt.toISOString(),
    status: row.status as TimelineItem['status'],
    snoozedUntil: row.snoozedUntil?.toISOString() ?? null,
  };
}

/** The first occurrence after `afterMs`, as stored in `next_due_at`. */
function nextDueAfter(fields: Pick<repo.ReminderRow, 'schedule' | 'timeZone' | 'startsOn' | 'endsOn'>, afterMs: number): Date | null {
  const next = nextOccurrence(reminderScheduleSchema.parse(fields.schedule), fields.timeZone, fields.startsOn, fields.endsOn, afterMs);
  return next === null ? null : new Date(next);
}

function fieldsOf(input: ReminderInputParsed) {
  return {
    kind: input.kind,
    label: input.label,
    // A medication's name and instructions belong to medication reminders only.
    medicationName: input.kind === 'medication' ? input.medicationName : null,
    instructions: input.kind === 'medication' ? input.instructions : null,
    schedule: input.schedule,
    timeZone: input.timeZone,
    startsOn: input.startsOn,
    endsOn: input.endsOn,
    sendPush: input.sendPush,
    sendEmail: input.sendEmail,
  };
}

async function changed(deps: RemindersDeps, patientId: string, reminderId: string): Promise<void> {
  await deps.events.publish({ type: 'reminder.changed', patientId, reminderId });
}

export async function listReminders(deps: RemindersDeps, actor: Actor | null): Promise<{ reminders: Reminder[] }> {
  const patient = requireReminderPatient(actor);
  const rows = await deps.database.asActor(patient, (tx) => repo.listReminders(tx, patient.userId));
  return { reminders: rows.map(toReminder) };
}

/** Creates a reminder (the input was validated, schedule included); it first fires at its next occurrence after now. */
export async function createReminder(deps: RemindersDeps, actor: Actor | null, input: ReminderInputParsed): Promise<Reminder> {
  const patient = requireReminderPatient(actor);
  const now = deps.clock.now();
  const fields = fieldsOf(input);
  const row = await deps.database.asActor(patient, (tx) =>
    repo.insertReminder(tx, { ...fields, patientId: patient.userId, nextDueAt: nextDueAfter(fields, now.getTime()), createdAt: now, updatedAt: now }),
  );
  await changed(deps, patient.userId, row.id);
  return toReminder(row);
}

/** Replaces a reminder; a paused one stays paused, an active one fires next at its new schedule's next occurrence. */
export async function updateReminder(deps: RemindersDeps, actor: Actor | null, id: string, input: ReminderInputParsed): Promise<Reminder> {
  const patient = requireReminderPatient(actor);
  const now = deps.clock.now();
  const fields = fieldsOf(input);
  const row = await deps.database.asActor(patient, async (tx) => {
    const current = await repo.findReminder(tx, patient.userId, id);
    if (!current) return undefined;
    const nextDueAt = current.pausedAt ? null : nextDueAfter(fields, now.getTime());
    return repo.updateReminder(tx, patient.userId, id, { ...fields, nextDueAt, updatedAt: now });
  });
  if (!row) throw new AppError('not_found');
  await changed(deps, patient.userId, row.id);
  return toReminder(row);
}

/** Deletes a reminder, its occurrences and their notifications. */
export async function deleteReminder(deps: RemindersDeps, actor: Actor | null, id: string): Promise<null> {
  const patient = requireReminderPatient(actor);
  const deleted = await deps.database.asActor(patient, async (tx) => {
    if (!(await repo.findReminder(tx, patient.userId, id))) return false;
    await forgetNotificationsInTx(tx, 'reminder', await repo.occurrenceIdsOf(tx, id));
    return repo.deleteReminder(tx, patient.userId, id);
  });
  if (!deleted) throw new AppError('not_found');
  await changed(deps, patient.userId, id);
  return null;
}

/** Nothing fires until resumed; a snoozed occurrence stays where it is (pending) instead of coming back. */
export async function pauseReminder(deps: RemindersDeps, actor: Actor | null, id: string): Promise<Reminder> {
  const patient = requireReminderPatient(actor);
  const now = deps.clock.now();
  const row = await deps.database.asActor(patient, async (tx) => {
    const current = await repo.findReminder(tx, patient.userId, id);
    if (!current) return undefined;
    if (current.pausedAt) return current;
    await repo.unsnoozeOccurrencesOf(tx, id);
    return repo.updateReminder(tx, patient.userId, id, { pausedAt: now, nextDueAt: null, updatedAt: now });
  });
  if (!row) throw new AppError('not_found');
  await changed(deps, patient.userId, id);
  return toReminder(row);
}

/** Fires again from now on: what came due while paused does not fire. */
export async function resumeReminder(deps: RemindersDeps, actor: Actor | null, id: string): Promise<Reminder> {
  const patient = requireReminderPatient(actor);
  const now = deps.clock.now();
  const row = await deps.database.asActor(patient, async (tx) => {
    const current = await repo.findReminder(tx, patient.userId, id);
    if (!current) return undefined;
    if (!current.pausedAt) return current;
    return repo.updateReminder(tx, patient.userId, id, { pausedAt: null, nextDueAt: nextDueAfter(current, now.getTime()), updatedAt: now });
  });
  if (!row) throw new AppError('not_found');
  await changed(deps, patient.userId, id);
  return toReminder(row);
}

/**
 * Today in the patient's time zone (settings): the occurrences that came due, with their state,
 * then those still to come before the end of the day, sorted by time. "Still to come" starts at
 * the reminder's next due instant when that is already past (the scheduler runs once a minute),
 * so an occurrence is never missing from the timeline between its instant and its row.
 */
export async function getToday(deps: RemindersDeps, actor: Actor | null): Promise<ReminderToday> {
  const patient = requireReminderPatient(actor);
  const nowMs = deps.clock.now().getTime();
  return deps.database.asActor(patient, async (tx) => {
    const { timeZone: settingsZone } = await repo.findReminderSettings(tx, patient.userId);
    const timeZone = settingsZone ?? 'Europe/Paris';
    const { day, fromMs, toMs } = localDayAround(nowMs, timeZone);
    // One statement at a time on the transaction's one connection.
    const occurred = await repo.occurrencesDueBetween(tx, patient.userId, new Date(fromMs), new Date(toMs));
    const active = await repo.listReminders(tx, patient.userId);
    const items = occurred.map(toTimelineItem);
    const known = new Set(occurred.map((o) => `${o.reminderId}|${o.dueAt.getTime()}`));
    for (const reminder of active) {
      if (reminder.pausedAt || !reminder.nextDueAt) continue;
      const from = Math.max(fromMs, Math.min(nowMs, reminder.nextDueAt.getTime()));
      const schedule = reminderScheduleSchema.parse(reminder.schedule);
      for (const at of occurrencesBetween(schedule, reminder.timeZone, reminder.startsOn, reminder.endsOn, from, toMs)) {
        if (known.has(`${reminder.id}|${at}`)) continue;
        items.push({
          occurrenceId: null,
          reminderId: reminder.id,
          kind: reminder.kind as ReminderKind,
          label: reminder.label,
          medicationName: reminder.medicationName,
          dueAt: new Date(at).toISOString(),
          status: 'upcoming',
          snoozedUntil: null,
        });
      }
    }
    items.sort((a, b) => (a.dueAt === b.dueAt ? a.label.localeCompare(b.label) : a.dueAt < b.dueAt ? -1 : 1));
    return { day, timeZone, items };
  });
}

async function changeOccurrence(deps: RemindersDeps, actor: Actor | null, id: string, change: (now: Date) => repo.OccurrenceChange): Promise<TimelineItem> {
  const patient = requireReminderPatient(actor);
  const now = deps.clock.now();
  const row = await deps.database.asActor(patient, async (tx: Tx) => {
    if (!(await repo.changeOccurrence(tx, patient.userId, id, change(now)))) return undefined;
    // Dealt with on the reminders page: its notification is read (a snooze brings it back unread).
    await markSubjectsReadInTx(tx, patient.userId, 'reminder', [id], now);
    return repo.findOccurrence(tx, patient.userId, id);
  });
  if (!row) throw new AppError('not_found');
  await changed(deps, patient.userId, row.reminderId);
  return toTimelineItem(row);
}

export function markOccurrenceDone(deps: RemindersDeps, actor: Actor | null, id: string): Promise<TimelineItem> {
  return changeOccurrence(deps, actor, id, (now) => ({ to: 'done', at: now }));
}

export function skipOccurrence(deps: RemindersDeps, actor: Actor | null, id: string): Promise<TimelineItem> {
  return changeOccurrence(deps, actor, id, () => ({ to: 'skipped' }));
}

/** Comes back (delivered again, under a new key) `minutes` from now. */
export function snoozeOccurrence(deps: RemindersDeps, actor: Actor | null, id: string, minutes: number): Promise<TimelineItem> {
  return changeOccurrence(deps, actor, id, (now) => ({ to: 'snoozed', until: new Date(now.getTime() + minutes * MINUTE_MS) }));
}

export async function getQuietHours(deps: RemindersDeps, actor: Actor | null): Promise<QuietHours> {
  const patient = requireReminderPatient(actor);
  const { start, end } = await deps.database.asActor(patient, (tx) => repo.findReminderSettings(tx, patient.userId));
  return start && end ? { start, end } : { start: null, end: null };
}

export async function setQuietHours(deps: RemindersDeps, actor: Actor | null, quiet: QuietHours): Promise<QuietHours> {
  const patient = requireReminderPatient(actor);
  await deps.database.asActor(patient, (tx) => repo.saveQuietHours(tx, patient.userId, quiet.start, quiet.end, deps.clock.now()));
  await deps.events.publish({ type: 'settings.changed', userId: patient.userId });
  return quiet;
}

/** One reminder the appointments feature wants before an appointment: its text and instant. */
export interface AppointmentReminderWish {
  label: string;
  dueAt: Date;
}

/**
 * Replaces the reminders of one appointment (issue 16) with these, in the caller's transaction
 * as the patient: none once it is no longer confirmed. Each fires once, at its instant, through
 * the same scheduler and delivery as every reminder (in-app, push; quiet hours apply to push).
 * Returns whether anything changed.
 */
export async function replaceAppointmentRemindersInTx(
  tx: Tx,
  now: Date,
  patientId: string,
  appointmentId: string,
  timeZone: string,
  wishes: readonly AppointmentReminderWish[],
): Promise<boolean> {
  const existing = await repo.appointmentReminderIds(tx, patientId, appointmentId);
  for (const id of existing) {
    await forgetNotificationsInTx(tx, 'reminder', await repo.occurrenceIdsOf(tx, id));
    await repo.deleteReminder(tx, patientId, id);
  }
  let created = 0;
  for (const wish of wishes) {
    if (wish.dueAt.getTime() <= now.getTime()) continue;
    const day = localDayOf(wish.dueAt.getTime(), timeZone);
    const time = localTimeOf(wish.dueAt.getTime(), timeZone);
    const weekday = isoWeekdayOf(dayNumberOf(day));
    const fields = {
      kind: 'appointment' as const,
      label: wish.label.slice(0, 120),
      medicationName: null,
      instructions: null,
      schedule: { type: 'weekly' as const, times: [time], days: [weekday] },
      timeZone,
      startsOn: day,
      endsOn: day,
      sendPush: true,
      sendEmail: false,
    };
    await repo.insertReminder(tx, { ...fields, appointmentId, patientId, nextDueAt: nextDueAfter(fields, now.getTime()), createdAt: now, updatedAt: now });
    created++;
  }
  return existing.length > 0 || created > 0;
}

