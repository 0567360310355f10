// The requester's side of a ticket's conversation: own tickets only, follow-ups, closed tickets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { supportConversationSchema, supportTicketListSchema } from '@glucosuivi/domain/support/support.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { supportTicketReplies, supportTickets } from './support.tables';
import { SUPPORT_LIMIT } from './support.routes';

let t: TestApp;
let camille: TestUser;
let lucas: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ resolveActor: headerActor });
  camille = await createTestUser(t.database, { firstName: 'Camille' });
  lucas = await createTestUser(t.database, { firstName: 'Lucas' });
  admin = await createTestUser(t.database, { role: 'admin', firstName: 'Alex' });
});
afterAll(async () => t?.close());

let ipCounter = 1;
const nextIp = () => `10.8.0.${ipCounter++}`;

async function fileTicket(who: TestUser, subject: string, type = 'question'): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/support/tickets',
    payload: { subject, message: `À propos de ${subject}`, type },
    headers: actingAs(who),
    remoteAddress: nextIp(),
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

const get = (url: string, who?: TestUser) => t.app.inject({ url, headers: who ? actingAs(who) : {} });
const reply = (id: string, payload: object, who: TestUser, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: `/api/support/tickets/${id}/replies`, payload, headers: actingAs(who), remoteAddress });
const repliesOf = (id: string) => t.database.db.select().from(supportTicketReplies).where(eq(supportTicketReplies.ticketId, id));
const ticketRow = async (id: string) => (await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, id)))[0]!;
const setStatus = (id: string, status: string) => t.database.db.update(supportTickets).set({ status }).where(eq(supportTickets.id, id));

