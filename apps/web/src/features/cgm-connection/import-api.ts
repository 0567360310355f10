import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { checkGlucoseImport, importGlucose } from '@glucosuivi/domain/imports/imports.contract';
import type { GlucoseImport } from '@glucosuivi/domain/imports/imports.schemas';
import { getSettings } from '@glucosuivi/domain/settings/settings.contract';
import { apiCall } from '@/lib/api-client';
import { patientDataKeys } from '@/lib/queries/query-keys';

/** The patient's settings (the settings page's own query): time zone and glucose unit. */
export function useUserSettings() {
  return useQuery({ queryKey: patientDataKeys.settings, queryFn: ({ signal }) => apiCall(getSettings, { signal }) });
}

export function checkImport(body: GlucoseImport, signal?: AbortSignal) {
  return apiCall(checkGlucoseImport, { body, ...(signal ? { signal } : {}) });
}

/** Imports, then marks every view of the patient's readings stale (the realtime event does too, a moment later). */
export function useImportGlucose() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: GlucoseImport) => apiCall(importGlucose, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: patientDataKeys.measurements }),
  });
}
