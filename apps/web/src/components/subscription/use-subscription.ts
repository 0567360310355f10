import { useQuery } from '@tanstack/react-query';
import { getSubscription } from '@glucosuivi/domain/subscription/subscription.contract';
import { apiCall } from '@/lib/api-client';
import { subscriptionKeys } from '@/lib/queries/query-keys';

/** The signed-in patient's subscription: plan, entitlements, this month's PDF reports, prices. */
export function useSubscription() {
  return useQuery({
    queryKey: subscriptionKeys.mine,
    queryFn: ({ signal }) => apiCall(getSubscription, { signal }),
  });
}
