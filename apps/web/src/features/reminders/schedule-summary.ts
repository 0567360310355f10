import type { TFunction } from 'i18next';
import type { Reminder, ReminderSchedule } from '@glucosuivi/domain/reminders/reminders.schemas';

/** ISO day numbers, Monday first (the French week). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * A schedule in words: "Tous les jours à 08:00, 12:30", "Lun, Jeu à 08:30", "Du lundi au
 * vendredi à 07:45"; a recurrence rule is shown as the patient typed it. Times are local
 * wall-clock times of the reminder's zone, shown as stored (24 h).
 */
export function scheduleSummary(schedule: ReminderSchedule, t: TFunction): string {
  if (schedule.type === 'rrule') return t('reminders:schedule.rule', { rule: schedule.rule });
  const times = [...schedule.times].sort().join(', ');
  const days = [...new Set(schedule.days)].sort((a, b) => a - b);
  if (days.length === 7) return t('reminders:schedule.daily', { times });
  if (days.join() === '1,2,3,4,5') return t('reminders:schedule.weekdays', { times });
  return t('reminders:schedule.days', { days: days.map((day) => t(`reminders:days.short.${day}`)).join(', '), times });
}

/** The delivery channels in words: in-app always, then push and e-mail when chosen. */
export function channelsSummary(reminder: Pick<Reminder, 'sendPush' | 'sendEmail'>, t: TFunction): string {
  const channels = [t('reminders:channels.inList.inApp')];
  if (reminder.sendPush) channels.push(t('reminders:channels.inList.push'));
  if (reminder.sendEmail) channels.push(t('reminders:channels.inList.email'));
  const text = channels.join(', ');
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
