import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '@glucosuivi/domain/shared/contract';
import { rowsOf } from '../../platform/db/open-database';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';

// Administrators never read health data (PRODUCT.md §1): proved twice on a patient with health
// data in many tables — in SQL, as the request role acting as an administrator (row-level
// security), and over HTTP, in every administrators' endpoint's answer.

const DOMAIN_SRC = join(import.meta.dirname, '../../../../../packages/domain/src');

/** Values that exist only in the patient's health data, so finding one in an answer is a leak. */
const HEALTH_MARKERS = ['287.3', '81.7', '163.7', '6.5', 'NOTE-SANTE-7319', 'NOTE-EVENT-4821', 'NOTE-MEDECIN-5520', 'MESSAGE-SANTE-9904'];

/**
 * A number counts only as a whole number in the text: "6.5" must not be found inside the
 * milliseconds of a timestamp ("…:16.512Z"), which made this test fail at some instants.
 */
function containsMarker(body: string, marker: string): boolean {
  if (!/^\d+\.\d+$/.test(marker)) return body.includes(marker);
  return new RegExp(`(?<![\\d.])${marker.replace('.', '\\.')}(?![\\d])`).test(body);
}

async function adminGetEndpoints(): Promise<Endpoint[]> {
  const files = readdirSync(DOMAIN_SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.contract.ts'));
  const found = new Map<string, Endpoint>();
  for (const file of files) {
    const module = (await import(join(DOMAIN_SRC, file))) as Record<string, unknown>;
    for (const value of Object.values(module)) {
      const e = value as Partial<Endpoint> | null;
      if (e && typeof e === 'object' && e.access === 'admin' && e.method === 'GET' && typeof e.path === 'string' && !e.path.includes(':')) {
        found.set(e.path, e as Endpoint);
      }
    }
  }
  return [...found.values()];
}

describe('administrators and health data', () => {
  let t: TestApp;
  let admin: TestUser;
  let patient: TestUser;
  let doctor: TestUser;

  const as = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: actingAs(who), ...(payload ? { payload } : {}) });
  const created = async (who: TestUser, url: string, payload: object) => {
    const response = await as(who, 'POST', url, payload);
    expect(response.statusCode, `${url} ${response.body}`).toBe(201);
    return response.json() as Record<string, unknown>;
  };

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    admin = await createTestUser(t.database, { role: 'admin', firstName: 'Alix' });
    doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire', lastName: 'Bernard' });
    patient = await createTestUser(t.database, { firstName: 'Camille', lastName: 'Dupont' });
    const linked = await created(patient, '/api/care-team/invitations/professional', {
      code: doctor.userId.slice(0, 8).toUpperCase(),
      categories: ['glucose', 'hba1c', 'lipids', 'blood_pressure', 'weight', 'events', 'reports', 'alerts'],
    });
    const at = (hoursAgo: number) => new Date(t.clock.now().getTime() - hoursAgo * 3_600_000).toISOString();
    for (const measurement of [
      { kind: 'glucose', measuredAt: at(5), value: 287.3, unit: 'mg/dL', context: 'after_meal', note: 'NOTE-SANTE-7319' },
      { kind: 'glucose', measuredAt: at(4), value: 48, unit: 'mg/dL' },
      { kind: 'hba1c', measuredAt: at(30), value: 8.9, unit: '%' },
      { kind: 'lipids', measuredAt: at(31), unit: 'mg/dL', ldl: 163.7 },
      { kind: 'blood_pressure', measuredAt: at(3), systolic: 153, diastolic: 97 },
      { kind: 'weight', measuredAt: at(2), kg: 81.7 },
      { kind: 'event', measuredAt: at(6), event: { type: 'insulin', units: 6.5, insulinType: 'rapid' } },
      { kind: 'event', measuredAt: at(1), event: { type: 'note' }, note: 'NOTE-EVENT-4821' },
    ]) {
      await created(patient, '/api/measurements', measurement);
    }
    await created(doctor, `/api/doctor/patients/${patient.userId}/notes`, { body: 'NOTE-MEDECIN-5520' });
    await created(patient, `/api/messages/conversations/${String(linked.linkId)}/messages`, { text: 'MESSAGE-SANTE-9904' });
    await created(patient, '/api/care-team/share-links', { categories: ['glucose'], from: at(48), to: at(0) });
    // The professional reads the patient: a line of the patient's access log.
    expect((await as(doctor, 'GET', `/api/doctor/patients/${patient.userId}/summary?days=7`)).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it('as the request role, an administrator sees 0 rows of every table that has a patient_id column', async () => {
    const tables = rowsOf<{ table: string }>(
      await t.database.db.execute(sql`
        select table_name as "table" from information_schema.columns
        where table_schema = 'public' and column_name = 'patient_id'
        order by table_name`),
    ).map((row) => row.table);
    expect(tables.length).toBeGreaterThanOrEqual(15);
    const countAs = async (actor: TestUser | null, table: string): Promise<number | 'refused'> => {
      const query = sql.raw(`select count(*)::int as n from "${table}"`);
      if (!actor) return rowsOf<{ n: number }>(await t.database.db.execute(query))[0]!.n;
      try {
        return rowsOf<{ n: number }>(await t.database.asActor(actor, (tx) => tx.execute(query)))[0]!.n;
      } catch (error) {
        // No privilege on the table at all: even less than 0 rows.
        if ((error as { code?: string; cause?: { code?: string } }).code === '42501' || (error as { cause?: { code?: string } }).cause?.code === '42501') return 'refused';
        throw error;
      }
    };
    const withData: string[] = [];
    const seenByAdmin: string[] = [];
    for (const table of tables) {
      const asOwner = await countAs(null, table);
      if (asOwner !== 'refused' && asOwner > 0) withData.push(table);
      const asAdmin = await countAs(admin, table);
      if (asAdmin !== 0 && asAdmin !== 'refused') seenByAdmin.push(`${table}: ${asAdmin}`);
    }
    // The setup did put the patient's data in these (else the proof would prove nothing)…
    expect(withData).toEqual(expect.arrayContaining(['glucose_readings', 'alerts', 'care_links', 'messages', 'consultation_notes', 'share_links']));
    expect(withData.length).toBeGreaterThanOrEqual(8);
    // …and the patient sees their own, so the request role is not blind to everyone.
    expect(await countAs(patient, 'glucose_readings')).toBeGreaterThan(0);
    expect(seenByAdmin).toEqual([]);
  });

  it('no administrators’ endpoint answers with a health value, reads and actions alike', async () => {
    const leaks: string[] = [];
    const check = (what: string, body: string) => {
      for (const marker of HEALTH_MARKERS) if (containsMarker(body, marker)) leaks.push(`${what} contains ${marker}`);
    };
    const endpoints = await adminGetEndpoints();
    expect(endpoints.map((e) => e.path)).toEqual(expect.arrayContaining(['/api/admin/accounts', '/api/admin/professionals', '/api/admin/specialties']));
    const urls = [
      ...endpoints.map((e) => e.path),
      '/api/admin/accounts?q=Dupont',
      '/api/admin/accounts?type=doctor',
      '/api/admin/professionals?status=verified',
    ];
    // Actions first, so that the lists and the audit have them to show too.
    const actions: [string, object | undefined][] = [
      [`/api/admin/professionals/${doctor.userId}/verify`, undefined],
      [`/api/admin/accounts/${patient.userId}/lock`, { reason: 'Vérification demandée par le support' }],
      [`/api/admin/accounts/${patient.userId}/unlock`, undefined],
      [`/api/admin/accounts/${patient.userId}/password-reset`, undefined],
    ];
    for (const [url, payload] of actions) {
      const response = await as(admin, 'POST', url, payload);
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      check(`POST ${url}`, response.body);
    }
    for (const url of urls) {
      const response = await as(admin, 'GET', url);
      expect(response.statusCode, `${url} ${response.body}`).toBe(200);
      check(`GET ${url}`, response.body);
    }
    // The lists did show the patient (so the check above looked at real answers).
    expect((await as(admin, 'GET', '/api/admin/accounts?q=Dupont')).json().items).toHaveLength(1);
    expect(leaks).toEqual([]);
  });
});
