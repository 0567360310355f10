import { reminderScheduleSchema, type ReminderKind } from '@glucosuivi/domain/reminders/reminders.schemas';
import { nextOccurrence, occurrencesBetween } from '@glucosuivi/domain/reminders/schedule';
import type { DomainEvent } from '@glucosuivi/domain/shared/events';
import type { Database } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events/event-bus';
import {
  deliverNotifications,
  notificationEvents,
  type DeliveryRequest,
  type NotificationRenderer,
} from '../notifications/notification-delivery.service';
import * as repo from './reminders.repository';
import { reminderMessages } from './reminders.emails';
import { inQuietHours } from './reminders.time';

/*
 * The scheduler (docs/adr/0011-reminders-and-delivery.md): a recurring job, once per minute
 * across all servers, that turns due reminders into occurrences and delivers them. One
 * transaction per batch of 1,000 holds the whole step — lock the due rows (SKIP LOCKED), insert
 * the occurrences (unique per reminder and instant), move each reminder to its next occurrence,
 * write the in-app notifications and enqueue the channel jobs — so a second scheduler, a retried
 * slot or a crash half-way never creates or delivers an occurrence twice, and never loses one.
 * System work: the owner connection, no user actor; the queries are the repository's. Below it,
 * the reminders' renderer for the channel jobs (texts in reminders.emails.ts).
 */

export const REMINDER_SCHEDULE_JOB = 'reminders.schedule';
export const REMINDER_SCHEDULE_EVERY_MS = 60_000;
export const SCHEDULER_BATCH_SIZE = 1000;
const FALLBACK_ZONE = 'Europe/Paris';

export interface SchedulerLogger {
  warn(obj: object, msg: string): void;
}

export interface ReminderSchedulerDeps {
  database: Database;
  clock: Clock;
  events: EventBus;
  log?: SchedulerLogger;
}

export interface SchedulerRun {
  /** Occurrences created and delivered. */
  fired: number;
  /** Snoozed occurrences delivered again. */
  redelivered: number;
}

/** The channels of one delivery: the reminder's choice AND the patient's settings, and none during quiet hours. */
export function deliveryChannels(preferences: repo.DeliveryPreferences, reminderZone: string, nowMs: number): { push: boolean; email: boolean } {
  const quiet = inQuietHours(nowMs, preferences.settingsTimeZone ?? reminderZone, preferences.quietStart, preferences.quietEnd);
  return {
    push: !quiet && preferences.sendPush && preferences.pushAllowed,
    email: !quiet && preferences.sendEmail && preferences.emailAllowed,
  };
}

interface Plan {
  reminder: repo.DueReminder;
  /** The occurrence that fires now. */
  dueAt: Date;
  /** The reminder's next occurrence after now; null when the schedule has ended (or cannot be computed). */
  next: Date | null;
}

/**
 * What fires for a due reminder, and when it is due next. Late — the servers were down past
 * one or more occurrences — only the latest occurrence that came due fires: one reminder, not a
 * burst of stale ones. Its next occurrence is the first one after now.
 */
function planOf(reminder: repo.DueReminder, nowMs: number, log: SchedulerLogger | undefined): Plan {
  const dueMs = reminder.nextDueAt.getTime();
  const stop = (): Plan => {
    // A schedule that cannot be computed (stored by an older version?) fires what was due and stops.
    log?.warn({ reminderId: reminder.id }, 'reminder schedule not computable: reminder stopped');
    return { reminder, dueAt: reminder.nextDueAt, next: null };
  };
  const parsed = reminderScheduleSchema.safeParse(reminder.schedule);
  if (!parsed.success) return stop();
  const { timeZone, startsOn, endsOn } = reminder;
  try {
    let latest = dueMs;
    let next = nextOccurrence(parsed.data, timeZone, startsOn, endsOn, dueMs);
    if (next !== null && next <= nowMs) {
      latest = occurrencesBetween(parsed.data, timeZone, startsOn, endsOn, next, nowMs + 1).at(-1) ?? next;
      next = nextOccurrence(parsed.data, timeZone, startsOn, endsOn, nowMs);
    }
    // Never due again at or before now: that would bring the same row back in the next batch.
    if (next !== null && next <= nowMs) return stop();
    return { reminder, dueAt: new Date(latest), next: next === null ? null : new Date(next) };
  } catch {
    return stop();
  }
}

const deliveryKeyOf = (occurrenceId: string, snoozeCount: number) => `reminder:${occurrenceId}:${snoozeCount}`;

const dueEvent = (patientId: string, reminderId: string, occurrenceId: string): DomainEvent => ({
  type: 'reminder.due',
  patientId,
  reminderId,
  occurrenceId,
});

