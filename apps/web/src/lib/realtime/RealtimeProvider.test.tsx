import { QueryClientProvider, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { DOMAIN_EVENT_TYPES, type DomainEvent } from '@glucosuivi/domain/shared/events';
import { openCountQueryKey } from '@/components/alerts/alerts-view';
import { createQueryClient } from '@/lib/query-client';
import { sessionQueryKey } from '@/lib/session';
import { FakeWebSocket, manualTimers } from '@/test/fake-websocket';
import { EVENT_KEYS, keysForEvent, REALTIME_KEYS } from './realtime-invalidation';
import { RealtimeProvider, useRealtimeTopic } from './RealtimeProvider';

/** What the pages of both areas keep in cache, by a name for the assertions. */
const CACHED = {
  summary: ['measurements', 'summary', 14],
  recent: ['measurements', 'list', 'recent'],
  openCount: openCountQueryKey,
  weekly: ['reports', 'weekly'],
  profile: ['profile'],
  settings: ['settings'],
  team: ['care-team', 'team'],
  triage: ['doctor', 'triage', 'all', 'worst_first', ''],
  p1: ['doctor', 'patient', 'p1', 'summary', 14],
  p1Notes: ['doctor', 'patient', 'p1', 'notes'],
  p2: ['doctor', 'patient', 'p2', 'summary', 14],
  doctorProfile: ['doctor', 'profile'],
  session: sessionQueryKey,
} satisfies Record<string, QueryKey>;
type Cached = keyof typeof CACHED;

function cachedClient(): QueryClient {
  const queryClient = createQueryClient();
  for (const key of Object.values(CACHED)) queryClient.setQueryData(key, { cached: true });
  return queryClient;
}

/** Every query fetched again, as after the refetches that follow a hello: nothing stale. */
function refetchedAll(queryClient: QueryClient): void {
  for (const key of Object.values(CACHED)) queryClient.setQueryData(key, { cached: true });
}

const invalidated = (queryClient: QueryClient): Cached[] =>
  (Object.keys(CACHED) as Cached[])
    .filter((name) => queryClient.getQueryState(CACHED[name])?.isInvalidated)
    .sort();

function Topic({ topic }: { topic: string | null }) {
  useRealtimeTopic(topic);
  return null;
}

function setup(children: ReactNode = null, userId: string | null = 'u1') {
  const queryClient = cachedClient();
  const clock = manualTimers();
  const options = {
    WebSocket: FakeWebSocket,
    timers: clock.timers,
    // No jitter drawn: the reconnect waits its nominal step.
    random: () => 0.5,
    url: 'ws://app.test/api/realtime',
  };
  const tree = (id: string | null, content: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider userId={id} options={options}>
        {content}
      </RealtimeProvider>
    </QueryClientProvider>
  );
  const view = render(tree(userId, children));
  return {
    queryClient,
    clock,
    rerender: (id: string | null, content: ReactNode = children) =>
      view.rerender(tree(id, content)),
    unmount: view.unmount,
  };
}

/** The connection's code is imported on sign-in: waits for its socket. */
async function connected(count = 1): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.created).toHaveLength(count));
  return FakeWebSocket.last();
}

const recorded = (patientId: string): DomainEvent => ({
  type: 'measurement.recorded',
  patientId,
  measurementId: 'm1',
  kinds: ['glucose'],
  count: 1,
});

beforeEach(() => {
  FakeWebSocket.created = [];
});

