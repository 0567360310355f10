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
