import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { eq } from 'drizzle-orm';
import {
  appointmentListSchema,
  appointmentSchema,
  availabilitySchema,
  calendarFeedCreatedSchema,
  ratingSchema,
  satisfactionSchema,
  slotListSchema,
  type Appointment,
  type AvailabilityInput,
} from '@glucosuivi/domain/appointments/appointments.schemas';
import { localTimeOf } from '@glucosuivi/domain/appointments/slots';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { reminders } from '../reminders/reminders.tables';
import { appointmentRatings, appointments } from './appointments.tables';

const DAY = 86_400_000;
const PARIS = 'Europe/Paris';
const VIDEO = 'https://visio.example.fr';

// The test clock starts on Monday 2 November 2026, 09:00 UTC (10:00 in Paris).
const SCHEDULE: AvailabilityInput = {
  timezone: PARIS,
  rules: [
    {
      weekday: 1,
      start: '09:00',
      end: '12:00',
      slotMinutes: 30,
      mode: 'in_person',
      address: '3 rue des Lilas, 75011 Paris',
    },
    { weekday: 3, start: '14:00', end: '15:00', slotMinutes: 20, mode: 'video', address: null },
  ],
  exceptions: [{ kind: 'closed', from: '2026-11-16', to: '2026-11-16' }],
};

