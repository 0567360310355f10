import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { notificationListSchema } from '@glucosuivi/domain/notifications/notifications.schemas';
import { pushPayloadSchema } from '@glucosuivi/domain/push/push.schemas';
import { createMailer } from '../../platform/mail';
import { createWebPushSender } from '../../platform/push/web-push-sender';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { startTestPushService, type TestPushService } from '../../test/push-service';
import { readMail, startSmtpServer } from '../../test/smtp';
import { createTestApp, type TestApp } from '../../test/test-app';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const NBSP = '\u00A0';
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:admin@glucosuivi.fr' };

/*
 * Issue 14, must-show 4: a hypo entered by a patient reaches the linked professional who asked
 * for the patient's alerts — in-app, by e-mail and by push, through a real SMTP server and a
 * real push service on loopback — and nobody else: not a professional without a link, not one
 * whose link does not share glucose, not one who did not ask. One notification per episode.
 */
describe("a patient's alerts reach the professionals who asked for them, and only them", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let push: TestPushService;
  let patient: TestUser;
  const pros: Record<'asked' | 'didNotAsk' | 'noGlucose' | 'noLink', TestUser> = {} as never;
  const browsers: Partial<Record<keyof typeof pros, { clientHash: string }>> = {};

  const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: actingAs(who), ...(payload ? { payload } : {}) });
  const link = async (pro: TestUser, categories: string[]) => {
    const res = await call(patient, 'POST', '/api/care-team/invitations/professional', { code: pro.userId.slice(0, 8).toUpperCase(), categories });
    expect(res.statusCode, res.body).toBe(201);
  };
  const notificationsOf = async (who: TestUser) => {
    const res = await call(who, 'GET', '/api/notifications');
    expect(res.statusCode).toBe(200);
    return notificationListSchema.parse(res.json());
  };
  const mailsTo = (who: TestUser) => smtp.received.filter((m) => m.to.includes(who.email));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    push = await startTestPushService();
    t = await createTestApp({
      resolveActor: headerActor,
      mailer: createMailer({ smtpUrl: smtp.url, from: 'GlucoSuivi <no-reply@glucosuivi.fr>', outboxDir: '/nonexistent' }),
      push: createWebPushSender({ ...vapid, allowHttp: true }),
    });
    patient = await createTestUser(t.database, { firstName: 'Camille', lastName: 'Martin' });
    pros.asked = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire', lastName: 'Bernard' });
    pros.didNotAsk = await createTestUser(t.database, { role: 'doctor', firstName: 'Paul' });
    pros.noGlucose = await createTestUser(t.database, { role: 'doctor', firstName: 'Inès' });
    pros.noLink = await createTestUser(t.database, { role: 'doctor', firstName: 'Marc' });
    await link(pros.asked, ['glucose', 'alerts']);
    await link(pros.didNotAsk, ['glucose', 'alerts']);
    await link(pros.noGlucose, ['weight', 'alerts']);
    for (const key of ['asked', 'didNotAsk', 'noGlucose', 'noLink'] as const) {
      const pro = pros[key];
      expect((await call(pro, 'PATCH', '/api/settings', { emailAlerts: true })).statusCode).toBe(200);
      const browser = await push.subscribe(vapid.publicKey);
      browsers[key] = browser;
      const subscribed = await call(pro, 'POST', '/api/push/subscriptions', { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys });
      expect(subscribed.statusCode, subscribed.body).toBe(204);
    }
    // Asking: allowed on a link that can carry alerts; the link without glucose stores the wish, and still gets nothing.
    for (const key of ['asked', 'noGlucose'] as const) {
      const res = await call(pros[key], 'PUT', `/api/doctor/patients/${patient.userId}/alert-notifications`, { enabled: true });
      expect(res.statusCode).toBe(200);
    }
    expect((await call(pros.noLink, 'PUT', `/api/doctor/patients/${patient.userId}/alert-notifications`, { enabled: true })).statusCode).toBe(404);
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
    await smtp?.close();
  });

  it('a manual hypo: in-app, e-mail and push for the professional who asked; nothing for the three others', async () => {
    const entered = await call(patient, 'POST', '/api/measurements', { kind: 'glucose', measuredAt: ago(5), value: 52, unit: 'mg/dL' });
    expect(entered.statusCode).toBe(201);
    const [alert] = entered.json<{ alerts: { id: string; kind: string }[] }>().alerts;
    expect(alert?.kind).toBe('urgent_hypo');
    await t.jobs.runDue();

    const centre = await notificationsOf(pros.asked);
    expect(centre.unread).toBe(1);
    expect(centre.items).toEqual([
      expect.objectContaining({
        kind: 'patient_alert',
        readAt: null,
        patientAlert: expect.objectContaining({ patientId: patient.userId, firstName: 'Camille', lastName: 'Martin', alertId: alert!.id, alertKind: 'urgent_hypo' }),
      }),
    ]);

    const mail = readMail(await smtp.waitFor((m) => m.to.includes(pros.asked.email)));
    expect(mail.subject).toBe(`Alerte patient${NBSP}: hypoglycémie sévère`);
    expect(mail.text).toContain(`Camille Martin a une nouvelle alerte${NBSP}: hypoglycémie sévère le 2 novembre à 09:55.`);
    expect(mail.text).toContain(`http://localhost:3000/doctor/patients/${patient.userId}`);
    // The professional's e-mail names the patient but quotes no value.
    expect(mail.text).not.toMatch(/mg\/dL|mmol/);

    const pushed = (await push.messages(browsers.asked!.clientHash)).map((text) => pushPayloadSchema.parse(JSON.parse(text)));
    expect(pushed).toEqual([
      { title: `GlucoSuivi${NBSP}: alerte d'un patient`, body: 'Hypoglycémie sévère. Ouvrez GlucoSuivi pour voir la fiche du patient.', url: `/doctor/patients/${patient.userId}`, tag: alert!.id },
    ]);

    for (const key of ['didNotAsk', 'noGlucose', 'noLink'] as const) {
      expect({ key, centre: await notificationsOf(pros[key]) }).toEqual({ key, centre: { items: [], unread: 0 } });
      expect({ key, mails: mailsTo(pros[key]).length }).toEqual({ key, mails: 0 });
      expect({ key, pushed: await push.messages(browsers[key]!.clientHash) }).toEqual({ key, pushed: [] });
    }

    // The queue running again delivers nothing twice.
    await t.jobs.runDue();
    expect(mailsTo(pros.asked)).toHaveLength(1);
    expect(await push.messages(browsers.asked!.clientHash)).toHaveLength(1);
    expect((await notificationsOf(pros.asked)).items).toHaveLength(1);
  });

  it('a CGM episode of many low readings is one notification, not one per reading', async () => {
    const before = (await notificationsOf(pros.asked)).items.length;
    // 40 minutes under 70 mg/dL (8 readings), then back in range.
    const readings = Array.from({ length: 12 }, (_, i) => ({ measuredAt: ago(120 - 5 * i), value: i < 8 ? 62 : 110 }));
    const res = await call(patient, 'POST', '/api/measurements/glucose/batch', { source: 'cgm', deviceId: 'libre', unit: 'mg/dL', readings });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ alerts: unknown[] }>().alerts).toHaveLength(1);
    await t.jobs.runDue();
    const after = await notificationsOf(pros.asked);
    expect(after.items).toHaveLength(before + 1);
    expect(after.items.filter((item) => item.kind === 'patient_alert' && item.patientAlert.alertKind === 'hypo')).toHaveLength(1);
  });

  it('stops once the professional no longer asks', async () => {
    expect((await call(pros.asked, 'PUT', `/api/doctor/patients/${patient.userId}/alert-notifications`, { enabled: false })).statusCode).toBe(200);
    const before = (await notificationsOf(pros.asked)).items.length;
    const mailsBefore = mailsTo(pros.asked).length;
    expect((await call(patient, 'POST', '/api/measurements', { kind: 'glucose', measuredAt: ago(1), value: 50, unit: 'mg/dL' })).statusCode).toBe(201);
    await t.jobs.runDue();
    expect((await notificationsOf(pros.asked)).items).toHaveLength(before);
    expect(mailsTo(pros.asked)).toHaveLength(mailsBefore);
  });
});
