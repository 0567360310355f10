import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  answerSupportTicket,
  getMySupportTicket,
  getSupportTicket,
  listMySupportTickets,
  listSupportTickets,
  replyToMySupportTicket,
  setSupportTicketStatus,
} from '@glucosuivi/domain/support/support.contract';
import type {
  AdminSupportConversation,
  AdminSupportQuery,
  SupportRequestType,
  SupportTicketStatus,
} from '@glucosuivi/domain/support/support.schemas';
import { apiCall } from '@/lib/api-client';
import { ApiError } from '@/lib/errors';
import { supportKeys } from '@/lib/queries/query-keys';

/*
 * The support tickets' queries. A write answers with the whole conversation: it is put in that
 * ticket's cache entry at once, and the lists are refetched (status, order and counts moved).
 */

/** One retry, as everywhere, except for a ticket that is not there (or not the reader's): asking again changes nothing. */
const retryUnlessMissing = (failures: number, error: Error) => failures < 1 && !(error instanceof ApiError && error.code === 'not_found');

export function useMyTickets() {
  return useQuery({ queryKey: supportKeys.mine, queryFn: ({ signal }) => apiCall(listMySupportTickets, { signal }) });
}

export function useMyTicket(id: string | null) {
  return useQuery({
    queryKey: supportKeys.myTicket(id ?? ''),
    queryFn: ({ signal }) => apiCall(getMySupportTicket, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    retry: retryUnlessMissing,
  });
}

export function useFollowUp(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => apiCall(replyToMySupportTicket, { params: { id }, body: { message } }),
    onSuccess: (conversation) => {
      queryClient.setQueryData(supportKeys.myTicket(id), conversation);
      void queryClient.invalidateQueries({ queryKey: supportKeys.mine, exact: true });
    },
  });
}

export interface InboxFilter {
  status: SupportTicketStatus | 'all';
  type: SupportRequestType | 'all';
  q: string;
}

function inboxQuery(filter: InboxFilter): AdminSupportQuery {
  const q = filter.q.trim();
  return {
    ...(filter.status === 'all' ? {} : { status: filter.status }),
    ...(filter.type === 'all' ? {} : { type: filter.type }),
    ...(q ? { q } : {}),
  };
}

export function useInbox(filter: InboxFilter) {
  return useQuery({
    queryKey: supportKeys.inboxList(filter.status, filter.type, filter.q.trim()),
    queryFn: ({ signal }) => apiCall(listSupportTickets, { query: inboxQuery(filter), signal }),
    // While a new filter loads, the previous list stays instead of a flash of skeleton.
    placeholderData: keepPreviousData,
  });
}

export function useInboxTicket(id: string | null) {
  return useQuery({
    queryKey: supportKeys.inboxTicket(id ?? ''),
    queryFn: ({ signal }) => apiCall(getSupportTicket, { params: { id: id! }, signal }),
    enabled: Boolean(id),
    retry: retryUnlessMissing,
  });
}

function useInboxWrite<V>(id: string, write: (value: V) => Promise<AdminSupportConversation>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (conversation) => {
      queryClient.setQueryData(supportKeys.inboxTicket(id), conversation);
      void queryClient.invalidateQueries({ queryKey: [...supportKeys.inbox, 'list'] });
    },
  });
}

export function useAnswer(id: string) {
  return useInboxWrite(id, (message: string) => apiCall(answerSupportTicket, { params: { id }, body: { message } }));
}

export function useSetStatus(id: string) {
  return useInboxWrite(id, (status: SupportTicketStatus) => apiCall(setSupportTicketStatus, { params: { id }, body: { status } }));
}
