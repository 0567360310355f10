import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  conversationListSchema,
  messagePageSchema,
  messageSchema,
  receiptResultSchema,
  type Message,
} from '@glucosuivi/domain/messages/messages.schemas';
import type { DomainEventOf } from '@glucosuivi/domain/shared/events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { messages } from './messages.tables';

const base = (linkId: string) => `/api/messages/conversations/${linkId}`;

describe('messages: both ways, receipts, unread counts, paging, events', () => {
  let t: TestApp;
  let patient: TestUser;
  let doctor: TestUser;
  let linkId: string;
  const sent: DomainEventOf<'message.sent'>[] = [];
  const read: DomainEventOf<'message.read'>[] = [];
  const delivered: DomainEventOf<'message.delivered'>[] = [];
  // Whether the message was visible outside the writing transaction when its event arrived.
  const committedWhenPublished: boolean[] = [];

  const send = (who: TestUser, text: string, link = linkId) =>
    t.app.inject({
      method: 'POST',
      url: `${base(link)}/messages`,
      headers: actingAs(who),
      payload: { text },
    });
  const page = (who: TestUser, query = '', link = linkId) =>
    t.app.inject({ url: `${base(link)}/messages${query}`, headers: actingAs(who) });
  const receipt = (
    who: TestUser,
    kind: 'read' | 'delivered',
    upToMessageId: string,
    link = linkId,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${base(link)}/${kind}`,
      headers: actingAs(who),
      payload: { upToMessageId },
    });
  const conversations = async (who: TestUser) =>
    conversationListSchema.parse(
      (await t.app.inject({ url: '/api/messages/conversations', headers: actingAs(who) })).json(),
    );
  const unreadTotal = async (who: TestUser) =>
    (
      (await t.app.inject({ url: '/api/messages/unread', headers: actingAs(who) })).json() as {
        total: number;
      }
    ).total;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    doctor = await createTestUser(t.database, {
      role: 'doctor',
      firstName: 'Claire',
      lastName: 'Bernard',
    });
    patient = await createTestUser(t.database, { firstName: 'Camille', lastName: 'Dupont' });
    // Linked by the professional's personal code, sharing only the weight: messaging needs no category.
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/care-team/invitations/professional',
      headers: actingAs(patient),
      payload: { code: doctor.userId.slice(0, 8).toUpperCase(), categories: ['weight'] },
    });
    linkId = (linked.json() as { linkId: string }).linkId;
    t.events.subscribe('message.sent', async (event) => {
      sent.push(event);
      const rows = await t.database.db
        .select({ id: messages.id })
        .from(messages)
        .where(eq(messages.id, event.messageId));
      committedWhenPublished.push(rows.length === 1);
    });
    t.events.subscribe('message.read', (event) => void read.push(event));
    t.events.subscribe('message.delivered', (event) => void delivered.push(event));
  });
  afterAll(async () => t?.close());

  it('sends both ways, counts unread up and down, and moves delivered and read receipts', async () => {
    expect(await conversations(patient)).toMatchObject({
      items: [
        {
          linkId,
          linkStatus: 'active',
          canSend: true,
          lastMessage: null,
          unreadCount: 0,
          counterpart: {
            role: 'professional',
            firstName: 'Claire',
            lastName: 'Bernard',
            userId: doctor.userId,
          },
        },
      ],
      totalUnread: 0,
    });

    const first = await send(patient, '  Bonjour docteur,\r\nj’ai une question.\tMerci  ');
    expect(first.statusCode).toBe(201);
    const hello = messageSchema.parse(first.json());
    // Trimmed, CR LF normalised to LF, the tab kept.
    expect(hello).toMatchObject({
      linkId,
      senderId: patient.userId,
      mine: true,
      text: 'Bonjour docteur,\nj’ai une question.\tMerci',
      status: 'sent',
      deliveredAt: null,
      readAt: null,
    });

    const replies: Message[] = [];
    for (const text of ['Bonjour Camille.', 'Quelle question ?', 'Je vous écoute.']) {
      t.clock.advance(60_000);
      const reply = await send(doctor, text);
      expect(reply.statusCode).toBe(201);
      replies.push(messageSchema.parse(reply.json()));
    }
    expect(replies.map((r) => r.mine)).toEqual([true, true, true]);

    // The professional sees the patient's message as not theirs, and their list names the patient.
    expect(await conversations(doctor)).toMatchObject({
      items: [
        {
          linkId,
          unreadCount: 1,
          counterpart: {
            role: 'patient',
            firstName: 'Camille',
            lastName: 'Dupont',
            userId: patient.userId,
          },
          lastMessage: {
            id: replies[2]!.id,
            mine: true,
            preview: 'Je vous écoute.',
            status: 'sent',
          },
        },
      ],
      totalUnread: 1,
    });
    expect(await unreadTotal(patient)).toBe(3);
    expect(await unreadTotal(doctor)).toBe(1);

    // Delivered: the patient's client fetched the replies.
    const deliveredResult = receiptResultSchema.parse(
      (await receipt(patient, 'delivered', replies[2]!.id)).json(),
    );
    expect(deliveredResult).toEqual({ linkId, updated: 3, unreadCount: 3, totalUnread: 3 });
    // The sender's "Distribué" follows live: one event, ids only.
    expect(delivered).toEqual([
      { type: 'message.delivered', linkId, patientId: patient.userId, professionalId: doctor.userId, recipientId: patient.userId, upToMessageId: replies[2]!.id },
    ]);
    expect((await receipt(patient, 'delivered', replies[2]!.id)).json().updated).toBe(0);
    expect(delivered).toHaveLength(1);
    const seenByDoctor = messagePageSchema.parse((await page(doctor)).json());
    expect(seenByDoctor.items.slice(0, 3).map((m) => m.status)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
    // The patient's own message is not theirs to receipt: still `sent`.
    expect(seenByDoctor.items[3]).toMatchObject({ id: hello.id, mine: false, status: 'sent' });

    // Read up to the second reply: one left; the event names the reader and the bound, ids only.
    t.clock.advance(60_000);
    const partly = receiptResultSchema.parse(
      (await receipt(patient, 'read', replies[1]!.id)).json(),
    );
    expect(partly).toEqual({ linkId, updated: 2, unreadCount: 1, totalUnread: 1 });
    expect(read).toEqual([
      {
        type: 'message.read',
        linkId,
        patientId: patient.userId,
        professionalId: doctor.userId,
        readerId: patient.userId,
        upToMessageId: replies[1]!.id,
      },
    ]);
    const rest = receiptResultSchema.parse((await receipt(patient, 'read', replies[2]!.id)).json());
    expect(rest).toMatchObject({ updated: 1, unreadCount: 0, totalUnread: 0 });
    // Nothing left to read: no change, no event.
    expect(
      receiptResultSchema.parse((await receipt(patient, 'read', replies[2]!.id)).json()).updated,
    ).toBe(0);
    expect(read).toHaveLength(2);

    const afterRead = messagePageSchema.parse((await page(doctor)).json());
    expect(afterRead.items[0]).toMatchObject({
      status: 'read',
      readAt: new Date(t.clock.now()).toISOString(),
    });
    expect(afterRead.conversation.lastMessage?.status).toBe('read');

    // The professional reads the patient's message: their count goes down.
    expect(
      receiptResultSchema.parse((await receipt(doctor, 'read', hello.id)).json()),
    ).toMatchObject({ updated: 1, unreadCount: 0, totalUnread: 0 });
    expect(await unreadTotal(doctor)).toBe(0);
    // Reading with a bound of one's own message reads the other's messages up to it.
    const again = messageSchema.parse((await send(doctor, 'Autre chose ?')).json());
    const own = messageSchema.parse((await send(patient, 'Non, merci.')).json());
    expect(
      receiptResultSchema.parse((await receipt(patient, 'read', own.id)).json()),
    ).toMatchObject({ updated: 1, unreadCount: 0 });
    expect(
      messagePageSchema.parse((await page(doctor)).json()).items.find((m) => m.id === again.id)
        ?.status,
    ).toBe('read');
  });

  it('publishes message.sent after the commit, with ids only', async () => {
    expect(sent.length).toBeGreaterThanOrEqual(6);
    expect(committedWhenPublished.every(Boolean)).toBe(true);
    for (const event of [...sent, ...read])
      expect(JSON.stringify(event)).not.toMatch(/docteur|Camille|question|merci/i);
    expect(Object.keys(sent[0]!).sort()).toEqual([
      'linkId',
      'messageId',
      'patientId',
      'professionalId',
      'senderId',
      'type',
    ]);
    expect(sent[0]).toMatchObject({
      type: 'message.sent',
      linkId,
      patientId: patient.userId,
      professionalId: doctor.userId,
      senderId: patient.userId,
    });
    expect(sent[1]).toMatchObject({ senderId: doctor.userId });
    // Messages never show on a dashboard: they leave the patient's cached dashboard alone.
    const invalidate = vi.spyOn(t.dashboardCache, 'invalidate');
    const sentBefore = sent.length;
    expect((await send(patient, 'Encore une chose.')).statusCode).toBe(201);
    expect(sent).toHaveLength(sentBefore + 1);
    expect(invalidate).not.toHaveBeenCalled();
    invalidate.mockRestore();
    expect(Object.keys(read[0]!).sort()).toEqual([
      'linkId',
      'patientId',
      'professionalId',
      'readerId',
      'type',
      'upToMessageId',
    ]);
  });

  it('pages the history newest first with a (created_at, id) cursor', async () => {
    const other = await createTestUser(t.database, { firstName: 'Lou' });
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/care-team/invitations/professional',
      headers: actingAs(other),
      payload: { code: doctor.userId.slice(0, 8).toUpperCase(), categories: ['glucose'] },
    });
    const link = (linked.json() as { linkId: string }).linkId;
    // Sent within one millisecond of the fixed clock: the order still follows the sends.
    const texts = Array.from({ length: 65 }, (_, i) => `message ${i}`);
    for (const [i, text] of texts.entries())
      expect((await send(i % 2 ? doctor : other, text, link)).statusCode).toBe(201);

    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const response = await page(
        other,
        cursor ? `?before=${encodeURIComponent(cursor)}` : '',
        link,
      );
      expect(response.statusCode).toBe(200);
      const body = messagePageSchema.parse(response.json());
      sizes.push(body.items.length);
      seen.push(...body.items.map((m) => m.text));
      cursor = body.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([30, 30, 5]);
    expect(seen).toEqual([...texts].reverse());

    const big = messagePageSchema.parse((await page(other, '?limit=100', link)).json());
    expect(big.items).toHaveLength(65);
    expect(big.nextCursor).toBeNull();
    expect(big.conversation).toMatchObject({
      linkId: link,
      unreadCount: 32,
      lastMessage: { preview: 'message 64', mine: true },
    });
    for (const query of [
      '?limit=101',
      '?limit=0',
      '?limit=abc',
      '?before=not-a-cursor',
      `?before=${Buffer.from('yesterday|x').toString('base64url')}`,
      '?after=x',
    ]) {
      const refused = await page(other, query, link);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }

    // The professional's list holds both conversations, the most recent first.
    const list = await conversations(doctor);
    expect(list.items.map((c) => c.linkId)).toEqual([link, linkId]);
    // 33 from Lou, 2 from Camille ('Non, merci.', 'Encore une chose.').
    expect(list.items.map((c) => c.unreadCount)).toEqual([33, 2]);
    expect(list.totalUnread).toBe(35);
  });
});
