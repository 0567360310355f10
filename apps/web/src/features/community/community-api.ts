import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  banForumAuthor,
  createForumThread,
  dismissForumReport,
  editForumPost,
  getForumMe,
  getForumThread,
  hideForumPost,
  liftForumBan,
  listForumBans,
  listForumCategories,
  listForumReports,
  listForumThreads,
  lockForumThread,
  replyToForumThread,
  reportForumPost,
  searchForum,
  setForumPseudonym,
} from '@glucosuivi/domain/community/community.contract';
import type { BanAuthorInput, ForumCategory, HidePostInput, NewThreadInput } from '@glucosuivi/domain/community/community.schemas';
import { apiCall } from '@/lib/api-client';
import { ApiError } from '@/lib/errors';

/** The forum's cache keys: everything under `community`, so a write can refresh the lot. */
export const communityKeys = {
  all: ['community'] as const,
  categories: ['community', 'categories'] as const,
  threads: (slug: string, page: number) => ['community', 'threads', slug, page] as const,
  thread: (id: string, page: number) => ['community', 'thread', id, page] as const,
  search: (q: string, page: number) => ['community', 'search', q, page] as const,
  me: ['community', 'me'] as const,
  reports: ['community', 'reports'] as const,
  bans: ['community', 'bans'] as const,
};

const retryUnlessMissing = (failures: number, error: Error) => failures < 1 && !(error instanceof ApiError && error.code === 'not_found');

export function useCategories() {
  return useQuery({ queryKey: communityKeys.categories, queryFn: ({ signal }) => apiCall(listForumCategories, { signal }) });
}

export function useThreads(slug: ForumCategory, page: number) {
  return useQuery({
    queryKey: communityKeys.threads(slug, page),
    queryFn: ({ signal }) => apiCall(listForumThreads, { params: { slug }, query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useThread(id: string, page: number) {
  return useQuery({
    queryKey: communityKeys.thread(id, page),
    queryFn: ({ signal }) => apiCall(getForumThread, { params: { id }, query: { page }, signal }),
    placeholderData: keepPreviousData,
    retry: retryUnlessMissing,
  });
}

export function useSearch(q: string, page: number) {
  return useQuery({
    queryKey: communityKeys.search(q, page),
    queryFn: ({ signal }) => apiCall(searchForum, { query: { q, page }, signal }),
    enabled: q.trim().length >= 2,
  });
}

export function useForumMe(signedIn: boolean) {
  return useQuery({ queryKey: communityKeys.me, queryFn: ({ signal }) => apiCall(getForumMe, { signal }), enabled: signedIn });
}

/** After a write every forum page may have moved (counts, order, pages): refetch what is shown. */
function useRefreshForum() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: communityKeys.all });
}

export function useSetPseudonym() {
  const refresh = useRefreshForum();
  return useMutation({
    mutationFn: (pseudonym: string) => apiCall(setForumPseudonym, { body: { pseudonym } }),
    onSuccess: () => void refresh(),
  });
}

export function useCreateThread(slug: ForumCategory) {
  const refresh = useRefreshForum();
  return useMutation({
    mutationFn: (input: NewThreadInput) => apiCall(createForumThread, { params: { slug }, body: input }),
    onSuccess: () => void refresh(),
  });
}

export function useReply(threadId: string) {
  const refresh = useRefreshForum();
  return useMutation({
    mutationFn: (body: string) => apiCall(replyToForumThread, { params: { id: threadId }, body: { body } }),
    onSuccess: () => void refresh(),
  });
}

export function useEditPost(postId: string) {
  const refresh = useRefreshForum();
  return useMutation({
    mutationFn: (body: string) => apiCall(editForumPost, { params: { id: postId }, body: { body } }),
    onSuccess: () => void refresh(),
  });
}

export function useReport(postId: string) {
  return useMutation({ mutationFn: (reason: string) => apiCall(reportForumPost, { params: { id: postId }, body: { reason } }) });
}

// Moderation (administrators).

export function useReports() {
  return useQuery({ queryKey: communityKeys.reports, queryFn: ({ signal }) => apiCall(listForumReports, { signal }) });
}

export function useModeration() {
  const refresh = useRefreshForum();
  const done = { onSuccess: () => void refresh() };
  return {
    hide: useMutation({ mutationFn: ({ id, ...body }: HidePostInput & { id: string }) => apiCall(hideForumPost, { params: { id }, body }), ...done }),
    lock: useMutation({ mutationFn: ({ id, locked }: { id: string; locked: boolean }) => apiCall(lockForumThread, { params: { id }, body: { locked } }), ...done }),
    ban: useMutation({ mutationFn: ({ id, ...body }: BanAuthorInput & { id: string }) => apiCall(banForumAuthor, { params: { id }, body }), ...done }),
    dismiss: useMutation({ mutationFn: (id: string) => apiCall(dismissForumReport, { params: { id } }), ...done }),
    lift: useMutation({ mutationFn: (userId: string) => apiCall(liftForumBan, { params: { userId } }), ...done }),
  };
}

export function useBans() {
  return useQuery({ queryKey: communityKeys.bans, queryFn: ({ signal }) => apiCall(listForumBans, { signal }) });
}
