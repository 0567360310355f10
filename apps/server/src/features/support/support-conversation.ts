import { languageSchema, type Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import {
  supportRequestTypeSchema,
  supportTicketStatusSchema,
  ticketReference,
  type AdminSupportTicket,
  type SupportRequesterKind,
  type SupportTicketMessage,
  type SupportTicketSummary,
} from '@glucosuivi/domain/support/support.schemas';

/** A stored ticket as the helpers below read it (the repository's row, without depending on it). */
export interface StoredTicket {
  id: string;
  userId: string | null;
  email: string;
  type: string;
  subject: string;
  message: string;
  language: string;
  status: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoredReply {
  id: string;
  fromSupport: boolean;
  message: string;
  createdAt: Date;
}

/** What an administrator's view adds: the account behind a signed-in requester. */
export interface RequesterAccountView {
  email: string;
  professional: boolean;
  language: string | null;
}

/**
 * The time of a new message or status change: now, but never before the conversation's latest
 * activity, so a reply always sorts after what it answers (same clock twice, or two servers
 * whose clocks differ slightly).
 */
export function nextActivityAt(now: Date, ticket: Pick<StoredTicket, 'createdAt' | 'updatedAt'>, lastReplyAt: Date | null): Date {
  const latest = Math.max(ticket.createdAt.getTime(), ticket.updatedAt.getTime(), lastReplyAt?.getTime() ?? 0);
  return now.getTime() > latest ? now : new Date(latest + 1);
}

export function ticketSummary(ticket: StoredTicket, replyCount: number): SupportTicketSummary {
  return {
    id: ticket.id,
    reference: ticketReference(ticket.id),
    subject: ticket.subject,
    // Stored by the same schemas; an unexpected value reads as the most cautious one.
    type: supportRequestTypeSchema.catch('question').parse(ticket.type),
    status: supportTicketStatusSchema.catch('open').parse(ticket.status),
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    replyCount,
  };
}

/** The first message (the ticket's own id and text) then the replies, oldest first. */
export function conversationMessages(ticket: StoredTicket, replies: readonly StoredReply[]): SupportTicketMessage[] {
  return [
    { id: ticket.id, fromSupport: false, message: ticket.message, createdAt: ticket.createdAt.toISOString() },
    ...replies.map((reply) => ({
      id: reply.id,
      fromSupport: reply.fromSupport,
      message: reply.message,
      createdAt: reply.createdAt.toISOString(),
    })),
  ];
}

export function requesterKind(ticket: Pick<StoredTicket, 'userId'>, account: RequesterAccountView | undefined): SupportRequesterKind {
  if (ticket.userId === null) return 'contact';
  return account?.professional ? 'professional' : 'patient';
}

/** The language of what support sends: the account's setting for a signed-in requester, else the ticket's. */
export function answerLanguage(ticket: Pick<StoredTicket, 'language'>, account: RequesterAccountView | undefined): Language {
  const setting = languageSchema.safeParse(account?.language);
  if (setting.success) return setting.data;
  const own = languageSchema.safeParse(ticket.language);
  return own.success ? own.data : 'fr';
}

export function adminTicketView(ticket: StoredTicket, replyCount: number, account: RequesterAccountView | undefined): AdminSupportTicket {
  return {
    ...ticketSummary(ticket, replyCount),
    // An account's current address: the one an answer goes to.
    email: account?.email ?? ticket.email,
    kind: requesterKind(ticket, account),
    language: answerLanguage(ticket, account),
  };
}
