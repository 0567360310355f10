import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getSettings } from '@glucosuivi/domain/settings/settings.contract';
import { apiCall } from '@/lib/api-client';
import { unitOfSetting } from '@/components/charts/glucose-display';
import { adviceKeys, patientDataKeys } from './query-keys';

export { patientDataKeys };

/** After a measurement is written or deleted: everything computed from measurements is stale. */
export function invalidateHealthData(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: patientDataKeys.measurements }),
    queryClient.invalidateQueries({ queryKey: patientDataKeys.alerts }),
    queryClient.invalidateQueries({ queryKey: patientDataKeys.reports }),
    queryClient.invalidateQueries({ queryKey: adviceKeys.all }),
  ]);
}

/** The patient's glucose unit and time zone (GET /api/settings), with the defaults until known. */
export function useGlucoseSettings() {
  const query = useQuery({
    queryKey: patientDataKeys.settings,
    queryFn: ({ signal }) => apiCall(getSettings, { signal }),
  });
  return {
    unit: unitOfSetting(query.data?.glucoseUnit),
    timeZone: query.data?.timezone ?? 'Europe/Paris',
    isPending: query.isPending,
    isError: query.isError,
  };
}