describe('realtime invalidation table', () => {
  const samples: DomainEvent[] = [
    recorded('p1'),
    { type: 'measurement.updated', patientId: 'p1', measurementId: 'm1', kind: 'weight' },
    { type: 'measurement.deleted', patientId: 'p1', measurementId: 'm1', kind: 'glucose' },
    { type: 'targets.changed', patientId: 'p1', changedBy: 'd1' },
    { type: 'profile.changed', patientId: 'p1' },
    { type: 'settings.changed', userId: 'u1' },
    {
      type: 'care-link.changed',
      patientId: 'p1',
      professionalId: 'd1',
      linkId: 'l1',
      change: 'revoked',
      categories: [],
    },
    { type: 'alert.raised', patientId: 'p1', alertIds: ['a1'], kinds: ['hypo'] },
    {
      type: 'alert.status-changed',
      patientId: 'p1',
      alertId: 'a1',
      status: 'resolved',
      changedBy: 'p1',
    },
    { type: 'message.sent', linkId: 'l1', patientId: 'p1', professionalId: 'd1', messageId: 'm1', senderId: 'd1' },
    { type: 'message.read', linkId: 'l1', patientId: 'p1', professionalId: 'd1', readerId: 'p1', upToMessageId: 'm1' },
    { type: 'message.delivered', linkId: 'l1', patientId: 'p1', professionalId: 'd1', recipientId: 'p1', upToMessageId: 'm1' },
    { type: 'reminder.changed', patientId: 'p1', reminderId: 'r1' },
    { type: 'reminder.due', patientId: 'p1', reminderId: 'r1', occurrenceId: 'o1' },
    { type: 'notification.created', patientId: 'p1', userId: 'd1', notificationId: 'n1', kind: 'patient_alert' },
    { type: 'appointment.changed', patientId: 'p1', professionalId: 'd1', appointmentId: 'ap1', change: 'confirmed', changedBy: 'd1' },
    { type: 'session.ended', userId: 'u1', sessionId: 's1' },
  ];

  it("refreshes the reminders page and the notification centre (the header's count) on reminder events", () => {
    const byType = (type: DomainEvent['type']) => keysForEvent(samples.find((e) => e.type === type)!);
    expect(byType('reminder.due')).toEqual([['reminders'], ['notifications']]);
    expect(byType('reminder.changed')).toEqual([['reminders'], ['notifications']]);
    expect(byType('notification.created')).toEqual([['notifications']]);
  });

  it('refreshes both parties\' appointment pages, and the reminders a confirmation schedules', () => {
    expect(keysForEvent(samples.find((e) => e.type === 'appointment.changed')!)).toEqual([['appointments'], ['reminders'], ['notifications']]);
  });

  it('has a sample here for every event type', () => {
    expect(samples.map((e) => e.type).sort()).toEqual([...DOMAIN_EVENT_TYPES].sort());
    expect(Object.keys(EVENT_KEYS).sort()).toEqual([...DOMAIN_EVENT_TYPES].sort());
  });

  it('names only keys that a catch-up refreshes too (the session aside)', () => {
    const covered = (key: QueryKey) =>
      REALTIME_KEYS.some((prefix) => prefix.every((part, i) => key[i] === part));
    for (const event of samples) {
      for (const key of keysForEvent(event)) {
        if (key !== sessionQueryKey)
          expect(covered(key), `${event.type}: ${JSON.stringify(key)}`).toBe(true);
      }
    }
  });
});

