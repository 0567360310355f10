import type { ShareCategory } from '../care-team/care-team.schemas';
import { categoryOfKind } from '../care-team/care-team.rules';
import type { DomainEvent } from '../shared/events';

/**
 * The event as a professional following the patient with `categories` may see it, or null
 * when it must not reach them: the same rule as their reads (a kind not shared is not shown,
 * not even as "something changed"). Events addressed to the parties of a care link or a
 * conversation (care-link.changed, settings.changed) are not the patient's data: see the hub.
 */
export function eventForProfessional(event: DomainEvent, categories: ReadonlySet<ShareCategory>): DomainEvent | null {
  switch (event.type) {
    case 'measurement.recorded': {
      const kinds = event.kinds.filter((kind) => categories.has(categoryOfKind(kind)));
      if (kinds.length === 0) return null;
      // Several kinds are only written together by an import: the count then covers them all,
      // so it is dropped to one rather than hint at records not shared.
      return kinds.length === event.kinds.length ? event : { ...event, kinds, count: 1 };
    }
    case 'measurement.updated':
    case 'measurement.deleted':
      return categories.has(categoryOfKind(event.kind)) ? event : null;
    case 'targets.changed':
      // Targets shape the glucose analytics only.
      return categories.has('glucose') ? event : null;
    case 'alert.raised':
    case 'alert.status-changed':
      return categories.has('alerts') ? event : null;
    case 'profile.changed':
      // The name and age on the professional's list come with the link itself.
      return event;
    default:
      return null;
  }
}
