import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { notificationListSchema } from '@glucosuivi/domain/notifications/notifications.schemas';
import type { PushPayload } from '@glucosuivi/domain/push/push.schemas';
import { reminderSchema, timelineItemSchema, todaySchema, type ReminderInput } from '@glucosuivi/domain/reminders/reminders.schemas';
import type { DomainEvent } from '@glucosuivi/domain/shared/events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { jobs } from '../../platform/jobs/jobs.tables';
import type { PushOutcome, PushSender, PushTarget } from '../../platform/push/push.port';
import { userSettings } from '../settings/settings.tables';
import { notifications, pushSubscriptions } from '../notifications/notifications.tables';
import { reminderOccurrences, reminders } from './reminders.tables';
import { runReminderScheduler } from './reminder-delivery.service';

/*
 * The scheduler and the delivery pipeline on the test clock: a due reminder gives one
 * occurrence, one in-app notification and the channel jobs its reminder and the patient's
 * settings ask for (none in quiet hours); running again changes nothing; a snooze delivers again
 * under a new key; a late scheduler fires the latest occurrence only. Push goes to a fake sender
 * (the port; the real one is tested against a push service), e-mail to the test mailer.
 */

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const LABEL = 'Glycémie avant le déjeuner';
const NBSP = '\u00A0';

