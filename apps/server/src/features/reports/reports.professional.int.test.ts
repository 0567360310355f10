import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { generateCgmDays } from '@glucosuivi/domain/demo/cgm-generator';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { scratchDir } from '../../test/scratch';
import { userSettings } from '../settings/settings.tables';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const DAY = 86_400_000;
const hasPdftotext = spawnSync('pdftotext', ['-v']).error === undefined;

describe(`the professional's PDF of a patient (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let t: TestApp;
  let doctor: TestUser;
  let stranger: TestUser;
  let sharing: TestUser;
  let notSharing: TestUser;

  const link = async (p: TestUser, d: TestUser, categories: string[]) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/professional', headers: actingAs(p), payload: { code: d.userId.slice(0, 8).toUpperCase(), categories } });
    expect(res.statusCode).toBe(201);
  };
  const upload = async (p: TestUser, seed: number) => {
    const cgm = generateCgmDays({ seed, days: 14, endAt: NOW - 5 * 60_000 });
    const readings = cgm.t.map((time, i) => ({ measuredAt: new Date(time).toISOString(), value: cgm.v[i] as number }));
    const res = await t.app.inject({ method: 'POST', url: '/api/measurements/glucose/batch', headers: actingAs(p), payload: { source: 'cgm', deviceId: 'libre', unit: 'mg/dL', readings } });
    expect(res.statusCode).toBe(200);
  };
  const pdfOf = (patientId: string, who: TestUser, days = 14) => t.app.inject({ url: `/api/doctor/patients/${patientId}/report.pdf?days=${days}`, headers: actingAs(who) });
  const accessLog = async (p: TestUser) =>
    ((await t.app.inject({ url: '/api/care-team/access-log', headers: actingAs(p) })).json().items as { category: string; actorName: string }[]);

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire', lastName: 'Bernard' });
    stranger = await createTestUser(t.database, { role: 'doctor', firstName: 'Paul' });
    sharing = await createTestUser(t.database, { firstName: 'Camille', lastName: 'Martin' });
    notSharing = await createTestUser(t.database, { firstName: 'Jean', lastName: 'Dupont' });
    await upload(sharing, 11);
    await upload(notSharing, 12);
    await t.app.inject({ method: 'POST', url: '/api/measurements', headers: actingAs(sharing), payload: { kind: 'hba1c', measuredAt: new Date(NOW - 20 * DAY).toISOString(), value: 7.2, unit: '%' } });
    await link(sharing, doctor, ['glucose', 'hba1c', 'reports']);
    await link(notSharing, doctor, ['glucose', 'hba1c', 'blood_pressure']);
    // The professional reads in English and mmol/L: the copy is in their language and unit.
    await t.database.db.insert(userSettings).values({ userId: doctor.userId, language: 'en', glucoseUnit: 'mmol/l' }).onConflictDoUpdate({ target: userSettings.userId, set: { language: 'en', glucoseUnit: 'mmol/l' } });
  }, 120_000);
  afterAll(async () => t?.close());

  it('gives the linked professional the report of a patient who shares reports, written to the access log', async () => {
    const before = (await accessLog(sharing)).length;
    const res = await pdfOf(sharing.userId, doctor, 30);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const log = await accessLog(sharing);
    const added = log.slice(0, log.length - before);
    expect(added.map((e) => e.category).sort()).toEqual(['glucose', 'hba1c', 'reports']);
    expect(added.every((e) => e.actorName === 'Claire Bernard')).toBe(true);
    if (!hasPdftotext) return;
    const file = join(scratchDir('gs-pro-pdf-'), 'r.pdf');
    writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/[\u00A0\u202F]/g, ' ');
    expect(text).toContain('Glucose statistics and targets');
    expect(text).toContain('Camille Martin');
    expect(text).toContain('Copy for Claire Bernard');
    expect(text).toContain('(30 days)');
    expect(text).toMatch(/Target range 3\.9–10\.0 mmol\/L/);
    // HbA1c is shared: the second page holds it; blood pressure is not: "no value", never a figure.
    expect(text).toContain('HbA1c: 7.2%');
  });

  it('answers not found, reads nothing and logs nothing, for a patient who does not share reports', async () => {
    const before = await accessLog(notSharing);
    const res = await pdfOf(notSharing.userId, doctor);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(await accessLog(notSharing)).toEqual(before);
  });

  it('answers not found to a professional without a link, to a patient and for an unknown id', async () => {
    for (const [who, id] of [
      [stranger, sharing.userId],
      [notSharing, sharing.userId],
      [sharing, sharing.userId],
      [doctor, 'no-such-patient'],
    ] as const) {
      const res = await pdfOf(id, who);
      expect({ status: res.statusCode, code: res.json().error?.code }).toEqual({ status: 404, code: 'not_found' });
    }
  });

  it('prints only the shared categories: reports without glucose says so, and reads no reading', async () => {
    const reportsOnly = await createTestUser(t.database, { firstName: 'Lina' });
    await upload(reportsOnly, 13);
    await link(reportsOnly, doctor, ['reports']);
    const res = await pdfOf(reportsOnly.userId, doctor);
    expect(res.statusCode).toBe(200);
    expect((await accessLog(reportsOnly)).map((e) => e.category)).toEqual(['reports']);
    if (!hasPdftotext) return;
    const file = join(scratchDir('gs-pro-pdf-'), 'reports-only.pdf');
    writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
    expect(text).toContain('The patient does not share their glucose readings with you.');
    expect(text).not.toContain('Glucose statistics and targets');
  });

  it('refuses a period other than 7, 14, 30 or 90 days', async () => {
    expect((await pdfOf(sharing.userId, doctor, 5)).statusCode).toBe(400);
  });

  it('stops at once when the patient takes reports off the link', async () => {
    const team = (await t.app.inject({ url: '/api/care-team', headers: actingAs(sharing) })).json();
    const linkId = team.items[0].linkId as string;
    const patch = await t.app.inject({ method: 'PUT', url: `/api/care-team/links/${linkId}/categories`, headers: actingAs(sharing), payload: { categories: ['glucose', 'hba1c'] } });
    expect(patch.statusCode).toBe(200);
    expect((await pdfOf(sharing.userId, doctor)).statusCode).toBe(404);
    expect((await t.database.db.select().from(userSettings).where(eq(userSettings.userId, doctor.userId)))[0]?.language).toBe('en');
  });
});
