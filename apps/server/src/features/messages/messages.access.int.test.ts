import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, or } from 'drizzle-orm';
import {
  conversationListSchema,
  messagePageSchema,
  messageSchema,
} from '@glucosuivi/domain/messages/messages.schemas';
import { user } from '../auth/auth.tables';
import { careLinks } from '../care-team/care-team.tables';
import { eraseDueAccounts } from '../accounts/accounts.service';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { messages } from './messages.tables';

const DAY = 86_400_000;
const base = (linkId: string) => `/api/messages/conversations/${linkId}`;

describe('messages: input, access, revocation, erasure', () => {
  let t: TestApp;
  let patient: TestUser;
  let doctor: TestUser;
  let linkId: string;
  let eventCount = 0;

  const link = async (p: TestUser, d: TestUser) => {
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/care-team/invitations/professional',
      headers: actingAs(p),
      payload: { code: d.userId.slice(0, 8).toUpperCase(), categories: ['glucose'] },
    });
    expect(linked.statusCode).toBe(201);
    return (linked.json() as { linkId: string }).linkId;
  };
  const send = (who: TestUser, payload: unknown, to = linkId) =>
    t.app.inject({
      method: 'POST',
      url: `${base(to)}/messages`,
      headers: actingAs(who),
      payload: payload as Record<string, unknown>,
    });
  const storedCount = async () =>
    (await t.database.db.select({ id: messages.id }).from(messages)).length;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    doctor = await createTestUser(t.database, {
      role: 'doctor',
      firstName: 'Claire',
      lastName: 'Bernard',
    });
    patient = await createTestUser(t.database, { firstName: 'Camille', lastName: 'Dupont' });
    linkId = await link(patient, doctor);
    t.events.subscribe('message.sent', () => void eventCount++);
    t.events.subscribe('message.read', () => void eventCount++);
  });
  afterAll(async () => t?.close());

  it('refuses empty, too long and control-character texts with translated issues, storing nothing', async () => {
    const before = await storedCount();
    const events = eventCount;
    const cases: [unknown, string][] = [
      [{ text: 'a'.repeat(4001) }, 'textTooLong'],
      [{ text: '' }, 'textRequired'],
      [{ text: '  \n\t \r\n ' }, 'textRequired'],
      [{ text: 'avant\u0000après' }, 'textInvalidCharacters'],
      [{ text: 'sonnerie\u0007' }, 'textInvalidCharacters'],
      [{ text: '\u001b[31mrouge' }, 'textInvalidCharacters'],
      [{ text: 'effacer\u007f' }, 'textInvalidCharacters'],
      [{ text: 'saut\u000bvertical' }, 'textInvalidCharacters'],
    ];
    for (const [payload, issue] of cases) {
      const refused = await send(patient, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'validation_failed',
        issues: [expect.objectContaining({ message: issue })],
      });
    }
    for (const payload of [{}, { text: 42 }, { text: 'ok', html: true }, { text: ['a'] }]) {
      const refused = await send(patient, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }
    expect(
      (await t.app.inject({ url: `${base('not-a-uuid')}/messages`, headers: actingAs(patient) }))
        .statusCode,
    ).toBe(400);
    expect(await storedCount()).toBe(before);
    expect(eventCount).toBe(events);

    // The longest text fits, surrounding blanks aside.
    const longest = await send(patient, { text: ` ${'é'.repeat(4000)}\n` });
    expect(longest.statusCode).toBe(201);
    expect(messageSchema.parse(longest.json()).text).toHaveLength(4000);
  });

  it('stores HTML as the text it is', async () => {
    const html = '<script>alert("x")</script><b>gras</b> &amp; <img src=x onerror=alert(1)>';
    const sent = await send(doctor, { text: html });
    expect(messageSchema.parse(sent.json()).text).toBe(html);
    const [row] = await t.database.db
      .select({ body: messages.body })
      .from(messages)
      .where(eq(messages.id, sent.json().id));
    expect(row?.body).toBe(html);
    const page = messagePageSchema.parse(
      (await t.app.inject({ url: `${base(linkId)}/messages`, headers: actingAs(patient) })).json(),
    );
    expect(page.items[0]?.text).toBe(html);
  });

  it('answers not_found to anyone but the two people of the link, administrators included', async () => {
    const otherDoctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Lucas' });
    const otherPatient = await createTestUser(t.database, { firstName: 'Jean' });
    const admin = await createTestUser(t.database, { role: 'admin', firstName: 'Admin' });
    const [message] = await t.database.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.linkId, linkId))
      .limit(1);
    for (const who of [otherDoctor, otherPatient, admin]) {
      expect(
        (await t.app.inject({ url: `${base(linkId)}/messages`, headers: actingAs(who) }))
          .statusCode,
      ).toBe(404);
      expect((await send(who, { text: 'intrus' })).statusCode).toBe(404);
      for (const kind of ['read', 'delivered']) {
        const receipt = await t.app.inject({
          method: 'POST',
          url: `${base(linkId)}/${kind}`,
          headers: actingAs(who),
          payload: { upToMessageId: message!.id },
        });
        expect(receipt.statusCode).toBe(404);
        expect(receipt.json().error.code).toBe('not_found');
      }
    }
    expect(
      conversationListSchema.parse(
        (
          await t.app.inject({ url: '/api/messages/conversations', headers: actingAs(otherDoctor) })
        ).json(),
      ).items,
    ).toEqual([]);
    expect(
      (await t.app.inject({ url: '/api/messages/conversations', headers: actingAs(admin) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/messages/unread', headers: actingAs(admin) })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/api/messages/unread' })).statusCode).toBe(401);
    // A message of another conversation is no bound for this one.
    const otherLink = await link(otherPatient, doctor);
    const elsewhere = messageSchema.parse(
      (await send(otherPatient, { text: 'ailleurs' }, otherLink)).json(),
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${base(linkId)}/read`,
          headers: actingAs(patient),
          payload: { upToMessageId: elsewhere.id },
        })
      ).statusCode,
    ).toBe(404);
    // An unknown link is the same answer.
    expect(
      (await send(patient, { text: 'x' }, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
  });

  it('goes through the Origin check and leaves the access log alone', async () => {
    const forged = await t.app.inject({
      method: 'POST',
      url: `${base(linkId)}/messages`,
      headers: { ...actingAs(patient), origin: 'https://evil.example' },
      payload: { text: 'x' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('cross_site_request');
    const log = async () =>
      (await t.app.inject({ url: '/api/care-team/access-log', headers: actingAs(patient) })).json()
        .items.length as number;
    const entries = await log();
    expect(
      (await t.app.inject({ url: `${base(linkId)}/messages`, headers: actingAs(doctor) }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/messages/conversations', headers: actingAs(doctor) }))
        .statusCode,
    ).toBe(200);
    expect(await log()).toBe(entries);
  });

  it('after revocation: the professional loses the conversation, the patient keeps it read-only', async () => {
    const last = messageSchema.parse(
      (await send(doctor, { text: 'Avant la fin du suivi' })).json(),
    );
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/care-team/links/${linkId}`,
          headers: actingAs(patient),
        })
      ).statusCode,
    ).toBe(200);
    const before = await storedCount();
    const events = eventCount;

    // The professional: gone from the list and the count, 404 everywhere.
    const proList = conversationListSchema.parse(
      (
        await t.app.inject({ url: '/api/messages/conversations', headers: actingAs(doctor) })
      ).json(),
    );
    expect(proList.items.map((c) => c.linkId)).not.toContain(linkId);
    const proUnread = (
      await t.app.inject({ url: '/api/messages/unread', headers: actingAs(doctor) })
    ).json().total;
    expect(proUnread).toBe(proList.totalUnread);
    expect(
      (await t.app.inject({ url: `${base(linkId)}/messages`, headers: actingAs(doctor) }))
        .statusCode,
    ).toBe(404);
    expect((await send(doctor, { text: 'encore' })).statusCode).toBe(404);
    for (const kind of ['read', 'delivered']) {
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `${base(linkId)}/${kind}`,
            headers: actingAs(doctor),
            payload: { upToMessageId: last.id },
          })
        ).statusCode,
      ).toBe(404);
    }

    // The patient: listed, named, readable, cannot send.
    const list = conversationListSchema.parse(
      (
        await t.app.inject({ url: '/api/messages/conversations', headers: actingAs(patient) })
      ).json(),
    );
    expect(list.items.find((c) => c.linkId === linkId)).toMatchObject({
      linkStatus: 'revoked',
      canSend: false,
      revokedAt: expect.any(String),
      counterpart: { firstName: 'Claire', lastName: 'Bernard', role: 'professional' },
      lastMessage: { id: last.id, mine: false },
      unreadCount: 2,
    });
    const page = messagePageSchema.parse(
      (await t.app.inject({ url: `${base(linkId)}/messages`, headers: actingAs(patient) })).json(),
    );
    expect(page.items[0]?.id).toBe(last.id);
    expect(page.conversation.canSend).toBe(false);
    const refused = await send(patient, { text: 'Vous êtes là ?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('conversation_read_only');
    expect(await storedCount()).toBe(before);
    expect(eventCount).toBe(events);
    // Reading the history still clears the count.
    const cleared = await t.app.inject({
      method: 'POST',
      url: `${base(linkId)}/read`,
      headers: actingAs(patient),
      payload: { upToMessageId: last.id },
    });
    expect(cleared.json()).toMatchObject({ updated: 2, unreadCount: 0 });

    // A new link between the same two people is a new, empty conversation.
    const again = await link(patient, doctor);
    expect(again).not.toBe(linkId);
    const both = conversationListSchema.parse(
      (
        await t.app.inject({ url: '/api/messages/conversations', headers: actingAs(patient) })
      ).json(),
    );
    expect(both.items.find((c) => c.linkId === again)).toMatchObject({
      canSend: true,
      lastMessage: null,
    });
  });

  it('erases the conversations of an erased account', async () => {
    const leaving = await createTestUser(t.database, { role: 'doctor', firstName: 'Paul' });
    const staying = await createTestUser(t.database, { role: 'doctor', firstName: 'Anne' });
    const p = await createTestUser(t.database, { firstName: 'Léa' });
    const withLeaving = await link(p, leaving);
    const withStaying = await link(p, staying);
    await send(p, { text: 'bonjour' }, withLeaving);
    await send(leaving, { text: 'bonjour Léa' }, withLeaving);
    await send(staying, { text: 'rendez-vous ?' }, withStaying);

    await t.database.db
      .update(user)
      .set({ deletionRequestedAt: t.clock.now() })
      .where(eq(user.id, leaving.userId));
    t.clock.advance(31 * DAY);
    expect(await eraseDueAccounts(t.accountsDeps)).toBe(1);

    const left = await t.database.db
      .select({ linkId: messages.linkId })
      .from(messages)
      .where(
        or(
          eq(messages.senderId, leaving.userId),
          eq(messages.professionalId, leaving.userId),
          inArray(messages.linkId, [withLeaving, withStaying]),
        ),
      );
    expect(left.map((r) => r.linkId)).toEqual([withStaying]);
    expect(
      await t.database.db.select().from(careLinks).where(eq(careLinks.id, withLeaving)),
    ).toHaveLength(0);
    const list = conversationListSchema.parse(
      (await t.app.inject({ url: '/api/messages/conversations', headers: actingAs(p) })).json(),
    );
    expect(list.items.map((c) => c.linkId)).toEqual([withStaying]);
  });
});
