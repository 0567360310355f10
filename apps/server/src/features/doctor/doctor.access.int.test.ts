import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { triageListSchema } from '@glucosuivi/domain/doctor/doctor.schemas';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/open-database';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const ALERT = '00000000-0000-4000-8000-000000000001';
const NOTE = '00000000-0000-4000-8000-000000000002';

describe('professional access: not found unless linked and shared', () => {
  let t: TestApp;
  let doctor: TestUser;
  let stranger: TestUser;
  let patient: TestUser;
  let otherPatient: TestUser;

  const link = async (p: TestUser, d: TestUser, categories: string[]) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/care-team/invitations/professional', headers: actingAs(p), payload: { code: d.userId.slice(0, 8).toUpperCase(), categories } });
    expect(res.statusCode).toBe(201);
  };
  const batch = async (p: TestUser, values: number[]) => {
    const readings = values.map((value, i) => ({ measuredAt: iso(NOW - (values.length - i) * 5 * 60_000), value }));
    const res = await t.app.inject({ method: 'POST', url: '/api/measurements/glucose/batch', headers: actingAs(p), payload: { source: 'cgm', deviceId: 'd', unit: 'mg/dL', readings } });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire' });
    stranger = await createTestUser(t.database, { role: 'doctor', firstName: 'Paul' });
    patient = await createTestUser(t.database, { firstName: 'Anne' });
    otherPatient = await createTestUser(t.database, { firstName: 'Bruno' });
    await link(patient, doctor, ['glucose', 'alerts']);
  });
  afterAll(async () => t?.close());

  // Every route that takes a patient id; the body is valid so only access decides.
  const routes = (patientId: string) => [
    { method: 'GET' as const, url: `/api/doctor/patients/${patientId}/summary?days=14` },
    { method: 'GET' as const, url: `/api/doctor/patients/${patientId}/glucose/series?from=${iso(NOW - DAY)}&to=${iso(NOW)}` },
    { method: 'GET' as const, url: `/api/doctor/patients/${patientId}/entries?limit=10` },
    { method: 'GET' as const, url: `/api/doctor/patients/${patientId}/alerts` },
    { method: 'POST' as const, url: `/api/doctor/patients/${patientId}/alerts/${ALERT}/acknowledge` },
    { method: 'PUT' as const, url: `/api/doctor/patients/${patientId}/targets`, payload: { targets: { preset: 'pregnancy' } } },
    { method: 'GET' as const, url: `/api/doctor/patients/${patientId}/notes` },
    { method: 'POST' as const, url: `/api/doctor/patients/${patientId}/notes`, payload: { body: 'note' } },
    { method: 'PUT' as const, url: `/api/doctor/patients/${patientId}/notes/${NOTE}`, payload: { body: 'note' } },
    { method: 'DELETE' as const, url: `/api/doctor/patients/${patientId}/notes/${NOTE}` },
    { method: 'GET' as const, url: `/api/doctor/patients/${patientId}/alert-notifications` },
    { method: 'PUT' as const, url: `/api/doctor/patients/${patientId}/alert-notifications`, payload: { enabled: true } },
  ];

  it.each(routes('PATIENT').map((r) => [`${r.method} ${r.url.replace(/\?.*/, '')}`, r] as const))('%s → not_found for a professional without link, a patient and an unknown id', async (_name, template) => {
    const callers: [string, TestUser, string][] = [
      ['professional without a link', stranger, patient.userId],
      ['another patient', otherPatient, patient.userId],
      ['the patient themself', patient, patient.userId],
      ['linked professional, unknown patient', doctor, 'no-such-patient'],
    ];
    for (const [who, actor, id] of callers) {
      const route = { ...template, url: template.url.replace('PATIENT', id) };
      const res = await t.app.inject({ ...route, headers: actingAs(actor) });
      expect({ who, status: res.statusCode, code: res.json().error?.code }).toEqual({ who, status: 404, code: 'not_found' });
    }
  });

  it('answers not_found for a category not shared, and lets the linked professional in otherwise', async () => {
    const onlyWeight = await createTestUser(t.database, { firstName: 'Chloé' });
    await link(onlyWeight, doctor, ['weight']);
    expect((await t.app.inject({ url: `/api/doctor/patients/${onlyWeight.userId}/glucose/series?from=${iso(NOW - DAY)}&to=${iso(NOW)}`, headers: actingAs(doctor) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/doctor/patients/${onlyWeight.userId}/alerts`, headers: actingAs(doctor) })).statusCode).toBe(404);
    // Recent entries: only the shared kinds, whatever else the patient recorded.
    for (const payload of [
      { kind: 'weight', measuredAt: iso(NOW - 3 * 60_000), kg: 71.5 },
      { kind: 'glucose', measuredAt: iso(NOW - 2 * 60_000), value: 140, unit: 'mg/dL', context: 'fasting' },
      { kind: 'blood_pressure', measuredAt: iso(NOW - 60_000), systolic: 128, diastolic: 82 },
    ]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/measurements', headers: actingAs(onlyWeight), payload })).statusCode).toBe(201);
    }
    const entries = await t.app.inject({ url: `/api/doctor/patients/${onlyWeight.userId}/entries`, headers: actingAs(doctor) });
    expect(entries.statusCode).toBe(200);
    expect(entries.json().items.map((item: { kind: string }) => item.kind)).toEqual(['weight']);
    expect((await t.app.inject({ url: `/api/doctor/patients/${onlyWeight.userId}/entries?limit=500`, headers: actingAs(doctor) })).statusCode).toBe(400);
    const alertsOnly = await createTestUser(t.database, { firstName: 'Denis' });
    await link(alertsOnly, doctor, ['alerts']);
    expect((await t.app.inject({ url: `/api/doctor/patients/${alertsOnly.userId}/entries`, headers: actingAs(doctor) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/doctor/patients/${onlyWeight.userId}/summary?days=14`, headers: actingAs(doctor) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/doctor/patients/${patient.userId}/alerts`, headers: actingAs(doctor) })).statusCode).toBe(200);
  });

  it('sets targets as the professional, keeps notes private, and acknowledges a shared alert', async () => {
    const targets = await t.app.inject({ method: 'PUT', url: `/api/doctor/patients/${patient.userId}/targets`, headers: actingAs(doctor), payload: { targets: { preset: 'older_high_risk' } } });
    expect(targets.statusCode).toBe(200);
    expect(targets.json()).toMatchObject({ targets: { preset: 'older_high_risk' }, targetsSetBy: { userId: doctor.userId, name: 'Claire Martin' } });
    const profile = await t.app.inject({ url: '/api/profile', headers: actingAs(patient) });
    expect(profile.json().targetsSetBy).toMatchObject({ userId: doctor.userId });

    const note = await t.app.inject({ method: 'POST', url: `/api/doctor/patients/${patient.userId}/notes`, headers: actingAs(doctor), payload: { body: 'Revoir le basal' } });
    expect(note.statusCode).toBe(201);
    const id = note.json().id as string;
    expect((await t.app.inject({ method: 'PUT', url: `/api/doctor/patients/${patient.userId}/notes/${id}`, headers: actingAs(doctor), payload: { body: 'Revoir le basal (fait)' } })).json().body).toBe('Revoir le basal (fait)');
    await link(patient, stranger, ['glucose']);
    expect((await t.app.inject({ url: `/api/doctor/patients/${patient.userId}/notes`, headers: actingAs(stranger) })).json().items).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/doctor/patients/${patient.userId}/notes/${id}`, headers: actingAs(stranger) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/doctor/patients/${patient.userId}/notes`, headers: actingAs(doctor) })).json().items).toHaveLength(1);

    await batch(patient, [110, 60, 60, 60, 60, 60, 110, 110, 110, 110]);
    const alerts = await t.app.inject({ url: `/api/doctor/patients/${patient.userId}/alerts`, headers: actingAs(doctor) });
    const alert = alerts.json().items[0] as { id: string; status: string };
    expect(alert.status).toBe('open');
    const ack = await t.app.inject({ method: 'POST', url: `/api/doctor/patients/${patient.userId}/alerts/${alert.id}/acknowledge`, headers: actingAs(doctor) });
    expect(ack.json()).toMatchObject({ status: 'acknowledged', acknowledgedBy: doctor.userId, acknowledgedByWho: 'you' });
    // The care team sees who acknowledged and when: this professional ("you") at the clock's time.
    const listed = (await t.app.inject({ url: `/api/doctor/patients/${patient.userId}/alerts`, headers: actingAs(doctor) })).json().items[0];
    expect(listed).toMatchObject({ id: alert.id, acknowledgedByWho: 'you', acknowledgedAt: t.clock.now().toISOString() });
    // The second professional does not share alerts: not found.
    expect((await t.app.inject({ method: 'POST', url: `/api/doctor/patients/${patient.userId}/alerts/${alert.id}/acknowledge`, headers: actingAs(stranger) })).statusCode).toBe(404);
  });

  it('lets the linked professional ask for the patient’s alerts, says when the link cannot carry them, and never lets them change the link otherwise', async () => {
    const url = `/api/doctor/patients/${patient.userId}/alert-notifications`;
    expect((await t.app.inject({ url, headers: actingAs(doctor) })).json()).toEqual({ enabled: false, available: true });
    const set = await t.app.inject({ method: 'PUT', url, headers: actingAs(doctor), payload: { enabled: true } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ enabled: true, available: true });
    expect((await t.app.inject({ url, headers: actingAs(doctor) })).json()).toEqual({ enabled: true, available: true });
    expect((await t.app.inject({ method: 'PUT', url, headers: actingAs(doctor), payload: { enabled: 'yes' } })).statusCode).toBe(400);

    // A link sharing weight only: the choice can be stored, nothing would be sent.
    const weightOnly = await createTestUser(t.database, { firstName: 'Élise' });
    await link(weightOnly, doctor, ['weight']);
    expect((await t.app.inject({ url: `/api/doctor/patients/${weightOnly.userId}/alert-notifications`, headers: actingAs(doctor) })).json()).toEqual({ enabled: false, available: false });

    // Under the request role, the professional cannot touch the link's other columns, nor another professional's link.
    const [linkRow] = await t.database.db.execute(
      sql`select id from care_links where patient_id = ${patient.userId} and professional_id = ${doctor.userId} and status = 'active'`,
    ).then((r) => rowsOf<{ id: string }>(r));
    await expect(
      t.database.asActor({ userId: doctor.userId, role: 'doctor' }, (tx) => tx.execute(sql`update care_links set scopes = array['glucose','hba1c'] where id = ${linkRow!.id} returning id`).then((r) => rowsOf(r).length)),
    ).resolves.toBe(0);
    const viaFunction = await t.database.asActor({ userId: stranger.userId, role: 'doctor' }, (tx) =>
      tx.execute(sql`select set_link_alert_notifications(${linkRow!.id}::uuid, false) as changed`).then((r) => rowsOf<{ changed: boolean }>(r)[0]?.changed),
    );
    expect(viaFunction).toBe(false);
    expect((await t.app.inject({ url, headers: actingAs(doctor) })).json()).toEqual({ enabled: true, available: true });
  });

  it('orders the triage list worst first with known data', async () => {
    const pro = await createTestUser(t.database, { role: 'doctor', firstName: 'Triage' });
    const make = async (name: string, values: number[], categories = ['glucose', 'alerts', 'hba1c']) => {
      const p = await createTestUser(t.database, { firstName: name, lastName: 'X' });
      await link(p, pro, categories);
      if (values.length) await batch(p, values);
      return p;
    };
    // 'urgent' gets an urgent hypo episode (≥ 15 min < 54) → urgent open alert.
    await make('calm', Array(20).fill(120));
    await make('high', [...Array(10).fill(120), ...Array(10).fill(240)]); // high, not > 250: no alert
    await make('low', [...Array(16).fill(120), 66, 120, 66, 120]);
    await make('urgent', [...Array(10).fill(120), 45, 45, 45, 45, 45, 120, 120, 120, 120, 120]);
    await make('hidden', Array(20).fill(300), ['weight']);
    const res = await t.app.inject({ url: '/api/doctor/patients', headers: actingAs(pro) });
    const list = triageListSchema.parse(res.json());
    expect(list.items.map((r) => r.firstName)).toEqual(['urgent', 'low', 'high', 'calm', 'hidden']);
    const urgent = list.items[0]!;
    expect(urgent.alerts).toMatchObject({ urgent: 1 });
    expect(urgent.glucose).toMatchObject({ readings: 20, belowRange: 25, veryLow: 25, inRange: 75 });
    expect(list.items[4]?.glucose).toEqual({ notShared: true });
    // 20 readings are far from a sensor worn 70 % of the period: no GMI (a CGM figure), a CV still.
    expect(list.items[2]?.glucose).toMatchObject({ aboveRange: 50, sufficient: false, gmi: null, cv: expect.any(Number) });

    // The list logs each patient's shared categories once an hour, not on every reload.
    const urgentId = urgent.patientId;
    const logged = async () =>
      (await t.app.inject({ url: '/api/care-team/access-log', headers: actingAs({ userId: urgentId, role: 'patient' }) })).json().items.length as number;
    expect(await logged()).toBe(3);
    await t.app.inject({ url: '/api/doctor/patients', headers: actingAs(pro) });
    expect(await logged()).toBe(3);
    t.clock.advance(61 * 60_000);
    await t.app.inject({ url: '/api/doctor/patients', headers: actingAs(pro) });
    expect(await logged()).toBe(6);
    t.clock.set(new Date(NOW));

    const filtered = triageListSchema.parse((await t.app.inject({ url: '/api/doctor/patients?filter=open_alerts&q=URG', headers: actingAs(pro) })).json());
    expect(filtered.items.map((r) => r.firstName)).toEqual(['urgent']);
  });
});
