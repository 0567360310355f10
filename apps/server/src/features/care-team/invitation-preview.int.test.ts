import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, invitationTokenFrom, type TestUser } from '../../test/fixtures';

describe('invitation preview before sign-in', () => {
  let t: TestApp;
  let doctor: TestUser;
  let patient: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire', lastName: 'Bernard' });
    patient = await createTestUser(t.database, { firstName: 'Inès', lastName: 'Roy', email: 'ines@example.test' });
  }, 60_000);
  afterAll(async () => t?.close());

  const preview = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/care-team/invitations/preview', headers, payload: { token } });

  it('tells a signed-out visitor who invites and whether it still stands, and nothing more', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/patient', headers: actingAs(doctor), payload: { email: 'ines@example.test' } })).statusCode).toBe(201);
    const token = invitationTokenFrom(t.sent);
    const anonymous = await preview(token);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({
      direction: 'professional_to_patient',
      status: 'pending',
      inviterName: 'Claire Bernard',
      professional: null,
      categories: null,
      expiresAt: expect.any(String),
    });
    // A made-up token finds nothing, signed in or not.
    expect((await preview('A'.repeat(43))).statusCode).toBe(404);

    // Answered, the same link says so without a session; answering still needs one.
    expect((await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/accept', payload: { token, categories: ['glucose'] } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/accept', headers: actingAs(patient), payload: { token, categories: ['glucose'] } })).statusCode).toBe(200);
    expect((await preview(token)).json()).toMatchObject({ status: 'accepted', inviterName: 'Claire Bernard' });
  });

  it("shows a patient's invitation to a professional without its categories when signed out", async () => {
    const sent = await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/professional', headers: actingAs(patient), payload: { email: 'nobody-yet@example.test', categories: ['glucose', 'weight'] } });
    expect(sent.json()).toMatchObject({ outcome: 'invited' });
    const anonymous = await preview(invitationTokenFrom(t.sent));
    expect(anonymous.json()).toMatchObject({ direction: 'patient_to_professional', inviterName: 'Inès Roy', categories: null });
  });
});
