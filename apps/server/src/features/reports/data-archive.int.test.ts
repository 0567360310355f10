import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/open-database';
import { actingAs, createTestUser, headerActor, invitationTokenFrom, type TestUser } from '../../test/fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { unzipTexts } from '../../test/unzip';
import { grantPremiumUntil } from '../subscription/subscription.service';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

describe('"Télécharger mes données": the archive holds what the database holds for the user', () => {
  let t: TestApp;
  let patient: TestUser;
  let doctor: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database, { firstName: 'Hélène', lastName: 'Lefèvre' });
    doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire', lastName: 'Bernard' });
    other = await createTestUser(t.database, { firstName: 'Autre', lastName: 'Patient' });
    const post = (actor: TestUser, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: actingAs(actor), payload });
    const readings = Array.from({ length: 30 }, (_, i) => ({ measuredAt: iso(NOW - (30 - i) * 300_000), value: i === 10 ? 50 : 120 + i }));
    expect((await post(patient, '/api/measurements/glucose/batch', { source: 'cgm', deviceId: 'libre', unit: 'mg/dL', readings })).statusCode).toBe(200);
    expect((await post(patient, '/api/measurements', { kind: 'glucose', measuredAt: iso(NOW - 86_400_000), value: 98, unit: 'mg/dL', context: 'fasting', note: 'à jeun; "test"' })).statusCode).toBe(201);
    // A manual low raises an alert.
    expect((await post(patient, '/api/measurements', { kind: 'glucose', measuredAt: iso(NOW - 60_000), value: 48, unit: 'mg/dL' })).statusCode).toBe(201);
    expect((await post(patient, '/api/measurements', { kind: 'hba1c', measuredAt: iso(NOW - 20 * 86_400_000), value: 7.1, unit: '%' })).statusCode).toBe(201);
    expect((await post(patient, '/api/measurements', { kind: 'weight', measuredAt: iso(NOW - 3 * 86_400_000), kg: 68.5 })).statusCode).toBe(201);
    expect((await post(other, '/api/measurements', { kind: 'weight', measuredAt: iso(NOW - 3 * 86_400_000), kg: 91.2 })).statusCode).toBe(201);
    // A care link (the professional invites, the patient accepts) and a read in the access log.
    expect((await post(doctor, '/api/care-team/invitations/patient', { email: patient.email })).statusCode).toBe(201);
    const token = invitationTokenFrom(t.sent);
    expect((await post(patient, '/api/care-team/invitations/accept', { token, categories: ['glucose', 'weight'] })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/doctor/patients/${patient.userId}/summary?days=14`, headers: actingAs(doctor) })).statusCode).toBe(200);
    const [conversation] = (await t.app.inject({ url: '/api/messages/conversations', headers: actingAs(patient) })).json().items as { linkId: string }[];
    expect((await post(patient, `/api/messages/conversations/${conversation!.linkId}/messages`, { text: 'Question sur ma basale' })).statusCode).toBe(201);
    expect((await post(doctor, `/api/messages/conversations/${conversation!.linkId}/messages`, { text: 'Réponse du médecin' })).statusCode).toBe(201);
    expect((await post(patient, '/api/care-team/share-links', { categories: ['glucose'], from: iso(NOW - 7 * 86_400_000), to: iso(NOW), expiresInHours: 24, label: 'Remplaçant' })).statusCode).toBe(201);
    // A support request with a follow-up, a forum post under a pseudonym, premium offered by an administrator.
    const ticket = await post(patient, '/api/support/tickets', { type: 'question', subject: 'Export de mes données', message: 'Où trouver mes mesures ?' });
    expect(ticket.statusCode).toBe(201);
    expect((await post(patient, `/api/support/tickets/${ticket.json().id}/replies`, { message: 'Et le format FHIR ?' })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'PUT', url: '/api/community/me', headers: actingAs(patient), payload: { pseudonym: 'Helene_T1' } })).statusCode).toBe(200);
    expect((await post(patient, '/api/community/categories/type-1/threads', { title: 'Capteur et sport', body: 'Vos astuces pour la piscine ?' })).statusCode).toBe(201);
    await grantPremiumUntil(t, patient.userId, new Date(NOW + 30 * 86_400_000));
  }, 120_000);
  afterAll(async () => t?.close());

  const db = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query));

  it('streams a ZIP whose every file matches the database, and nothing of other users', async () => {
    const res = await t.app.inject({ url: '/api/accounts/export.zip', headers: actingAs(patient) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const files = unzipTexts(res.rawPayload);
    expect(Object.keys(files).sort()).toEqual(
      [
        'compte.json',
        'profil-sante.json',
        'mesures/glycemies.json',
        'mesures/glycemies.csv',
        'mesures/autres-mesures.json',
        'mesures/autres-mesures.csv',
        'mesures/fhir.json',
        'alertes.json',
        'equipe-de-soins.json',
        'liens-de-partage.json',
        'journal-des-acces.json',
        'messages.json',
        'abonnement.json',
        'demandes-support.json',
        'forum.json',
      ].sort(),
    );
    const parse = (name: string) => JSON.parse(files[name] as string);

    expect(parse('compte.json').account.email).toBe(patient.email);

    const glucose = await db<{ id: string; value_mgdl: number; measured_at: string | Date }>(
      sql`select id, value_mgdl, measured_at from glucose_readings where patient_id = ${patient.userId} order by measured_at, id`,
    );
    const archivedGlucose = parse('mesures/glycemies.json') as { id: string; valueMgdl: number; measuredAt: string }[];
    expect(archivedGlucose.map((r) => r.id)).toEqual(glucose.map((r) => r.id));
    expect(archivedGlucose.map((r) => r.valueMgdl)).toEqual(glucose.map((r) => Math.round(Number(r.value_mgdl) * 10) / 10));
    expect(archivedGlucose.map((r) => r.measuredAt)).toEqual(glucose.map((r) => new Date(r.measured_at).toISOString()));
    // CSV: one header, one line per reading (the note with ; and " quoted on its line).
    const csvLines = (files['mesures/glycemies.csv'] as string).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(csvLines).toHaveLength(glucose.length + 1);
    expect(csvLines.some((l) => l.includes('"à jeun; ""test"""'))).toBe(true);

    const health = await db<{ id: string }>(sql`select id from health_measurements where patient_id = ${patient.userId} order by measured_at, id`);
    expect((parse('mesures/autres-mesures.json') as { id: string }[]).map((r) => r.id)).toEqual(health.map((r) => r.id));
    expect((files['mesures/autres-mesures.csv'] as string).trimEnd().split('\r\n')).toHaveLength(health.length + 1);

    // The FHIR Bundle: the patient and one Observation per glucose reading, HbA1c and weight, the
    // readings under their own ids (validity itself is fhir-export.int.test.ts's subject).
    const fhir = parse('mesures/fhir.json') as { resourceType: string; type: string; entry: { resource: { resourceType: string; id: string; code?: { coding: { code: string }[] } } }[] };
    expect(fhir).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(fhir.entry.map((e) => e.resource.resourceType)).toEqual(['Patient', ...Array<string>(health.length + glucose.length).fill('Observation')]);
    const fhirGlucose = fhir.entry.filter((e) => ['99504-3', '41653-7'].includes(e.resource.code?.coding[0]?.code ?? ''));
    expect(fhirGlucose.map((e) => e.resource.id)).toEqual(glucose.map((r) => r.id));
    expect(JSON.stringify(fhir)).toContain('"family":"Lefèvre"');

    const alerts = await db<{ id: string }>(sql`select id from alerts where patient_id = ${patient.userId} order by id`);
    expect(alerts.length).toBeGreaterThan(0);
    expect((parse('alertes.json') as { id: string }[]).map((a) => a.id).sort()).toEqual(alerts.map((a) => a.id));

    const links = await db<{ id: string }>(sql`select id from care_links where patient_id = ${patient.userId} and status = 'active'`);
    const team = parse('equipe-de-soins.json');
    expect(team.careLinks.map((l: { linkId: string }) => l.linkId)).toEqual(links.map((l) => l.id));
    expect(team.careLinks[0].categories).toEqual(['glucose', 'weight']);
    expect(JSON.stringify(team.careLinks[0].professional)).toContain('Bernard');

    const shares = await db<{ id: string }>(sql`select id from share_links where patient_id = ${patient.userId}`);
    expect((parse('liens-de-partage.json') as { id: string }[]).map((s) => s.id)).toEqual(shares.map((s) => s.id));

    const log = await db<{ id: string }>(sql`select id from access_log where patient_id = ${patient.userId} order by id`);
    expect(log.length).toBeGreaterThan(0);
    expect((parse('journal-des-acces.json') as { id: string }[]).map((e) => e.id).sort()).toEqual(log.map((e) => e.id).sort());

    const profile = (await t.app.inject({ url: '/api/profile', headers: actingAs(patient) })).json();
    expect(parse('profil-sante.json')).toEqual(profile);

    // The conversation with every message, oldest first, as the database holds it.
    const stored = await db<{ id: string }>(sql`select id from messages where patient_id = ${patient.userId} order by created_at, id`);
    const [archived] = parse('messages.json') as { conversation: { linkId: string }; messages: { id: string; text: string }[] }[];
    expect(archived!.messages.map((m) => m.id)).toEqual(stored.map((m) => m.id));
    expect(archived!.messages.map((m) => m.text)).toEqual(['Question sur ma basale', 'Réponse du médecin']);

    // The plan as stored, the support conversation and the forum post, each as the database holds them.
    expect(parse('abonnement.json')).toMatchObject({ subscription: { plan: 'premium', source: 'admin_grant', cancelAtPeriodEnd: false }, pdfReportDownloads: [] });
    const [request] = parse('demandes-support.json') as { ticket: { subject: string }; messages: { message: string }[] }[];
    expect(request!.ticket.subject).toBe('Export de mes données');
    expect(request!.messages.map((m) => m.message)).toEqual(['Où trouver mes mesures ?', 'Et le format FHIR ?']);
    const posts = await db<{ id: string }>(sql`select id from forum_posts where author_id = ${patient.userId}`);
    const forum = parse('forum.json') as { pseudonym: string; posts: { id: string; threadTitle: string; body: string }[] };
    expect(forum.pseudonym).toBe('Helene_T1');
    expect(forum.posts.map((p) => [p.id, p.threadTitle, p.body])).toEqual([[posts[0]!.id, 'Capteur et sport', 'Vos astuces pour la piscine ?']]);

    // Nothing of the other patient, nor the professional's e-mail.
    const everything = Object.values(files).join('\n');
    expect(everything).not.toContain(other.userId);
    expect(everything).not.toContain(other.email);
    expect(everything).not.toContain('91.2');
    expect(everything).not.toContain(doctor.email);
  });
});
