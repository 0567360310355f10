import type { QueryClient } from '@tanstack/react-query';
import {
  createRealtimeClient,
  realtimeUrl,
  type RealtimeClient,
  type RealtimeClientOptions,
} from './realtime-client';
import { sessionQueryKey } from '@/lib/session';
import { invalidateAllRealtime, invalidateForEvent } from './realtime-invalidation';

/** What a test may replace: the socket, the timers, the address. */
export type RealtimeConnectionOptions = Partial<
  Pick<RealtimeClientOptions, 'WebSocket' | 'timers' | 'url' | 'onStatus' | 'random'>
>;

/**
 * The client wired to the query cache: an event invalidates its keys (EVENT_KEYS); the first
 * connection, a catch-up or a reconnection, before which events may be missing, invalidates
 * every key the channel could have touched. Loaded on sign-in only (RealtimeProvider imports it lazily), so the
 * landing page carries neither the client nor the event schemas.
 */
export function connectRealtime(
  queryClient: QueryClient,
  options: RealtimeConnectionOptions = {},
): RealtimeClient {
  return createRealtimeClient({
    url: options.url ?? realtimeUrl(window.location),
    ...(options.WebSocket ? { WebSocket: options.WebSocket } : {}),
    ...(options.timers ? { timers: options.timers } : {}),
    ...(options.onStatus ? { onStatus: options.onStatus } : {}),
    ...(options.random ? { random: options.random } : {}),
    onEvent: (event) => void invalidateForEvent(queryClient, event),
    onCatchUp: () => void invalidateAllRealtime(queryClient),
    onReconnected: () => void invalidateAllRealtime(queryClient),
    // One refetch per shown query and page load buys a screen that cannot miss a change made
    // while it loaded (the connection opens beside the page's first requests).
    onFirstConnection: () => void invalidateAllRealtime(queryClient),
    // The session query then learns the user is signed out, and the guards send them to /auth.
    onSessionEnded: () => void queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