describe('my support tickets', () => {
  it('lists only my own tickets, most recent activity first, with status and reply count', async () => {
    const first = await fileTicket(camille, 'Export CSV');
    t.clock.advance(60_000);
    const second = await fileTicket(camille, 'Alerte de nuit', 'bug');
    const other = await fileTicket(lucas, 'Mot de passe');

    const res = await get('/api/support/tickets', camille);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const { items } = supportTicketListSchema.parse(res.json());
    expect(items.map((i) => i.id)).toEqual([second, first]);
    expect(items[0]).toMatchObject({ subject: 'Alerte de nuit', type: 'bug', status: 'open', replyCount: 0, reference: second.slice(0, 8).toUpperCase() });
    expect(res.body).not.toContain(other);

    const lucasList = supportTicketListSchema.parse((await get('/api/support/tickets', lucas)).json());
    expect(lucasList.items.map((i) => i.id)).toEqual([other]);
  });

  it("shows an administrator, as a requester, only their own tickets (their RLS would show every one)", async () => {
    await fileTicket(camille, 'Synchronisation');
    const { items } = supportTicketListSchema.parse((await get('/api/support/tickets', admin)).json());
    expect(items).toEqual([]);
    const own = await fileTicket(admin, 'Mon propre ticket');
    expect(supportTicketListSchema.parse((await get('/api/support/tickets', admin)).json()).items.map((i) => i.id)).toEqual([own]);
  });

  it('opens my ticket with its first message; another person gets 404 and can add nothing', async () => {
    const id = await fileTicket(camille, 'Capteur');
    const mine = supportConversationSchema.parse((await get(`/api/support/tickets/${id}`, camille)).json());
    expect(mine.ticket.id).toBe(id);
    expect(mine.messages).toEqual([{ id, fromSupport: false, message: 'À propos de Capteur', createdAt: mine.ticket.createdAt }]);

    for (const who of [lucas, admin]) {
      const read = await get(`/api/support/tickets/${id}`, who);
      expect(read.statusCode).toBe(404);
      expect(errorBodySchema.parse(read.json()).error.code).toBe('not_found');
      expect((await reply(id, { message: 'Je réponds à sa place' }, who)).statusCode).toBe(404);
    }
    expect(await repliesOf(id)).toHaveLength(0);
    expect((await get('/api/support/tickets/00000000-0000-4000-8000-000000000000', camille)).statusCode).toBe(404);
    expect((await get('/api/support/tickets/not-a-uuid', camille)).statusCode).toBe(400);
    expect((await get(`/api/support/tickets/${id}`)).statusCode).toBe(401);
  });

  it('adds a follow-up after the first message and reopens an answered ticket', async () => {
    const id = await fileTicket(camille, 'Graphique');
    await setStatus(id, 'answered');
    const before = await ticketRow(id);
    t.clock.advance(60_000);
    const res = await reply(id, { message: '  Merci, mais cela ne marche toujours pas.  ' }, camille);
    expect(res.statusCode).toBe(201);
    const body = supportConversationSchema.parse(res.json());
    expect(body.ticket).toMatchObject({ status: 'open', replyCount: 1 });
    expect(body.messages.map((m) => [m.fromSupport, m.message])).toEqual([
      [false, 'À propos de Graphique'],
      [false, 'Merci, mais cela ne marche toujours pas.'],
    ]);
    const [stored] = await repliesOf(id);
    expect(stored).toMatchObject({ authorId: camille.userId, fromSupport: false });
    const after = await ticketRow(id);
    expect(after.status).toBe('open');
    expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
    // Same clock, second follow-up: still after the first one.
    const again = supportConversationSchema.parse((await reply(id, { message: 'Encore une précision.' }, camille)).json());
    expect(Date.parse(again.messages[2]!.createdAt)).toBeGreaterThan(Date.parse(again.messages[1]!.createdAt));
    const listed = supportTicketListSchema.parse((await get('/api/support/tickets', camille)).json()).items;
    expect(listed[0]).toMatchObject({ id, replyCount: 2, status: 'open' });
  });

  it('refuses a follow-up on a closed ticket with ticket_closed and stores nothing', async () => {
    const id = await fileTicket(camille, 'Compte');
    await setStatus(id, 'closed');
    const before = await ticketRow(id);
    const res = await reply(id, { message: 'Une dernière question' }, camille);
    expect(res.statusCode).toBe(409);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('ticket_closed');
    expect(await repliesOf(id)).toHaveLength(0);
    expect(await ticketRow(id)).toEqual(before);
  });

  it(`counts follow-ups with the forms' messages: past ${SUPPORT_LIMIT.max} from one address, 429 and nothing stored`, async () => {
    const id = await fileTicket(camille, 'Relances');
    const address = nextIp();
    for (let i = 0; i < SUPPORT_LIMIT.max; i++) expect((await reply(id, { message: `Relance ${i + 1}` }, camille, address)).statusCode).toBe(201);
    const refused = await reply(id, { message: 'Une de trop' }, camille, address);
    expect(refused.statusCode).toBe(429);
    expect(errorBodySchema.parse(refused.json()).error.code).toBe('rate_limited');
    expect(await repliesOf(id)).toHaveLength(SUPPORT_LIMIT.max);
    // Once the window has passed, the same address is heard again.
    t.clock.advance(SUPPORT_LIMIT.windowMs);
    expect((await reply(id, { message: 'Le lendemain' }, camille, address)).statusCode).toBe(201);
  });

  it.each([
    ['an empty message', { message: '   ' }, 'messageRequired'],
    ['a 5,001-character message', { message: 'a'.repeat(5001) }, 'messageTooLong'],
    ['a control character', { message: 'bonjour\u0007' }, undefined],
    ['an unknown field', { message: 'Bonjour', fromSupport: true }, undefined],
  ])('answers 400 to %s and stores nothing', async (_name, payload, issue) => {
    const id = await fileTicket(camille, 'Validation');
    await setStatus(id, 'answered');
    const res = await reply(id, payload, camille);
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.error.code).toBe('validation_failed');
    if (issue) expect(body.error.issues?.map((i) => i.message)).toContain(issue);
    expect(await repliesOf(id)).toHaveLength(0);
    expect((await ticketRow(id)).status).toBe('answered');
  });
});
