import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { quietHoursSchema, reminderListSchema, reminderSchema, type ReminderInput } from '@glucosuivi/domain/reminders/reminders.schemas';
import { errorBodySchema } from '@glucosuivi/domain/shared/errors';
import type { DomainEventOf } from '@glucosuivi/domain/shared/events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { reminderOccurrences, reminders } from './reminders.tables';

/*
 * Reminders' HTTP side: create, validate, read, change, pause, resume, delete, quiet hours; a
 * patient's own only. The test clock stands on Monday 2 November 2026, 09:00 UTC (10:00 in Paris).
 */

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
const input = (overrides: Partial<ReminderInput> = {}): ReminderInput => ({
  kind: 'measurement',
  label: 'Glycémie avant le déjeuner',
  schedule: { type: 'weekly', times: ['12:00'], days: EVERY_DAY },
  timeZone: 'Europe/Paris',
  startsOn: '2026-11-01',
  ...overrides,
});

describe('reminders: a patient’s own, validated, paused and resumed', () => {
  let t: TestApp;
  let patient: TestUser;
  let other: TestUser;
  let doctor: TestUser;
  const changed: DomainEventOf<'reminder.changed'>[] = [];

  const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: actingAs(who), ...(payload ? { payload } : {}) });
  const create = async (who: TestUser, overrides: Partial<ReminderInput> = {}) => {
    const response = await call(who, 'POST', '/api/reminders', input(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return reminderSchema.parse(response.json());
  };
  const storedCount = async (who: TestUser) =>
    (await t.database.db.select({ id: reminders.id }).from(reminders).where(eq(reminders.patientId, who.userId))).length;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database, { firstName: 'Camille' });
    other = await createTestUser(t.database, { firstName: 'Louis' });
    doctor = await createTestUser(t.database, { role: 'doctor', firstName: 'Claire' });
    t.events.subscribe('reminder.changed', (event) => void changed.push(event));
  });
  afterAll(async () => t?.close());

  it('creates a reminder that fires next at 12:00 Paris time, lists it, and tells the patient’s other tabs', async () => {
    const created = await create(patient, { sendPush: true });
    expect(created).toMatchObject({
      kind: 'measurement',
      label: 'Glycémie avant le déjeuner',
      paused: false,
      sendPush: true,
      sendEmail: false,
      medicationName: null,
      endsOn: null,
      // Monday 2 November, 12:00 in Paris (UTC+1 since the autumn change).
      nextDueAt: '2026-11-02T11:00:00.000Z',
    });
    const list = reminderListSchema.parse((await call(patient, 'GET', '/api/reminders')).json());
    expect(list.reminders.map((r) => r.id)).toEqual([created.id]);
    expect(changed.at(-1)).toEqual({ type: 'reminder.changed', patientId: patient.userId, reminderId: created.id });
  });

  it('keeps a medication’s name and instructions, and drops them from other kinds', async () => {
    const medication = await create(patient, { kind: 'medication', label: 'Traitement du soir', medicationName: 'Metformine', instructions: 'Pendant le repas' });
    expect(medication).toMatchObject({ medicationName: 'Metformine', instructions: 'Pendant le repas' });
    const measurement = await create(patient, { medicationName: 'Metformine', instructions: 'x' });
    expect(measurement).toMatchObject({ medicationName: null, instructions: null });
  });

  it.each([
    ['a time that does not exist', { schedule: { type: 'weekly', times: ['25:00'], days: [1] } }],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }],
    ['two times within 5 minutes', { schedule: { type: 'weekly', times: ['08:00', '08:03'], days: [1] } }],
    ['a rule firing every minute', { schedule: { type: 'rrule', rule: 'FREQ=MINUTELY' } }],
    ['a schedule that never fires (Mondays, within a week without one)', { schedule: { type: 'weekly', times: ['08:00'], days: [1] }, startsOn: '2026-11-03', endsOn: '2026-11-08' }],
    ['an end before the start', { startsOn: '2026-11-10', endsOn: '2026-11-01' }],
    ['a medication without its name', { kind: 'medication', medicationName: null }],
    ['no day at all', { schedule: { type: 'weekly', times: ['08:00'], days: [] } }],
  ] as [string, Partial<ReminderInput>][])('refuses %s with validation_failed and stores nothing', async (_case, overrides) => {
    const before = await storedCount(other);
    const response = await call(other, 'POST', '/api/reminders', input(overrides));
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.issues?.length).toBeGreaterThan(0);
    expect(await storedCount(other)).toBe(before);
  });

  it('names the rule that failed: too frequent, never fires', async () => {
    const tooFrequent = errorBodySchema.parse(
      (await call(other, 'POST', '/api/reminders', input({ schedule: { type: 'weekly', times: ['08:00', '08:04'], days: [1] } }))).json(),
    );
    expect(tooFrequent.error.issues?.map((i) => i.message)).toContain('reminderTooFrequent');
    const never = errorBodySchema.parse(
      (await call(other, 'POST', '/api/reminders', input({ schedule: { type: 'weekly', times: ['08:00'], days: [1] }, startsOn: '2026-11-03', endsOn: '2026-11-08' }))).json(),
    );
    expect(never.error.issues?.map((i) => i.message)).toContain('reminderNeverFires');
  });

  it('refuses a bad update the same way and keeps the reminder as it was', async () => {
    const created = await create(patient);
    const response = await call(patient, 'PUT', `/api/reminders/${created.id}`, input({ schedule: { type: 'weekly', times: ['08:00', '08:01'], days: [1] } }));
    expect(response.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(reminders).where(eq(reminders.id, created.id));
    expect(row!.schedule).toEqual(created.schedule);
  });

  it('replaces a reminder and computes its next occurrence again', async () => {
    const created = await create(patient);
    const response = await call(patient, 'PUT', `/api/reminders/${created.id}`, input({ label: 'Glycémie du soir', schedule: { type: 'weekly', times: ['20:00'], days: [1] } }));
    expect(response.statusCode, response.body).toBe(200);
    expect(reminderSchema.parse(response.json())).toMatchObject({ label: 'Glycémie du soir', nextDueAt: '2026-11-02T19:00:00.000Z' });
  });

  it('answers not_found for another patient’s reminder, and to a professional or an administrator', async () => {
    const mine = await create(patient);
    for (const [method, url, payload] of [
      ['PUT', `/api/reminders/${mine.id}`, input()],
      ['DELETE', `/api/reminders/${mine.id}`, undefined],
      ['POST', `/api/reminders/${mine.id}/pause`, undefined],
      ['POST', `/api/reminders/${mine.id}/resume`, undefined],
    ] as const) {
      const response = await call(other, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(patient, 'GET', '/api/reminders')).json()).toMatchObject({ reminders: expect.arrayContaining([expect.objectContaining({ id: mine.id, paused: false })]) });
    const admin = await createTestUser(t.database, { role: 'admin' });
    for (const who of [doctor, admin]) {
      expect((await call(who, 'GET', '/api/reminders')).statusCode).toBe(404);
      expect((await call(who, 'POST', '/api/reminders', input())).statusCode).toBe(404);
      expect((await call(who, 'GET', '/api/reminders/today')).statusCode).toBe(404);
      expect((await call(who, 'GET', '/api/reminders/quiet-hours')).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: '/api/reminders' })).statusCode).toBe(401);
  });

  it('pauses (no next occurrence) and resumes from now: what was missed meanwhile does not fire', async () => {
    const created = await create(patient, { schedule: { type: 'weekly', times: ['08:00', '12:00', '18:00'], days: EVERY_DAY } });
    expect(created.nextDueAt).toBe('2026-11-02T11:00:00.000Z');
    const paused = reminderSchema.parse((await call(patient, 'POST', `/api/reminders/${created.id}/pause`)).json());
    expect(paused).toMatchObject({ paused: true, nextDueAt: null });
    // Pausing twice changes nothing.
    expect(reminderSchema.parse((await call(patient, 'POST', `/api/reminders/${created.id}/pause`)).json())).toMatchObject({ paused: true, nextDueAt: null });
    const saved = t.clock.now();
    t.clock.set(new Date('2026-11-02T14:00:00Z')); // 15:00 in Paris: 12:00 was missed while paused
    try {
      const resumed = reminderSchema.parse((await call(patient, 'POST', `/api/reminders/${created.id}/resume`)).json());
      expect(resumed).toMatchObject({ paused: false, nextDueAt: '2026-11-02T17:00:00.000Z' });
      // Editing a paused reminder keeps it paused.
      await call(patient, 'POST', `/api/reminders/${created.id}/pause`);
      const edited = reminderSchema.parse((await call(patient, 'PUT', `/api/reminders/${created.id}`, input())).json());
      expect(edited).toMatchObject({ paused: true, nextDueAt: null });
    } finally {
      t.clock.set(saved);
    }
  });

  it('deletes a reminder with its history; deleting again is not_found', async () => {
    const created = await create(patient);
    await t.database.db.insert(reminderOccurrences).values({ reminderId: created.id, patientId: patient.userId, dueAt: new Date('2026-11-01T11:00:00Z'), createdAt: t.clock.now() });
    expect((await call(patient, 'DELETE', `/api/reminders/${created.id}`)).statusCode).toBe(204);
    expect((await call(patient, 'DELETE', `/api/reminders/${created.id}`)).statusCode).toBe(404);
    const left = await t.database.db.execute(sql`select count(*)::int as n from reminder_occurrences where reminder_id = ${created.id}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('keeps quiet hours, both bounds or none', async () => {
    expect(quietHoursSchema.parse((await call(patient, 'GET', '/api/reminders/quiet-hours')).json())).toEqual({ start: null, end: null });
    const set = await call(patient, 'PUT', '/api/reminders/quiet-hours', { start: '22:00', end: '07:00' });
    expect(set.statusCode, set.body).toBe(200);
    expect(quietHoursSchema.parse((await call(patient, 'GET', '/api/reminders/quiet-hours')).json())).toEqual({ start: '22:00', end: '07:00' });
    for (const bad of [{ start: '22:00', end: null }, { start: '24:00', end: '07:00' }, { start: '22:00' }]) {
      expect((await call(patient, 'PUT', '/api/reminders/quiet-hours', bad)).statusCode).toBe(400);
    }
    expect(quietHoursSchema.parse((await call(patient, 'GET', '/api/reminders/quiet-hours')).json())).toEqual({ start: '22:00', end: '07:00' });
    expect((await call(patient, 'PUT', '/api/reminders/quiet-hours', { start: null, end: null })).statusCode).toBe(200);
    expect(quietHoursSchema.parse((await call(patient, 'GET', '/api/reminders/quiet-hours')).json())).toEqual({ start: null, end: null });
  });
});
