import { QueryClient } from '@tanstack/react-query';

/** Spec §9: data fresh 5 minutes, kept 10 minutes, one retry, no refetch on window focus. */
export const QUERY_DEFAULTS = {
  staleTime: 5 * 60_000,
  gcTime: 10 * 60_000,
  retry: 1,
  refetchOnWindowFocus: false,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { ...QUERY_DEFAULTS } } });
}

/**
 * A query the server's render of a signed-in page leaves to the browser (app/signed-in-render.tsx):
 * its answer is large or slow, and the page reads well without it until the app has started —
 * the chart's readings (drawn by a script anyway), the advice (computed per request).
 */
export const BROWSER_ONLY = { browserOnly: true } as const;
