import { and, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { MESSAGE_PREVIEW_LENGTH } from '@glucosuivi/domain/messages/messages.schemas';
import type { Tx } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
import { careLinks } from '../care-team/care-team.tables';
import { userSettings } from '../settings/settings.tables';
import { messages } from './messages.tables';

export type MessageRow = typeof messages.$inferSelect;
export type LinkRow = typeof careLinks.$inferSelect;

/** Which side of care links the acting user stands on: a patient account or a doctor account. */
export type Side = 'patient' | 'professional';

/** A position in a conversation's (created_at, id) order, for keysets and receipts. */
export interface MessagePosition {
  createdAt: Date;
  id: string;
}

/** The links of this user on this side whose conversation they may see (a professional: active only). */
function visibleLinks(userId: string, side: Side, linkId?: string): SQL {
  const own =
    side === 'patient'
      ? sql`l.patient_id = ${userId}`
      : sql`l.professional_id = ${userId} and l.status = 'active'`;
  return linkId ? sql`${own} and l.id = ${linkId}::uuid` : own;
}

const before = (position: MessagePosition) =>
  sql`(${messages.createdAt}, ${messages.id}) < (${position.createdAt.toISOString()}::timestamptz, ${position.id}::uuid)`;
const upTo = (position: MessagePosition) =>
  sql`(${messages.createdAt}, ${messages.id}) <= (${position.createdAt.toISOString()}::timestamptz, ${position.id}::uuid)`;

/** A care link by id; under RLS only a party sees it (the service then checks side and status). */
export async function findLink(tx: Tx, linkId: string): Promise<LinkRow | undefined> {
  const [row] = await tx.select().from(careLinks).where(eq(careLinks.id, linkId));
  return row;
}

/** When the conversation's newest message was written, if any (messages_link_created_idx). */
export async function lastMessageAt(tx: Tx, linkId: string): Promise<Date | undefined> {
  const [row] = await tx
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.linkId, linkId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return row?.createdAt;
}

export async function insertMessage(
  tx: Tx,
  values: Omit<typeof messages.$inferInsert, 'id'>,
): Promise<MessageRow> {
  const [row] = await tx.insert(messages).values(values).returning();
  return row as MessageRow;
}

export async function findMessage(
  tx: Tx,
  linkId: string,
  id: string,
): Promise<MessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.linkId, linkId), eq(messages.id, id)));
  return row;
}

/** One page of a conversation, newest first, strictly older than `olderThan` when given. */
export async function listMessages(
  tx: Tx,
  linkId: string,
  olderThan: MessagePosition | undefined,
  limit: number,
): Promise<MessageRow[]> {
  return tx
    .select()
    .from(messages)
    .where(and(eq(messages.linkId, linkId), olderThan ? before(olderThan) : undefined))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit);
}

/**
 * Moves the recipient's receipt on the other person's messages up to `position` (included) that
 * do not have it yet; reading also delivers. Returns how many messages changed.
 */
export async function markReceipts(
  tx: Tx,
  entry: {
    linkId: string;
    recipientId: string;
    position: MessagePosition;
    at: Date;
    receipt: 'delivered' | 'read';
  },
): Promise<number> {
  const common = [
    eq(messages.linkId, entry.linkId),
    ne(messages.senderId, entry.recipientId),
    upTo(entry.position),
  ];
  const rows =
    entry.receipt === 'read'
      ? await tx
          .update(messages)
          .set({
            readAt: entry.at,
            deliveredAt: sql`coalesce(${messages.deliveredAt}, ${entry.at.toISOString()}::timestamptz)`,
          })
          .where(and(...common, isNull(messages.readAt)))
          .returning({ id: messages.id })
      : await tx
          .update(messages)
          .set({ deliveredAt: entry.at })
          .where(and(...common, isNull(messages.deliveredAt)))
          .returning({ id: messages.id });
  return rows.length;
}

/** Unread messages of the other person, per conversation the user may see (messages_link_unread_idx). */
export async function unreadByLink(
  tx: Tx,
  userId: string,
  side: Side,
): Promise<Map<string, number>> {
  const result = await tx.execute(sql`
    select m.link_id, count(*)::int as n from messages m
    where m.read_at is null and m.sender_id <> ${userId}
      and m.link_id in (select l.id from care_links l where ${visibleLinks(userId, side)})
    group by m.link_id`);
  return new Map(
    rowsOf<{ link_id: string; n: number }>(result).map((r) => [r.link_id, Number(r.n)]),
  );
}

export interface ConversationDbRow {
  link_id: string;
  status: string;
  created_at: string | Date;
  revoked_at: string | Date | null;
  counterpart_id: string;
  first_name: string;
  last_name: string | null;
  last_id: string | null;
  last_sender_id: string | null;
  last_preview: string | null;
  last_created_at: string | Date | null;
  last_delivered_at: string | Date | null;
  last_read_at: string | Date | null;
}

/**
 * The user's conversations on their side (or the one of `linkId`), most recent activity first:
 * the link, the other person's name (message_counterparts(): names stay readable after a
 * revocation, for the patient's read-only history) and the newest message's preview.
 */
export async function listConversations(
  tx: Tx,
  userId: string,
  side: Side,
  linkId?: string,
): Promise<ConversationDbRow[]> {
  const result = await tx.execute(sql`
    select l.id as link_id, l.status, l.created_at, l.revoked_at,
      c.user_id as counterpart_id, c.first_name, c.last_name,
      m.id as last_id, m.sender_id as last_sender_id, left(m.body, ${MESSAGE_PREVIEW_LENGTH}) as last_preview,
      m.created_at as last_created_at, m.delivered_at as last_delivered_at, m.read_at as last_read_at
    from care_links l
    join message_counterparts() c on c.link_id = l.id
    left join lateral (
      select x.id, x.sender_id, x.body, x.created_at, x.delivered_at, x.read_at from messages x
      where x.link_id = l.id order by x.created_at desc, x.id desc limit 1
    ) m on true
    where ${visibleLinks(userId, side, linkId)}
    order by coalesce(m.created_at, l.created_at) desc, l.id desc`);
  return rowsOf<ConversationDbRow>(result);
}

/** A user's own e-mail preference and language (their settings row, visible to them alone). */
export async function emailPreferences(
  tx: Tx,
  userId: string,
): Promise<{ emailAlerts: boolean; language: string } | undefined> {
  const [row] = await tx
    .select({ emailAlerts: userSettings.emailAlerts, language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row;
}
