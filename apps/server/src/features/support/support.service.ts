import { randomUUID } from 'node:crypto';
import { LANGUAGES, type Language } from '@glucosuivi/domain/accounts/accounts.schemas';
import type {
  ContactMessageInput,
  SupportConversation,
  SupportReplyInput,
  SupportTicketInput,
  SupportTicketList,
  SupportTicketReceipt,
} from '@glucosuivi/domain/support/support.schemas';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mail';
import type { RateLimiter } from '../../platform/rate-limit';
import { AppError } from '../../platform/http/app-error';
import * as repo from './support.repository';
import { supportAcknowledgementEmail } from './support.emails';
import { conversationMessages, nextActivityAt, ticketSummary } from './support-conversation';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export interface SupportDeps {
  database: Database;
  clock: Clock;
  mailer: Mailer;
  log: { warn(obj: object, msg: string): void };
  /** Messages per client address (both forms together). */
  perIp: RateLimiter;
  /**
   * The ticket store port; absent, the PostgreSQL repository. A test passes an in-memory one to
   * check the rules without a database.
   */
  repository?: SupportRepository;
}

/** What the service needs from its repository (the port an in-memory fake implements in tests). */
export type SupportRepository = Pick<typeof repo, 'insertTicket' | 'requesterContact'>;

/** The ticket store of these deps: the PostgreSQL repository unless a test passed a fake. */
function ticketStore(deps: SupportDeps): SupportRepository {
  return deps.repository ?? repo;
}

function throttleByAddress(deps: SupportDeps, ip: string) {
  return deps.perIp.consume(ip, deps.clock.now());
}

/** The acknowledgement is sent without holding the answer; a failure is only logged. */
function acknowledgeInBackground(
  deps: SupportDeps,
  to: string,
  ticket: Parameters<typeof supportAcknowledgementEmail>[1],
  language: Language,
) {
  void deps.mailer
    .send(supportAcknowledgementEmail(to, ticket, language))
    .catch((error: unknown) =>
      deps.log.warn({ err: error, ticketId: ticket.id }, 'support acknowledgement e-mail failed'),
    );
}

/** A signed-in user's request: stored under their RLS, acknowledged at their account address. */
export async function createSupportTicket(
  deps: SupportDeps,
  actor: Actor,
  input: SupportTicketInput,
  ip: string,
): Promise<SupportTicketReceipt> {
  await throttleByAddress(deps, ip);
  const store = ticketStore(deps);
  const id = randomUUID();
  const createdAt = deps.clock.now();
  const { email, language } = await deps.database.asActor(actor, async (tx) => {
    const contact = await store.requesterContact(tx, actor.userId);
    const lang: Language = isLanguage(contact.language)
      ? contact.language
      : (input.language ?? 'fr');
    if (!contact.email) throw new AppError('not_found', 'No profile for this account');
    await store.insertTicket(tx, {
      id,
      userId: actor.userId,
      email: contact.email,
      type: input.type,
      subject: input.subject,
      message: input.message,
      language: lang,
      createdAt,
      updatedAt: createdAt,
    });
    return { email: contact.email, language: lang };
  });
  acknowledgeInBackground(deps, email, { id, type: input.type, subject: input.subject }, language);
  return { id, createdAt: createdAt.toISOString() };
}

/** A visitor's message from the public contact form: stored without an account. */
export async function sendContactMessage(
  deps: SupportDeps,
  input: ContactMessageInput,
  ip: string,
): Promise<SupportTicketReceipt> {
  await throttleByAddress(deps, ip);
  const id = randomUUID();
  const createdAt = deps.clock.now();
  const language = input.language ?? 'fr';
  await deps.database.asActor(null, (tx) =>
    ticketStore(deps).insertTicket(tx, {
      id,
      userId: null,
      email: input.email,
      type: input.type,
      subject: input.subject,
      message: input.message,
      language,
      createdAt,
      updatedAt: createdAt,
    }),
  );
  acknowledgeInBackground(
    deps,
    input.email,
    { id, type: input.type, subject: input.subject },
    language,
  );
  return { id, createdAt: createdAt.toISOString() };
}

// ---------------------------------------------------------------------------------------------
// The requester's history (issue 18): their own tickets only, under their own RLS. Another
// person's ticket is `not_found`, as is one that does not exist.

/** The signed-in person's tickets, most recent activity first. */
export async function listMySupportTickets(deps: SupportDeps, actor: Actor): Promise<SupportTicketList> {
  const rows = await deps.database.asActor(actor, (tx) => repo.listOwnTickets(tx, actor.userId));
  return { items: rows.map((row) => ticketSummary(row, row.replyCount)) };
}

async function ownConversation(tx: Tx, ticketId: string, userId: string): Promise<SupportConversation> {
  const ticket = await repo.findTicket(tx, ticketId, userId);
  if (!ticket) throw new AppError('not_found', 'No such ticket');
  const replies = await repo.listReplies(tx, ticketId);
  return { ticket: ticketSummary(ticket, replies.length), messages: conversationMessages(ticket, replies) };
}

/** One of the signed-in person's tickets with its whole conversation. */
export function getMySupportTicket(deps: SupportDeps, actor: Actor, ticketId: string): Promise<SupportConversation> {
  return deps.database.asActor(actor, (tx) => ownConversation(tx, ticketId, actor.userId));
}

/**
 * A follow-up from the requester: an answered ticket waits for support again (`open`); a closed
 * one refuses it (`ticket_closed`) and nothing is stored. Counted with the forms' messages of the
 * same address, so a loop of follow-ups cannot flood the inbox either.
 */
export async function replyToMySupportTicket(
  deps: SupportDeps,
  actor: Actor,
  ticketId: string,
  input: SupportReplyInput,
  ip: string,
): Promise<SupportConversation> {
  await throttleByAddress(deps, ip);
  return deps.database.asActor(actor, async (tx) => {
    const ticket = await repo.lockTicket(tx, ticketId, actor.userId);
    if (!ticket) throw new AppError('not_found', 'No such ticket');
    if (ticket.status === 'closed') throw new AppError('ticket_closed');
    const at = nextActivityAt(deps.clock.now(), ticket, await repo.lastReplyAt(tx, ticketId));
    await repo.insertReply(tx, { id: randomUUID(), ticketId, authorId: actor.userId, fromSupport: false, message: input.message, createdAt: at });
    await repo.updateTicketStatus(tx, ticketId, 'open', at);
    return ownConversation(tx, ticketId, actor.userId);
  });
}

/** Every ticket of the user with its whole conversation, for "Télécharger mes données". */
export async function supportArchive(deps: { database: Database }, actor: Actor): Promise<SupportConversation[]> {
  return deps.database.asActor(actor, async (tx) => {
    // All of them, not the page's 100.
    const tickets = await repo.listOwnTickets(tx, actor.userId, Number.MAX_SAFE_INTEGER);
    const conversations: SupportConversation[] = [];
    for (const ticket of tickets) conversations.push(await ownConversation(tx, ticket.id, actor.userId));
    return conversations;
  });
}
