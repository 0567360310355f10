import { dehydrate, hydrate, type DehydratedState, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The last dashboard seen, kept so that it can be read without a connection: the answers its
 * page was showing (the queries it observed, as TanStack Query dehydrates them), in Cache Storage
 * beside the app's files, with the moment they date from. The only personal data the app keeps
 * there; cleared at sign-out, account change and account deletion (clearOfflineData).
 */
export interface LastDashboard {
  userId: string;
  /** When its answers were fetched (the oldest of them, ms): "données du … à …". */
  dataAt: number;
  language: string;
  queries: DehydratedState;
}

export const DATA_CACHE = 'glucosuivi-data';
const ENTRY = '/offline/last-dashboard.json';
export const DASHBOARD_PATHS: readonly string[] = ['/patient-dashboard', '/dashboard', '/health-dashboard'];

function cacheStorage(): CacheStorage | undefined {
  return typeof caches === 'undefined' ? undefined : caches;
}

/**
 * What the page shows now: every answered query a component observes, and the session (the
 * first element of its key is `sessionRoot`), none of another page.
 */
export function snapshotOf(queryClient: QueryClient, userId: string, language: string, sessionRoot: string): LastDashboard | null {
  const queries = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' && (query.getObserversCount() > 0 || query.queryKey[0] === sessionRoot),
  });
  const dataTimes = queries.queries.filter((q) => q.queryKey[0] !== sessionRoot).map((q) => q.state.dataUpdatedAt);
  if (dataTimes.length === 0) return null;
  return { userId, dataAt: Math.min(...dataTimes), language, queries };
}

export async function saveLastDashboard(snapshot: LastDashboard): Promise<void> {
  const storage = cacheStorage();
  if (!storage) return;
  const cache = await storage.open(DATA_CACHE);
  await cache.put(ENTRY, new Response(JSON.stringify(snapshot), { headers: { 'content-type': 'application/json' } }));
}

export async function loadLastDashboard(): Promise<LastDashboard | null> {
  const storage = cacheStorage();
  if (!storage) return null;
  try {
    const hit = await (await storage.open(DATA_CACHE)).match(ENTRY);
    if (!hit) return null;
    const value = (await hit.json()) as Partial<LastDashboard> | null;
    if (!value || typeof value.userId !== 'string' || typeof value.dataAt !== 'number' || !value.queries || !Array.isArray(value.queries.queries)) return null;
    return value as LastDashboard;
  } catch {
    return null;
  }
}

/**
 * Puts the kept answers in the query client (the page then renders from them while offline).
 * The kept session is dated at least as late as the kept data: the patient-space guard waits for
 * a session answer dated from the page's entry, which offline can never come, and the page's
 * "now" is the data's moment; the kept session is the best answer this device has.
 */
export function applyLastDashboard(queryClient: QueryClient, snapshot: LastDashboard, sessionKey: QueryKey): void {
  hydrate(queryClient, snapshot.queries);
  const session = queryClient.getQueryState(sessionKey);
  if (session && session.status === 'success' && session.dataUpdatedAt < snapshot.dataAt) {
    queryClient.setQueryData(sessionKey, session.data, { updatedAt: snapshot.dataAt });
  }
}

export async function deleteLastDashboard(): Promise<void> {
  await cacheStorage()?.delete(DATA_CACHE);
}
