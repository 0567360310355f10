import {
  MESSAGE_PAGE_DEFAULT,
  type Conversation,
  type ConversationList,
  type Message,
  type MessagePage,
  type MessagePageQuery,
  type MessageStatus,
  type ReceiptResult,
  type UnreadTotal,
} from '@glucosuivi/domain/messages/messages.schemas';
import type { Actor, Database, Tx } from '../../platform/db/database';
import type { Clock } from '../../platform/clock';
import type { EventBus } from '../../platform/events/event-bus';
import { AppError } from '../../platform/http/app-error';
import * as repo from './messages.repository';

/*
 * Messages (PRODUCT.md §4–5): one conversation per care link, between its patient and its
 * professional. The rules, here and again in the row-level security of `messages`:
 * - a patient account stands on the patient side of its links, a doctor account on the
 *   professional side; anyone else (an administrator included) finds nothing (`not_found`);
 * - a professional reaches a conversation only while the link is active; no shared category is
 *   needed (messaging is part of the link itself);
 * - after a revocation the patient keeps the history read-only: a send is `conversation_read_only`.
 * Reading a conversation is not reading health data: nothing goes to the access log.
 */

export interface MessagesDeps {
  database: Database;
  clock: Clock;
  /** `message.sent` and `message.read` after commit (ADR 0007). */
  events: EventBus;
}

interface Participant {
  actor: Actor;
  side: repo.Side;
}

// Wrong role answers not_found, like a missing conversation: an endpoint never confirms what exists.
function participant(actor: Actor | null): Participant {
  if (!actor) throw new AppError('unauthenticated');
  if (actor.role === 'patient') return { actor, side: 'patient' };
  if (actor.role === 'doctor') return { actor, side: 'professional' };
  throw new AppError('not_found');
}

/** The link of a conversation the participant may see, else not_found (never "forbidden"). */
async function conversationLinkInTx(
  tx: Tx,
  me: Participant,
  linkId: string,
): Promise<repo.LinkRow> {
  const link = await repo.findLink(tx, linkId);
  const mine =
    link &&
    (me.side === 'patient'
      ? link.patientId === me.actor.userId
      : link.professionalId === me.actor.userId && link.status === 'active');
  if (!mine) throw new AppError('not_found');
  return link;
}

const iso = (value: string | Date) => new Date(value).toISOString();
const isoOrNull = (value: string | Date | null) => (value === null ? null : iso(value));

function statusOf(row: { deliveredAt: unknown; readAt: unknown }): MessageStatus {
  return row.readAt ? 'read' : row.deliveredAt ? 'delivered' : 'sent';
}

function toMessage(row: repo.MessageRow, userId: string): Message {
  return {
    id: row.id,
    linkId: row.linkId,
    senderId: row.senderId,
    mine: row.senderId === userId,
    text: row.body,
    createdAt: row.createdAt.toISOString(),
    status: statusOf(row),
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
  };
}

function toConversation(
  row: repo.ConversationDbRow,
  me: Participant,
  unread: Map<string, number>,
): Conversation {
  const active = row.status === 'active';
  return {
    linkId: row.link_id,
    linkStatus: active ? 'active' : 'revoked',
    canSend: active,
    counterpart: {
      userId: row.counterpart_id,
      role: me.side === 'patient' ? 'professional' : 'patient',
      firstName: row.first_name,
      lastName: row.last_name,
    },
    lastMessage:
      row.last_id && row.last_created_at
        ? {
            id: row.last_id,
            mine: row.last_sender_id === me.actor.userId,
            preview: row.last_preview ?? '',
            createdAt: iso(row.last_created_at),
            status: statusOf({ deliveredAt: row.last_delivered_at, readAt: row.last_read_at }),
          }
        : null,
    unreadCount: unread.get(row.link_id) ?? 0,
    since: iso(row.created_at),
    revokedAt: isoOrNull(row.revoked_at),
  };
}

const sum = (counts: Map<string, number>) =>
  [...counts.values()].reduce((total, n) => total + n, 0);

// --- Cursor -----------------------------------------------------------------------------------

