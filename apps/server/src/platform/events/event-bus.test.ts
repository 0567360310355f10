import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@glucosuivi/domain/shared/events';
import { createInProcessEventBus } from './event-bus';

const PATIENT = '2b4c1d7e-0000-4000-8000-000000000001';
const recorded: DomainEvent = {
  type: 'measurement.recorded',
  patientId: PATIENT,
  measurementId: null,
  kinds: ['glucose'],
  count: 3,
};
const deleted: DomainEvent = {
  type: 'measurement.deleted',
  patientId: PATIENT,
  measurementId: 'm-1',
  kind: 'glucose',
};

function logSpy() {
  const warnings: { obj: object; msg: string }[] = [];
  return {
    warnings,
    log: { warn: (obj: object, msg: string) => void warnings.push({ obj, msg }) },
  };
}

describe('in-process event bus', () => {
  it('delivers an event to the handlers of its type only, as local, and has run them when publish resolves', async () => {
    const bus = createInProcessEventBus(logSpy().log);
    const seen: string[] = [];
    bus.subscribe('measurement.recorded', async (event, meta) => {
      await Promise.resolve();
      seen.push(`${event.type}:${event.count}:${meta.origin}`);
    });
    bus.subscribe(
      'measurement.deleted',
      (event) => void seen.push(`${event.type}:${event.measurementId}`),
    );
    await bus.publish(recorded);
    expect(seen).toEqual(['measurement.recorded:3:local']);
    await bus.publish(deleted);
    expect(seen).toEqual(['measurement.recorded:3:local', 'measurement.deleted:m-1']);
  });

  it('stops delivering after unsubscribe', async () => {
    const bus = createInProcessEventBus(logSpy().log);
    let count = 0;
    const unsubscribe = bus.subscribe('measurement.recorded', () => void count++);
    await bus.publish(recorded);
    unsubscribe();
    await bus.publish(recorded);
    expect(count).toBe(1);
  });

  it('keeps going when a handler throws or rejects: the others run, publish resolves, the log names the event type only', async () => {
    const { log, warnings } = logSpy();
    const bus = createInProcessEventBus(log);
    let reached = false;
    bus.subscribe('measurement.recorded', () => {
      throw new Error('glucose 42 for someone@example.org');
    });
    bus.subscribe('measurement.recorded', () => Promise.reject(new Error('boom')));
    bus.subscribe('measurement.recorded', () => void (reached = true));
    await expect(bus.publish(recorded)).resolves.toBeUndefined();
    expect(reached).toBe(true);
    expect(warnings).toEqual([
      { obj: { eventType: 'measurement.recorded', origin: 'local' }, msg: 'event handler failed' },
      { obj: { eventType: 'measurement.recorded', origin: 'local' }, msg: 'event handler failed' },
    ]);
    expect(JSON.stringify(warnings)).not.toContain('42');
  });

  it('drops a malformed event without calling anyone and without throwing', async () => {
    const { log, warnings } = logSpy();
    const bus = createInProcessEventBus(log);
    let called = false;
    bus.subscribe('measurement.recorded', () => void (called = true));
    // A health value where only ids and kinds belong is refused by the payload schema.
    await bus.publish({ ...recorded, count: 0 } as DomainEvent);
    expect(called).toBe(false);
    expect(warnings.map((w) => w.msg)).toEqual(['invalid domain event dropped']);
  });
});
