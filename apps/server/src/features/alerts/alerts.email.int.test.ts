import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { measurementWriteResultSchema } from '@glucosuivi/domain/measurements/measurements.schemas';
import { rowsOf } from '../../platform/db/open-database';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { readMail, startSmtpServer } from '../../test/smtp';
import { createMailer } from '../../platform/mail';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const EMERGENCY_FR = "En cas d'urgence, appelez le 15 (SAMU) ou le 112";

/*
 * The patient's alert e-mail goes through the job queue: the write that raises alerts enqueues
 * their delivery in its own transaction, and the worker sends it (here `jobs.runDue()` on the
 * test clock, as every server's worker does each second).
 */
describe('alert e-mails over real SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const mailsTo = (user: TestUser) => smtp.received.filter((m) => m.to.includes(user.email));

  const setSettings = async (app: TestApp, user: TestUser, patch: Record<string, unknown>) => {
    const res = await app.app.inject({ method: 'PATCH', url: '/api/settings', headers: actingAs(user), payload: patch });
    expect(res.statusCode).toBe(200);
  };
  const glucose = async (app: TestApp, user: TestUser, value: number, minutesAgo: number) => {
    const res = await app.app.inject({ method: 'POST', url: '/api/measurements', headers: actingAs(user), payload: { kind: 'glucose', measuredAt: ago(minutesAgo), value, unit: 'mg/dL' } });
    expect(res.statusCode).toBe(201);
    return measurementWriteResultSchema.parse(res.json());
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      resolveActor: headerActor,
      mailer: createMailer({ smtpUrl: smtp.url, from: 'GlucoSuivi <no-reply@glucosuivi.fr>', outboxDir: '/nonexistent' }),
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('e-mails an urgent hypo through the job queue, in French with the emergency numbers, under a Message-ID of its own', async () => {
    const patient = await createTestUser(t.database, { firstName: 'Élise' });
    await setSettings(t, patient, { emailAlerts: true });
    const result = await glucose(t, patient, 48, 5);
    expect(result.alerts.map((a) => a.kind)).toEqual(['urgent_hypo']);
    // Nothing is sent from the request itself: the job does it.
    expect(mailsTo(patient)).toEqual([]);
    await t.jobs.runDue();

    const received = await smtp.waitFor((m) => m.to.includes(patient.email));
    const mail = readMail(received);
    expect(mail.subject).toBe('Alerte GlucoSuivi\u00A0: hypoglycémie sévère');
    expect(mail.text).toContain('Bonjour Élise,');
    expect(mail.text).toContain(EMERGENCY_FR);
    // 08:55 UTC is 09:55 in Paris on 2 November.
    expect(mail.text).toContain('Hypoglycémie sévère\u00A0: 48\u00A0mg/dL le 2 novembre à 09:55.');
    expect(mail.text).toContain('http://localhost:3000/notifications');
    // French typography: no ordinary space before a colon anywhere in the message.
    expect(mail.text).not.toMatch(/ [:;!?]/);
    expect(received.raw).toMatch(new RegExp(`^Message-ID:\\s*<alerts\\.email\\.${result.alerts[0]!.id}@glucosuivi\\.local>`, 'im'));

    // The queue running again sends nothing more.
    await t.jobs.runDue();
    expect(mailsTo(patient)).toHaveLength(1);
  });

  it('sends nothing when e-mail alerts are off (the default)', async () => {
    const patient = await createTestUser(t.database);
    expect((await glucose(t, patient, 45, 5)).alerts).toHaveLength(1);
    await t.jobs.runDue();
    expect(mailsTo(patient)).toEqual([]);

    // Same patient, same kind of write, setting on: the e-mail comes, so the silence above was the setting.
    await setSettings(t, patient, { emailAlerts: true });
    await glucose(t, patient, 45, 3);
    await t.jobs.runDue();
    await smtp.waitFor((m) => m.to.includes(patient.email));
    expect(mailsTo(patient)).toHaveLength(1);
  });

  it('sends one summary for a batch import that raises several alerts, in the patient language and unit', async () => {
    const patient = await createTestUser(t.database, { firstName: 'Lucía', glucoseUnit: 'mmol/l' });
    await setSettings(t, patient, { emailAlerts: true, language: 'es' });
    // Four hours of CGM: 30 min at 48 mg/dL, back in range, 30 min at 300, back in range, 30 min at 60.
    const value = (i: number) => (i < 6 ? 48 : i < 12 ? 120 : i < 18 ? 300 : i < 24 ? 120 : i < 30 ? 60 : 120);
    const readings = Array.from({ length: 36 }, (_, i) => ({ measuredAt: ago(240 - 5 * i), value: value(i) }));
    const res = await t.app.inject({ method: 'POST', url: '/api/measurements/glucose/batch', headers: actingAs(patient), payload: { source: 'cgm', deviceId: 'g7', unit: 'mg/dL', readings } });
    expect(res.statusCode).toBe(200);
    const raised = res.json<{ alerts: unknown[] }>().alerts;
    expect(raised.length).toBeGreaterThanOrEqual(3);
    await t.jobs.runDue();

    await smtp.waitFor((m) => m.to.includes(patient.email));
    const mails = mailsTo(patient);
    expect(mails).toHaveLength(1);
    const mail = readMail(mails[0]!);
    expect(mail.subject).toBe(`GlucoSuivi: ${raised.length} alertas nuevas`);
    expect(mail.text).toContain('Hola Lucía:');
    expect(mail.text).toContain('En caso de urgencia, llame al 15 (SAMU) o al 112');
    // 48 mg/dL is 2.7 mmol/L, written with the Spanish decimal comma.
    expect(mail.text).toContain('mínimo 2,7\u00A0mmol/L');
    expect(mail.text).toContain('máximo 16,7\u00A0mmol/L');
  });

  it('writes English for an English-speaking patient', async () => {
    const patient = await createTestUser(t.database, { firstName: 'Ann' });
    await setSettings(t, patient, { emailAlerts: true, language: 'en' });
    await glucose(t, patient, 50, 5);
    await t.jobs.runDue();
    const mail = readMail(await smtp.waitFor((m) => m.to.includes(patient.email)));
    expect(mail.subject).toBe('GlucoSuivi alert: severe hypoglycaemia');
    expect(mail.text).toContain('In an emergency, call 15 (SAMU) or 112');
    expect(mail.text).toContain('Severe hypoglycaemia: 50\u00A0mg/dL on 2 November at 09:55.');
  });

  it('keeps the reading when the SMTP server is down, retries later, and records the failure without health data', async () => {
    const down = await startSmtpServer();
    const downUrl = down.url;
    await down.close();
    const offline = await createTestApp({
      resolveActor: headerActor,
      mailer: createMailer({ smtpUrl: downUrl, from: 'GlucoSuivi <no-reply@glucosuivi.fr>', outboxDir: '/nonexistent' }),
    });
    try {
      const patient = await createTestUser(offline.database);
      await setSettings(offline, patient, { emailAlerts: true });
      expect((await glucose(offline, patient, 47, 5)).alerts).toHaveLength(1);
      await offline.jobs.runDue();

      const rows = rowsOf<{ status: string; attempts: number; last_error: string | null; run_at: Date }>(
        await offline.database.db.execute(sql`select status, attempts, last_error, run_at from jobs where name = 'alerts.email'`),
      );
      expect(rows).toHaveLength(1);
      // Put back in the queue with a backoff, for another try.
      expect(rows[0]).toMatchObject({ status: 'queued', attempts: 1 });
      expect(new Date(rows[0]!.run_at).getTime()).toBeGreaterThan(offline.clock.now().getTime());
      expect(rows[0]!.last_error).toContain('ESOCKET');
      expect(rows[0]!.last_error).not.toContain('47');
      expect(rows[0]!.last_error).not.toContain(patient.email);

      const list = await offline.app.inject({ url: '/api/measurements?kind=glucose', headers: actingAs(patient) });
      expect(list.json<{ items: unknown[] }>().items).toHaveLength(1);
    } finally {
      await offline.close();
    }
  });
});