describe('appointments: availability, booking, calendar, ratings', () => {
  let t: TestApp;
  let doctor: TestUser;
  let patient: TestUser;
  let stranger: TestUser;

  const link = async (p: TestUser, d: TestUser) => {
    const linked = await t.app.inject({
      method: 'POST',
      url: '/api/care-team/invitations/professional',
      headers: actingAs(p),
      payload: { code: d.userId.slice(0, 8).toUpperCase(), categories: ['glucose'] },
    });
    expect(linked.statusCode).toBe(201);
  };
  const call = (
    who: TestUser,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: actingAs(who),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const stored = async () =>
    (await t.database.db.select({ id: appointments.id }).from(appointments)).length;
  const book = async (who: TestUser, startsAt: string) =>
    call(who, 'POST', '/api/appointments', { professionalId: doctor.userId, startsAt });

  beforeAll(async () => {
    t = await createTestApp({
      resolveActor: headerActor,
      appointments: { videoBaseUrl: VIDEO, cancelHours: 24 },
    });
    doctor = await createTestUser(t.database, {
      role: 'doctor',
      firstName: 'Claire',
      lastName: 'Bernard',
    });
    patient = await createTestUser(t.database, {
      firstName: 'Camille',
      lastName: 'Dupont',
      timezone: 'America/New_York',
    });
    stranger = await createTestUser(t.database, { firstName: 'Sacha', lastName: 'Petit' });
    await link(patient, doctor);
  });
  afterAll(async () => t?.close());

  it('publishes a weekly schedule with exceptions, and says video is available', async () => {
    const empty = availabilitySchema.parse(
      (await call(doctor, 'GET', '/api/appointments/availability')).json(),
    );
    expect(empty).toMatchObject({
      timezone: PARIS,
      rules: [],
      updatedAt: null,
      videoEnabled: true,
    });
    const saved = await call(doctor, 'PUT', '/api/appointments/availability', SCHEDULE);
    expect(saved.statusCode).toBe(200);
    expect(availabilitySchema.parse(saved.json())).toMatchObject({
      timezone: PARIS,
      rules: SCHEDULE.rules,
      exceptions: SCHEDULE.exceptions,
    });
    // A patient has no schedule of their own.
    expect((await call(patient, 'GET', '/api/appointments/availability')).statusCode).toBe(404);
  });

  it('lists free slots for a linked patient, in UTC, from now on, skipping closed days', async () => {
    const response = await call(
      patient,
      'GET',
      `/api/appointments/professionals/${doctor.userId}/slots?weeks=3`,
    );
    expect(response.statusCode).toBe(200);
    const list = slotListSchema.parse(response.json());
    expect(list.timezone).toBe(PARIS);
    const starts = list.slots.map((s) => s.startsAt);
    // Today 10:00 Paris is now: the first free slot is 10:30; 09:00 and 09:30 have passed.
    expect(starts[0]).toBe('2026-11-02T09:30:00.000Z');
    expect(starts).toContain('2026-11-04T13:00:00.000Z'); // Wednesday 14:00 Paris, video
    expect(starts.some((s) => s.startsWith('2026-11-16'))).toBe(false); // closed
    expect(list.slots.find((s) => s.startsAt === '2026-11-04T13:00:00.000Z')?.mode).toBe('video');
    const professionals = (
      await call(patient, 'GET', '/api/appointments/professionals')
    ).json() as { professionals: { professionalId: string; hasAvailability: boolean }[] };
    expect(professionals.professionals).toEqual([
      expect.objectContaining({
        professionalId: doctor.userId,
        hasAvailability: true,
        firstName: 'Claire',
      }),
    ]);
  });

  it('answers not_found to a patient without a care link, for slots and booking, storing nothing', async () => {
    const before = await stored();
    expect(
      (await call(stranger, 'GET', `/api/appointments/professionals/${doctor.userId}/slots`))
        .statusCode,
    ).toBe(404);
    const booked = await book(stranger, '2026-11-09T08:00:00.000Z');
    expect(booked.statusCode).toBe(404);
    expect(booked.json().error.code).toBe('not_found');
    expect(await stored()).toBe(before);
    expect((await call(stranger, 'GET', '/api/appointments/professionals')).json()).toEqual({
      professionals: [],
    });
  });

  it('refuses a slot in the past, outside the schedule, off its grid, and bad bodies, storing nothing', async () => {
    const before = await stored();
    for (const startsAt of [
      '2026-11-02T08:00:00.000Z',
      '2026-11-03T08:00:00.000Z',
      '2026-11-09T08:10:00.000Z',
      '2026-11-16T08:00:00.000Z',
    ]) {
      const response = await book(patient, startsAt);
      expect(response.statusCode, startsAt).toBe(400);
      expect(response.json().error.code).toBe('slot_unavailable');
    }
    for (const payload of [
      { professionalId: doctor.userId },
      { professionalId: doctor.userId, startsAt: 'tomorrow' },
      { professionalId: doctor.userId, startsAt: '2026-11-09T08:00:00Z', extra: 1 },
    ]) {
      const response = await call(patient, 'POST', '/api/appointments', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('validation_failed');
    }
    expect(await stored()).toBe(before);
  });

  let booked: Appointment;

  it('books a free slot (requested), which then leaves the free slots; a second request for it is slot_taken', async () => {
    const response = await book(patient, '2026-11-09T08:30:00.000Z');
    expect(response.statusCode).toBe(201);
    booked = appointmentSchema.parse(response.json());
    expect(booked).toMatchObject({
      status: 'requested',
      awaiting: 'professional',
      mode: 'in_person',
      address: '3 rue des Lilas, 75011 Paris',
      endsAt: '2026-11-09T09:00:00.000Z',
      counterpart: { userId: doctor.userId, firstName: 'Claire', lastName: 'Bernard' },
      can: { confirm: false, cancel: true },
    });
    const slots = slotListSchema.parse(
      (await call(patient, 'GET', `/api/appointments/professionals/${doctor.userId}/slots`)).json(),
    );
    expect(slots.slots.map((s) => s.startsAt)).not.toContain('2026-11-09T08:30:00.000Z');
    const other = await createTestUser(t.database, { firstName: 'Noé' });
    await link(other, doctor);
    const again = await book(other, '2026-11-09T08:30:00.000Z');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('slot_taken');
  });

  it('lets the professional confirm; both see it; the patient cannot confirm their own request', async () => {
    expect(
      (await call(patient, 'POST', `/api/appointments/${booked.id}/confirm`)).json().error.code,
    ).toBe('conflict');
    const confirmed = await call(doctor, 'POST', `/api/appointments/${booked.id}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(appointmentSchema.parse(confirmed.json())).toMatchObject({
      status: 'confirmed',
      awaiting: null,
      counterpart: { firstName: 'Camille' },
    });
    const mine = appointmentListSchema.parse(
      (await call(patient, 'GET', '/api/appointments?scope=upcoming')).json(),
    );
    expect(mine.appointments.map((a) => [a.id, a.status])).toEqual([[booked.id, 'confirmed']]);
    const agenda = appointmentListSchema.parse(
      (
        await call(
          doctor,
          'GET',
          '/api/appointments?from=2026-11-09T00:00:00Z&to=2026-11-10T00:00:00Z',
        )
      ).json(),
    );
    expect(agenda.appointments.map((a) => a.id)).toContain(booked.id);
    expect((await call(stranger, 'GET', `/api/appointments/${booked.id}`)).statusCode).toBe(404);
  });

  it('queues reminders 24 h and 1 h before, in the patient’s language and zone, and removes them on cancellation', async () => {
    await t.jobs.runDue();
    const rows = await t.database.db
      .select()
      .from(reminders)
      .where(eq(reminders.appointmentId, booked.id));
    expect(rows.map((r) => r.nextDueAt?.toISOString()).sort()).toEqual([
      '2026-11-08T08:30:00.000Z',
      '2026-11-09T07:30:00.000Z',
    ]);
    expect(
      rows.every(
        (r) =>
          r.kind === 'appointment' &&
          r.patientId === patient.userId &&
          r.timeZone === 'America/New_York',
      ),
    ).toBe(true);
    // 09:30 Paris is 03:30 in New York, the patient's zone.
    expect(rows.map((r) => r.label).sort()).toEqual([
      'Rendez-vous avec Claire Bernard dans 1 heure (03:30)',
      'Rendez-vous avec Claire Bernard demain à 03:30',
    ]);
  });

  it('exports the appointment as .ics that a real parser reads at 09:30 Paris', async () => {
    const response = await call(patient, 'GET', `/api/appointments/${booked.id}/calendar.ics`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['cache-control']).toContain('no-store');
    const calendar = new ICAL.Component(ICAL.parse(response.body));
    const [vevent] = calendar.getAllSubcomponents('vevent');
    const event = new ICAL.Event(vevent);
    expect(event.uid).toBe(`${booked.id}@glucosuivi`);
    expect(event.summary).toBe('Rendez-vous avec Claire Bernard');
    expect(event.location).toBe('3 rue des Lilas, 75011 Paris');
    const start = event.startDate.toJSDate();
    expect(start.toISOString()).toBe('2026-11-09T08:30:00.000Z');
    expect(localTimeOf(start.getTime(), PARIS)).toBe('09:30');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-09T09:00:00.000Z');
  });

  it('serves a private calendar feed by its secret URL until it is revoked or replaced', async () => {
    const created = calendarFeedCreatedSchema.parse(
      (await call(patient, 'POST', '/api/appointments/calendar-feed')).json(),
    );
    const path = new URL(created.url).pathname;
    expect(path).toMatch(/^\/api\/appointments\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    const events = new ICAL.Component(ICAL.parse(feed.body))
      .getAllSubcomponents('vevent')
      .map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.uid)).toContain(`${booked.id}@glucosuivi`);
    expect((await call(patient, 'GET', '/api/appointments/calendar-feed')).json()).toMatchObject({
      active: true,
    });
    const replaced = calendarFeedCreatedSchema.parse(
      (await call(patient, 'POST', '/api/appointments/calendar-feed')).json(),
    );
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const replacedPath = new URL(replaced.url).pathname;
    expect((await t.app.inject({ method: 'GET', url: replacedPath })).statusCode).toBe(200);
    expect((await call(patient, 'DELETE', '/api/appointments/calendar-feed')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: replacedPath })).statusCode).toBe(404);
    expect((await call(patient, 'GET', '/api/appointments/calendar-feed')).json()).toEqual({
      active: false,
      createdAt: null,
    });
  });

  it('lets a patient cancel until 24 h before, then answers cancellation_too_late', async () => {
    const response = await book(patient, '2026-11-09T09:00:00.000Z');
    const second = appointmentSchema.parse(response.json());
    await call(doctor, 'POST', `/api/appointments/${second.id}/confirm`);
    t.clock.set(new Date('2026-11-08T09:30:00Z')); // 23.5 h before
    const late = await call(patient, 'POST', `/api/appointments/${second.id}/cancel`, {
      reason: 'Empêchement',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('cancellation_too_late');
    // The professional may still cancel: the slot is free again.
    const cancelled = await call(doctor, 'POST', `/api/appointments/${second.id}/cancel`, {
      reason: 'Absence imprévue',
    });
    expect(appointmentSchema.parse(cancelled.json())).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'professional',
      cancelReason: 'Absence imprévue',
    });
    await t.jobs.runDue();
    expect(
      await t.database.db.select().from(reminders).where(eq(reminders.appointmentId, second.id)),
    ).toEqual([]);
    t.clock.set(new Date('2026-11-02T09:00:00Z'));
  });

  it('rates a done appointment once, 1–5, editable for 7 days, never shown one by one to the professional', async () => {
    expect(
      (await call(patient, 'PUT', `/api/appointments/${booked.id}/rating`, { stars: 4 })).json()
        .error.code,
    ).toBe('rating_closed');
    t.clock.set(new Date('2026-11-09T09:00:00Z'));
    expect(
      (
        await call(doctor, 'POST', `/api/appointments/${booked.id}/outcome`, { status: 'done' })
      ).json(),
    ).toMatchObject({ status: 'done' });
    const before = (await t.database.db.select().from(appointmentRatings)).length;
    for (const payload of [
      { stars: 6 },
      { stars: 0 },
      { stars: 3.5 },
      { stars: 4, comment: 'x'.repeat(1001) },
    ]) {
      const bad = await call(patient, 'PUT', `/api/appointments/${booked.id}/rating`, payload);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.code).toBe('validation_failed');
    }
    expect((await t.database.db.select().from(appointmentRatings)).length).toBe(before);
    const rated = ratingSchema.parse(
      (
        await call(patient, 'PUT', `/api/appointments/${booked.id}/rating`, {
          stars: 4,
          comment: 'Très à l’écoute',
        })
      ).json(),
    );
    expect(rated).toMatchObject({
      stars: 4,
      comment: 'Très à l’écoute',
      editableUntil: '2026-11-16T09:00:00.000Z',
    });
    t.clock.advance(6 * DAY);
    expect(
      (await call(patient, 'PUT', `/api/appointments/${booked.id}/rating`, { stars: 5 })).json(),
    ).toMatchObject({ stars: 5, comment: null, createdAt: rated.createdAt });
    t.clock.advance(2 * DAY);
    const closed = await call(patient, 'PUT', `/api/appointments/${booked.id}/rating`, {
      stars: 1,
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error.code).toBe('rating_closed');
    expect(
      (await call(doctor, 'PUT', `/api/appointments/${booked.id}/rating`, { stars: 1 })).statusCode,
    ).toBe(404);
    const view = appointmentSchema.parse(
      (await call(doctor, 'GET', `/api/appointments/${booked.id}`)).json(),
    );
    expect(view.rating).toBeNull();
  });

  it('gives the professional only the count below 5 ratings, then average, distribution and comments', async () => {
    const few = satisfactionSchema.parse(
      (await call(doctor, 'GET', '/api/appointments/satisfaction')).json(),
    );
    expect(few).toEqual({
      windowDays: 90,
      count: 1,
      minRatings: 5,
      average: null,
      distribution: null,
      comments: [],
    });
    expect((await call(patient, 'GET', '/api/appointments/satisfaction')).statusCode).toBe(404);
    // Four more patients, each seen on Monday 23 November and rating it.
    t.clock.set(new Date('2026-11-16T09:00:00Z'));
    const starts = [
      '2026-11-23T08:00:00.000Z',
      '2026-11-23T08:30:00.000Z',
      '2026-11-23T09:00:00.000Z',
      '2026-11-23T09:30:00.000Z',
    ];
    const stars = [3, 5, 5, 2];
    const ids: { who: TestUser; id: string }[] = [];
    for (const [i, startsAt] of starts.entries()) {
      const who = await createTestUser(t.database, { firstName: `P${i}` });
      await link(who, doctor);
      const id = appointmentSchema.parse((await book(who, startsAt)).json()).id;
      expect((await call(doctor, 'POST', `/api/appointments/${id}/confirm`)).statusCode).toBe(200);
      ids.push({ who, id });
    }
    t.clock.set(new Date('2026-11-23T12:00:00Z'));
    for (const [i, { who, id }] of ids.entries()) {
      await call(doctor, 'POST', `/api/appointments/${id}/outcome`, { status: 'done' });
      const comment = i === 1 ? 'Parfait' : undefined;
      expect(
        (
          await call(who, 'PUT', `/api/appointments/${id}/rating`, {
            stars: stars[i],
            ...(comment ? { comment } : {}),
          })
        ).statusCode,
      ).toBe(200);
    }
    const figure = satisfactionSchema.parse(
      (await call(doctor, 'GET', '/api/appointments/satisfaction')).json(),
    );
    expect(figure).toEqual({
      windowDays: 90,
      count: 5,
      minRatings: 5,
      average: 4,
      distribution: [0, 1, 1, 0, 3],
      comments: ['Parfait'],
    });
    expect(JSON.stringify(figure)).not.toContain(patient.userId);
  });

  it('gives a video appointment an unguessable link on the configured base, shown to both parties', async () => {
    t.clock.set(new Date('2026-11-30T09:00:00Z'));
    const rooms: string[] = [];
    for (const startsAt of ['2026-12-02T13:00:00.000Z', '2026-12-02T13:20:00.000Z']) {
      const video = appointmentSchema.parse((await book(patient, startsAt)).json());
      expect(video).toMatchObject({ mode: 'video', address: null });
      expect(video.videoUrl).toMatch(/^https:\/\/visio\.example\.fr\/[a-z2-7]{32}$/);
      const seenByDoctor = appointmentSchema.parse(
        (await call(doctor, 'GET', `/api/appointments/${video.id}`)).json(),
      );
      expect(seenByDoctor.videoUrl).toBe(video.videoUrl);
      rooms.push(video.videoUrl!);
    }
    expect(new Set(rooms).size).toBe(2);
  });
});
