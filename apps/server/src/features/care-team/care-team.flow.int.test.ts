import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCgmDays } from '@glucosuivi/domain/demo/cgm-generator';
import { patientAnalyticsSchema, triageListSchema } from '@glucosuivi/domain/doctor/doctor.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, invitationTokenFrom, type TestUser } from '../../test/fixtures';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe('care team: invitation → sharing → change → revocation', () => {
  let t: TestApp;
  let doctor: TestUser;
  let patient: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire', lastName: 'Bernard' });
    // The address the professional invites below: an e-mailed invitation is for that account only.
    patient = await createTestUser(t.database, { firstName: 'Camille', lastName: 'Dupont', email: 'camille@example.test' });
    const cgm = generateCgmDays({ seed: 7, days: 14, endAt: NOW - 5 * 60_000, timeZone: 'Europe/Paris' });
    const readings = cgm.t.map((time, i) => ({ measuredAt: iso(time), value: cgm.v[i] as number }));
    expect((await t.app.inject({ method: 'POST', url: '/api/measurements/glucose/batch', headers: actingAs(patient), payload: { source: 'cgm', deviceId: 'libre', unit: 'mg/dL', readings } })).statusCode).toBe(200);
    const bp = await t.app.inject({ method: 'POST', url: '/api/measurements', headers: actingAs(patient), payload: { kind: 'blood_pressure', measuredAt: iso(NOW - DAY), systolic: 150, diastolic: 95 } });
    expect(bp.statusCode).toBe(201);
  }, 60_000);
  afterAll(async () => t?.close());

  it('runs the whole consent flow', async () => {
    // The professional invites by e-mail, in French by default, with the accept link.
    const invite = await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/patient', headers: actingAs(doctor), payload: { email: 'Camille@Example.test' } });
    expect(invite.statusCode).toBe(201);
    expect(invite.json()).toMatchObject({ status: 'pending', invitedEmail: 'camille@example.test', direction: 'professional_to_patient' });
    expect(t.sent.at(-1)).toMatchObject({ to: 'camille@example.test' });
    expect(t.sent.at(-1)?.subject).toMatch(/vous invite/);
    const token = invitationTokenFrom(t.sent);

    const preview = await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/preview', headers: actingAs(patient), payload: { token } });
    expect(preview.json()).toMatchObject({ inviterName: 'Claire Bernard', status: 'pending' });

    // Before accepting, the professional sees nothing.
    expect((await t.app.inject({ url: `/api/doctor/patients/${patient.userId}/summary?days=14`, headers: actingAs(doctor) })).statusCode).toBe(404);

    const accepted = await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/accept', headers: actingAs(patient), payload: { token, categories: ['glucose'] } });
    expect(accepted.statusCode).toBe(200);
    const { linkId } = accepted.json() as { linkId: string };
    // A token answers once.
    expect((await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/accept', headers: actingAs(patient), payload: { token, categories: ['glucose'] } })).statusCode).toBe(409);

    const summary = await t.app.inject({ url: `/api/doctor/patients/${patient.userId}/summary?days=14`, headers: actingAs(doctor) });
    expect(summary.statusCode).toBe(200);
    const analytics = patientAnalyticsSchema.parse(summary.json());
    expect(analytics.patient).toMatchObject({ firstName: 'Camille', lastName: 'Dupont' });
    expect(analytics.summary.glucose?.basis).toBe('cgm');
    expect(analytics.summary.latest.blood_pressure).toBeNull();
    expect(analytics.summary.notShared).toContain('blood_pressure');
    expect(analytics.summary.openAlerts).toBeNull();

    const list = triageListSchema.parse((await t.app.inject({ url: '/api/doctor/patients', headers: actingAs(doctor) })).json());
    expect(list.items).toHaveLength(1);
    expect(list.items[0]?.glucose).toMatchObject({ readings: expect.any(Number) });
    expect(list.items[0]?.alerts).toEqual({ notShared: true });
    expect(list.items[0]?.hba1c).toEqual({ notShared: true });

    // Adding blood pressure is effective at once.
    const changed = await t.app.inject({ method: 'PUT', url: `/api/care-team/links/${linkId}/categories`, headers: actingAs(patient), payload: { categories: ['blood_pressure', 'glucose'] } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ categories: ['glucose', 'blood_pressure'], professional: { firstName: 'Claire', lastName: 'Bernard', verified: false } });
    const after = patientAnalyticsSchema.parse((await t.app.inject({ url: `/api/doctor/patients/${patient.userId}/summary?days=14`, headers: actingAs(doctor) })).json());
    expect(after.summary.latest.blood_pressure).toMatchObject({ systolic: 150, diastolic: 95 });
    expect(after.summary.notShared).not.toContain('blood_pressure');

    const team = await t.app.inject({ url: '/api/care-team', headers: actingAs(patient) });
    expect(team.json().items).toEqual([expect.objectContaining({ linkId, categories: ['glucose', 'blood_pressure'] })]);

    // The patient sees who read what.
    const log = await t.app.inject({ url: '/api/care-team/access-log', headers: actingAs(patient) });
    const categories = (log.json().items as { category: string; actorName: string }[]).map((e) => e.category);
    expect(categories).toContain('blood_pressure');
    expect(categories).toContain('glucose');
    expect(log.json().items[0]).toMatchObject({ actorKind: 'professional', actorName: 'Claire Bernard' });

    // Revocation: the professional's next request is a plain 404.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/care-team/links/${linkId}`, headers: actingAs(patient) })).statusCode).toBe(200);
    const gone = await t.app.inject({ url: `/api/doctor/patients/${patient.userId}/summary?days=14`, headers: actingAs(doctor) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.code).toBe('not_found');
    expect(triageListSchema.parse((await t.app.inject({ url: '/api/doctor/patients', headers: actingAs(doctor) })).json()).items).toHaveLength(0);
  });

  it('lets a patient add a professional by personal code, and expires invitations after 14 days', async () => {
    const other = await createTestUser(t.database, { firstName: 'Jean', email: 'late@example.test' });
    const code = doctor.userId.slice(0, 8).toUpperCase();
    const byCode = await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/professional', headers: actingAs(other), payload: { code, categories: ['hba1c', 'glucose'] } });
    expect(byCode.statusCode).toBe(201);
    expect(byCode.json()).toMatchObject({ outcome: 'linked' });
    expect((await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/professional', headers: actingAs(other), payload: { code: 'NOPE1234', categories: ['glucose'] } })).statusCode).toBe(404);

    const invite = await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/patient', headers: actingAs(doctor), payload: { email: 'late@example.test' } });
    const token = invitationTokenFrom(t.sent);
    t.clock.advance(14 * DAY);
    const listed = await t.app.inject({ url: '/api/care-team/invitations', headers: actingAs(doctor) });
    expect(listed.json().items.find((i: { id: string }) => i.id === invite.json().id)?.status).toBe('expired');
    const late = await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/accept', headers: actingAs(other), payload: { token, categories: ['glucose'] } });
    expect(late.statusCode).toBe(409);
    // Resending gives a new token and a new expiry; the old token no longer works.
    const resent = await t.app.inject({ method: 'POST', url: `/api/care-team/invitations/${invite.json().id}/resend`, headers: actingAs(doctor) });
    expect(resent.json().status).toBe('pending');
    const fresh = invitationTokenFrom(t.sent);
    expect(fresh).not.toBe(token);
    expect((await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/preview', headers: actingAs(other), payload: { token } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/care-team/invitations/${invite.json().id}/revoke`, headers: actingAs(doctor) })).json().status).toBe('revoked');
    expect((await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/accept', headers: actingAs(other), payload: { token: fresh, categories: ['glucose'] } })).statusCode).toBe(409);
    t.clock.set(new Date(NOW));
  });

  it('lets a professional accept a patient’s e-mailed invitation with the categories the patient chose', async () => {
    const p = await createTestUser(t.database, { firstName: 'Lou' });
    const sent = await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/professional', headers: actingAs(p), payload: { email: 'new.pro@example.test', categories: ['weight'] } });
    expect(sent.json()).toMatchObject({ outcome: 'invited', invitation: { direction: 'patient_to_professional', categories: ['weight'] } });
    // The professional opens their account with the invited address after the invitation left.
    const nurse = await createTestUser(t.database, { role: 'doctor', firstName: 'Lucas', email: 'new.pro@example.test' });
    const token = invitationTokenFrom(t.sent);
    // A patient cannot use a token meant for a professional.
    expect((await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/accept', headers: actingAs(patient), payload: { token } })).statusCode).toBe(404);
    const accepted = await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/accept', headers: actingAs(nurse), payload: { token } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().categories).toEqual(['weight']);
  });
});
