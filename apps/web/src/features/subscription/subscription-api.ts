import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cancelSubscription, listInvoices, resumeSubscription, startCheckout } from '@glucosuivi/domain/subscription/subscription.contract';
import type { BillingInterval } from '@glucosuivi/domain/subscription/plans';
import type { SubscriptionDto } from '@glucosuivi/domain/subscription/subscription.schemas';
import { apiCall } from '@/lib/api-client';
import { subscriptionKeys } from '@/lib/queries/query-keys';

/** Opens the payment page of the chosen interval; without a payment provider the server says so (payments_not_configured). */
export function useCheckout() {
  return useMutation({
    mutationFn: (interval: BillingInterval) => apiCall(startCheckout, { body: { interval } }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** The patient's invoices from the payment provider, newest first (none without payments). */
export function useInvoices() {
  return useQuery({
    queryKey: subscriptionKeys.invoices,
    queryFn: ({ signal }) => apiCall(listInvoices, { signal }),
  });
}

/** Cancel at the period's end, or resume: the answer is the subscription as it now stands. */
export function useCancelOrResume() {
  const queryClient = useQueryClient();
  const onSuccess = (subscription: SubscriptionDto) => queryClient.setQueryData(subscriptionKeys.mine, subscription);
  return {
    cancel: useMutation({ mutationFn: () => apiCall(cancelSubscription, {}), onSuccess }),
    resume: useMutation({ mutationFn: () => apiCall(resumeSubscription, {}), onSuccess }),
  };
}
