import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSpecialtyListSchema, professionalListSchema } from '@glucosuivi/domain/admin/admin.schemas';
import { doctorProfileSchema } from '@glucosuivi/domain/doctor/doctor.schemas';
import { careTeamSchema } from '@glucosuivi/domain/care-team/care-team.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { doctors } from '../doctor/doctor.tables';
import { medicalSpecialties } from '../accounts/accounts.tables';
import { adminActions } from './admin.tables';

describe('administrators: professionals’ licences and the specialty list', () => {
  let t: TestApp;
  let admin: TestUser;
  let nurse: TestUser;
  let typo: TestUser;
  let patient: TestUser;

  const get = (who: TestUser | null, url: string) => t.app.inject({ url, headers: who ? actingAs(who) : {} });
  const send = (who: TestUser, method: 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: actingAs(who), ...(payload ? { payload } : {}) });
  const professionals = async (query: string) => {
    const response = await get(admin, `/api/admin/professionals${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return professionalListSchema.parse(response.json());
  };
  const actionCount = async () => (await t.database.db.select().from(adminActions)).length;
  const specialtyRows = async () => (await t.database.db.select().from(medicalSpecialties)).length;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    admin = await createTestUser(t.database, { role: 'admin', email: 'admin.verif@example.test' });
    nurse = await createTestUser(t.database, { role: 'doctor', firstName: 'Lucas', lastName: 'Petit' });
    typo = await createTestUser(t.database, { role: 'doctor', firstName: 'Nina', lastName: 'Faute' });
    patient = await createTestUser(t.database, { firstName: 'Camille' });
    await t.database.db.update(doctors).set({ speciality: 'infirmier' }).where(eq(doctors.userId, nurse.userId));
    await t.database.db.update(doctors).set({ medicalLicense: '10000000008' }).where(eq(doctors.userId, typo.userId));
    await t.database.db.update(medicalSpecialties).set({ nameEn: 'Nurse', nameEs: 'Enfermero/a' }).where(eq(medicalSpecialties.id, 'infirmier'));
  });
  afterAll(async () => t?.close());

  it('queues professionals to verify with their RPPS number, its checksum and the speciality in the requested language', async () => {
    const pending = await professionals('');
    expect(pending.items.map((p) => p.id).sort()).toEqual([nurse.userId, typo.userId].sort());
    const lucas = pending.items.find((p) => p.id === nurse.userId)!;
    expect(lucas).toMatchObject({ name: 'Lucas Petit', medicalLicense: '10000000009', licenseValid: true, speciality: 'infirmier', specialityName: 'Infirmier/Infirmière', status: 'pending', verifiedAt: null, rejectedAt: null, accountStatus: 'active' });
    expect(pending.items.find((p) => p.id === typo.userId)).toMatchObject({ licenseValid: false, speciality: null, specialityName: null });
    expect((await professionals('?lang=en')).items.find((p) => p.id === nurse.userId)?.specialityName).toBe('Nurse');
    expect((await professionals('?lang=es')).items.find((p) => p.id === nurse.userId)?.specialityName).toBe('Enfermero/a');
    expect((await professionals('?status=verified')).items).toEqual([]);
    expect((await get(admin, '/api/admin/professionals?status=unknown')).statusCode).toBe(400);
  });

  it('verifies a licence: the professional and the patients who follow them see it', async () => {
    const linked = await send(patient, 'POST', '/api/care-team/invitations/professional', { code: nurse.userId.slice(0, 8).toUpperCase(), categories: ['glucose'] });
    expect(linked.statusCode).toBe(201);
    const verifiedFlags = async () =>
      careTeamSchema.parse((await get(patient, '/api/care-team')).json()).items.map((member) => member.professional.verified);
    expect(await verifiedFlags()).toEqual([false]);

    const verified = await send(admin, 'POST', `/api/admin/professionals/${nurse.userId}/verify`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'verified', verifiedAt: t.clock.now().toISOString(), rejectedAt: null, rejectionReason: null });
    expect((await professionals('?status=verified')).items.map((p) => p.id)).toEqual([nurse.userId]);
    expect(doctorProfileSchema.parse((await get(nurse, '/api/doctor/profile')).json())).toMatchObject({ verified: true, rejectedAt: null, rejectionReason: null });
    expect(await verifiedFlags()).toEqual([true]);
    const [row] = await t.database.db.select().from(adminActions).where(eq(adminActions.action, 'professional.verify'));
    expect(row).toMatchObject({ actorEmail: 'admin.verif@example.test', targetUserId: nurse.userId, detail: '10000000009' });
  });

  it('refuses a licence with its reason, shown on the professional’s profile; a later verification clears it', async () => {
    const rejected = await send(admin, 'POST', `/api/admin/professionals/${typo.userId}/reject`, { reason: 'Numéro RPPS introuvable dans l’annuaire santé' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Numéro RPPS introuvable dans l’annuaire santé', verifiedAt: null });
    expect((await professionals('?status=rejected')).items.map((p) => p.id)).toEqual([typo.userId]);
    expect((await get(typo, '/api/doctor/profile')).json()).toMatchObject({ verified: false, rejectionReason: 'Numéro RPPS introuvable dans l’annuaire santé', rejectedAt: t.clock.now().toISOString() });
    const [row] = await t.database.db.select().from(adminActions).where(eq(adminActions.action, 'professional.reject'));
    expect(row).toMatchObject({ targetUserId: typo.userId, detail: 'Numéro RPPS introuvable dans l’annuaire santé' });

    expect((await send(admin, 'POST', `/api/admin/professionals/${typo.userId}/verify`)).statusCode).toBe(200);
    expect((await get(typo, '/api/doctor/profile')).json()).toMatchObject({ verified: true, rejectionReason: null, rejectedAt: null });
    expect((await professionals('?status=rejected')).items).toEqual([]);
  });

  it('refuses a bad reason and a non-professional, storing nothing', async () => {
    const before = await actionCount();
    for (const payload of [{ reason: 'ko' }, { reason: 'y'.repeat(501) }, {}, { reason: 'Raison', why: 'x' }]) {
      const refused = await send(admin, 'POST', `/api/admin/professionals/${nurse.userId}/reject`, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await send(admin, 'POST', `/api/admin/professionals/${nurse.userId}/reject`, { reason: 'ko' })).json().error.issues[0].message).toBe('reasonTooShort');
    expect((await send(admin, 'POST', `/api/admin/professionals/${patient.userId}/verify`)).statusCode).toBe(404);
    expect((await send(admin, 'POST', `/api/admin/professionals/${patient.userId}/reject`, { reason: 'Pas un professionnel' })).statusCode).toBe(404);
    expect(await actionCount()).toBe(before);
    expect((await get(nurse, '/api/doctor/profile')).json()).toMatchObject({ verified: true, rejectionReason: null });
  });

  it('adds a specialty, shown at once in the sign-up list in the page’s language', async () => {
    const created = await send(admin, 'POST', '/api/admin/specialties', { name: 'Endocrinologue pédiatrique', nameEn: 'Paediatric endocrinologist', nameEs: 'Endocrinólogo pediátrico', displayOrder: 4 });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ id: 'endocrinologue-pediatrique', name: 'Endocrinologue pédiatrique', nameEn: 'Paediatric endocrinologist', nameEs: 'Endocrinólogo pediátrico', isActive: true, displayOrder: 4, professionals: 0 });
    const signUpList = async (lang: string) => (await get(null, `/api/specialties${lang}`)).json() as { id: string; name: string; translated?: boolean }[];
    expect((await signUpList('?lang=en')).find((s) => s.id === 'endocrinologue-pediatrique')).toEqual({ id: 'endocrinologue-pediatrique', name: 'Paediatric endocrinologist', displayOrder: 4, translated: true });
    expect((await signUpList('?lang=es')).find((s) => s.id === 'endocrinologue-pediatrique')?.name).toBe('Endocrinólogo pediátrico');
    expect((await signUpList('')).find((s) => s.id === 'endocrinologue-pediatrique')?.name).toBe('Endocrinologue pédiatrique');
    // A specialty without a translation falls back to French, and says so.
    expect((await signUpList('?lang=en')).find((s) => s.id === 'medecin')).toMatchObject({ name: 'Médecin', translated: false });
    expect((await get(null, '/api/specialties?lang=de')).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(adminActions).where(eq(adminActions.action, 'specialty.add'));
    expect(row?.detail).toBe('endocrinologue-pediatrique: Endocrinologue pédiatrique');

    const list = adminSpecialtyListSchema.parse((await get(admin, '/api/admin/specialties')).json());
    expect(list.items.map((s) => s.id)).toEqual(['medecin', 'diabetologue', 'infirmier', 'endocrinologue-pediatrique']);
    expect(list.items.find((s) => s.id === 'infirmier')?.professionals).toBe(1);
  });

  it('renames, reorders and deactivates a specialty; the sign-up list follows', async () => {
    const patched = await send(admin, 'PATCH', '/api/admin/specialties/endocrinologue-pediatrique', { nameEn: 'Paediatric endocrinology', displayOrder: 0 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Endocrinologue pédiatrique', nameEn: 'Paediatric endocrinology', displayOrder: 0, isActive: true });
    const english = (await get(null, '/api/specialties?lang=en')).json() as { id: string; name: string }[];
    expect(english[0]).toMatchObject({ id: 'endocrinologue-pediatrique', name: 'Paediatric endocrinology' });

    expect((await send(admin, 'PATCH', '/api/admin/specialties/endocrinologue-pediatrique', { isActive: false })).json()).toMatchObject({ isActive: false });
    expect(((await get(null, '/api/specialties')).json() as { id: string }[]).map((s) => s.id)).not.toContain('endocrinologue-pediatrique');
    expect((await send(admin, 'PATCH', '/api/admin/specialties/endocrinologue-pediatrique', { isActive: true })).statusCode).toBe(200);
    const edits = await t.database.db.select().from(adminActions).where(eq(adminActions.action, 'specialty.edit'));
    expect(edits.map((e) => e.detail)).toEqual([
      'endocrinologue-pediatrique: nameEn=Paediatric endocrinology, displayOrder=0',
      'endocrinologue-pediatrique: isActive=false',
      'endocrinologue-pediatrique: isActive=true',
    ]);
  });

  it('refuses a taken name, bad input and an unknown specialty, storing nothing', async () => {
    const rows = await specialtyRows();
    const actions = await actionCount();
    const taken = await send(admin, 'POST', '/api/admin/specialties', { name: 'diabétologue', nameEn: 'Diabetologist', nameEs: 'Diabetólogo', displayOrder: 9 });
    expect([taken.statusCode, taken.json().error.code]).toEqual([409, 'specialty_exists']);
    const renamed = await send(admin, 'PATCH', '/api/admin/specialties/medecin', { name: 'Infirmier/Infirmière' });
    expect([renamed.statusCode, renamed.json().error.code]).toEqual([409, 'specialty_exists']);
    const bad: object[] = [
      { name: 'X', nameEn: 'Xx', nameEs: 'Xx', displayOrder: 1 },
      { name: 'Cardiologue', nameEs: 'Cardiólogo', displayOrder: 1 },
      { name: 'Cardiologue', nameEn: 'Cardiologist', nameEs: 'Cardiólogo', displayOrder: -1 },
      { name: 'Cardiologue', nameEn: 'Cardiologist', nameEs: 'Cardiólogo', displayOrder: 1.5 },
      { name: 'c'.repeat(101), nameEn: 'Cardiologist', nameEs: 'Cardiólogo', displayOrder: 1 },
      { name: 'Cardiologue', nameEn: 'Cardiologist', nameEs: 'Cardiólogo', displayOrder: 1, isActive: false },
    ];
    for (const payload of bad) {
      const refused = await send(admin, 'POST', '/api/admin/specialties', payload);
      expect([refused.statusCode, refused.json().error.code], JSON.stringify(payload)).toEqual([400, 'validation_failed']);
    }
    const empty = await send(admin, 'PATCH', '/api/admin/specialties/medecin', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.issues[0].message).toBe('nothingToChange');
    expect((await send(admin, 'PATCH', '/api/admin/specialties/medecin', { isActive: 'no' })).statusCode).toBe(400);
    expect((await send(admin, 'PATCH', '/api/admin/specialties/inconnue', { isActive: false })).statusCode).toBe(404);
    expect((await send(admin, 'PATCH', '/api/admin/specialties/Not%20An%20Id', { isActive: false })).statusCode).toBe(400);
    expect(await specialtyRows()).toBe(rows);
    expect(await actionCount()).toBe(actions);
    const [medecin] = await t.database.db.select().from(medicalSpecialties).where(eq(medicalSpecialties.id, 'medecin'));
    expect(medecin).toMatchObject({ name: 'Médecin', isActive: true });
  });
});
