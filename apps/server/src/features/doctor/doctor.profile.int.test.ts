import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorProfileSchema } from '@glucosuivi/domain/doctor/doctor.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';

describe('GET/PATCH /api/doctor/profile', () => {
  let t: TestApp;
  let doctor: TestUser;
  let patient: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire', lastName: 'Bernard' });
    patient = await createTestUser(t.database, { firstName: 'Anne' });
  });
  afterAll(async () => t?.close());

  it('shows the professional their own record, unverified and with their personal code', async () => {
    const res = await t.app.inject({ url: '/api/doctor/profile', headers: actingAs(doctor) });
    expect(res.statusCode).toBe(200);
    const profile = doctorProfileSchema.parse(res.json());
    expect(profile).toMatchObject({
      firstName: 'Claire',
      lastName: 'Bernard',
      email: doctor.email,
      medicalLicense: '10000000009',
      speciality: null,
      specialityName: null,
      verified: false,
      verifiedAt: null,
      inviteCode: doctor.userId.slice(0, 8).toUpperCase(),
    });
  });

  it('changes the speciality to an active one and back to none', async () => {
    const specialties = (await t.app.inject({ url: '/api/specialties' })).json() as { id: string; name: string }[];
    const chosen = specialties[0]!;
    const res = await t.app.inject({ method: 'PATCH', url: '/api/doctor/profile', headers: actingAs(doctor), payload: { speciality: chosen.id } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ speciality: chosen.id, specialityName: chosen.name });
    expect((await t.app.inject({ url: '/api/doctor/profile', headers: actingAs(doctor) })).json().speciality).toBe(chosen.id);

    const cleared = await t.app.inject({ method: 'PATCH', url: '/api/doctor/profile', headers: actingAs(doctor), payload: { speciality: null } });
    expect(cleared.json()).toMatchObject({ speciality: null, specialityName: null });
  });

  it('refuses an unknown speciality or another field, and stores nothing', async () => {
    const before = (await t.app.inject({ url: '/api/doctor/profile', headers: actingAs(doctor) })).json();
    const unknown = await t.app.inject({ method: 'PATCH', url: '/api/doctor/profile', headers: actingAs(doctor), payload: { speciality: 'astrologue' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('validation_failed');
    const licence = await t.app.inject({ method: 'PATCH', url: '/api/doctor/profile', headers: actingAs(doctor), payload: { speciality: null, medicalLicense: '10003456786' } });
    expect(licence.statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/doctor/profile', headers: actingAs(doctor) })).json()).toEqual(before);
  });

  it('answers not found to a patient, and unauthenticated to nobody', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/doctor/profile' },
      { method: 'PATCH' as const, url: '/api/doctor/profile', payload: { speciality: null } },
    ]) {
      const asPatient = await t.app.inject({ ...request, headers: actingAs(patient) });
      expect({ status: asPatient.statusCode, code: asPatient.json().error?.code }).toEqual({ status: 404, code: 'not_found' });
      expect((await t.app.inject(request)).statusCode).toBe(401);
    }
  });
});
