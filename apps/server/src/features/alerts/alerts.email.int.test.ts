import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurementWriteResultSchema } from '@glucosuivi/domain/measurements/measurements.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { startSmtpServer, type ReceivedMail } from '../../test/smtp';
import { createMailer } from '../../platform/mail';
import { createMeasurement, insertGlucoseBatch } from '../measurements/measurements.service';
import { createAlertMailer } from './alerts.notifier';

const NOW = Date.parse('2026-11-02T09:00:00.000Z');
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const EMERGENCY_FR = "En cas d'urgence, appelez le 15 (SAMU) ou le 112";

// The loopback server keeps the raw message; nodemailer encodes non-ASCII text as
// quoted-printable or base64 and the subject as RFC 2047 words, decoded here.
function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const soft = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i++) {
      if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
        bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
    return Buffer.from(bytes).toString('utf8');
  }
  return body;
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

function readMail(mail: ReceivedMail): { subject: string; text: string } {
  const unfolded = mail.raw.replace(/\r\n[ \t]+/g, ' ');
  const subject = decodeWords(/^Subject: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? '');
  const part = /Content-Type: text\/plain[^\r\n]*\r\n(?:[^\r\n]+\r\n)*?Content-Transfer-Encoding: ([^\r\n]+)\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)\r\n--/i.exec(mail.raw);
  if (!part) throw new Error('no text/plain part');
  return { subject, text: decodeBody(part[2]!, part[1]!.trim().toLowerCase()) };
}

