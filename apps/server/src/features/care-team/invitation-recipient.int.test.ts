import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  actingAs,
  createTestUser,
  headerActor,
  invitationTokenFrom,
  type TestUser,
} from '../../test/fixtures';
import { user } from '../auth/auth.tables';

/**
 * Regression (issue 10, item 7): an e-mailed invitation token was a bearer token — any signed-in
 * account holding it could accept it and receive the link. It is now for the invited address only.
 */
describe('an e-mailed invitation is for the invited address only', () => {
  let t: TestApp;
  let doctor: TestUser;
  let invited: TestUser;
  let stranger: TestUser;
  const INVITED = 'ines.roy@example.test';

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    doctor = await createTestUser(t.database, {
      role: 'doctor',
      firstName: 'Claire',
      lastName: 'Bernard',
    });
    invited = await createTestUser(t.database, { firstName: 'Inès', email: INVITED });
    stranger = await createTestUser(t.database, { firstName: 'Eve' });
  }, 60_000);
  afterAll(async () => t?.close());

  const call = (path: string, as: TestUser, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/care-team/invitations/${path}`,
      headers: actingAs(as),
      payload,
    });
  const linksOf = async (patient: TestUser) =>
    (await t.app.inject({ url: '/api/care-team', headers: actingAs(patient) })).json<{
      items: unknown[];
    }>().items;
  const verified = async (who: TestUser) =>
    (
      await t.database.db
        .select({ v: user.emailVerified })
        .from(user)
        .where(eq(user.id, who.userId))
    )[0]?.v;

  it('refuses another patient who holds the token, without naming the invited address, and leaves it open for the invitee', async () => {
    expect((await call('patient', doctor, { email: INVITED })).statusCode).toBe(201);
    const token = invitationTokenFrom(t.sent);

    for (const [path, payload] of [
      ['preview', { token }],
      ['accept', { token, categories: ['glucose'] }],
      ['decline', { token }],
    ] as const) {
      const res = await call(path, stranger, payload);
      expect(res.statusCode, path).toBe(403);
      const body = errorBodySchema.parse(res.json());
      expect(body.error.code).toBe('forbidden');
      expect(body.error.message).toBe('invitation_other_account');
      expect(res.body).not.toContain(INVITED);
      expect(res.body).not.toContain('ines.roy');
    }
    expect(await linksOf(stranger)).toEqual([]);

    // Sign-up leaves the address unverified; answering through the e-mailed token proves it.
    expect(await verified(invited)).toBe(false);
    const accepted = await call('accept', invited, { token, categories: ['glucose'] });
    expect(accepted.statusCode).toBe(200);
    expect(await linksOf(invited)).toHaveLength(1);
    expect(await verified(invited)).toBe(true);
  });

  it('matches the address whatever its case', async () => {
    expect((await call('patient', doctor, { email: 'Mixed.Case@Example.test' })).statusCode).toBe(
      201,
    );
    const token = invitationTokenFrom(t.sent);
    const owner = await createTestUser(t.database, { email: 'MIXED.case@example.TEST' });
    expect((await call('accept', owner, { token, categories: ['weight'] })).statusCode).toBe(200);
  });

  it("refuses another professional than the one a patient's invitation was sent to", async () => {
    const patient = await createTestUser(t.database, { firstName: 'Lou' });
    const sent = await call('professional', patient, {
      email: 'pro.invited@example.test',
      categories: ['weight'],
    });
    expect(sent.json()).toMatchObject({ outcome: 'invited' });
    const token = invitationTokenFrom(t.sent);
    const res = await call('accept', doctor, { token });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('pro.invited');
    const invitedPro = await createTestUser(t.database, {
      role: 'doctor',
      firstName: 'Lucas',
      email: 'pro.invited@example.test',
    });
    expect((await call('accept', invitedPro, { token })).statusCode).toBe(200);
  });

  it("keeps the professional's personal code usable by any patient", async () => {
    const anyone = await createTestUser(t.database, { firstName: 'Jean' });
    const code = doctor.userId.slice(0, 8).toUpperCase();
    const res = await call('professional', anyone, { code, categories: ['glucose'] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ outcome: 'linked' });
  });
});
