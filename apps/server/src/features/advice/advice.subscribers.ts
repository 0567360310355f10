import { subjectOf } from '@glucosuivi/domain/shared/events';
import type { EventBus } from '../../platform/events/event-bus';
import { scheduleAdviceSignalRefresh, SIGNAL_EVENT_TYPES, type SignalDeps } from './advice-signals.service';

/** This server's own events schedule the refresh (every server receives every event; one enqueue is enough). */
export function subscribeAdviceSignals(events: EventBus, deps: SignalDeps): () => void {
  const unsubscribes = SIGNAL_EVENT_TYPES.map((type) =>
    events.subscribe(type, async (event, meta) => {
      if (meta.origin === 'local') await scheduleAdviceSignalRefresh(deps, subjectOf(event));
    }),
  );
  return () => unsubscribes.forEach((unsubscribe) => unsubscribe());
}