/** One batch of due reminders in one transaction; the events to publish once it committed. */
async function fireBatch(deps: ReminderSchedulerDeps, batchSize: number): Promise<{ claimed: number; fired: number; events: DomainEvent[] }> {
  const now = deps.clock.now();
  const nowMs = now.getTime();
  return deps.database.db.transaction(async (tx) => {
    const due = await repo.claimDueReminders(tx, now, batchSize);
    if (due.length === 0) return { claimed: 0, fired: 0, events: [] };
    const plans = due.map((reminder) => planOf(reminder, nowMs, deps.log));
    const inserted = await repo.insertOccurrences(
      tx,
      plans.map((plan) => ({ reminderId: plan.reminder.id, patientId: plan.reminder.patientId, dueAt: plan.dueAt })),
      now,
    );
    await repo.setNextDue(tx, plans.map((plan) => ({ id: plan.reminder.id, nextDueAt: plan.next })));
    const reminderById = new Map(due.map((reminder) => [reminder.id, reminder]));
    const requests = inserted.map((occurrence): DeliveryRequest => {
      const reminder = reminderById.get(occurrence.reminderId) as repo.DueReminder;
      return {
        userId: occurrence.patientId,
        patientId: occurrence.patientId,
        kind: 'reminder',
        subjectId: occurrence.id,
        deliveryKey: deliveryKeyOf(occurrence.id, 0),
        ...deliveryChannels(reminder, reminder.timeZone, nowMs),
      };
    });
    const delivered = await deliverNotifications(tx, deps, requests);
    return {
      claimed: due.length,
      fired: inserted.length,
      events: [...notificationEvents(delivered), ...inserted.map((o) => dueEvent(o.patientId, o.reminderId, o.id))],
    };
  });
}

/** One batch of snoozes that ended: pending again and delivered again, under the snooze's own key. */
async function redeliverBatch(deps: ReminderSchedulerDeps, batchSize: number): Promise<{ claimed: number; events: DomainEvent[] }> {
  const now = deps.clock.now();
  const nowMs = now.getTime();
  return deps.database.db.transaction(async (tx) => {
    const due = await repo.claimDueSnoozes(tx, now, batchSize);
    if (due.length === 0) return { claimed: 0, events: [] };
    await repo.reopenSnoozes(tx, due.map((snooze) => snooze.occurrenceId), now);
    const delivered = await deliverNotifications(
      tx,
      deps,
      due.map((snooze) => ({
        userId: snooze.patientId,
        patientId: snooze.patientId,
        kind: 'reminder',
        subjectId: snooze.occurrenceId,
        deliveryKey: deliveryKeyOf(snooze.occurrenceId, snooze.snoozeCount),
        ...deliveryChannels(snooze, FALLBACK_ZONE, nowMs),
      })),
    );
    return {
      claimed: due.length,
      events: [...notificationEvents(delivered), ...due.map((s) => dueEvent(s.patientId, s.reminderId, s.occurrenceId))],
    };
  });
}

async function publishAll(events: EventBus, list: readonly DomainEvent[]): Promise<void> {
  await Promise.all(list.map((event) => events.publish(event)));
}

/**
 * Fires every due reminder and every ended snooze, batch after batch until none is left (the
 * job `reminders.schedule`; tests call it directly on their clock). Safe to run on several
 * servers at once: each batch locks its own rows.
 */
export async function runReminderScheduler(deps: ReminderSchedulerDeps, options: { batchSize?: number } = {}): Promise<SchedulerRun> {
  const batchSize = options.batchSize ?? SCHEDULER_BATCH_SIZE;
  const run: SchedulerRun = { fired: 0, redelivered: 0 };
  for (;;) {
    const batch = await fireBatch(deps, batchSize);
    run.fired += batch.fired;
    await publishAll(deps.events, batch.events);
    if (batch.claimed < batchSize) break;
  }
  for (;;) {
    const batch = await redeliverBatch(deps, batchSize);
    run.redelivered += batch.claimed;
    await publishAll(deps.events, batch.events);
    if (batch.claimed < batchSize) break;
  }
  return run;
}

/**
 * The reminders' renderer for the delivery pipeline: nothing once the occurrence is gone or the
 * patient already dealt with it in the app (done, skipped, or snoozed again since).
 */
export const renderReminderNotification: NotificationRenderer = async (tx, context) => {
  const occurrence = await repo.occurrenceForDelivery(tx, context.subjectId);
  if (!occurrence || occurrence.status !== 'pending') return null;
  return reminderMessages({
    language: context.language,
    firstName: context.firstName,
    kind: occurrence.kind as ReminderKind,
    label: occurrence.label,
    dueAt: occurrence.dueAt,
    timeZone: occurrence.timeZone,
    occurrenceId: occurrence.id,
    appUrl: context.appUrl,
  });
};
