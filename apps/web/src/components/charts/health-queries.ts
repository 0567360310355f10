import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getSettings } from '@glucosuivi/domain/settings/settings.contract';
import { apiCall } from '@/lib/api-client';
import { unitOfSetting } from './glucose-display';

/**
 * Query keys of the health data, shared by the pages that read or change it. `['settings']` is
 * the settings page's own key, so a unit changed there shows everywhere at once.
 */
export const healthKeys = {
  settings: ['settings'] as const,
  measurements: ['measurements'] as const,
  alerts: ['alerts'] as const,
  reports: ['reports'] as const,
  profile: ['profile'] as const,
};

/** After a measurement is written or deleted: everything computed from measurements is stale. */
export function invalidateHealthData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: healthKeys.measurements }),
    queryClient.invalidateQueries({ queryKey: healthKeys.alerts }),
    queryClient.invalidateQueries({ queryKey: healthKeys.reports }),
  ]);
}

/** The patient's glucose unit and time zone (GET /api/settings), with the defaults until known. */
export function useGlucoseSettings() {
  const query = useQuery({
    queryKey: healthKeys.settings,
    queryFn: ({ signal }) => apiCall(getSettings, { signal }),
  });
  return {
    unit: unitOfSetting(query.data?.glucoseUnit),
    timeZone: query.data?.timezone ?? 'Europe/Paris',
    isPending: query.isPending,
    isError: query.isError,
  };
}
