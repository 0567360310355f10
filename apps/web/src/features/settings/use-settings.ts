import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getSettings, updateSettings } from '@glucosuivi/domain/settings/settings.contract';
import type { SettingsPatch, UserSettings } from '@glucosuivi/domain/settings/settings.schemas';
import { toast } from 'sonner';
import { apiCall } from '@/lib/api-client';
import { ApiError } from '@/lib/errors';
import { useSettingsT, type SettingsT } from './settings-i18n';

export const settingsQueryKey = ['settings'] as const;

export function useSettingsQuery(enabled: boolean) {
  return useQuery({
    queryKey: settingsQueryKey,
    queryFn: ({ signal }) => apiCall(getSettings, { signal }),
    enabled,
  });
}

/** The fields of `source` that `patch` changes. */
function pick(source: UserSettings, patch: SettingsPatch): Partial<UserSettings> {
  return Object.fromEntries(Object.keys(patch).map((key) => [key, source[key as keyof UserSettings]]));
}

/** Spec §8: a save that the server refused, an unexpected failure, or no session. */
export function saveErrorMessage(error: unknown, t: SettingsT): string {
  if (error instanceof ApiError) {
    return error.code === 'unauthenticated' ? t('errors.notSignedIn') : t('toasts.saveFailed');
  }
  return t('toasts.unexpected');
}

/**
 * A setting is applied at once and reverted if saving fails (spec §4): the cache changes before
 * the PATCH (with only the changed fields), and only those fields go back on failure.
 */
export function useUpdateSetting() {
  const { t } = useSettingsT();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: SettingsPatch) => apiCall(updateSettings, { body: patch }),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: settingsQueryKey });
      const previous = queryClient.getQueryData<UserSettings>(settingsQueryKey);
      if (previous) queryClient.setQueryData<UserSettings>(settingsQueryKey, { ...previous, ...patch });
      return { before: previous ? pick(previous, patch) : undefined };
    },
    onError: (error, _patch, context) => {
      if (context?.before) {
        const before = context.before;
        queryClient.setQueryData<UserSettings>(settingsQueryKey, (current) => (current ? { ...current, ...before } : current));
      }
      toast.error(saveErrorMessage(error, t));
    },
    onSuccess: (saved, patch) => {
      queryClient.setQueryData<UserSettings>(settingsQueryKey, (current) =>
        current ? { ...current, ...pick(saved, patch), updatedAt: saved.updatedAt } : saved,
      );
      toast.success(t('toasts.saved'));
    },
  });
}
