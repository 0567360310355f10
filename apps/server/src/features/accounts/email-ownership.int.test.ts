import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { buildAppWithServices, type App } from '../../app';
import { createAdministrator } from './accounts.service';
import { fixedClock } from '../../platform/clock';
import type { MailMessage } from '../../platform/mail';
import { createTestDatabase, MIGRATIONS_FOLDER, type TestDatabase } from '../../test/test-database';
import { CookieJar } from '../../test/cookie-jar';
import { user } from '../auth/auth.tables';
import { EMAIL_CHANGE_VALID_MS } from './accounts.service';

// Issue 10, item 1: an e-mail address grants nothing until its owner proved it. Before the fix a
// sign-up with, or an unconfirmed change to, an ADMIN_EMAILS address made the user administrator.

const ORIGIN = { origin: 'http://localhost:3000' };
const STRONG = 'Glyc3mie-Stable!42';
const ADMIN = 'admin@glucosuivi.fr';
const OPS = 'ops@glucosuivi.fr';

let database: TestDatabase;
let built: App;
const clock = fixedClock(new Date('2026-11-02T09:00:00Z'));
const sent: MailMessage[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  built = await buildAppWithServices({
    database,
    clock,
    migrationsFolder: MIGRATIONS_FOLDER,
    version: 'test',
    mailer: { send: async (message) => void sent.push(message) },
    authSecret: 'test-secret-test-secret-test-secret-0123456789',
    publicUrl: 'http://localhost:3000',
    adminEmails: [ADMIN, OPS],
  });
  await built.app.ready();
});
afterAll(async () => {
  await built?.app.close();
  await database?.destroy();
});

let ipCounter = 1;
const nextIp = () => `10.2.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

async function post(url: string, payload: unknown, jar?: CookieJar) {
  const res = await built.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...ORIGIN, ...(jar?.header() ?? {}) },
    remoteAddress: nextIp(),
  });
  jar?.store(res);
  return res;
}

async function sessionOf(jar: CookieJar) {
  const res = await built.app.inject({
    method: 'GET',
    url: '/api/auth/get-session',
    headers: jar.header(),
  });
  jar.store(res);
  return res.json() as { user: { email: string; userType: string } } | null;
}

async function signUp(email: string) {
  const jar = new CookieJar();
  const res = await post(
    '/api/accounts/sign-up',
    {
      email,
      password: STRONG,
      confirmPassword: STRONG,
      firstName: 'Camille',
      lastName: 'Durand',
      role: 'patient',
    },
    jar,
  );
  expect(res.statusCode, email).toBe(201);
  return jar;
}

async function signIn(email: string, password = STRONG) {
  const jar = new CookieJar();
  const res = await post('/api/accounts/sign-in', { email, password }, jar);
  return { res, jar };
}

/** The token of the last confirmation link sent to `to`: the e-mail is the only place it exists. */
function confirmationTokenFor(to: string): string {
  const mail = sent.filter((m) => m.to === to).at(-1);
  const token = /\/email\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no confirmation link sent to ${to}`);
  return token;
}

function codeOf(res: { json(): unknown }) {
  return errorBodySchema.parse(res.json()).error.code;
}

describe('admin role needs a proved address', () => {
  it('a sign-up with an ADMIN_EMAILS address (no demo seed) is a plain patient', async () => {
    const jar = await signUp(ADMIN);
    expect(await sessionOf(jar)).toMatchObject({ user: { email: ADMIN, userType: 'patient' } });
    const { res } = await signIn(ADMIN);
    expect(res.json()).toMatchObject({
      status: 'signed_in',
      redirectTo: '/patient-dashboard',
      user: { userType: 'patient' },
    });
  });

  it('the explicit command takes such an account over: new password, old sessions ended, administrator', async () => {
    const squatter = (await signIn(ADMIN)).jar;
    const made = await createAdministrator(built.accountsDeps, { email: ADMIN });
    expect(made.created).toBe(false);
    expect(await sessionOf(squatter)).toBeNull();
    expect((await signIn(ADMIN)).res.statusCode).toBe(401);
    const { res } = await signIn(ADMIN, made.password);
    expect(res.json()).toMatchObject({
      status: 'signed_in',
      redirectTo: '/admin',
      user: { userType: 'admin' },
    });
  });

  it('the explicit command creates a verified administrator when the address is free', async () => {
    const made = await createAdministrator(built.accountsDeps, {
      email: 'Second.Admin@example.test',
    });
    expect(made.created).toBe(true);
    const [row] = await database.db.select().from(user).where(eq(user.id, made.userId));
    expect(row).toMatchObject({ email: 'second.admin@example.test', emailVerified: true });
    const { res } = await signIn('second.admin@example.test', made.password);
    expect(res.json()).toMatchObject({ redirectTo: '/admin', user: { userType: 'admin' } });
  });
});

