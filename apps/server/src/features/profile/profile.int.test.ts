import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TARGET_PRESET_VALUES } from '@glucosuivi/domain/glucose/bands';
import { profileSchema } from '@glucosuivi/domain/profile/profile.schemas';
import { summarySchema } from '@glucosuivi/domain/measurements/summary.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { patientProfiles } from './profile.tables';

describe('patient profile', () => {
  let t: TestApp;
  let patient: TestUser;
  const base = {
    birthYear: 1958,
    diabetesType: 'type2',
    diagnosisYear: 2015,
    treatment: 'oral',
    heightCm: 172,
    glucoseDevice: { kind: 'meter', model: 'Accu-Chek Guide' },
    targets: { preset: 'standard' },
  };
  const put = (payload: object, actor = patient) => t.app.inject({ method: 'PUT', url: '/api/profile', headers: actingAs(actor), payload });
  const get = async (actor = patient) => profileSchema.parse((await t.app.inject({ url: '/api/profile', headers: actingAs(actor) })).json());

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database);
  });
  afterAll(async () => t?.close());

  it('starts with standard targets and no profile fields', async () => {
    expect(await get()).toMatchObject({ birthYear: null, diabetesType: null, targets: TARGET_PRESET_VALUES.standard, targetsSetBy: null, updatedAt: null });
  });

  it('saves the profile and expands a preset into its targets', async () => {
    const res = await put({ ...base, targets: { preset: 'older_high_risk' } });
    expect(res.statusCode).toBe(200);
    expect(profileSchema.parse(res.json())).toMatchObject({ ...base, targets: TARGET_PRESET_VALUES.older_high_risk });
    expect(await get()).toMatchObject({ birthYear: 1958, targets: { preset: 'older_high_risk', inRangeMinPercent: 50 } });
  });

  it('uses the targets in the dashboard (pregnancy range 63–140)', async () => {
    await put({ ...base, targets: { preset: 'pregnancy' } });
    const summary = summarySchema.parse((await t.app.inject({ url: '/api/measurements/summary?days=7', headers: actingAs(patient) })).json());
    expect(summary.targets.range).toMatchObject({ lowBelow: 63, highAbove: 140 });
  });

  it('accepts custom thresholds and refuses unordered ones', async () => {
    const custom = { ...TARGET_PRESET_VALUES.custom, range: { veryLowBelow: 54, lowBelow: 80, highAbove: 160, veryHighAbove: 250 } };
    const res = await put({ ...base, targets: custom });
    expect(res.statusCode).toBe(200);
    expect(profileSchema.parse(res.json()).targets.range.lowBelow).toBe(80);
    expect((await put({ ...base, targets: { ...custom, range: { ...custom.range, lowBelow: 200 } } })).statusCode).toBe(400);
  });

  it('keeps "set by Dr X" when the patient saves other fields, clears it when they change the targets', async () => {
    await put({ ...base, targets: { preset: 'standard' } });
    await t.database.db
      .update(patientProfiles)
      .set({ targetsSetById: 'doctor-1', targetsSetByName: 'Dr Claire Dubois' })
      .where(eq(patientProfiles.patientId, patient.userId));
    await put({ ...base, heightCm: 173, targets: { preset: 'standard' } });
    expect((await get()).targetsSetBy).toEqual({ userId: 'doctor-1', name: 'Dr Claire Dubois' });
    await put({ ...base, targets: { preset: 'older_high_risk' } });
    expect((await get()).targetsSetBy).toBeNull();
  });

  it('refuses a diagnosis before birth, a year in the future and unknown fields', async () => {
    expect((await put({ ...base, diagnosisYear: 1950 })).statusCode).toBe(400);
    expect((await put({ ...base, birthYear: 2030 })).statusCode).toBe(400);
    expect((await put({ ...base, bmi: 30 })).statusCode).toBe(400);
  });

  it('keeps each profile to its patient', async () => {
    const other = await createTestUser(t.database);
    expect((await get(other)).birthYear).toBeNull();
  });
});