describe('RealtimeProvider', () => {
  it('turns an event into invalidations of its keys only', async () => {
    const { queryClient } = setup();
    const socket = await connected();
    socket.accept();
    refetchedAll(queryClient);
    expect(invalidated(queryClient)).toEqual([]);
    socket.receive({ type: 'event', topic: 'realtime:patients', event: recorded('p1') });
    expect(invalidated(queryClient)).toEqual([
      'openCount',
      'p1',
      'p1Notes',
      'recent',
      'summary',
      'triage',
      'weekly',
    ]);
    // The cache is marked stale, never rewritten from the event.
    expect(queryClient.getQueryData(CACHED.summary)).toEqual({ cached: true });
  });

  it.each([
    [{ type: 'profile.changed', patientId: 'p2' }, ['p2', 'profile', 'triage']],
    [
      { type: 'alert.raised', patientId: 'p1', alertIds: ['a1'], kinds: ['hypo'] },
      ['openCount', 'p1', 'p1Notes', 'summary', 'triage', 'weekly'],
    ],
    [
      {
        type: 'care-link.changed',
        patientId: 'p1',
        professionalId: 'd1',
        linkId: 'l1',
        change: 'created',
        categories: ['glucose'],
      },
      ['p1', 'p1Notes', 'team', 'triage'],
    ],
    [
      { type: 'targets.changed', patientId: 'p1', changedBy: 'd1' },
      ['p1', 'p1Notes', 'profile', 'recent', 'summary', 'weekly'],
    ],
    [
      { type: 'settings.changed', userId: 'u1' },
      [
        'doctorProfile',
        'openCount',
        'p1',
        'p1Notes',
        'p2',
        'profile',
        'recent',
        'session',
        'settings',
        'summary',
        'team',
        'triage',
        'weekly',
      ],
    ],
  ] as [DomainEvent, Cached[]][])('%o invalidates its keys', async (event, expected) => {
    const { queryClient } = setup();
    const socket = await connected();
    socket.accept();
    refetchedAll(queryClient);
    socket.receive({ type: 'event', topic: 'realtime:user:u1', event });
    expect(invalidated(queryClient)).toEqual(expected.sort());
  });

  const everythingButTheSession = (Object.keys(CACHED) as Cached[])
    .filter((name) => name !== 'session')
    .sort();

  it('invalidates everything the channel can touch on the first hello and after a reconnection', async () => {
    const { queryClient, clock } = setup();
    const first = await connected();
    expect(invalidated(queryClient)).toEqual([]);
    // What was read before anyone listened may have missed a change made meanwhile.
    first.accept();
    expect(invalidated(queryClient)).toEqual(everythingButTheSession);
    refetchedAll(queryClient);
    first.drop();
    expect(clock.delays()).toEqual([1_000]);
    clock.runAll();
    const second = FakeWebSocket.last();
    expect(second).not.toBe(first);
    expect(invalidated(queryClient)).toEqual([]);
    second.accept();
    expect(invalidated(queryClient)).toEqual(everythingButTheSession);
  });

  it('invalidates everything the channel can touch on a catch-up', async () => {
    const { queryClient } = setup();
    const socket = await connected();
    socket.accept();
    refetchedAll(queryClient);
    socket.receive({ type: 'catch-up' });
    expect(invalidated(queryClient)).toEqual(everythingButTheSession);
  });

  it('subscribes the topics of mounted pages, once for several holders, until the last unmounts', async () => {
    const page = (holders: number, other = false) => (
      <>
        {Array.from({ length: holders }, (_, i) => (
          <Topic key={i} topic="realtime:patient:p1" />
        ))}
        {other ? <Topic topic="realtime:patients" /> : null}
        <Topic topic={null} />
      </>
    );
    const { rerender } = setup(page(2));
    const socket = await connected();
    expect(socket.sent).toEqual([]);
    socket.accept();
    expect(socket.sent).toEqual([{ type: 'subscribe', topic: 'realtime:patient:p1' }]);
    rerender('u1', page(1, true));
    expect(socket.sent.slice(1)).toEqual([{ type: 'subscribe', topic: 'realtime:patients' }]);
    rerender('u1', page(0, true));
    expect(socket.sent.slice(2)).toEqual([{ type: 'unsubscribe', topic: 'realtime:patient:p1' }]);
  });

  it('opens nothing without a user, and closes for good on sign-out', async () => {
    const { rerender, clock } = setup(null, null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(FakeWebSocket.created).toHaveLength(0);
    rerender('u1');
    const socket = await connected();
    socket.accept();
    rerender(null);
    expect(socket.closed).toBe(true);
    expect(clock.delays()).toEqual([]);
    rerender('u2');
    await connected(2);
  });

  it('closes for good on unmount', async () => {
    const { unmount, clock } = setup();
    const socket = await connected();
    socket.accept();
    unmount();
    expect(socket.closed).toBe(true);
    expect(clock.delays()).toEqual([]);
  });
});