describe('alert e-mails over real SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const mailer = () => createMailer({ smtpUrl: smtp.url, from: 'GlucoSuivi <no-reply@glucosuivi.fr>', outboxDir: '/nonexistent' });
  const warnings: { obj: object; msg: string }[] = [];
  const log = { warn: (obj: object, msg: string) => void warnings.push({ obj, msg }) };
  const mailsTo = (user: TestUser) => smtp.received.filter((m) => m.to.includes(user.email));

  const setSettings = async (user: TestUser, patch: Record<string, unknown>) => {
    const res = await t.app.inject({ method: 'PATCH', url: '/api/settings', headers: actingAs(user), payload: patch });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ resolveActor: headerActor, mailer: mailer() });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('e-mails an urgent hypo through the app, in French with the emergency numbers', async () => {
    const patient = await createTestUser(t.database, { firstName: 'Élise' });
    await setSettings(patient, { emailAlerts: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/measurements',
      headers: actingAs(patient),
      payload: { kind: 'glucose', measuredAt: ago(5), value: 48, unit: 'mg/dL' },
    });
    expect(res.statusCode).toBe(201);
    expect(measurementWriteResultSchema.parse(res.json()).alerts.map((a) => a.kind)).toEqual(['urgent_hypo']);

    const mail = readMail(await smtp.waitFor((m) => m.to.includes(patient.email)));
    expect(mail.subject).toBe('Alerte GlucoSuivi\u00A0: hypoglycémie sévère');
    expect(mail.text).toContain('Bonjour Élise,');
    expect(mail.text).toContain(EMERGENCY_FR);
    // 08:55 UTC is 09:55 in Paris on 2 November.
    expect(mail.text).toContain('Hypoglycémie sévère\u00A0: 48\u00A0mg/dL le 2 novembre à 09:55.');
    expect(mail.text).toContain('http://localhost:3000/notifications');
    // French typography: no ordinary space before a colon anywhere in the message.
    expect(mail.text).not.toMatch(/ [:;!?]/);
  });

  it('sends nothing when e-mail alerts are off (the default)', async () => {
    const notify = createAlertMailer({ database: t.database, mailer: mailer(), appUrl: 'http://localhost:3000', log });
    const deps = { database: t.database, clock: t.clock, notify };
    const patient = await createTestUser(t.database);
    const result = await createMeasurement(deps, patient, { kind: 'glucose', measuredAt: ago(5), value: 45, unit: 'mg/dL' });
    expect(result.alerts).toHaveLength(1);
    await notify.idle();
    expect(mailsTo(patient)).toEqual([]);

    // Same patient, same kind of write, setting on: the e-mail comes, so the silence above was the setting.
    await setSettings(patient, { emailAlerts: true });
    await createMeasurement(deps, patient, { kind: 'glucose', measuredAt: ago(3), value: 45, unit: 'mg/dL' });
    await notify.idle();
    expect(mailsTo(patient)).toHaveLength(1);
  });

  it('sends one summary for a batch import that raises several alerts, in the patient language and unit', async () => {
    const notify = createAlertMailer({ database: t.database, mailer: mailer(), appUrl: 'http://localhost:3000', log });
    const deps = { database: t.database, clock: t.clock, notify };
    const patient = await createTestUser(t.database, { firstName: 'Lucía', glucoseUnit: 'mmol/l' });
    await setSettings(patient, { emailAlerts: true, language: 'es' });
    // Four hours of CGM: 30 min at 48 mg/dL, back in range, 30 min at 300, back in range, 30 min at 60.
    const value = (i: number) => (i < 6 ? 48 : i < 12 ? 120 : i < 18 ? 300 : i < 24 ? 120 : i < 30 ? 60 : 120);
    const readings = Array.from({ length: 36 }, (_, i) => ({ measuredAt: ago(240 - 5 * i), value: value(i) }));
    const result = await insertGlucoseBatch(deps, patient, { source: 'cgm', deviceId: 'g7', unit: 'mg/dL', readings });
    expect(result.alerts.length).toBeGreaterThanOrEqual(3);
    await notify.idle();

    const mails = mailsTo(patient);
    expect(mails).toHaveLength(1);
    const mail = readMail(mails[0]!);
    expect(mail.subject).toBe(`GlucoSuivi: ${result.alerts.length} alertas nuevas`);
    expect(mail.text).toContain('Hola Lucía:');
    expect(mail.text).toContain('En caso de urgencia, llame al 15 (SAMU) o al 112');
    // 48 mg/dL is 2.7 mmol/L, written with the Spanish decimal comma.
    expect(mail.text).toContain('mínimo 2,7\u00A0mmol/L');
    expect(mail.text).toContain('máximo 16,7\u00A0mmol/L');
  });

  it('writes English for an English-speaking patient', async () => {
    const notify = createAlertMailer({ database: t.database, mailer: mailer(), appUrl: 'http://localhost:3000', log });
    const patient = await createTestUser(t.database, { firstName: 'Ann' });
    await setSettings(patient, { emailAlerts: true, language: 'en' });
    await createMeasurement({ database: t.database, clock: t.clock, notify }, patient, { kind: 'glucose', measuredAt: ago(5), value: 50, unit: 'mg/dL' });
    await notify.idle();
    const mail = readMail(mailsTo(patient)[0]!);
    expect(mail.subject).toBe('GlucoSuivi alert: severe hypoglycaemia');
    expect(mail.text).toContain('In an emergency, call 15 (SAMU) or 112');
    expect(mail.text).toContain('Severe hypoglycaemia: 50\u00A0mg/dL on 2 November at 09:55.');
  });

  it('keeps the reading when the SMTP server is down, and logs without health data', async () => {
    const down = await startSmtpServer();
    const downUrl = down.url;
    await down.close();
    warnings.length = 0;
    const notify = createAlertMailer({
      database: t.database,
      mailer: createMailer({ smtpUrl: downUrl, from: 'GlucoSuivi <no-reply@glucosuivi.fr>', outboxDir: '/nonexistent' }),
      appUrl: 'http://localhost:3000',
      log,
    });
    const patient = await createTestUser(t.database);
    await setSettings(patient, { emailAlerts: true });
    const result = await createMeasurement({ database: t.database, clock: t.clock, notify }, patient, {
      kind: 'glucose',
      measuredAt: ago(5),
      value: 47,
      unit: 'mg/dL',
    });
    expect(result.alerts).toHaveLength(1);
    await notify.idle();
    expect(warnings.map((w) => w.msg)).toEqual(['alert e-mail not sent']);
    const logged = JSON.stringify(warnings);
    expect(logged).toContain('ESOCKET');
    expect(logged).not.toContain('47');
    expect(logged).not.toContain(patient.email);
    expect(logged).not.toMatch(/hypo/i);

    const list = await t.app.inject({ url: '/api/measurements?kind=glucose', headers: actingAs(patient) });
    expect(list.json<{ items: unknown[] }>().items).toHaveLength(1);
  });
});
