// The administrators' support inbox: order, answers e-mailed in the requester's language, status
// changes, the audit, and nobody else reaching it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import {
  adminSupportConversationSchema,
  adminSupportTicketListSchema,
  supportConversationSchema,
} from '@glucosuivi/domain/support/support.schemas';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { readMail, startSmtpServer } from '../../test/smtp';
import { createMailer } from '../../platform/mail';
import { userSettings } from '../settings/settings.tables';
import { adminActions } from '../admin/admin.tables';
import { supportTicketReplies, supportTickets } from './support.tables';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let admin: TestUser;
let patient: TestUser;
let professional: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    resolveActor: headerActor,
    mailer: createMailer({ smtpUrl: smtp.url, from: 'GlucoSuivi <no-reply@glucosuivi.fr>', outboxDir: '/nonexistent' }),
  });
  admin = await createTestUser(t.database, { role: 'admin', firstName: 'Alex' });
  patient = await createTestUser(t.database, { firstName: 'Camille' });
  professional = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let ipCounter = 1;
const nextIp = () => `10.9.0.${ipCounter++}`;

async function fileTicket(who: TestUser | { email: string; language: 'fr' | 'en' | 'es' }, subject: string, type = 'question'): Promise<string> {
  const body = { subject, message: `Message : ${subject}`, type };
  const res =
    'userId' in who
      ? await t.app.inject({ method: 'POST', url: '/api/support/tickets', payload: body, headers: actingAs(who), remoteAddress: nextIp() })
      : await t.app.inject({ method: 'POST', url: '/api/contact', payload: { ...body, ...who }, remoteAddress: nextIp() });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

const inbox = (query = '', who: TestUser = admin) => t.app.inject({ url: `/api/admin/support/tickets${query}`, headers: actingAs(who) });
const answer = (id: string, payload: object, who: TestUser = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/support/tickets/${id}/answer`, payload, headers: actingAs(who) });
const setStatus = (id: string, status: string, who: TestUser = admin) =>
  t.app.inject({ method: 'POST', url: `/api/admin/support/tickets/${id}/status`, payload: { status }, headers: actingAs(who) });
const auditOf = (detailPart: string) =>
  t.database.db.select().from(adminActions).then((rows) => rows.filter((row) => row.detail?.includes(detailPart)));
const repliesOf = (id: string) => t.database.db.select().from(supportTicketReplies).where(eq(supportTicketReplies.ticketId, id));
const ticketRow = async (id: string) => (await t.database.db.select().from(supportTickets).where(eq(supportTickets.id, id)))[0]!;
const ref = (id: string) => id.slice(0, 8).toUpperCase();
/** The answer e-mail about this ticket (its acknowledgement has the same reference but no "GlucoSuivi" in its subject). */
const isAnswerTo = (id: string) => (m: Parameters<typeof readMail>[0]) => {
  const { subject } = readMail(m);
  return subject.includes(`[${ref(id)}]`) && subject.includes('GlucoSuivi');
};
const answerMail = async (to: string, id: string) => readMail(await smtp.waitFor((m) => m.to.includes(to) && isAnswerTo(id)(m)));
const setLanguage = (who: TestUser, language: string) =>
  t.database.db.update(userSettings).set({ language }).where(eq(userSettings.userId, who.userId));

describe('support inbox', () => {
  it('lists open tickets first, urgent first, longest waiting first; then the others; with counts and requester kinds', async () => {
    const oldQuestion = await fileTicket(patient, '[ordre] question ancienne');
    t.clock.advance(60_000);
    const urgent = await fileTicket(professional, '[ordre] urgence', 'urgent');
    t.clock.advance(60_000);
    const answeredBug = await fileTicket(patient, '[ordre] bug répondu', 'bug');
    t.clock.advance(60_000);
    const newFeature = await fileTicket({ email: 'visiteur@example.test', language: 'fr' }, '[ordre] idée', 'feature');
    t.clock.advance(60_000);
    const closedUrgent = await fileTicket(patient, '[ordre] urgence close', 'urgent');
    t.clock.advance(60_000);
    expect((await setStatus(closedUrgent, 'closed')).statusCode).toBe(200);
    t.clock.advance(60_000);
    expect((await answer(answeredBug, { message: 'Corrigé dans la dernière version.' })).statusCode).toBe(201);

    const res = await inbox('?q=%5Bordre%5D');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const body = adminSupportTicketListSchema.parse(res.json());
    expect(body.items.map((i) => i.id)).toEqual([urgent, oldQuestion, newFeature, closedUrgent, answeredBug]);
    expect(body.counts).toEqual({ open: 3, answered: 1, closed: 1 });
    const byId = new Map(body.items.map((i) => [i.id, i]));
    expect(byId.get(urgent)).toMatchObject({ kind: 'professional', email: professional.email, status: 'open', type: 'urgent' });
    expect(byId.get(oldQuestion)).toMatchObject({ kind: 'patient', email: patient.email });
    expect(byId.get(newFeature)).toMatchObject({ kind: 'contact', email: 'visiteur@example.test', language: 'fr' });
    expect(byId.get(answeredBug)).toMatchObject({ status: 'answered', replyCount: 1 });

    const openOnly = adminSupportTicketListSchema.parse((await inbox('?q=%5Bordre%5D&status=open')).json());
    expect(openOnly.items.map((i) => i.id)).toEqual([urgent, oldQuestion, newFeature]);
    expect(openOnly.counts).toEqual(body.counts);
    const urgentOnly = adminSupportTicketListSchema.parse((await inbox('?q=%5Bordre%5D&type=urgent')).json());
    expect(urgentOnly.items.map((i) => i.id)).toEqual([urgent, closedUrgent]);
    expect(urgentOnly.counts).toEqual({ open: 1, answered: 0, closed: 1 });
    const byReference = adminSupportTicketListSchema.parse((await inbox(`?q=${ref(newFeature).toLowerCase()}`)).json());
    expect(byReference.items.map((i) => i.id)).toEqual([newFeature]);
    const byAddress = adminSupportTicketListSchema.parse((await inbox('?q=VISITEUR@example')).json());
    expect(byAddress.items.map((i) => i.id)).toContain(newFeature);
    expect((await inbox('?status=pending')).statusCode).toBe(400);
  });

  it('answers a patient: stores the reply, marks it answered, audits it and e-mails the answer in English', async () => {
    const id = await fileTicket(patient, 'Night alerts');
    // The account's language when the answer goes, not when the ticket came.
    await setLanguage(patient, 'en');
    t.clock.advance(60_000);
    const res = await answer(id, { message: 'Open Settings, then Alerts.\nThe night alerts are there.' });
    expect(res.statusCode).toBe(201);
    const body = adminSupportConversationSchema.parse(res.json());
    expect(body.ticket).toMatchObject({ status: 'answered', replyCount: 1, kind: 'patient', language: 'en' });
    expect(body.messages.map((m) => m.fromSupport)).toEqual([false, true]);
    expect(await repliesOf(id)).toEqual([expect.objectContaining({ fromSupport: true, authorId: admin.userId })]);
    expect((await ticketRow(id)).status).toBe('answered');

    const mail = await answerMail(patient.email, id);
    expect(mail.subject).toBe(`Answer from GlucoSuivi support [${ref(id)}]: Night alerts`);
    expect(mail.text).toContain('Open Settings, then Alerts.');
    expect(mail.text).toContain('http://localhost:3000/support#my-requests');

    expect(await auditOf(ref(id))).toEqual([
      expect.objectContaining({ action: 'ticket.answer', actorId: admin.userId, actorEmail: admin.email, targetUserId: patient.userId }),
    ]);
    // The requester sees the answer in their history.
    const theirs = supportConversationSchema.parse(
      (await t.app.inject({ url: `/api/support/tickets/${id}`, headers: actingAs(patient) })).json(),
    );
    expect(theirs.messages.at(-1)).toMatchObject({ fromSupport: true, message: 'Open Settings, then Alerts.\nThe night alerts are there.' });
    await setLanguage(patient, 'fr');
  });

  it('answers a professional in French with the link to /doctor-support', async () => {
    const id = await fileTicket(professional, 'Export des patients');
    expect((await answer(id, { message: 'Utilisez le bouton Exporter.' })).statusCode).toBe(201);
    const mail = await answerMail(professional.email, id);
    expect(mail.subject).toBe(`Réponse du support GlucoSuivi [${ref(id)}] : Export des patients`);
    expect(mail.text).toContain('Utilisez le bouton Exporter.');
    expect(mail.text).toContain('http://localhost:3000/doctor-support#my-requests');
  });

  it('answers a contact-form ticket by e-mail only, in the ticket language, pointing to the contact form', async () => {
    const id = await fileTicket({ email: 'visitante@example.test', language: 'es' }, 'Cuenta bloqueada');
    const res = await answer(id, { message: 'Puede restablecer su contraseña.' });
    expect(adminSupportConversationSchema.parse(res.json()).ticket).toMatchObject({ kind: 'contact', status: 'answered' });
    const mail = await answerMail('visitante@example.test', id);
    expect(mail.subject).toBe(`Respuesta del soporte de GlucoSuivi [${ref(id)}]: Cuenta bloqueada`);
    expect(mail.text).toContain('Puede restablecer su contraseña.');
    expect(mail.text).toContain('http://localhost:3000/contact');
    expect(mail.text).not.toContain('#my-requests');
    expect(await auditOf(ref(id))).toEqual([expect.objectContaining({ action: 'ticket.answer', targetUserId: null, targetEmail: 'visitante@example.test' })]);
  });

  it('changes the status, audits each change once, and a closed ticket refuses the follow-up', async () => {
    const id = await fileTicket(patient, 'Fermeture');
    const closed = await setStatus(id, 'closed');
    expect(closed.statusCode).toBe(200);
    expect(adminSupportConversationSchema.parse(closed.json()).ticket.status).toBe('closed');
    expect((await setStatus(id, 'closed')).statusCode).toBe(200);
    expect(await auditOf(ref(id))).toEqual([expect.objectContaining({ action: 'ticket.status', detail: `ticket ${ref(id)}: open → closed` })]);
    const followUp = await t.app.inject({ method: 'POST', url: `/api/support/tickets/${id}/replies`, payload: { message: 'Encore moi' }, headers: actingAs(patient) });
    expect(errorBodySchema.parse(followUp.json()).error.code).toBe('ticket_closed');
    expect((await setStatus(id, 'open')).statusCode).toBe(200);
    expect((await ticketRow(id)).status).toBe('open');
    expect(await auditOf(ref(id))).toHaveLength(2);
  });

  it.each([
    ['an empty answer', { message: ' ' }],
    ['a 5,001-character answer', { message: 'x'.repeat(5001) }],
    ['an unknown field', { message: 'Bonjour', status: 'closed' }],
  ])('answers 400 to %s and stores, audits and sends nothing', async (_name, payload) => {
    const id = await fileTicket(patient, `Validation ${_name}`);
    const mailsBefore = smtp.received.length;
    const res = await answer(id, payload);
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).error.code).toBe('validation_failed');
    expect(await repliesOf(id)).toHaveLength(0);
    expect((await ticketRow(id)).status).toBe('open');
    expect(await auditOf(ref(id))).toHaveLength(0);
    // The acknowledgement of the ticket may still be arriving; nothing about an answer does.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.received.slice(mailsBefore).filter(isAnswerTo(id))).toEqual([]);
  });

  it('answers 404 for an unknown ticket, and 400 for a bad status', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await answer(unknown, { message: 'Bonjour' })).statusCode).toBe(404);
    expect((await setStatus(unknown, 'closed')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/admin/support/tickets/${unknown}`, headers: actingAs(admin) })).statusCode).toBe(404);
    const id = await fileTicket(patient, 'Statut inconnu');
    expect((await setStatus(id, 'archived')).statusCode).toBe(400);
    expect(await auditOf(ref(id))).toHaveLength(0);
  });

  it('answers 404 to a patient or a professional on every administrators’ endpoint, and 401 without a session', async () => {
    const id = await fileTicket(patient, 'Accès');
    for (const who of [patient, professional]) {
      expect((await inbox('', who)).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/admin/support/tickets/${id}`, headers: actingAs(who) })).statusCode).toBe(404);
      expect((await answer(id, { message: 'Je me réponds' }, who)).statusCode).toBe(404);
      expect((await setStatus(id, 'closed', who)).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/admin/support/tickets' })).statusCode).toBe(401);
    expect(await repliesOf(id)).toHaveLength(0);
    expect((await ticketRow(id)).status).toBe('open');
  });

  it('opens one ticket with its conversation', async () => {
    const id = await fileTicket(professional, 'Conversation');
    await answer(id, { message: 'Première réponse' });
    t.clock.advance(60_000);
    await t.app.inject({ method: 'POST', url: `/api/support/tickets/${id}/replies`, payload: { message: 'Merci !' }, headers: actingAs(professional) });
    const body = adminSupportConversationSchema.parse((await t.app.inject({ url: `/api/admin/support/tickets/${id}`, headers: actingAs(admin) })).json());
    expect(body.ticket).toMatchObject({ status: 'open', replyCount: 2, kind: 'professional', email: professional.email });
    expect(body.messages.map((m) => [m.fromSupport, m.message])).toEqual([
      [false, 'Message : Conversation'],
      [true, 'Première réponse'],
      [false, 'Merci !'],
    ]);
  });
});
