import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getCareTeam, listInvitations, listShareLinks, updateLinkCategories } from '@glucosuivi/domain/care-team/care-team.contract';
import type { CareTeam, ShareCategory } from '@glucosuivi/domain/care-team/care-team.schemas';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { careTeamKeys } from '@/lib/queries/query-keys';

export function useCareTeam() {
  return useQuery({ queryKey: careTeamKeys.team, queryFn: ({ signal }) => apiCall(getCareTeam, { signal }) });
}

export function useInvitations() {
  return useQuery({ queryKey: careTeamKeys.invitations, queryFn: ({ signal }) => apiCall(listInvitations, { signal }) });
}

export function useShareLinks() {
  return useQuery({ queryKey: careTeamKeys.shareLinks, queryFn: ({ signal }) => apiCall(listShareLinks, { signal }) });
}

/**
 * Changing what one professional sees takes effect at once (PRODUCT.md §4): the checkbox moves
 * before the answer and goes back, with a toast, if the server refuses.
 */
export function useUpdateCategories() {
  const { t } = useTranslation('careTeam');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId, categories }: { linkId: string; categories: ShareCategory[] }) =>
      apiCall(updateLinkCategories, { params: { id: linkId }, body: { categories } }),
    onMutate: async ({ linkId, categories }) => {
      await queryClient.cancelQueries({ queryKey: careTeamKeys.team });
      const previous = queryClient.getQueryData<CareTeam>(careTeamKeys.team);
      const before = previous?.items.find((m) => m.linkId === linkId)?.categories;
      queryClient.setQueryData<CareTeam>(careTeamKeys.team, (team) =>
        team ? { items: team.items.map((m) => (m.linkId === linkId ? { ...m, categories } : m)) } : team,
      );
      return { before };
    },
    onError: (error, { linkId }, context) => {
      const before = context?.before;
      if (before) {
        queryClient.setQueryData<CareTeam>(careTeamKeys.team, (team) =>
          team ? { items: team.items.map((m) => (m.linkId === linkId ? { ...m, categories: before } : m)) } : team,
        );
      }
      toast.error(t('team.saveFailed'), { description: errorMessage(error, t) });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<CareTeam>(careTeamKeys.team, (team) =>
        team ? { items: team.items.map((m) => (m.linkId === saved.linkId ? saved : m)) } : team,
      );
      toast.success(t('team.saved'));
    },
  });
}
