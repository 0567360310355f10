import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@glucosuivi/domain/shared/events';
import { adviceKeys, professionalKeys } from '@/lib/queries/query-keys';
import { keysForEvent, REALTIME_KEYS } from '@/lib/realtime/realtime-invalidation';

/** True when invalidating `prefix` marks `key` stale (TanStack Query's prefix match). */
const covers = (prefix: QueryKey, key: QueryKey) => prefix.every((part, i) => key[i] === part);
const stales = (event: DomainEvent, key: QueryKey) => keysForEvent(event).some((prefix) => covers(prefix, key));

describe('advice queries and the realtime events that change their inputs', () => {
  const patientKey = adviceKeys.period(30);
  const professionalKey = [...professionalKeys.patient('p1'), 'advice', 30];

  it('refreshes both readers when a reading, a meal, a lab result or a blood pressure is written, changed or deleted', () => {
    const events: DomainEvent[] = [
      { type: 'measurement.recorded', patientId: 'p1', measurementId: 'm1', kinds: ['glucose'], count: 1 },
      { type: 'measurement.updated', patientId: 'p1', measurementId: 'm1', kind: 'blood_pressure' },
      { type: 'measurement.deleted', patientId: 'p1', measurementId: 'm1', kind: 'hba1c' },
    ];
    for (const event of events) {
      expect(stales(event, patientKey), event.type).toBe(true);
      expect(stales(event, professionalKey), event.type).toBe(true);
    }
  });

  it('refreshes them when the targets (the thresholds) change, and on a catch-up', () => {
    const targets: DomainEvent = { type: 'targets.changed', patientId: 'p1', changedBy: 'd1' };
    expect(stales(targets, patientKey)).toBe(true);
    expect(stales(targets, professionalKey)).toBe(true);
    expect(REALTIME_KEYS.some((prefix) => covers(prefix, patientKey))).toBe(true);
  });

  it('leaves them alone for a message', () => {
    const sent: DomainEvent = { type: 'message.sent', linkId: 'l1', patientId: 'p1', professionalId: 'd1', messageId: 'm1', senderId: 'd1' };
    expect(stales(sent, patientKey)).toBe(false);
    expect(stales(sent, professionalKey)).toBe(false);
  });
});