describe('reminder scheduler and delivery', () => {
  let t: TestApp;
  const pushCalls: { target: PushTarget; payload: PushPayload; options: { ttlSeconds?: number; topic?: string } | undefined }[] = [];
  let pushOutcome: (endpoint: string) => PushOutcome = () => 'sent';
  const fakePush: PushSender = {
    publicKey: 'test-key',
    send: async (target, payload, options) => {
      pushCalls.push({ target, payload, options });
      return pushOutcome(target.endpoint);
    },
  };
  const events: DomainEvent[] = [];

  const schedule = () => runReminderScheduler({ database: t.database, clock: t.clock, events: t.events });
  const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: actingAs(who), ...(payload ? { payload } : {}) });
  const create = async (who: TestUser, overrides: Partial<ReminderInput> = {}) => {
    const response = await call(who, 'POST', '/api/reminders', {
      kind: 'measurement',
      label: LABEL,
      schedule: { type: 'weekly', times: ['12:00'], days: EVERY_DAY },
      timeZone: 'Europe/Paris',
      startsOn: '2026-11-01',
      sendPush: true,
      sendEmail: true,
      ...overrides,
    });
    expect(response.statusCode, response.body).toBe(201);
    return reminderSchema.parse(response.json());
  };
  async function patientWith(settings: { emailAlerts?: boolean; notificationsPush?: boolean; language?: 'fr' | 'en' | 'es'; quiet?: [string, string] } = {}) {
    const person = await createTestUser(t.database);
    await t.database.db
      .update(userSettings)
      .set({
        emailAlerts: settings.emailAlerts ?? true,
        notificationsPush: settings.notificationsPush ?? true,
        language: settings.language ?? 'fr',
        quietHoursStart: settings.quiet?.[0] ?? null,
        quietHoursEnd: settings.quiet?.[1] ?? null,
      })
      .where(eq(userSettings.userId, person.userId));
    return person;
  }
  async function subscribe(person: TestUser, endpoint: string): Promise<string> {
    const [row] = await t.database.db
      .insert(pushSubscriptions)
      .values({ userId: person.userId, endpoint, p256dh: 'B'.repeat(87), auth: 'A'.repeat(22), createdAt: t.clock.now() })
      .returning({ id: pushSubscriptions.id });
    return row!.id;
  }
  const occurrencesOf = (reminderId: string) =>
    t.database.db.select().from(reminderOccurrences).where(eq(reminderOccurrences.reminderId, reminderId)).orderBy(reminderOccurrences.dueAt);
  const notificationsOf = (person: TestUser) => t.database.db.select().from(notifications).where(eq(notifications.userId, person.userId));
  const jobsOf = (occurrenceId: string) =>
    t.database.db
      .select({ key: jobs.idempotencyKey, name: jobs.name, status: jobs.status, lastError: jobs.lastError, payload: jobs.payload })
      .from(jobs)
      .where(like(jobs.idempotencyKey, `reminder:${occurrenceId}:%`))
      .orderBy(jobs.idempotencyKey);
  const mailsTo = (person: TestUser) => t.sent.filter((mail) => mail.to === person.email);

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor, push: fakePush });
    for (const type of ['notification.created', 'reminder.due'] as const) t.events.subscribe(type, (event) => void events.push(event));
  });
  afterAll(async () => t?.close());

  let first: { patient: TestUser; reminderId: string; occurrenceId: string; subscriptionId: string } | undefined;

  it('fires a due reminder once: one occurrence, one unread notification, one push, one e-mail', async () => {
    const patient = await patientWith();
    const subscriptionId = await subscribe(patient, 'https://push.example.test/one');
    const reminder = await create(patient);
    t.clock.set(new Date('2026-11-02T11:00:20Z')); // 12:00:20 in Paris
    await t.jobs.runDue();

    const [occurrence, ...moreOccurrences] = await occurrencesOf(reminder.id);
    expect(moreOccurrences).toHaveLength(0);
    expect(occurrence).toMatchObject({ dueAt: new Date('2026-11-02T11:00:00Z'), status: 'pending', snoozeCount: 0, deliveredAt: t.clock.now() });
    const occurrenceId = occurrence!.id;
    expect(await notificationsOf(patient)).toEqual([expect.objectContaining({ kind: 'reminder', subjectId: occurrenceId, patientId: patient.userId, readAt: null })]);
    const [stored] = await t.database.db.select({ next: reminders.nextDueAt }).from(reminders).where(eq(reminders.id, reminder.id));
    expect(stored!.next).toEqual(new Date('2026-11-03T11:00:00Z'));

    // One job per channel and per browser, each under its key, all done; payloads are ids only.
    const channelJobs = await jobsOf(occurrenceId);
    expect(channelJobs.map((j) => [j.key, j.name, j.status])).toEqual([
      [`reminder:${occurrenceId}:0:email`, 'notify.email', 'done'],
      [`reminder:${occurrenceId}:0:push`, 'notify.push', 'done'],
      [`reminder:${occurrenceId}:0:push:${subscriptionId}`, 'push.send', 'done'],
    ]);
    for (const job of channelJobs) expect(JSON.stringify(job.payload)).not.toContain('Glycémie');

    const [mail, ...moreMails] = mailsTo(patient);
    expect(moreMails).toHaveLength(0);
    expect(mail).toMatchObject({ subject: `Rappel GlucoSuivi${NBSP}: ${LABEL}`, messageId: `<reminder.${occurrenceId}.0@glucosuivi.local>` });
    expect(mail!.text).toContain('(prévu à 12:00)');
    expect(mail!.text).toContain('http://localhost:3000/reminders');

    expect(pushCalls).toHaveLength(1);
    expect(pushCalls[0]).toEqual({
      target: { endpoint: 'https://push.example.test/one', p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
      payload: { title: `Rappel${NBSP}: ${LABEL}`, body: 'Mesure prévue à 12:00.', url: 'http://localhost:3000/reminders', tag: occurrenceId },
      options: { ttlSeconds: 3600, topic: occurrenceId.replace(/-/g, '') },
    });
    const [subscription] = await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    expect(subscription!.lastSuccessAt).toEqual(t.clock.now());

    const [notification] = await notificationsOf(patient);
    expect(events).toEqual(
      expect.arrayContaining([
        { type: 'notification.created', userId: patient.userId, patientId: patient.userId, notificationId: notification!.id, kind: 'reminder' },
        { type: 'reminder.due', patientId: patient.userId, reminderId: reminder.id, occurrenceId },
      ]),
    );
    first = { patient, reminderId: reminder.id, occurrenceId, subscriptionId };
  });

  it('running the slot again (another server, a retry) changes nothing', async () => {
    const { patient, reminderId, occurrenceId } = first!;
    expect(await schedule()).toEqual({ fired: 0, redelivered: 0 });
    await t.jobs.runDue();
    t.clock.advance(30_000);
    await t.jobs.runDue();
    expect(await occurrencesOf(reminderId)).toHaveLength(1);
    expect(await notificationsOf(patient)).toHaveLength(1);
    expect(await jobsOf(occurrenceId)).toHaveLength(3);
    expect(mailsTo(patient)).toHaveLength(1);
    expect(pushCalls).toHaveLength(1);
  });

  it('lists the delivered reminder in the notification centre, unread until read', async () => {
    const { patient, reminderId, occurrenceId } = first!;
    const list = notificationListSchema.parse((await call(patient, 'GET', '/api/notifications')).json());
    expect(list.unread).toBe(1);
    expect(list.items).toEqual([
      expect.objectContaining({
        kind: 'reminder',
        readAt: null,
        reminder: { occurrenceId, reminderId, reminderKind: 'measurement', label: LABEL, medicationName: null, dueAt: '2026-11-02T11:00:00.000Z', status: 'pending' },
      }),
    ]);
    // Nobody else sees it, nor can mark it read.
    const stranger = await patientWith();
    expect(notificationListSchema.parse((await call(stranger, 'GET', '/api/notifications')).json())).toEqual({ items: [], unread: 0 });
    await call(stranger, 'POST', '/api/notifications/read', { ids: [list.items[0]!.id] });
    expect(notificationListSchema.parse((await call(patient, 'GET', '/api/notifications')).json()).unread).toBe(1);
    const read = notificationListSchema.parse((await call(patient, 'POST', '/api/notifications/read', { ids: [list.items[0]!.id] })).json());
    expect(read.unread).toBe(0);
    expect(read.items[0]!.readAt).toBe(t.clock.now().toISOString());
  });

  it('a snooze delivers the occurrence again, unread, under a new key; done ends it', async () => {
    const { patient, occurrenceId } = first!;
    const snoozed = await call(patient, 'POST', `/api/reminders/occurrences/${occurrenceId}/snooze`, { minutes: 10 });
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    const until = new Date(t.clock.now().getTime() + 10 * 60_000);
    expect(timelineItemSchema.parse(snoozed.json())).toMatchObject({ occurrenceId, status: 'snoozed', snoozedUntil: until.toISOString() });
    expect((await call(patient, 'POST', `/api/reminders/occurrences/${occurrenceId}/snooze`, { minutes: 15 })).statusCode).toBe(400);

    t.clock.advance(5 * 60_000);
    expect((await schedule()).redelivered).toBe(0);
    t.clock.set(until);
    await t.jobs.runDue();
    const [occurrence] = await occurrencesOf(first!.reminderId);
    expect(occurrence).toMatchObject({ status: 'pending', snoozedUntil: null, snoozeCount: 1, deliveredAt: until });
    const [notification, ...more] = await notificationsOf(patient);
    expect(more).toHaveLength(0);
    expect(notification).toMatchObject({ readAt: null, createdAt: until });
    expect(mailsTo(patient).map((m) => m.messageId)).toEqual([`<reminder.${occurrenceId}.0@glucosuivi.local>`, `<reminder.${occurrenceId}.1@glucosuivi.local>`]);
    expect(pushCalls.map((c) => c.payload.tag)).toEqual([occurrenceId, occurrenceId]);
    expect((await jobsOf(occurrenceId)).map((j) => j.key)).toContain(`reminder:${occurrenceId}:1:email`);

    const done = await call(patient, 'POST', `/api/reminders/occurrences/${occurrenceId}/done`);
    expect(timelineItemSchema.parse(done.json())).toMatchObject({ status: 'done', snoozedUntil: null });
    expect((await notificationsOf(patient))[0]!.readAt).toEqual(t.clock.now());
  });

  it('two schedulers at once (two servers, overlapping slots) create and deliver each occurrence once', async () => {
    const patient = await patientWith();
    const created = [];
    for (let i = 0; i < 25; i++) created.push(await create(patient, { label: `Rappel ${i}`, schedule: { type: 'weekly', times: ['13:00'], days: EVERY_DAY }, sendPush: false }));
    t.clock.set(new Date('2026-11-02T12:00:05Z'));
    const runs = await Promise.all([1, 2, 3].map(() => runReminderScheduler({ database: t.database, clock: t.clock, events: t.events }, { batchSize: 7 })));
    expect(runs.reduce((sum, run) => sum + run.fired, 0)).toBe(25);
    for (const reminder of created) expect(await occurrencesOf(reminder.id)).toHaveLength(1);
    expect(await notificationsOf(patient)).toHaveLength(25);
    const emailJobs = await t.database.db
      .select({ key: jobs.idempotencyKey })
      .from(jobs)
      .where(and(eq(jobs.name, 'notify.email'), sql`${jobs.payload}->>'userId' = ${patient.userId}`));
    expect(emailJobs).toHaveLength(25);
    await t.jobs.runDue();
    expect(new Set(mailsTo(patient).map((m) => m.messageId)).size).toBe(25);
    expect(mailsTo(patient)).toHaveLength(25);
  });

  it('channels follow the reminder and the settings; quiet hours leave only the in-app notification', async () => {
    const quiet = await patientWith({ quiet: ['13:30', '14:30'] });
    const noEmailSetting = await patientWith({ emailAlerts: false, notificationsPush: false });
    const pushOnly = await patientWith();
    await subscribe(quiet, 'https://push.example.test/quiet');
    await subscribe(noEmailSetting, 'https://push.example.test/no-email');
    await subscribe(pushOnly, 'https://push.example.test/push-only');
    const at14 = { schedule: { type: 'weekly' as const, times: ['14:00'], days: EVERY_DAY } };
    const reminderIds = [
      (await create(quiet, at14)).id,
      (await create(noEmailSetting, at14)).id,
      (await create(pushOnly, { ...at14, sendEmail: false })).id,
    ];
    t.clock.set(new Date('2026-11-02T13:00:10Z'));
    await schedule();
    const keysOf = async (reminderId: string) => {
      const [occurrence] = await occurrencesOf(reminderId);
      return (await jobsOf(occurrence!.id)).map((j) => j.key!.split(':').slice(3).join(':'));
    };
    expect(await keysOf(reminderIds[0]!)).toEqual([]);
    expect(await keysOf(reminderIds[1]!)).toEqual([]);
    expect(await keysOf(reminderIds[2]!)).toEqual(['push']);
    for (const person of [quiet, noEmailSetting, pushOnly]) expect(await notificationsOf(person)).toHaveLength(1);
  });

  it('after an outage only the latest due occurrence fires, and the next one is after now', async () => {
    const patient = await patientWith();
    const reminder = await create(patient, { schedule: { type: 'weekly', times: ['08:00', '15:00', '18:00'], days: EVERY_DAY } });
    expect(reminder.nextDueAt).toBe('2026-11-02T14:00:00.000Z');
    t.clock.set(new Date('2026-11-02T18:30:00Z')); // 19:30 in Paris: 15:00 and 18:00 came due meanwhile
    await schedule();
    expect((await occurrencesOf(reminder.id)).map((o) => o.dueAt.toISOString())).toEqual(['2026-11-02T17:00:00.000Z']);
    const [stored] = await t.database.db.select({ next: reminders.nextDueAt }).from(reminders).where(eq(reminders.id, reminder.id));
    expect(stored!.next).toEqual(new Date('2026-11-03T07:00:00Z'));
    expect(await notificationsOf(patient)).toHaveLength(1);
  });

  it('shows today: what came due with its state, then what is still to come, in the patient’s zone', async () => {
    t.clock.set(new Date('2026-11-03T06:00:00Z')); // Tuesday, 07:00 in Paris
    const patient = await patientWith();
    const stranger = await patientWith();
    const morning = await create(patient, { label: 'Glycémie à jeun', schedule: { type: 'weekly', times: ['08:00', '21:00'], days: EVERY_DAY }, sendPush: false, sendEmail: false });
    const pill = await create(patient, { kind: 'medication', label: 'Traitement', medicationName: 'Metformine', schedule: { type: 'weekly', times: ['09:30'], days: EVERY_DAY }, sendPush: false, sendEmail: false });
    const paused = await create(patient, { label: 'En pause', schedule: { type: 'weekly', times: ['22:00'], days: EVERY_DAY } });
    await call(patient, 'POST', `/api/reminders/${paused.id}/pause`);
    await create(stranger, { label: 'Pas à moi', schedule: { type: 'weekly', times: ['10:00'], days: EVERY_DAY } });

    t.clock.set(new Date('2026-11-03T07:00:10Z'));
    await schedule();
    const [morningOccurrence] = await occurrencesOf(morning.id);
    expect((await call(patient, 'POST', `/api/reminders/occurrences/${morningOccurrence!.id}/done`)).statusCode).toBe(200);
    // Another patient's occurrence is not found for them, whatever the action.
    for (const action of ['done', 'skip']) expect((await call(stranger, 'POST', `/api/reminders/occurrences/${morningOccurrence!.id}/${action}`)).statusCode).toBe(404);
    expect((await call(stranger, 'POST', `/api/reminders/occurrences/${morningOccurrence!.id}/snooze`, { minutes: 10 })).statusCode).toBe(404);
    expect((await occurrencesOf(morning.id))[0]!.status).toBe('done');

    t.clock.set(new Date('2026-11-03T08:30:10Z'));
    await schedule();
    t.clock.set(new Date('2026-11-03T08:45:00Z'));
    const today = todaySchema.parse((await call(patient, 'GET', '/api/reminders/today')).json());
    expect(today.day).toBe('2026-11-03');
    expect(today.timeZone).toBe('Europe/Paris');
    expect(today.items.map((i) => [i.dueAt, i.label, i.status, i.occurrenceId === null])).toEqual([
      ['2026-11-03T07:00:00.000Z', 'Glycémie à jeun', 'done', false],
      ['2026-11-03T08:30:00.000Z', 'Traitement', 'pending', false],
      ['2026-11-03T20:00:00.000Z', 'Glycémie à jeun', 'upcoming', true],
    ]);
    expect(today.items[1]).toMatchObject({ kind: 'medication', medicationName: 'Metformine', reminderId: pill.id });
  });

  it('a paused reminder does not fire; resumed, it fires from now on, not what it missed', async () => {
    t.clock.set(new Date('2026-11-03T08:50:00Z'));
    const patient = await patientWith();
    const reminder = await create(patient, { schedule: { type: 'weekly', times: ['10:00'], days: EVERY_DAY } });
    await call(patient, 'POST', `/api/reminders/${reminder.id}/pause`);
    t.clock.set(new Date('2026-11-03T09:00:10Z'));
    await schedule();
    t.clock.set(new Date('2026-11-03T09:30:00Z'));
    const resumed = reminderSchema.parse((await call(patient, 'POST', `/api/reminders/${reminder.id}/resume`)).json());
    expect(resumed.nextDueAt).toBe('2026-11-04T09:00:00.000Z');
    await schedule();
    expect(await occurrencesOf(reminder.id)).toHaveLength(0);
    expect(await notificationsOf(patient)).toHaveLength(0);
  });

  it('a push service saying gone forgets the browser; a failure is retried with backoff', async () => {
    t.clock.set(new Date('2026-11-03T09:40:00Z'));
    const patient = await patientWith();
    const gone = await subscribe(patient, 'https://push.example.test/gone');
    const flaky = await subscribe(patient, 'https://push.example.test/flaky');
    const reminder = await create(patient, { schedule: { type: 'weekly', times: ['11:00'], days: EVERY_DAY }, sendEmail: false });
    pushOutcome = (endpoint) => (endpoint.endsWith('/gone') ? 'gone' : endpoint.endsWith('/flaky') ? 'failed' : 'sent');
    try {
      t.clock.set(new Date('2026-11-03T10:00:10Z'));
      await t.jobs.runDue();
      expect((await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, patient.userId))).map((s) => s.id)).toEqual([flaky]);
      const [occurrence] = await occurrencesOf(reminder.id);
      const flakyKey = `reminder:${occurrence!.id}:0:push:${flaky}`;
      const statusOf = async () => (await jobsOf(occurrence!.id)).find((j) => j.key === flakyKey);
      expect(await statusOf()).toMatchObject({ status: 'queued', lastError: 'PushFailed' });
      expect((await jobsOf(occurrence!.id)).find((j) => j.key === `reminder:${occurrence!.id}:0:push:${gone}`)).toMatchObject({ status: 'done' });
      pushOutcome = () => 'sent';
      t.clock.advance(31_000);
      await t.jobs.runDue();
      expect(await statusOf()).toMatchObject({ status: 'done', lastError: null });
      expect(pushCalls.filter((c) => c.target.endpoint.endsWith('/flaky'))).toHaveLength(2);
    } finally {
      pushOutcome = () => 'sent';
    }
  });

  it('a deleted reminder takes its notifications with it', async () => {
    const { patient, reminderId } = first!;
    expect(await notificationsOf(patient)).toHaveLength(1);
    expect((await call(patient, 'DELETE', `/api/reminders/${reminderId}`)).statusCode).toBe(204);
    expect(await notificationsOf(patient)).toHaveLength(0);
  });
});

