import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getAdvice, patientAdvice, voteAdvice } from '@glucosuivi/domain/advice/advice.contract';
import type { AdviceFeedback, AdviceKind, AdviceResponse, AdviceVote } from '@glucosuivi/domain/advice/advice.schemas';
import { apiCall } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import { BROWSER_ONLY } from '@/lib/query-client';
import { adviceKeys, professionalKeys } from '@/lib/queries/query-keys';
import type { AdvicePeriod } from './advice-view';

/** The signed-in patient's findings of a period, with their own votes. */
export function usePatientAdvice(days: AdvicePeriod) {
  return useQuery({
    queryKey: adviceKeys.period(days),
    queryFn: ({ signal }) => apiCall(getAdvice, { query: { days }, signal }),
    meta: BROWSER_ONLY,
  });
}

/** A patient's findings as a professional reads them: from the shared categories only, no votes. */
export function useProfessionalAdvice(patientId: string, days: AdvicePeriod) {
  return useQuery({
    queryKey: [...professionalKeys.patient(patientId), 'advice', days],
    queryFn: ({ signal }) => apiCall(patientAdvice, { params: { patientId }, query: { days }, signal }),
  });
}

type VoteSnapshot = ReadonlyArray<readonly [QueryKey, AdviceVote | undefined]>;

function withVote(advice: AdviceResponse, kind: AdviceKind, vote: AdviceVote | undefined): AdviceResponse {
  const votes = { ...advice.votes };
  if (vote) votes[kind] = vote;
  else delete votes[kind];
  return { ...advice, votes };
}

/**
 * "Utile" / "Pas utile": the button is pressed before the answer (a vote counts per kind, so every
 * cached period shows it) and that kind's previous vote comes back, with a toast, if the save fails.
 */
export function useVoteAdvice() {
  const { t } = useTranslation('advice');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (feedback: AdviceFeedback) => apiCall(voteAdvice, { body: feedback }),
    onMutate: async ({ kind, vote }): Promise<{ previous: VoteSnapshot }> => {
      await queryClient.cancelQueries({ queryKey: adviceKeys.all });
      const previous = queryClient
        .getQueriesData<AdviceResponse>({ queryKey: adviceKeys.all })
        .filter(([, data]) => data !== undefined)
        .map(([key, data]) => [key, data?.votes[kind]] as const);
      for (const [key] of previous) {
        queryClient.setQueryData<AdviceResponse>(key, (data) => (data ? withVote(data, kind, vote) : data));
      }
      return { previous };
    },
    onError: (error, { kind }, context) => {
      for (const [key, vote] of context?.previous ?? []) {
        queryClient.setQueryData<AdviceResponse>(key, (data) => (data ? withVote(data, kind, vote) : data));
      }
      toast.error(t('vote.failed'), { description: errorMessage(error, t) });
    },
  });
}
