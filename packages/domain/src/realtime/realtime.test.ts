import { describe, expect, it } from 'vitest';
import type { ShareCategory } from '../care-team/care-team.schemas';
import type { DomainEvent } from '../shared/events';
import { eventForProfessional } from './realtime.rules';
import { parseTopic, reconnectDelay } from './realtime.schemas';

const P = 'patient-1';
const shared = (...categories: ShareCategory[]) => new Set(categories);

describe('eventForProfessional', () => {
  it('shows a recorded measurement only with its kind shared, and keeps only the shared kinds of an import', () => {
    const weight: DomainEvent = { type: 'measurement.recorded', patientId: P, measurementId: 'm', kinds: ['weight'], count: 1 };
    expect(eventForProfessional(weight, shared('glucose'))).toBeNull();
    expect(eventForProfessional(weight, shared('weight'))).toEqual(weight);
    const mixed: DomainEvent = { type: 'measurement.recorded', patientId: P, measurementId: null, kinds: ['glucose', 'event', 'weight'], count: 40 };
    expect(eventForProfessional(mixed, shared('glucose', 'events'))).toEqual({ ...mixed, kinds: ['glucose', 'event'], count: 1 });
  });

  it('gates updates, deletions, targets and alerts by their category', () => {
    const deleted: DomainEvent = { type: 'measurement.deleted', patientId: P, measurementId: 'm', kind: 'hba1c' };
    expect(eventForProfessional(deleted, shared('glucose'))).toBeNull();
    expect(eventForProfessional(deleted, shared('hba1c'))).toEqual(deleted);
    const targets: DomainEvent = { type: 'targets.changed', patientId: P, changedBy: P };
    expect(eventForProfessional(targets, shared('weight'))).toBeNull();
    expect(eventForProfessional(targets, shared('glucose'))).toEqual(targets);
    const alert: DomainEvent = { type: 'alert.raised', patientId: P, alertIds: ['a'], kinds: ['hypo'] };
    expect(eventForProfessional(alert, shared('glucose'))).toBeNull();
    expect(eventForProfessional(alert, shared('alerts'))).toEqual(alert);
  });

  it("never forwards another user's settings", () => {
    expect(eventForProfessional({ type: 'settings.changed', userId: P }, shared('glucose', 'alerts'))).toBeNull();
  });
});

describe('topics and reconnection', () => {
  it('parses the three topic shapes and nothing else', () => {
    expect(parseTopic('realtime:patients')).toEqual({ kind: 'patients' });
    expect(parseTopic('realtime:user:u-1')).toEqual({ kind: 'user', userId: 'u-1' });
    expect(parseTopic('realtime:patient:p_2')).toEqual({ kind: 'patient', patientId: 'p_2' });
    for (const bad of ['realtime:patient:', 'realtime:patient:a:b', 'realtime:admin:x', 'patients', 'realtime:user:<script>']) expect(parseTopic(bad), bad).toBeNull();
  });

  it('waits 1 s, 2 s, 5 s, then 10 s between attempts (SPEC §9)', () => {
    const nominal = () => 0.5;
    expect([0, 1, 2, 3, 4, 10].map((attempt) => reconnectDelay(attempt, nominal))).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
    // ±20 % around each step, so tabs that lost one server do not come back in lockstep.
    expect([reconnectDelay(0, () => 0), reconnectDelay(3, () => 0), reconnectDelay(3, () => 0.999_999)]).toEqual([800, 8_000, 12_000]);
  });
});
