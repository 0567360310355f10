import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { startSmtpServer } from '../../test/smtp';
import { createMailer } from '../../platform/mail';
import { userSettings } from '../settings/settings.tables';
import { user } from '../auth/auth.tables';
import { supportTickets } from './support.tables';
import { SUPPORT_LIMIT } from './support.routes';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let camille: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    resolveActor: headerActor,
    mailer: createMailer({
      smtpUrl: smtp.url,
      from: 'GlucoSuivi <no-reply@glucosuivi.fr>',
      outboxDir: '/nonexistent',
    }),
  });
  camille = await createTestUser(t.database);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let ipCounter = 1;
/** Each test writes from its own address so the per-address limit of one test never leaks into another. */
const nextIp = () => `10.7.0.${ipCounter++}`;

function post(url: string, payload: object, ip: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload, headers, remoteAddress: ip });
}

const ticket = (extra: Record<string, unknown> = {}) => ({
  subject: 'Export CSV',
  message: 'Comment exporter mes mesures ?',
  type: 'question',
  ...extra,
});
const allTickets = () => t.database.db.select().from(supportTickets);

describe('support tickets (signed in)', () => {
  it('stores the ticket and acknowledges it by e-mail in the user language', async () => {
    await t.database.db
      .update(userSettings)
      .set({ language: 'en' })
      .where(eq(userSettings.userId, camille.userId));
    const res = await post(
      '/api/support/tickets',
      ticket({ subject: 'Night alerts' }),
      nextIp(),
      actingAs(camille),
    );
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    const [row] = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, id));
    expect(row).toMatchObject({
      userId: camille.userId,
      email: camille.email,
      type: 'question',
      subject: 'Night alerts',
      language: 'en',
      status: 'open',
    });

    const mail = await smtp.waitFor((m) => m.to.includes(camille.email));
    expect(mail.subject).toContain('We have received your message');
    expect(mail.raw).toContain(id.slice(0, 8).toUpperCase());
  });

  it('refuses a visitor without a session', async () => {
    const res = await post('/api/support/tickets', ticket(), nextIp());
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['an empty message', { message: '   ' }, 'messageRequired'],
    ['a 20,000-character message', { message: 'a'.repeat(20_000) }, 'messageTooLong'],
    ['an empty subject', { subject: '' }, 'subjectRequired'],
    ['an unknown type', { type: 'complaint' }, undefined],
    ['an unknown field', { priority: 'high' }, undefined],
  ])('answers 400 to %s and stores nothing', async (_name, change, issue) => {
    const before = (await allTickets()).length;
    const res = await post('/api/support/tickets', ticket(change), nextIp(), actingAs(camille));
    expect(res.statusCode).toBe(400);
    const body = errorBodySchema.parse(res.json());
    expect(body.error.code).toBe('validation_failed');
    if (issue) expect(body.error.issues?.map((i) => i.message)).toContain(issue);
    expect((await allTickets()).length).toBe(before);
  });

  it('goes with the account when the account is erased', async () => {
    const gone = await createTestUser(t.database, { firstName: 'Léa' });
    expect(
      (await post('/api/support/tickets', ticket(), nextIp(), actingAs(gone))).statusCode,
    ).toBe(201);
    await t.database.db.delete(user).where(eq(user.id, gone.userId));
    expect(
      await t.database.db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.userId, gone.userId)),
    ).toHaveLength(0);
  });
});

describe('contact (public)', () => {
  it('stores an anonymous message with its address and acknowledges it in the page language', async () => {
    const res = await post(
      '/api/contact',
      { ...ticket({ type: 'feature' }), email: 'visiteur@example.test', language: 'es' },
      nextIp(),
    );
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    const [row] = await t.database.db
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, id));
    expect(row).toMatchObject({
      userId: null,
      email: 'visiteur@example.test',
      type: 'feature',
      language: 'es',
    });
    const mail = await smtp.waitFor((m) => m.to.includes('visiteur@example.test'));
    expect(mail.subject).toContain('Hemos recibido su mensaje');
  });

  it('answers 400 to an invalid address or an empty message and stores nothing', async () => {
    const before = (
      await t.database.db.select().from(supportTickets).where(isNull(supportTickets.userId))
    ).length;
    for (const payload of [
      { ...ticket(), email: 'not-an-address' },
      { ...ticket({ message: '' }), email: 'a@example.test' },
      { ...ticket({ message: 'x'.repeat(20_000) }), email: 'a@example.test' },
    ]) {
      expect((await post('/api/contact', payload, nextIp())).statusCode).toBe(400);
    }
    expect(
      (await t.database.db.select().from(supportTickets).where(isNull(supportTickets.userId)))
        .length,
    ).toBe(before);
  });

  it(`answers 429 rate_limited after ${SUPPORT_LIMIT.max} messages from one address`, async () => {
    const ip = nextIp();
    for (let i = 0; i < SUPPORT_LIMIT.max; i++) {
      expect(
        (await post('/api/contact', { ...ticket(), email: `flood${i}@example.test` }, ip))
          .statusCode,
      ).toBe(201);
    }
    const before = (await allTickets()).length;
    const res = await post('/api/contact', { ...ticket(), email: 'flood@example.test' }, ip);
    expect(res.statusCode).toBe(429);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('rate_limited');
    expect((await allTickets()).length).toBe(before);
    // another address is not affected
    expect(
      (await post('/api/contact', { ...ticket(), email: 'other@example.test' }, nextIp()))
        .statusCode,
    ).toBe(201);
  });
});
