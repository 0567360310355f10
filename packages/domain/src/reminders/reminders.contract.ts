import { z } from 'zod';
import { defineEndpoint } from '../shared/contract';
import {
  occurrenceParamsSchema,
  quietHoursSchema,
  reminderInputSchema,
  reminderListSchema,
  reminderParamsSchema,
  reminderSchema,
  snoozeSchema,
  timelineItemSchema,
  todaySchema,
} from './reminders.schemas';

/*
 * Reminders (PRODUCT.md §5), a patient's own: another user's reminder or occurrence is
 * `not_found` (service and row-level security). Professionals and administrators have none.
 */

export const listReminders = defineEndpoint({
  method: 'GET',
  path: '/api/reminders',
  summary: 'My reminders, paused ones included, with their next occurrence',
  tags: ['reminders'],
  access: 'user',
  response: reminderListSchema,
  errors: ['not_found'],
});

export const createReminder = defineEndpoint({
  method: 'POST',
  path: '/api/reminders',
  summary:
    'Creates a reminder: times of day + days of week, or an RFC 5545 rule, in an IANA time zone. ' +
    'A schedule that never fires or fires more than every 5 minutes is refused.',
  tags: ['reminders'],
  access: 'user',
  body: reminderInputSchema,
  status: 201,
  response: reminderSchema,
  errors: ['validation_failed'],
});

export const updateReminder = defineEndpoint({
  method: 'PUT',
  path: '/api/reminders/:id',
  summary: 'Replaces a reminder (same rules as creating it); occurrences already due keep their state',
  tags: ['reminders'],
  access: 'user',
  params: reminderParamsSchema,
  body: reminderInputSchema,
  response: reminderSchema,
  errors: ['validation_failed', 'not_found'],
});

export const deleteReminder = defineEndpoint({
  method: 'DELETE',
  path: '/api/reminders/:id',
  summary: 'Deletes a reminder and its history',
  tags: ['reminders'],
  access: 'user',
  params: reminderParamsSchema,
  status: 204,
  response: z.null(),
  errors: ['not_found'],
});

export const pauseReminder = defineEndpoint({
  method: 'POST',
  path: '/api/reminders/:id/pause',
  summary: 'Pauses a reminder: nothing fires until it is resumed',
  tags: ['reminders'],
  access: 'user',
  params: reminderParamsSchema,
  response: reminderSchema,
  errors: ['not_found'],
});

export const resumeReminder = defineEndpoint({
  method: 'POST',
  path: '/api/reminders/:id/resume',
  summary: 'Resumes a paused reminder from now on (what it missed while paused does not fire)',
  tags: ['reminders'],
  access: 'user',
  params: reminderParamsSchema,
  response: reminderSchema,
  errors: ['not_found'],
});

export const getReminderToday = defineEndpoint({
  method: 'GET',
  path: '/api/reminders/today',
  summary: "Today's timeline in my time zone: occurrences that came due with their state, and those still to come",
  tags: ['reminders'],
  access: 'user',
  response: todaySchema,
  errors: ['not_found'],
});

export const markOccurrenceDone = defineEndpoint({
  method: 'POST',
  path: '/api/reminders/occurrences/:id/done',
  summary: 'Marks an occurrence done',
  tags: ['reminders'],
  access: 'user',
  params: occurrenceParamsSchema,
  response: timelineItemSchema,
  errors: ['not_found'],
});

export const snoozeOccurrence = defineEndpoint({
  method: 'POST',
  path: '/api/reminders/occurrences/:id/snooze',
  summary: 'Snoozes an occurrence for 10, 30 or 60 minutes: it is delivered again then',
  tags: ['reminders'],
  access: 'user',
  params: occurrenceParamsSchema,
  body: snoozeSchema,
  response: timelineItemSchema,
  errors: ['validation_failed', 'not_found'],
});

export const skipOccurrence = defineEndpoint({
  method: 'POST',
  path: '/api/reminders/occurrences/:id/skip',
  summary: 'Dismisses an occurrence without doing it',
  tags: ['reminders'],
  access: 'user',
  params: occurrenceParamsSchema,
  response: timelineItemSchema,
  errors: ['not_found'],
});

export const getQuietHours = defineEndpoint({
  method: 'GET',
  path: '/api/reminders/quiet-hours',
  summary: 'My quiet hours (local times), or nulls for none',
  tags: ['reminders'],
  access: 'user',
  response: quietHoursSchema,
  errors: ['not_found'],
});

export const setQuietHours = defineEndpoint({
  method: 'PUT',
  path: '/api/reminders/quiet-hours',
  summary: 'Sets my quiet hours: reminders then reach only the in-app centre (no push, no e-mail)',
  tags: ['reminders'],
  access: 'user',
  body: quietHoursSchema,
  response: quietHoursSchema,
  errors: ['validation_failed'],
});
