import type { EventBus } from '../../platform/events/event-bus';
import { scheduleUnreadMessageEmail, type MessageEmailDeps } from './message-emails.service';

/**
 * A sent message schedules the unread-message e-mail check (ADR 0010). Only this server's own
 * events count: every server receives every event through the database, and the job is enqueued
 * once (its idempotency key would absorb a second enqueue anyway).
 */
export function subscribeUnreadMessageEmails(events: EventBus, deps: Pick<MessageEmailDeps, 'database' | 'clock'>): () => void {
  return events.subscribe('message.sent', async (event, meta) => {
    if (meta.origin === 'local') await scheduleUnreadMessageEmail(deps, event);
  });
}
