import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  getMessages,
  getUnreadTotal,
  listConversations,
  markDelivered,
  markRead,
  sendMessage,
} from '@glucosuivi/domain/messages/messages.contract';
import type { Conversation, Message, MessagePage, ReceiptResult } from '@glucosuivi/domain/messages/messages.schemas';
import { apiCall } from '@/lib/api-client';
import { ApiError } from '@/lib/errors';
import { messageKeys } from '@/lib/queries/message-keys';

/** After a message is sent or read: the list's previews and counts, and the header's count. */
export function invalidateMessageLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: messageKeys.conversations }),
    queryClient.invalidateQueries({ queryKey: messageKeys.unread }),
  ]);
}

/** The header's unread count (GET /api/messages/unread); 0 until known. */
export function useUnreadMessageCount(enabled = true): number {
  const query = useQuery({
    queryKey: messageKeys.unread,
    queryFn: ({ signal }) => apiCall(getUnreadTotal, { signal }),
    // The realtime channel invalidates it at once; this is the fallback when it is down.
    refetchInterval: 60_000,
    // A count that cannot load stays empty rather than retrying: the page itself reports errors.
    retry: false,
    enabled,
  });
  return query.data?.total ?? 0;
}

/**
 * My conversations. Loading them is the recipient's client fetching the other person's latest
 * messages: each one still only "sent" is acknowledged as delivered.
 */
export function useConversations() {
  const query = useQuery({
    queryKey: messageKeys.conversations,
    queryFn: ({ signal }) => apiCall(listConversations, { signal }),
  });
  useDeliveredFromList(query.data?.items);
  return query;
}

function useDeliveredFromList(items: readonly Conversation[] | undefined) {
  const acknowledged = useRef(new Set<string>());
  useEffect(() => {
    for (const conversation of items ?? []) {
      const last = conversation.lastMessage;
      if (!last || last.mine || last.status !== 'sent' || acknowledged.current.has(last.id)) continue;
      acknowledged.current.add(last.id);
      // Only the sender's receipt changes: nothing on this screen needs a refetch.
      void apiCall(markDelivered, { params: { linkId: conversation.linkId }, body: { upToMessageId: last.id } }).catch(() =>
        acknowledged.current.delete(last.id),
      );
    }
  }, [items]);
}

/** One conversation, newest page first; older pages through `nextCursor`. */
export function useConversationPages(linkId: string) {
  return useInfiniteQuery({
    queryKey: messageKeys.conversation(linkId),
    queryFn: ({ pageParam, signal }) =>
      apiCall(getMessages, { params: { linkId }, query: pageParam ? { before: pageParam } : {}, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // A 404 is an answer (not my conversation, or the link ended for the professional), not a hiccup.
    retry: (count, error) => !(error instanceof ApiError && error.code === 'not_found') && count < 1,
  });
}

/** Every fetched message once, oldest first (the order on screen, newest at the bottom). */
export function chronological(data: InfiniteData<MessagePage> | undefined): Message[] {
  const seen = new Set<string>();
  const messages: Message[] = [];
  for (const page of data?.pages ?? []) {
    for (const message of page.items) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  }
  return messages.reverse();
}

/** Sends a message; it shows at once, then the conversation and the lists are refreshed. */
export function useSendMessage(linkId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => apiCall(sendMessage, { params: { linkId }, body: { text } }),
    onSuccess: (message) => {
      queryClient.setQueryData<InfiniteData<MessagePage>>(messageKeys.conversation(linkId), (data) => {
        const first = data?.pages[0];
        if (!data || !first || first.items.some((m) => m.id === message.id)) return data;
        return { ...data, pages: [{ ...first, items: [message, ...first.items] }, ...data.pages.slice(1)] };
      });
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(linkId) });
      void invalidateMessageLists(queryClient);
    },
    onError: () => {
      // A link revoked meanwhile answers conversation_read_only: show the conversation as it is now.
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(linkId) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversations });
    },
  });
}

/**
 * The recipient's receipts in an open conversation: the newest message of the other person is
 * acknowledged as delivered once fetched, and as read only while the conversation is on screen.
 */
export function useReceipts(linkId: string, messages: readonly Message[], visible: boolean) {
  const queryClient = useQueryClient();
  const sent = useRef({ read: '', delivered: '' });
  const newest = messages.findLast((m) => !m.mine);
  const read = useMutation({
    mutationFn: (upToMessageId: string) => apiCall(markRead, { params: { linkId }, body: { upToMessageId } }),
    onSuccess: (result: ReceiptResult) => {
      queryClient.setQueryData(messageKeys.unread, { total: result.totalUnread });
      void invalidateMessageLists(queryClient);
    },
    onError: () => {
      sent.current.read = '';
    },
  });
  const delivered = useMutation({
    mutationFn: (upToMessageId: string) => apiCall(markDelivered, { params: { linkId }, body: { upToMessageId } }),
    onError: () => {
      sent.current.delivered = '';
    },
  });
  const { mutate: markAsRead } = read;
  const { mutate: markAsDelivered } = delivered;
  const newestId = newest?.id;
  const newestStatus = newest?.status;
  useEffect(() => {
    if (!newestId || !newestStatus) return;
    if (visible && newestStatus !== 'read' && sent.current.read !== newestId) {
      sent.current.read = newestId;
      markAsRead(newestId);
    } else if (newestStatus === 'sent' && sent.current.delivered !== newestId && sent.current.read !== newestId) {
      sent.current.delivered = newestId;
      markAsDelivered(newestId);
    }
  }, [newestId, newestStatus, visible, markAsRead, markAsDelivered]);
}
