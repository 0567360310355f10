import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notificationListSchema } from '@glucosuivi/domain/notifications/notifications.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { alerts } from '../alerts/alerts.tables';
import { jobs } from '../../platform/jobs/jobs.tables';
import { deliverNotification } from './notification-delivery.service';

/*
 * The notification centre for a professional: a patient's alert delivered to them shows with
 * the patient's name while the care link is active and shares alerts, and disappears (not even
 * counted) once it is revoked; the same delivery called again is the same row, unread again.
 */

describe('notification centre: a patient’s alert for a professional', () => {
  let t: TestApp;
  let doctor: TestUser;

  const listOf = async (who: TestUser) => notificationListSchema.parse((await t.app.inject({ url: '/api/notifications', headers: actingAs(who) })).json());
  async function linked(patient: TestUser, categories: string[]): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/care-team/invitations/professional',
      headers: actingAs(patient),
      payload: { code: doctor.userId.slice(0, 8).toUpperCase(), categories },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { linkId: string }).linkId;
  }
  async function alertFor(patient: TestUser): Promise<string> {
    const [row] = await t.database.db
      .insert(alerts)
      .values({ patientId: patient.userId, kind: 'hypo', origin: 'reading', dedupKey: `test:${Math.random()}`, glucoseMgdl: 54, occurredAt: new Date('2026-11-02T08:30:00Z') })
      .returning({ id: alerts.id });
    return row!.id;
  }
  const deliver = (patient: TestUser, alertId: string) =>
    deliverNotification(t.database.db, { clock: t.clock }, {
      userId: doctor.userId,
      patientId: patient.userId,
      kind: 'patient_alert',
      subjectId: alertId,
      deliveryKey: `patient-alert:${alertId}:${doctor.userId}`,
      push: false,
      email: true,
    });

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire', lastName: 'Bernard' });
  });
  afterAll(async () => t?.close());

  it('shows the alert with the patient’s name while linked with alerts shared, then nothing once revoked', async () => {
    const patient = await createTestUser(t.database, { firstName: 'Camille', lastName: 'Dupont' });
    const linkId = await linked(patient, ['alerts', 'glucose']);
    const alertId = await alertFor(patient);
    const delivered = await deliver(patient, alertId);
    expect(delivered).toMatchObject({ userId: doctor.userId, patientId: patient.userId, kind: 'patient_alert', subjectId: alertId });
    // The e-mail job under its delivery key; the patient's own centre does not list it.
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.idempotencyKey, `patient-alert:${alertId}:${doctor.userId}:email`));
    expect(job).toMatchObject({ name: 'notify.email', payload: { kind: 'patient_alert', subjectId: alertId, userId: doctor.userId } });
    expect((await listOf(patient)).items).toEqual([]);

    const list = await listOf(doctor);
    expect(list.unread).toBe(1);
    expect(list.items).toEqual([
      {
        kind: 'patient_alert',
        id: delivered!.notificationId,
        createdAt: t.clock.now().toISOString(),
        readAt: null,
        patientAlert: { patientId: patient.userId, firstName: 'Camille', lastName: 'Dupont', alertId, alertKind: 'hypo', occurredAt: '2026-11-02T08:30:00.000Z' },
      },
    ]);

    // Read, then delivered again: the same row, unread again.
    expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: actingAs(doctor), payload: {} })).json()).toMatchObject({ unread: 0 });
    t.clock.advance(60_000);
    const again = await deliver(patient, alertId);
    expect(again!.notificationId).toBe(delivered!.notificationId);
    expect(await listOf(doctor)).toMatchObject({ unread: 1, items: [{ id: delivered!.notificationId, readAt: null, createdAt: t.clock.now().toISOString() }] });

    expect((await t.app.inject({ method: 'DELETE', url: `/api/care-team/links/${linkId}`, headers: actingAs(patient) })).statusCode).toBe(200);
    expect(await listOf(doctor)).toEqual({ items: [], unread: 0 });
  });

  it('shows nothing of a patient whose link does not share alerts', async () => {
    const patient = await createTestUser(t.database, { firstName: 'Louis' });
    await linked(patient, ['weight']);
    await deliver(patient, await alertFor(patient));
    expect((await listOf(doctor)).items.filter((item) => item.kind === 'patient_alert' && item.patientAlert.patientId === patient.userId)).toEqual([]);
  });

  it('refuses a malformed read request', async () => {
    for (const payload of [{ ids: [] }, { ids: ['not-an-id'] }, { all: true }]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: actingAs(doctor), payload })).statusCode).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
  });
});