describe('reminder delivery without web push configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
  });
  afterAll(async () => t?.close());

  it('delivers in-app and by e-mail, and skips push with one warning', async () => {
    const patient = await createTestUser(t.database);
    await t.database.db.update(userSettings).set({ emailAlerts: true }).where(eq(userSettings.userId, patient.userId));
    await t.database.db
      .insert(pushSubscriptions)
      .values({ userId: patient.userId, endpoint: 'https://push.example.test/x', p256dh: 'B'.repeat(87), auth: 'A'.repeat(22), createdAt: t.clock.now() });
    for (const time of ['12:00', '12:30']) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/reminders',
        headers: actingAs(patient),
        payload: { kind: 'measurement', label: LABEL, schedule: { type: 'weekly', times: [time], days: EVERY_DAY }, timeZone: 'Europe/Paris', startsOn: '2026-11-01', sendPush: true, sendEmail: true },
      });
      expect(created.statusCode).toBe(201);
    }
    t.clock.set(new Date('2026-11-02T11:30:10Z'));
    await t.jobs.runDue();
    expect(t.sent.filter((m) => m.to === patient.email)).toHaveLength(2);
    const pushJobs = await t.database.db.select({ name: jobs.name, status: jobs.status }).from(jobs).where(like(jobs.name, '%push%'));
    expect(pushJobs).toEqual([
      { name: 'notify.push', status: 'done' },
      { name: 'notify.push', status: 'done' },
    ]);
    expect(t.logs.filter((line) => line.includes('web push is not configured'))).toHaveLength(1);
  });
});
