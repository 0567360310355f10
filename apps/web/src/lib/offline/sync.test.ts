import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/errors';
import type { QueuedEntry } from './entry-queue';
import { newClientKey, outcomeOf, sendWaiting, type QueuePorts } from './sync';

function entry(n: number, status: QueuedEntry['status'] = 'pending'): QueuedEntry {
  return {
    clientKey: `00000000-0000-4000-8000-00000000000${n}`,
    userId: 'u1',
    body: { kind: 'event', measuredAt: '2026-11-02T08:00:00.000Z', event: { type: 'carbs', grams: 10 * n } },
    queuedAt: n,
    status,
  };
}

/** An in-memory queue whose server answers from a script, one answer per send. */
function memoryQueue(entries: QueuedEntry[], answers: (Error | 'ok')[]) {
  const stored = new Map(entries.map((e) => [e.clientKey, e]));
  const sentKeys: string[] = [];
  const ports: QueuePorts = {
    list: async () => [...stored.values()].sort((a, b) => a.queuedAt - b.queuedAt),
    send: async (e) => {
      sentKeys.push(e.clientKey);
      const answer = answers.shift() ?? 'ok';
      if (answer !== 'ok') throw answer;
    },
    remove: async (key) => void stored.delete(key),
    refuse: async (e, refusal) => void stored.set(e.clientKey, { ...e, status: 'refused', refusal }),
  };
  return { ports, stored, sentKeys };
}

describe('offline queue sending', () => {
  it('sends waiting entries oldest first, each with its own key, and removes each one the server stored', async () => {
    const q = memoryQueue([entry(3), entry(1), entry(2)], []);
    expect(await sendWaiting(q.ports)).toEqual({ sent: 3, refused: 0, waiting: 0 });
    expect(q.sentKeys).toEqual([entry(1), entry(2), entry(3)].map((e) => e.clientKey));
    expect(q.stored.size).toBe(0);
  });

  it('stops at the first entry that must wait and keeps it and the rest, untouched', async () => {
    const q = memoryQueue([entry(1), entry(2), entry(3)], ['ok', new ApiError('network', 'offline')]);
    expect(await sendWaiting(q.ports)).toEqual({ sent: 1, refused: 0, waiting: 2 });
    expect([...q.stored.values()].map((e) => [e.clientKey, e.status])).toEqual([
      [entry(2).clientKey, 'pending'],
      [entry(3).clientKey, 'pending'],
    ]);
  });

  it('keeps a refused entry with its reason and goes on with the next ones', async () => {
    const issues = [{ path: ['body', 'event', 'grams'], code: 'custom', message: 'out of range' }];
    const q = memoryQueue([entry(1), entry(2)], [new ApiError('validation_failed', 'bad', 400, 'r1', issues)]);
    expect(await sendWaiting(q.ports)).toEqual({ sent: 1, refused: 1, waiting: 0 });
    expect(q.stored.get(entry(1).clientKey)).toMatchObject({ status: 'refused', refusal: { code: 'validation_failed', issues } });
    expect(q.stored.has(entry(2).clientKey)).toBe(false);
  });

  it('never sends a refused entry again by itself', async () => {
    const q = memoryQueue([entry(1, 'refused'), entry(2)], []);
    await sendWaiting(q.ports);
    expect(q.sentKeys).toEqual([entry(2).clientKey]);
    expect(q.stored.get(entry(1).clientKey)?.status).toBe('refused');
  });

  it('tells answers about the entry from answers about the moment', () => {
    for (const code of ['validation_failed', 'forbidden', 'conflict', 'not_found'] as const) {
      expect(outcomeOf(new ApiError(code, code)).kind, code).toBe('refused');
    }
    for (const code of ['network', 'unauthenticated', 'rate_limited', 'unavailable', 'internal', 'invalid_response'] as const) {
      expect(outcomeOf(new ApiError(code, code)).kind, code).toBe('later');
    }
    expect(outcomeOf(new TypeError('Failed to fetch')).kind).toBe('later');
  });

  it('makes version-4 UUIDs, also without crypto.randomUUID', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newClientKey()).toMatch(uuid);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, () => newClientKey()));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
