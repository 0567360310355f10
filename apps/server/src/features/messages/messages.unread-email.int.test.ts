import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { user } from '../auth/auth.tables';
import { userSettings } from '../settings/settings.tables';
import { jobs } from '../../platform/jobs/jobs.tables';

const MINUTE = 60_000;
// Health data in a message: never in an e-mail.
const SECRET_TEXT = 'Glycémie à 48 ce matin après 6 unités, code-7Q2X';

describe('the e-mail about an unread message (job, 15 minutes later)', () => {
  let t: TestApp;
  let doctor: TestUser;

  /** A recipient who proved their address, with e-mail alerts as given. */
  async function prepare(person: TestUser, settings: { emailAlerts?: boolean; language?: 'fr' | 'en' | 'es'; verified?: boolean } = {}) {
    await t.database.db.update(user).set({ emailVerified: settings.verified ?? true }).where(eq(user.id, person.userId));
    await t.database.db
      .update(userSettings)
      .set({ emailAlerts: settings.emailAlerts ?? true, language: settings.language ?? 'fr' })
      .where(eq(userSettings.userId, person.userId));
  }

  /** A new patient linked to the doctor (by the doctor's code), with their own conversation. */
  async function linkedPatient(firstName: string): Promise<{ patient: TestUser; linkId: string }> {
    const patient = await createTestUser(t.database, { firstName, lastName: 'Dupont' });
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/care-team/invitations/professional',
      headers: actingAs(patient),
      payload: { code: doctor.userId.slice(0, 8).toUpperCase(), categories: ['weight'] },
    });
    expect(linked.statusCode).toBe(201);
    return { patient, linkId: (linked.json() as { linkId: string }).linkId };
  }

  const send = async (who: TestUser, linkId: string, text = SECRET_TEXT) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/messages/conversations/${linkId}/messages`, headers: actingAs(who), payload: { text } });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string };
  };
  const read = async (who: TestUser, linkId: string, upToMessageId: string) =>
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/messages/conversations/${linkId}/read`, headers: actingAs(who), payload: { upToMessageId } })).statusCode,
    ).toBe(200);
  /** The e-mails sent to this person since the test's mark. */
  const mailsTo = (person: TestUser, since: number) => t.sent.slice(since).filter((m) => m.to === person.email);

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire', lastName: 'Bernard' });
    await prepare(doctor, { language: 'en' });
  });
  afterAll(async () => t?.close());

  it('is sent 15 minutes after an unread message, in the recipient language, with a link and without the text', async () => {
    const { patient, linkId } = await linkedPatient('Camille');
    await prepare(patient);
    const mark = t.sent.length;
    const message = await send(patient, linkId);
    // One job per message, its payload ids only.
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.idempotencyKey, `message-unread:${message.id}`));
    expect(job).toMatchObject({ name: 'message.unread-email', status: 'queued' });
    expect(job!.runAt.getTime() - t.clock.now().getTime()).toBe(15 * MINUTE);
    // (Ids are random: look for the text's own words, never a bare number that a UUID may hold.)
    expect(Object.keys(job!.payload as object).sort()).toEqual(['linkId', 'messageId', 'recipientId', 'side']);
    for (const words of ['à 48', '6 unités', 'code-7Q2X', 'Glycémie']) expect(JSON.stringify(job!.payload)).not.toContain(words);

    t.clock.advance(14 * MINUTE);
    await t.jobs.runDue();
    expect(mailsTo(doctor, mark)).toHaveLength(0);
    t.clock.advance(MINUTE);
    await t.jobs.runDue();
    const [mail, ...others] = mailsTo(doctor, mark);
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('New message on GlucoSuivi');
    expect(mail!.text).toContain('You have a new message from Camille on GlucoSuivi.');
    expect(mail!.text).toContain(`http://localhost:3000/doctor/patients/${patient.userId}#messages`);
    for (const part of [mail!.subject, mail!.text, mail!.html]) {
      expect(part).not.toContain('à 48');
      expect(part).not.toContain('6 unités');
      expect(part).not.toContain('code-7Q2X');
      expect(part).not.toContain('Glycémie');
    }

    // The other way, in French, to the patient's messages page.
    const reply = await send(doctor, linkId, 'Bien reçu, on en parle mardi');
    t.clock.advance(15 * MINUTE);
    await t.jobs.runDue();
    const [toPatient] = mailsTo(patient, mark);
    expect(toPatient!.text).toContain('Vous avez un nouveau message de Claire sur GlucoSuivi.');
    expect(toPatient!.text).toContain('http://localhost:3000/messages');
    expect(toPatient!.text).not.toContain('mardi');
    expect(toPatient!.html).not.toContain('mardi');
    expect(reply.id).toBeTruthy();
    // Run again: nothing more (each job ran once, the send is keyed).
    await t.jobs.runDue();
    expect(mailsTo(patient, mark)).toHaveLength(1);
    expect(mailsTo(doctor, mark)).toHaveLength(1);
  });

  it('in Spanish for a Spanish-speaking recipient', async () => {
    const { patient, linkId } = await linkedPatient('Lucía');
    await prepare(patient, { language: 'es' });
    const mark = t.sent.length;
    await send(doctor, linkId, 'Hola');
    t.clock.advance(15 * MINUTE);
    await t.jobs.runDue();
    const [mail] = mailsTo(patient, mark);
    expect(mail!.subject).toBe('Nuevo mensaje en GlucoSuivi');
    expect(mail!.text).toContain('Tiene un nuevo mensaje de Claire en GlucoSuivi.');
  });

  it('is not sent when the message was read before', async () => {
    const { patient, linkId } = await linkedPatient('Inès');
    await prepare(patient);
    const mark = t.sent.length;
    const message = await send(doctor, linkId);
    t.clock.advance(10 * MINUTE);
    await read(patient, linkId, message.id);
    t.clock.advance(5 * MINUTE);
    await t.jobs.runDue();
    expect(mailsTo(patient, mark)).toHaveLength(0);
    const [job] = await t.database.db.select().from(jobs).where(eq(jobs.idempotencyKey, `message-unread:${message.id}`));
    expect(job!.status).toBe('done');
  });

  it('is not sent when e-mail alerts are off, nor to an address not proved', async () => {
    const { patient, linkId } = await linkedPatient('Hugo');
    await prepare(patient, { emailAlerts: false });
    const mark = t.sent.length;
    await send(doctor, linkId);
    t.clock.advance(15 * MINUTE);
    await t.jobs.runDue();
    expect(mailsTo(patient, mark)).toHaveLength(0);

    await prepare(patient, { emailAlerts: true, verified: false });
    await send(doctor, linkId);
    t.clock.advance(15 * MINUTE);
    await t.jobs.runDue();
    expect(mailsTo(patient, mark)).toHaveLength(0);
  });

  it('is not sent to a professional whose link was revoked meanwhile', async () => {
    const { patient, linkId } = await linkedPatient('Léa');
    await prepare(patient);
    const mark = t.sent.length;
    await send(patient, linkId);
    const revoked = await t.app.inject({ method: 'DELETE', url: `/api/care-team/links/${linkId}`, headers: actingAs(patient) });
    expect(revoked.statusCode).toBe(200);
    t.clock.advance(15 * MINUTE);
    await t.jobs.runDue();
    expect(mailsTo(doctor, mark)).toHaveLength(0);
  });

  it('at most one per conversation and hour, however many messages', async () => {
    const { patient, linkId } = await linkedPatient('Noé');
    await prepare(patient);
    // At the start of an hour, so that the three checks fall in the same hour.
    t.clock.set(new Date(Math.ceil(t.clock.now().getTime() / (60 * MINUTE)) * 60 * MINUTE));
    const mark = t.sent.length;
    for (let i = 0; i < 3; i++) {
      await send(doctor, linkId, `message ${i}`);
      t.clock.advance(5 * MINUTE);
    }
    t.clock.advance(15 * MINUTE);
    await t.jobs.runDue();
    expect(mailsTo(patient, mark)).toHaveLength(1);
    // An hour later, a new unread message may e-mail again.
    t.clock.advance(60 * MINUTE);
    await send(doctor, linkId, 'message 3');
    t.clock.advance(15 * MINUTE);
    await t.jobs.runDue();
    expect(mailsTo(patient, mark)).toHaveLength(2);
  });
});
