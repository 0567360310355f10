import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createUploader, listUploaders, revokeUploader, rotateUploader } from '@glucosuivi/domain/nightscout/nightscout.contract';
import { apiCall } from '@/lib/api-client';

/** The uploaders list; refreshed every minute while the page is open (last upload, battery). */
export const uploaderKeys = { list: ['nightscout', 'uploaders'] as const };

export function useUploaders() {
  return useQuery({
    queryKey: uploaderKeys.list,
    queryFn: ({ signal }) => apiCall(listUploaders, { signal }),
    refetchInterval: 60_000,
  });
}

/** Create, rotate and revoke; each answer changes the list. The secret comes back from create and rotate only. */
export function useUploaderActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: uploaderKeys.list });
  return {
    create: useMutation({ mutationFn: (name: string) => apiCall(createUploader, { body: { name } }), onSuccess: refresh }),
    rotate: useMutation({ mutationFn: (id: string) => apiCall(rotateUploader, { params: { id } }), onSuccess: refresh }),
    revoke: useMutation({ mutationFn: (id: string) => apiCall(revokeUploader, { params: { id } }), onSuccess: refresh }),
  };
}
