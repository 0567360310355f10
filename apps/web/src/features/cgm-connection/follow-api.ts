import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { followSite, getFollowedSite, syncFollowedSite, unfollowSite } from '@glucosuivi/domain/nightscout/nightscout-follow.contract';
import type { FollowSiteInput } from '@glucosuivi/domain/nightscout/nightscout-follow.schemas';
import { apiCall } from '@/lib/api-client';

/** The followed site; refreshed every minute while the page is open (the poll runs every 5). */
export const followKeys = { site: ['nightscout', 'followed-site'] as const };

export function useFollowedSite() {
  return useQuery({
    queryKey: followKeys.site,
    queryFn: ({ signal }) => apiCall(getFollowedSite, { signal }),
    refetchInterval: 60_000,
  });
}

/** Follow (or replace), sync now, stop: each answer is the new state of the section. */
export function useFollowActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: followKeys.site });
  return {
    follow: useMutation({ mutationFn: (body: FollowSiteInput) => apiCall(followSite, { body }), onSuccess: refresh }),
    sync: useMutation({ mutationFn: () => apiCall(syncFollowedSite, {}), onSuccess: refresh }),
    unfollow: useMutation({ mutationFn: () => apiCall(unfollowSite, {}), onSuccess: refresh }),
  };
}