function encodeCursor(row: repo.MessageRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

function decodeCursor(cursor: string): repo.MessagePosition {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (
    !id ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ||
    Number.isNaN(createdAt.getTime())
  ) {
    throw new AppError('validation_failed', 'Invalid cursor', [
      { path: ['querystring', 'before'], code: 'invalid_cursor', message: 'Invalid cursor' },
    ]);
  }
  return { createdAt, id };
}

// --- Reading ----------------------------------------------------------------------------------

export async function listConversations(
  deps: MessagesDeps,
  actor: Actor | null,
): Promise<ConversationList> {
  const me = participant(actor);
  return deps.database.asActor(me.actor, async (tx) => {
    const unread = await repo.unreadByLink(tx, me.actor.userId, me.side);
    const rows = await repo.listConversations(tx, me.actor.userId, me.side);
    return { items: rows.map((row) => toConversation(row, me, unread)), totalUnread: sum(unread) };
  });
}

export async function getUnreadTotal(
  deps: MessagesDeps,
  actor: Actor | null,
): Promise<UnreadTotal> {
  const me = participant(actor);
  const unread = await deps.database.asActor(me.actor, (tx) =>
    repo.unreadByLink(tx, me.actor.userId, me.side),
  );
  return { total: sum(unread) };
}

export async function getMessages(
  deps: MessagesDeps,
  actor: Actor | null,
  linkId: string,
  query: MessagePageQuery,
): Promise<MessagePage> {
  const me = participant(actor);
  const limit = query.limit ?? MESSAGE_PAGE_DEFAULT;
  const olderThan = query.before ? decodeCursor(query.before) : undefined;
  return deps.database.asActor(me.actor, async (tx) => {
    await conversationLinkInTx(tx, me, linkId);
    const rows = await repo.listMessages(tx, linkId, olderThan, limit + 1);
    const [conversation] = await repo.listConversations(tx, me.actor.userId, me.side, linkId);
    if (!conversation) throw new AppError('not_found');
    const unread = await repo.unreadByLink(tx, me.actor.userId, me.side);
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return {
      conversation: toConversation(conversation, me, unread),
      items: items.map((row) => toMessage(row, me.actor.userId)),
      nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    };
  });
}

// --- Writing ----------------------------------------------------------------------------------

export async function sendMessage(
  deps: MessagesDeps,
  actor: Actor | null,
  linkId: string,
  text: string,
): Promise<Message> {
  const me = participant(actor);
  const now = deps.clock.now();
  const { row, link } = await deps.database.asActor(me.actor, async (tx) => {
    const link = await conversationLinkInTx(tx, me, linkId);
    if (link.status !== 'active') throw new AppError('conversation_read_only');
    // Never before the conversation's newest message: with clocks of several servers a little
    // apart, or two sends within one millisecond, a reply still sorts after what it answers.
    const newest = await repo.lastMessageAt(tx, linkId);
    const createdAt =
      newest && newest.getTime() >= now.getTime() ? new Date(newest.getTime() + 1) : now;
    const row = await repo.insertMessage(tx, {
      linkId,
      patientId: link.patientId,
      professionalId: link.professionalId,
      senderId: me.actor.userId,
      body: text,
      createdAt,
    });
    return { row, link };
  });
  await deps.events.publish({
    type: 'message.sent',
    linkId,
    patientId: link.patientId,
    professionalId: link.professionalId,
    messageId: row.id,
    senderId: me.actor.userId,
  });
  return toMessage(row, me.actor.userId);
}

/**
 * Moves the recipient's receipts of a conversation up to one of its messages (included). A
 * patient may still do so in a revoked link's read-only history; `message.read` follows the
 * commit when reading changed something.
 */
export async function markReceipts(
  deps: MessagesDeps,
  actor: Actor | null,
  linkId: string,
  upToMessageId: string,
  receipt: 'delivered' | 'read',
): Promise<ReceiptResult> {
  const me = participant(actor);
  const at = deps.clock.now();
  const { result, link } = await deps.database.asActor(me.actor, async (tx) => {
    const link = await conversationLinkInTx(tx, me, linkId);
    const target = await repo.findMessage(tx, linkId, upToMessageId);
    if (!target) throw new AppError('not_found');
    const updated = await repo.markReceipts(tx, {
      linkId,
      recipientId: me.actor.userId,
      position: { createdAt: target.createdAt, id: target.id },
      at,
      receipt,
    });
    const unread = await repo.unreadByLink(tx, me.actor.userId, me.side);
    return {
      link,
      result: { linkId, updated, unreadCount: unread.get(linkId) ?? 0, totalUnread: sum(unread) },
    };
  });
  if (result.updated > 0) {
    const parties = { linkId, patientId: link.patientId, professionalId: link.professionalId, upToMessageId };
    await deps.events.publish(
      receipt === 'read'
        ? { type: 'message.read', ...parties, readerId: me.actor.userId }
        : { type: 'message.delivered', ...parties, recipientId: me.actor.userId },
    );
  }
  return result;
}
