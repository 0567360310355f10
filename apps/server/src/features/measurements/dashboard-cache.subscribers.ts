import { DOMAIN_EVENT_TYPES, subjectOf } from '@glucosuivi/domain/shared/events';
import type { EventBus } from '../../platform/events/event-bus';
import type { DashboardCache } from './dashboard-cache';

/**
 * Every domain event but messages is about one patient's data (readings, alerts, targets,
 * profile, settings, care links) and any of them can change that patient's dashboard: forgetting
 * on all of them is simpler than a list to keep in step with the dashboard's contents, and events
 * are rare next to dashboard reads. Messages never show on a dashboard and are the most frequent
 * events of a conversation, so they leave it alone; an ended session changes no data either.
 */
const DASHBOARD_EVENT_TYPES = DOMAIN_EVENT_TYPES.filter((type) => !type.startsWith('message.') && type !== 'session.ended');

export function subscribeDashboardCache(events: EventBus, cache: DashboardCache): () => void {
  const unsubscribes = DASHBOARD_EVENT_TYPES.map((type) =>
    events.subscribe(type, (event) => cache.invalidate(subjectOf(event))),
  );
  unsubscribes.push(events.onMissedEvents(() => cache.invalidateAll()));
  return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
}
