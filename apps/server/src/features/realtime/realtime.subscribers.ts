import { DOMAIN_EVENT_TYPES } from '@glucosuivi/domain/shared/events';
import type { EventBus } from '../../platform/events/event-bus';
import type { RealtimeHub } from './realtime.hub';

/**
 * Every committed event, from this server or another (through the database), goes to this
 * server's WebSocket clients allowed to know of it. When events may have been lost, every
 * client is told to refetch.
 */
export function subscribeRealtime(events: EventBus, hub: RealtimeHub): () => void {
  const stops = DOMAIN_EVENT_TYPES.map((type) => events.subscribe(type, (event) => hub.deliver(event)));
  stops.push(events.onMissedEvents(() => hub.catchUpAll()));
  return () => stops.forEach((stop) => stop());
}