describe('e-mail change goes through a link sent to the new address', () => {
  it('keeps the old address and the patient role until the link is followed; then the role follows the rules', async () => {
    const jar = await signUp('climber@example.test');
    const asked = await post('/api/accounts/email', { newEmail: OPS, password: STRONG }, jar);
    expect(asked.statusCode).toBe(200);

    // Before confirmation: nothing changed, not even for a fresh sign-in.
    expect(await sessionOf(jar)).toMatchObject({
      user: { email: 'climber@example.test', userType: 'patient' },
    });
    expect((await signIn('climber@example.test')).res.statusCode).toBe(200);
    expect((await signIn(OPS)).res.statusCode).toBe(401);
    const [row] = await database.db
      .select()
      .from(user)
      .where(eq(user.email, 'climber@example.test'));
    expect(row?.emailVerified).toBe(false);

    // The old address is told, with what to do; the link goes to the new one only.
    const notice = sent.filter((m) => m.to === 'climber@example.test').at(-1);
    expect(notice?.text).toMatch(/o•••@glucosuivi\.fr/);
    expect(notice?.text).toMatch(/changez votre mot de passe/);
    expect(notice?.text).not.toMatch(/token=/);

    const confirmed = await post(
      '/api/accounts/email/confirm',
      { token: confirmationTokenFor(OPS) },
      jar,
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: OPS });
    expect(await sessionOf(jar)).toMatchObject({ user: { email: OPS, userType: 'admin' } });
    expect((await signIn('climber@example.test')).res.statusCode).toBe(401);
  });

  it('refuses the link signed out and as another user, without using it up', async () => {
    const owner = await signUp('owner@example.test');
    await post(
      '/api/accounts/email',
      { newEmail: 'owner.new@example.test', password: STRONG },
      owner,
    );
    const token = confirmationTokenFor('owner.new@example.test');

    const signedOut = await post('/api/accounts/email/confirm', { token });
    expect(signedOut.statusCode).toBe(401);
    const intruder = await signUp('intruder@example.test');
    const asIntruder = await post('/api/accounts/email/confirm', { token }, intruder);
    expect(asIntruder.statusCode).toBe(400);
    expect(codeOf(asIntruder)).toBe('email_change_invalid');
    expect(await sessionOf(intruder)).toMatchObject({ user: { email: 'intruder@example.test' } });

    expect((await post('/api/accounts/email/confirm', { token }, owner)).statusCode).toBe(200);
  });

  it('a link works once, and a newer request replaces the older link', async () => {
    const jar = await signUp('twice@example.test');
    await post('/api/accounts/email', { newEmail: 'twice.a@example.test', password: STRONG }, jar);
    const older = confirmationTokenFor('twice.a@example.test');
    await post('/api/accounts/email', { newEmail: 'twice.b@example.test', password: STRONG }, jar);
    const newer = confirmationTokenFor('twice.b@example.test');

    expect(codeOf(await post('/api/accounts/email/confirm', { token: older }, jar))).toBe(
      'email_change_invalid',
    );
    expect((await post('/api/accounts/email/confirm', { token: newer }, jar)).statusCode).toBe(200);
    const reused = await post('/api/accounts/email/confirm', { token: newer }, jar);
    expect(reused.statusCode).toBe(400);
    expect(codeOf(reused)).toBe('email_change_invalid');
    expect(await sessionOf(jar)).toMatchObject({ user: { email: 'twice.b@example.test' } });
  });

  it('an expired link is refused and changes nothing', async () => {
    const jar = await signUp('late@example.test');
    await post('/api/accounts/email', { newEmail: 'late.new@example.test', password: STRONG }, jar);
    const token = confirmationTokenFor('late.new@example.test');
    clock.advance(EMAIL_CHANGE_VALID_MS + 1000);
    try {
      const expired = await post('/api/accounts/email/confirm', { token }, jar);
      expect(expired.statusCode).toBe(410);
      expect(codeOf(expired)).toBe('email_change_expired');
      expect(await sessionOf(jar)).toMatchObject({ user: { email: 'late@example.test' } });
    } finally {
      clock.advance(-(EMAIL_CHANGE_VALID_MS + 1000));
    }
  });

  it('refuses a new address that already has an account, and the current address', async () => {
    const jar = await signUp('taken-by@example.test');
    await signUp('already-there@example.test');
    expect(
      codeOf(
        await post(
          '/api/accounts/email',
          { newEmail: 'already-there@example.test', password: STRONG },
          jar,
        ),
      ),
    ).toBe('email_taken');
    expect(
      codeOf(
        await post(
          '/api/accounts/email',
          { newEmail: 'taken-by@example.test', password: STRONG },
          jar,
        ),
      ),
    ).toBe('email_taken');
  });
});
