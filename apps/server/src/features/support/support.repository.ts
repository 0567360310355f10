import { and, asc, desc, eq, getTableColumns, inArray, max, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database';
import { profiles } from '../accounts/accounts.tables';
import { user } from '../auth/auth.tables';
import { doctors } from '../doctor/doctor.tables';
import { userSettings } from '../settings/settings.tables';
import { supportTicketReplies, supportTickets } from './support.tables';

export type NewTicket = typeof supportTickets.$inferInsert;

/** Stores a ticket. No RETURNING: an anonymous sender may insert but not read rows back (RLS). */
export async function insertTicket(
  tx: Tx,
  ticket: NewTicket & { id: string; createdAt: Date },
): Promise<void> {
  await tx.insert(supportTickets).values(ticket);
}

/** The signed-in requester's address and language, read under their own RLS. */
export async function requesterContact(
  tx: Tx,
  userId: string,
): Promise<{ email: string | null; language: string | null }> {
  const [profile] = await tx
    .select({ email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const [settings] = await tx
    .select({ language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return { email: profile?.email ?? null, language: settings?.language ?? null };
}

// ---------------------------------------------------------------------------------------------
// Conversations (issue 18). Every query below runs in the caller's transaction: the requester's or
// the administrator's, so row-level security has the last word on what is visible.

export type TicketRow = typeof supportTickets.$inferSelect;
export type ReplyRow = typeof supportTicketReplies.$inferSelect;
export type TicketWithCount = TicketRow & { replyCount: number };

// Spelled out: inside a one-table select drizzle leaves columns unqualified, and a bare "id" would be the reply's.
const replyCount = sql<number>`(select count(*)::int from support_ticket_replies r where r.ticket_id = "support_tickets"."id")`;

/** At most this many of a requester's own tickets are listed (most recent activity first). */
const OWN_TICKETS_MAX = 100;

/** The requester's own tickets. The user filter matters: an administrator's RLS shows every ticket. */
export async function listOwnTickets(tx: Tx, userId: string, max: number = OWN_TICKETS_MAX): Promise<TicketWithCount[]> {
  return tx
    .select({ ...getTableColumns(supportTickets), replyCount })
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.updatedAt), desc(supportTickets.createdAt))
    .limit(max);
}

/** One ticket by id; `userId` restricts it to that requester's own (an administrator's RLS shows every ticket). */
export async function findTicket(tx: Tx, id: string, userId?: string): Promise<TicketRow | undefined> {
  const [row] = await tx
    .select()
    .from(supportTickets)
    .where(userId === undefined ? eq(supportTickets.id, id) : and(eq(supportTickets.id, id), eq(supportTickets.userId, userId)));
  return row;
}

/**
 * The same, locked until the transaction ends: two writes on one conversation (an answer and a
 * follow-up) take turns, so each message's time follows the one before and the status is the last word.
 */
export async function lockTicket(tx: Tx, id: string, userId?: string): Promise<TicketRow | undefined> {
  const [row] = await tx
    .select()
    .from(supportTickets)
    .where(userId === undefined ? eq(supportTickets.id, id) : and(eq(supportTickets.id, id), eq(supportTickets.userId, userId)))
    .for('update');
  return row;
}

/** A ticket's replies, oldest first. */
export function listReplies(tx: Tx, ticketId: string): Promise<ReplyRow[]> {
  return tx
    .select()
    .from(supportTicketReplies)
    .where(eq(supportTicketReplies.ticketId, ticketId))
    .orderBy(asc(supportTicketReplies.createdAt), asc(supportTicketReplies.id));
}

/** The newest reply's time, or null for a ticket without replies. */
export async function lastReplyAt(tx: Tx, ticketId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ at: max(supportTicketReplies.createdAt) })
    .from(supportTicketReplies)
    .where(eq(supportTicketReplies.ticketId, ticketId));
  return row?.at ?? null;
}

/** Adds a message to a conversation (no RETURNING: the insert policy is all it needs). */
export async function insertReply(tx: Tx, reply: typeof supportTicketReplies.$inferInsert & { id: string; createdAt: Date }): Promise<void> {
  await tx.insert(supportTicketReplies).values(reply);
}

/** Sets a ticket's status and last activity; false when no row was visible to update. */
export async function updateTicketStatus(tx: Tx, id: string, status: string, updatedAt: Date): Promise<boolean> {
  const rows = await tx
    .update(supportTickets)
    .set({ status, updatedAt })
    .where(eq(supportTickets.id, id))
    .returning({ id: supportTickets.id });
  return rows.length > 0;
}

export interface InboxFilter {
  status?: string | undefined;
  type?: string | undefined;
  q?: string | undefined;
}

function inboxConditions(filter: InboxFilter, withStatus: boolean): SQL | undefined {
  const q = filter.q?.toLowerCase();
  return and(
    withStatus && filter.status ? eq(supportTickets.status, filter.status) : undefined,
    filter.type ? eq(supportTickets.type, filter.type) : undefined,
    // strpos, not LIKE: what the administrator types is matched as is, `%` and `_` included.
    q
      ? or(
          sql`strpos(lower(${supportTickets.subject}), ${q}) > 0`,
          sql`strpos(lower(${supportTickets.email}), ${q}) > 0`,
          sql`strpos(${supportTickets.id}::text, ${q}) = 1`,
        )
      : undefined,
  );
}

/**
 * The inbox (administrator's transaction): open tickets first, urgent ones first, the longest
 * waiting first; then answered and closed ones, urgent first, most recent first.
 */
export function listInbox(tx: Tx, filter: InboxFilter, limit: number): Promise<TicketWithCount[]> {
  return tx
    .select({ ...getTableColumns(supportTickets), replyCount })
    .from(supportTickets)
    .where(inboxConditions(filter, true))
    .orderBy(
      sql`case when ${supportTickets.status} = 'open' then 0 else 1 end`,
      sql`case when ${supportTickets.type} = 'urgent' then 0 else 1 end`,
      sql`case when ${supportTickets.status} = 'open' then ${supportTickets.updatedAt} end asc`,
      desc(supportTickets.updatedAt),
      asc(supportTickets.id),
    )
    .limit(limit);
}

/** Tickets per status for the inbox's type and search (its status filter aside). */
export async function countByStatus(tx: Tx, filter: InboxFilter): Promise<Record<string, number>> {
  const rows = await tx
    .select({ status: supportTickets.status, count: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(inboxConditions(filter, false))
    .groupBy(supportTickets.status);
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

export interface RequesterAccount {
  /** The account's current address (the one an answer goes to). */
  email: string;
  /** A doctors row or the professional user type. */
  professional: boolean;
  /** The account's language setting. */
  language: string | null;
}

/**
 * Who the requesters are, read with the owner connection: the account tables are closed to an
 * administrator's request role, and this is about the account (address, kind, language), never
 * its health data.
 */
export async function requesterAccounts(db: Db, userIds: readonly string[]): Promise<Map<string, RequesterAccount>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      userType: profiles.userType,
      doctorId: doctors.id,
      language: userSettings.language,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(doctors, eq(doctors.userId, user.id))
    .leftJoin(userSettings, eq(userSettings.userId, user.id))
    .where(inArray(user.id, [...new Set(userIds)]));
  return new Map(
    rows.map((row) => [
      row.id,
      { email: row.email, professional: row.userType === 'doctor' || row.doctorId !== null, language: row.language },
    ]),
  );
}
