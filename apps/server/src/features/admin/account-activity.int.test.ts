import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountListSchema } from '@glucosuivi/domain/admin/admin.schemas';
import { figuresSchema } from '@glucosuivi/domain/admin/figures.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { CookieJar } from '../../test/cookie-jar';
import { user } from '../auth/auth.tables';
import { resolveActor } from '../accounts/account-sign-in.service';
import { seedAccount } from '../accounts/accounts.service';

/*
 * The last sign-in of the accounts list and the "active in the last 30 days" figure: a sign-up's
 * session is a sign-in; "active" is a sign-in or a request with a session (user.last_seen_at,
 * written at most once an hour), whether or not the session is still there.
 */

const STRONG = 'Glyc3mie-Stable!42';
const MINUTE = 60_000;
const DAY = 86_400_000;
let ip = 1;
const nextIp = () => `10.8.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

describe('last sign-in and activity of accounts', () => {
  let t: TestApp;
  let admin: TestUser;

  const post = (url: string, payload: object, jar: CookieJar) =>
    t.app.inject({ method: 'POST', url, headers: jar.header(), remoteAddress: nextIp(), payload }).then((response) => {
      jar.store(response);
      return response;
    });
  const signedUp = async (email: string) => {
    const jar = new CookieJar();
    const response = await post('/api/accounts/sign-up', { email, password: STRONG, confirmPassword: STRONG, firstName: 'Jeanne', lastName: 'Roux', role: 'patient' }, jar);
    expect(response.statusCode, response.body).toBe(201);
    return { id: (response.json() as { user: { id: string } }).user.id, jar };
  };
  const listed = async (email: string) => {
    const response = await t.app.inject({ url: `/api/admin/accounts?q=${encodeURIComponent(email)}`, headers: actingAs(admin) });
    expect(response.statusCode, response.body).toBe(200);
    const [item] = accountListSchema.parse(response.json()).items;
    return item!;
  };
  const activeAccounts = async () => {
    const response = await t.app.inject({ url: '/api/admin/figures', headers: actingAs(admin) });
    expect(response.statusCode).toBe(200);
    return figuresSchema.parse(response.json()).activeAccounts30Days;
  };
  const lastSeen = async (id: string) => (await t.database.db.select({ at: user.lastSeenAt }).from(user).where(eq(user.id, id)))[0]?.at?.toISOString() ?? null;
  // A request made with the browser's session cookie: what the actor hook runs for every /api/* call.
  const request = (jar: CookieJar) => resolveActor(t.accountsDeps, new Headers(jar.header()));

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    admin = await createTestUser(t.database, { role: 'admin', email: 'activity.admin@example.test' });
  });
  afterAll(async () => t?.close());

  it('shows the sign-up as the last sign-in (not "never"), then each later sign-in', async () => {
    t.clock.set(new Date('2026-11-02T09:00:00Z'));
    await signedUp('new.patient@example.test');
    expect((await listed('new.patient@example.test')).lastSignInAt).toBe('2026-11-02T09:00:00.000Z');

    t.clock.set(new Date('2026-11-03T18:30:00Z'));
    expect((await post('/api/accounts/sign-in', { email: 'new.patient@example.test', password: STRONG }, new CookieJar())).statusCode).toBe(200);
    expect((await listed('new.patient@example.test')).lastSignInAt).toBe('2026-11-03T18:30:00.000Z');
  });

  it('does not count an account the seed made as signed in or active: nobody used its session', async () => {
    t.clock.set(new Date('2026-11-02T09:00:00Z'));
    const seeded = await seedAccount(t.accountsDeps, { email: 'seeded@example.test', password: STRONG, confirmPassword: STRONG, firstName: 'Léa', lastName: 'Moreau', role: 'patient', language: 'fr' });
    expect((await listed('seeded@example.test')).lastSignInAt).toBeNull();
    expect(await lastSeen(seeded.value.user.id)).toBeNull();
  });

  it('writes the last use at most once an hour, however many requests', async () => {
    t.clock.set(new Date('2026-11-10T08:00:00Z'));
    const { id, jar } = await signedUp('hourly@example.test');
    expect(await lastSeen(id)).toBe('2026-11-10T08:00:00.000Z');
    t.clock.set(new Date(Date.parse('2026-11-10T08:00:00Z') + 59 * MINUTE));
    expect((await request(jar)).actor?.userId).toBe(id);
    expect(await lastSeen(id)).toBe('2026-11-10T08:00:00.000Z');
    t.clock.set(new Date(Date.parse('2026-11-10T08:00:00Z') + 61 * MINUTE));
    expect((await request(jar)).actor?.userId).toBe(id);
    expect(await lastSeen(id)).toBe('2026-11-10T09:01:00.000Z');
  });

  it('counts an account active for a request in the last 30 days, signed in long before and signed out since; not one only signed up 40 days ago', async () => {
    // Later than every other test of this file: only these two accounts can fall in the window.
    const start = Date.parse('2027-03-01T09:00:00Z');
    t.clock.set(new Date(start));
    const regular = await signedUp('regular@example.test');
    await signedUp('gone@example.test');
    // 35 days on, still signed in (sliding sessions), a request; then a sign-out deletes the session.
    t.clock.set(new Date(start + 35 * DAY));
    expect((await request(regular.jar)).actor?.userId).toBe(regular.id);
    expect((await post('/api/accounts/sign-out', {}, regular.jar)).statusCode).toBe(200);

    t.clock.set(new Date(start + 40 * DAY));
    expect(await activeAccounts()).toBe(1);
    t.clock.set(new Date(start + 66 * DAY));
    expect(await activeAccounts()).toBe(0);
  });
});
