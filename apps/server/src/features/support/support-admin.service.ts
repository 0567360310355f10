import { randomUUID } from 'node:crypto';
import {
  ADMIN_SUPPORT_PAGE_MAX,
  ticketReference,
  type AdminSupportConversation,
  type AdminSupportQuery,
  type AdminSupportTicketList,
  type SupportReplyInput,
  type SupportStatusInput,
} from '@glucosuivi/domain/support/support.schemas';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mail';
import { AppError } from '../../platform/http/app-error';
import { recordAdminAction } from '../admin/admin-actions.service';
import { findAccountById } from '../accounts/accounts.service';
import * as repo from './support.repository';
import { supportAnswerEmail } from './support.emails';
import { adminTicketView, answerLanguage, conversationMessages, nextActivityAt, type StoredTicket } from './support-conversation';

/*
 * The administrators' support inbox (issue 18). Tickets are read and written in the
 * administrator's own transaction (`app.role` admin: the tickets' and replies' admin policies);
 * who the requester is (address, kind, language) comes from the account tables through the owner
 * connection, as administrators see accounts, never health data. Every answer and status change
 * is recorded in the administrators' audit once it committed.
 */

export interface SupportAdminDeps {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  log: { warn(obj: object, msg: string): void };
  /** The app's public address, for the history link of the answer e-mail. */
  appUrl: string;
}

const COUNTED_STATUSES = ['open', 'answered', 'closed'] as const;

/** The inbox: open first, urgent first, longest waiting first; then the others, most recent first. */
export async function listSupportTickets(deps: SupportAdminDeps, actor: Actor, query: AdminSupportQuery): Promise<AdminSupportTicketList> {
  const { rows, counts } = await deps.database.asActor(actor, async (tx) => ({
    rows: await repo.listInbox(tx, query, ADMIN_SUPPORT_PAGE_MAX),
    counts: await repo.countByStatus(tx, query),
  }));
  const accounts = await repo.requesterAccounts(deps.database.db, rows.flatMap((row) => (row.userId ? [row.userId] : [])));
  return {
    items: rows.map((row) => adminTicketView(row, row.replyCount, row.userId ? accounts.get(row.userId) : undefined)),
    counts: Object.fromEntries(COUNTED_STATUSES.map((status) => [status, counts[status] ?? 0])) as AdminSupportTicketList['counts'],
  };
}

async function requesterOf(deps: SupportAdminDeps, ticket: StoredTicket) {
  return ticket.userId ? (await repo.requesterAccounts(deps.database.db, [ticket.userId])).get(ticket.userId) : undefined;
}

async function conversationIn(tx: Tx, ticketId: string): Promise<{ ticket: StoredTicket; replies: repo.ReplyRow[] }> {
  const ticket = await repo.findTicket(tx, ticketId);
  if (!ticket) throw new AppError('not_found', 'No such ticket');
  return { ticket, replies: await repo.listReplies(tx, ticketId) };
}

async function adminConversation(
  deps: SupportAdminDeps,
  { ticket, replies }: { ticket: StoredTicket; replies: repo.ReplyRow[] },
): Promise<AdminSupportConversation> {
  const account = await requesterOf(deps, ticket);
  return { ticket: adminTicketView(ticket, replies.length, account), messages: conversationMessages(ticket, replies) };
}

export async function getSupportTicket(deps: SupportAdminDeps, actor: Actor, ticketId: string): Promise<AdminSupportConversation> {
  return adminConversation(deps, await deps.database.asActor(actor, (tx) => conversationIn(tx, ticketId)));
}

/** The administrator's address for the audit (their account exists: they are signed in). */
async function auditActor(deps: SupportAdminDeps, actor: Actor): Promise<{ userId: string; email: string }> {
  const account = await findAccountById(deps.database.db, actor.userId);
  if (!account) throw new AppError('unauthenticated');
  return { userId: actor.userId, email: account.email };
}

/** The e-mail goes without holding the answer; a failure is logged (no address, no text). */
function emailAnswer(deps: SupportAdminDeps, ticket: StoredTicket, answer: string, account: repo.RequesterAccount | undefined) {
  const to = account?.email ?? ticket.email;
  const historyUrl = ticket.userId ? `${deps.appUrl}${account?.professional ? '/doctor-support' : '/support'}#my-requests` : null;
  const message = supportAnswerEmail(to, ticket, answer, answerLanguage(ticket, account), { historyUrl, contactUrl: `${deps.appUrl}/contact` });
  void deps.mailer
    .send(message)
    .catch((error: unknown) => deps.log.warn({ err: error, ticketId: ticket.id }, 'support answer e-mail failed'));
}

/**
 * Support answers a ticket: the answer joins the conversation, the ticket is `answered`, the
 * action is audited and the requester e-mailed in their language (account setting, else the
 * ticket's) with the answer's text.
 */
export async function answerSupportTicket(
  deps: SupportAdminDeps,
  actor: Actor,
  ticketId: string,
  input: SupportReplyInput,
): Promise<AdminSupportConversation> {
  const admin = await auditActor(deps, actor);
  const conversation = await deps.database.asActor(actor, async (tx) => {
    const ticket = await repo.lockTicket(tx, ticketId);
    if (!ticket) throw new AppError('not_found', 'No such ticket');
    const at = nextActivityAt(deps.clock.now(), ticket, await repo.lastReplyAt(tx, ticketId));
    await repo.insertReply(tx, { id: randomUUID(), ticketId, authorId: actor.userId, fromSupport: true, message: input.message, createdAt: at });
    await repo.updateTicketStatus(tx, ticketId, 'answered', at);
    return conversationIn(tx, ticketId);
  });
  const { ticket } = conversation;
  await recordAdminAction(deps, {
    actor: admin,
    action: 'ticket.answer',
    target: { userId: ticket.userId, email: ticket.email },
    detail: `ticket ${ticketReference(ticket.id)}`,
  });
  const account = await requesterOf(deps, ticket);
  emailAnswer(deps, ticket, input.message, account);
  return { ticket: adminTicketView(ticket, conversation.replies.length, account), messages: conversationMessages(ticket, conversation.replies) };
}

/** Reopens, marks answered or closes a ticket; a change is audited (from → to), the same status is a no-op. */
export async function setSupportTicketStatus(
  deps: SupportAdminDeps,
  actor: Actor,
  ticketId: string,
  input: SupportStatusInput,
): Promise<AdminSupportConversation> {
  const admin = await auditActor(deps, actor);
  const { before, conversation } = await deps.database.asActor(actor, async (tx) => {
    const ticket = await repo.lockTicket(tx, ticketId);
    if (!ticket) throw new AppError('not_found', 'No such ticket');
    if (ticket.status !== input.status) {
      const at = nextActivityAt(deps.clock.now(), ticket, await repo.lastReplyAt(tx, ticketId));
      await repo.updateTicketStatus(tx, ticketId, input.status, at);
    }
    return { before: ticket.status, conversation: await conversationIn(tx, ticketId) };
  });
  if (before !== input.status) {
    const { ticket } = conversation;
    await recordAdminAction(deps, {
      actor: admin,
      action: 'ticket.status',
      target: { userId: ticket.userId, email: ticket.email },
      detail: `ticket ${ticketReference(ticket.id)}: ${before} → ${input.status}`,
    });
  }
  return adminConversation(deps, conversation);
}
