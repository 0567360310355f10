import { useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { RealtimeClient } from './realtime-client';
import type { RealtimeConnectionOptions } from './realtime-connection';

interface RealtimeTopics {
  /** Wants a topic until the returned function is called; several holders share one subscription. */
  acquire(topic: string): () => void;
}

const RealtimeContext = createContext<RealtimeTopics | null>(null);

/**
 * The realtime channel of a signed-in tab (SPEC §7): one WebSocket while `userId` is set, closed
 * for good when it becomes null (sign-out) or the provider unmounts. Every event turns into
 * query invalidations (lib/realtime/realtime-invalidation.ts). The user's own topic comes
 * with the connection; pages add the ones they show with `useRealtimeTopic`.
 */
export function RealtimeProvider({
  userId,
  children,
  options,
}: {
  userId: string | null;
  children: ReactNode;
  options?: RealtimeConnectionOptions;
}) {
  const queryClient = useQueryClient();
  const [connectionOptions] = useState(() => options ?? {});
  const client = useRef<RealtimeClient | null>(null);
  // Wanted topics by number of holders: pages may mount before the connection's code has loaded.
  const [holders] = useState(() => new Map<string, number>());
  const [topics] = useState<RealtimeTopics>(() => ({
    acquire(topic) {
      const count = holders.get(topic) ?? 0;
      holders.set(topic, count + 1);
      if (count === 0) client.current?.subscribe(topic);
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        const left = (holders.get(topic) ?? 1) - 1;
        if (left > 0) return void holders.set(topic, left);
        holders.delete(topic);
        client.current?.unsubscribe(topic);
      };
    },
  }));

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let started: RealtimeClient | null = null;
    import('./realtime-connection')
      .then(({ connectRealtime }) => {
        if (cancelled) return;
        started = connectRealtime(queryClient, connectionOptions);
        for (const topic of holders.keys()) started.subscribe(topic);
        client.current = started;
        started.start();
      })
      // The chunk did not load (offline, new deploy): the pages still work, without live updates.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      client.current = null;
      started?.stop();
    };
  }, [userId, queryClient, connectionOptions, holders]);

  return <RealtimeContext.Provider value={topics}>{children}</RealtimeContext.Provider>;
}

/**
 * Follows a realtime topic while the calling component is mounted (null: none). Outside a
 * RealtimeProvider (a component test), nothing happens.
 */
export function useRealtimeTopic(topic: string | null): void {
  const topics = useContext(RealtimeContext);
  useEffect(() => {
    if (!topics || !topic) return;
    return topics.acquire(topic);
  }, [topics, topic]);
}
