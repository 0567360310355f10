import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountListSchema, adminAccountSchema } from '@glucosuivi/domain/admin/admin.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import type { Actor } from '../../platform/db/database';
import { CookieJar } from '../../test/cookie-jar';
import { totp } from '../../test/totp';
import { authAudit, session, user } from '../auth/auth.tables';
import { resolveActor } from '../accounts/account-sign-in.service';
import { adminActions } from './admin.tables';

const STRONG = 'Glyc3mie-Stable!42';
let ip = 1;
const nextIp = () => `10.7.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

describe('administrators and accounts', () => {
  let t: TestApp;
  let admin: TestUser;

  const post = (who: Actor | null, url: string, payload?: object, jar?: CookieJar) =>
    t.app
      .inject({ method: 'POST', url, headers: { ...(who ? actingAs(who) : {}), ...(jar?.header() ?? {}) }, remoteAddress: nextIp(), ...(payload ? { payload } : {}) })
      .then((response) => {
        jar?.store(response);
        return response;
      });
  const list = async (query = '') => {
    const response = await t.app.inject({ url: `/api/admin/accounts${query}`, headers: actingAs(admin) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return accountListSchema.parse(response.json());
  };
  const actions = async (action: string) =>
    (await t.database.db.select().from(adminActions).where(eq(adminActions.action, action))).map((row) => ({
      actorEmail: row.actorEmail,
      targetUserId: row.targetUserId,
      detail: row.detail,
    }));
  /** A real account (sign-up through the API), its id and its browser's cookies. */
  const signedUp = async (email: string) => {
    const jar = new CookieJar();
    const response = await post(null, '/api/accounts/sign-up', { email, password: STRONG, confirmPassword: STRONG, firstName: 'Jeanne', lastName: 'Roux', role: 'patient' }, jar);
    expect(response.statusCode, response.body).toBe(201);
    return { id: (response.json() as { user: { id: string } }).user.id, jar };
  };
  const signIn = (email: string, password = STRONG, jar = new CookieJar()) => post(null, '/api/accounts/sign-in', { email, password }, jar);

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    admin = await createTestUser(t.database, { role: 'admin', firstName: 'Alix', lastName: 'Admin', email: 'alix.admin@example.test' });
  });
  afterAll(async () => t?.close());

  it('lists accounts with type, status, last sign-in, second factor and verification; searches and filters', async () => {
    const doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire', lastName: 'Bernard_100%', email: 'claire.bernard@example.test' });
    const { id: paulId } = await signedUp('paul.leroy@example.test');
    expect((await signIn('paul.leroy@example.test')).statusCode).toBe(200);
    const leaving = await createTestUser(t.database, { firstName: 'Zoé', email: 'zoe.depart@example.test' });
    const askedAt = new Date('2026-10-20T08:00:00Z');
    await t.database.db.update(user).set({ deletionRequestedAt: askedAt }).where(eq(user.id, leaving.userId));

    const all = await list();
    expect(all.pageSize).toBe(50);
    expect(all.total).toBe(4);
    const byEmail = new Map(all.items.map((item) => [item.email, item]));
    expect(byEmail.get('alix.admin@example.test')).toMatchObject({ type: 'admin', secondFactor: true, emailVerified: true, verification: null, status: 'active' });
    expect(byEmail.get('claire.bernard@example.test')).toMatchObject({ type: 'doctor', name: 'Claire Bernard_100%', verification: 'pending', secondFactor: false });
    const paulSignIn = await t.database.db.select({ at: authAudit.createdAt }).from(authAudit).where(eq(authAudit.event, 'sign_in_success'));
    expect(byEmail.get('paul.leroy@example.test')).toMatchObject({ id: paulId, type: 'patient', lastSignInAt: paulSignIn.at(-1)!.at.toISOString() });
    expect(byEmail.get('claire.bernard@example.test')!.lastSignInAt).toBeNull();
    // A pending deletion shows when the account will be erased: 30 days after the request.
    expect(byEmail.get('zoe.depart@example.test')).toMatchObject({ status: 'pending_deletion', eraseAfter: '2026-11-19T08:00:00.000Z' });

    expect((await list('?q=BERNARD')).items.map((i) => i.id)).toEqual([doctor.userId]);
    expect((await list('?q=claire%20bernard')).items.map((i) => i.id)).toEqual([doctor.userId]);
    // Wildcards typed by the administrator are matched as themselves.
    expect((await list(`?q=${encodeURIComponent('_100%')}`)).items.map((i) => i.id)).toEqual([doctor.userId]);
    expect((await list(`?q=${encodeURIComponent('%')}`)).items.map((i) => i.id)).toEqual([doctor.userId]);
    expect((await list('?type=doctor')).items.map((i) => i.id)).toEqual([doctor.userId]);
    expect((await list('?type=admin')).items.map((i) => i.id)).toEqual([admin.userId]);
    expect((await list('?status=pending_deletion')).items.map((i) => i.id)).toEqual([leaving.userId]);
    expect((await list('?page=2')).items).toEqual([]);
    for (const bad of ['?type=nurse', '?status=gone', '?page=0', '?page=x', '?other=1', `?q=${'a'.repeat(101)}`]) {
      const refused = await t.app.inject({ url: `/api/admin/accounts${bad}`, headers: actingAs(admin) });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }
  });

  it('pages by 50, newest first', async () => {
    for (let i = 0; i < 52; i++) await createTestUser(t.database, { email: `page-${i}-${randomUUID()}@example.test` });
    const first = await list('?q=page-');
    const second = await list('?q=page-&page=2');
    expect(first.total).toBe(52);
    expect(first.items).toHaveLength(50);
    expect(second.items).toHaveLength(2);
    const created = [...first.items, ...second.items].map((i) => i.createdAt);
    expect(created).toEqual([...created].sort().reverse());
  });

  it('locks with a reason: sessions end, the right password is refused as locked, the wrong one as wrong; unlock restores', async () => {
    const { id, jar } = await signedUp('locked.one@example.test');
    expect((await t.app.inject({ url: '/api/auth/get-session', headers: jar.header() })).json()).not.toBeNull();
    const locked = await post(admin, `/api/admin/accounts/${id}/lock`, { reason: 'Usurpation signalée par le titulaire' });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(adminAccountSchema.parse(locked.json())).toMatchObject({ id, status: 'locked', lockReason: 'Usurpation signalée par le titulaire', lockedAt: t.clock.now().toISOString() });
    expect(await t.database.db.select().from(session).where(eq(session.userId, id))).toEqual([]);
    expect((await t.app.inject({ url: '/api/auth/get-session', headers: jar.header() })).json()).toBeNull();
    expect(await actions('account.lock')).toEqual([{ actorEmail: 'alix.admin@example.test', targetUserId: id, detail: 'Usurpation signalée par le titulaire' }]);

    const wrong = await signIn('locked.one@example.test', 'not-the-password');
    expect([wrong.statusCode, wrong.json().error.code]).toEqual([401, 'invalid_credentials']);
    const right = await signIn('locked.one@example.test');
    expect([right.statusCode, right.json().error.code]).toEqual([403, 'account_locked']);
    expect(right.headers['set-cookie'] ?? '').not.toMatch(/session_token=[^;]+/);
    expect(await t.database.db.select().from(session).where(eq(session.userId, id))).toEqual([]);

    const unlocked = await post(admin, `/api/admin/accounts/${id}/unlock`);
    expect(unlocked.json()).toMatchObject({ status: 'active', lockedAt: null, lockReason: null });
    expect(await actions('account.unlock')).toEqual([{ actorEmail: 'alix.admin@example.test', targetUserId: id, detail: null }]);
    expect((await signIn('locked.one@example.test')).statusCode).toBe(200);
  });

  it('an existing session of a locked account has no actor', async () => {
    const { id, jar } = await signedUp('locked.two@example.test');
    const headers = new Headers(jar.header());
    expect((await resolveActor(t.accountsDeps, headers)).actor).toEqual({ userId: id, role: 'patient', secondFactor: false, sessionId: expect.any(String) });
    await t.database.db.update(user).set({ lockedAt: t.clock.now() }).where(eq(user.id, id));
    expect((await resolveActor(t.accountsDeps, headers)).actor).toBeNull();
  });

  it('refuses the second factor of an account locked after its password step', async () => {
    const { id, jar } = await signedUp('locked.totp@example.test');
    const self = { userId: id, role: 'patient' as const };
    const enabled = await post(self, '/api/accounts/two-factor/enable', { password: STRONG }, jar);
    const { totpUri } = enabled.json() as { totpUri: string };
    expect((await post(self, '/api/accounts/two-factor/confirm', { code: totp(totpUri) }, jar)).statusCode).toBe(200);
    const challenge = new CookieJar();
    expect((await signIn('locked.totp@example.test', STRONG, challenge)).json()).toEqual({ status: 'two_factor_required' });
    expect((await post(admin, `/api/admin/accounts/${id}/lock`, { reason: 'Compte compromis' })).statusCode).toBe(200);
    const verified = await post(null, '/api/accounts/two-factor/verify', { code: totp(totpUri, Date.now() + 30_000) }, challenge);
    expect([verified.statusCode, verified.json().error.code]).toEqual([403, 'account_locked']);
    expect(await t.database.db.select().from(session).where(eq(session.userId, id))).toEqual([]);
  });

  it('refuses a missing or bad reason (translated issue), one’s own account, the last unlocked administrator and an unknown account, storing nothing', async () => {
    const target = await createTestUser(t.database, { email: 'target@example.test' });
    const before = (await t.database.db.select().from(adminActions)).length;
    const cases: [object | undefined, string | null][] = [
      [{ reason: 'no' }, 'reasonTooShort'],
      [{ reason: '   ab   ' }, 'reasonTooShort'],
      [{ reason: 'x'.repeat(501) }, 'reasonTooLong'],
      [{ reason: 'ligne\u0007' }, 'textInvalidCharacters'],
      [{}, null],
      [{ reason: 'Raison valable', extra: 1 }, null],
      [undefined, null],
    ];
    for (const [payload, issue] of cases) {
      const refused = await post(admin, `/api/admin/accounts/${target.userId}/lock`, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
      if (issue) expect(refused.json().error.issues).toEqual([expect.objectContaining({ path: ['body', 'reason'], message: issue })]);
    }
    const self = await post(admin, `/api/admin/accounts/${admin.userId}/lock`, { reason: 'Essai sur moi-même' });
    expect([self.statusCode, self.json().error.code]).toEqual([409, 'cannot_lock_self']);
    const unknown = await post(admin, `/api/admin/accounts/${randomUUID()}/lock`, { reason: 'Compte inconnu' });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([404, 'not_found']);
    expect((await post(admin, `/api/admin/accounts/${randomUUID()}/unlock`)).statusCode).toBe(404);
    expect((await post(admin, `/api/admin/accounts/${randomUUID()}/password-reset`)).statusCode).toBe(404);

    // Two administrators locking each other: the second lock would leave nobody to unlock anyone.
    const other = await createTestUser(t.database, { role: 'admin', email: 'other.admin@example.test' });
    expect((await post(other, `/api/admin/accounts/${admin.userId}/lock`, { reason: 'Départ de l’équipe' })).statusCode).toBe(200);
    const last = await post(admin, `/api/admin/accounts/${other.userId}/lock`, { reason: 'Départ de l’équipe' });
    expect([last.statusCode, last.json().error.code]).toEqual([409, 'last_admin']);
    expect((await post(other, `/api/admin/accounts/${admin.userId}/unlock`)).statusCode).toBe(200);

    const stored = await t.database.db.select({ lockedAt: user.lockedAt }).from(user).where(eq(user.id, target.userId));
    expect(stored).toEqual([{ lockedAt: null }]);
    const [otherRow] = await t.database.db.select({ lockedAt: user.lockedAt }).from(user).where(eq(user.id, other.userId));
    expect(otherRow?.lockedAt).toBeNull();
    // Only the lock and unlock that succeeded were recorded.
    expect((await t.database.db.select().from(adminActions)).length).toBe(before + 2);
  });

  it('sends the password-reset e-mail to the account’s owner and records it', async () => {
    const { id } = await signedUp('forgetful@example.test');
    const sent = t.sent.length;
    const response = await post(admin, `/api/admin/accounts/${id}/password-reset`);
    expect(response.statusCode, response.body).toBe(200);
    const mail = t.sent.slice(sent);
    expect(mail.map((m) => m.to)).toEqual(['forgetful@example.test']);
    expect(mail[0]!.text).toMatch(/\/auth\?mode=reset&token=/);
    expect(await actions('account.password_reset')).toEqual([{ actorEmail: 'alix.admin@example.test', targetUserId: id, detail: null }]);
  });
});
