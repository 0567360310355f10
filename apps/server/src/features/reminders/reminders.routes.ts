import type { FastifyInstance } from 'fastify';
import * as contract from '@glucosuivi/domain/reminders/reminders.contract';
import { registerEndpoint } from '../../platform/http/contract';
import * as reminders from './reminders.service';

export function remindersRoutes(app: FastifyInstance, deps: reminders.RemindersDeps) {
  registerEndpoint(app, contract.listReminders, ({ actor }) => reminders.listReminders(deps, actor));
  registerEndpoint(app, contract.createReminder, ({ actor, body }) => reminders.createReminder(deps, actor, body));
  registerEndpoint(app, contract.getReminderToday, ({ actor }) => reminders.getToday(deps, actor));
  registerEndpoint(app, contract.getQuietHours, ({ actor }) => reminders.getQuietHours(deps, actor));
  registerEndpoint(app, contract.setQuietHours, ({ actor, body }) => reminders.setQuietHours(deps, actor, body));
  registerEndpoint(app, contract.updateReminder, ({ actor, params, body }) => reminders.updateReminder(deps, actor, params.id, body));
  registerEndpoint(app, contract.deleteReminder, ({ actor, params }) => reminders.deleteReminder(deps, actor, params.id));
  registerEndpoint(app, contract.pauseReminder, ({ actor, params }) => reminders.pauseReminder(deps, actor, params.id));
  registerEndpoint(app, contract.resumeReminder, ({ actor, params }) => reminders.resumeReminder(deps, actor, params.id));
  registerEndpoint(app, contract.markOccurrenceDone, ({ actor, params }) => reminders.markOccurrenceDone(deps, actor, params.id));
  registerEndpoint(app, contract.snoozeOccurrence, ({ actor, params, body }) => reminders.snoozeOccurrence(deps, actor, params.id, body.minutes));
  registerEndpoint(app, contract.skipOccurrence, ({ actor, params }) => reminders.skipOccurrence(deps, actor, params.id));
}
