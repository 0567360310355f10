import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentSchema,
  availabilitySchema,
  slotListSchema,
} from '@glucosuivi/domain/appointments/appointments.schemas';
import { localTimeOf } from '@glucosuivi/domain/appointments/slots';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';
import { appointments } from './appointments.tables';

/*
 * Without VIDEO_BASE_URL; a week crossing the end of daylight saving time; requests for another
 * time, proposals and their answers.
 */
describe('appointments: video off, DST week, proposals', () => {
  let t: TestApp;
  let doctor: TestUser;
  let patient: TestUser;
  const call = (who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: actingAs(who),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const stored = async () =>
    (await t.database.db.select({ id: appointments.id }).from(appointments)).length;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    doctor = await createTestUser(t.database, {
      role: 'doctor',
      firstName: 'Claire',
      lastName: 'Bernard',
    });
    patient = await createTestUser(t.database, {
      firstName: 'Camille',
      timezone: 'America/New_York',
    });
    const linked = await call(patient, 'POST', '/api/care-team/invitations/professional', {
      code: doctor.userId.slice(0, 8).toUpperCase(),
      categories: ['glucose'],
    });
    expect(linked.statusCode).toBe(201);
  });
  afterAll(async () => t?.close());

  it('refuses a video schedule when video is not configured, and says so', async () => {
    expect(
      availabilitySchema.parse((await call(doctor, 'GET', '/api/appointments/availability')).json())
        .videoEnabled,
    ).toBe(false);
    const refused = await call(doctor, 'PUT', '/api/appointments/availability', {
      timezone: 'Europe/Paris',
      rules: [
        { weekday: 1, start: '09:00', end: '10:00', slotMinutes: 30, mode: 'video', address: null },
      ],
      exceptions: [],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('video_unavailable');
    expect(
      availabilitySchema.parse((await call(doctor, 'GET', '/api/appointments/availability')).json())
        .updatedAt,
    ).toBeNull();
  });

  it('refuses an in-person range or opening without address by naming the address, and stores nothing', async () => {
    const before = (await call(doctor, 'GET', '/api/appointments/availability')).body;
    const range = { start: '09:00', end: '12:00', slotMinutes: 30, mode: 'in_person' };
    // Empty, blank, null or left out: always the in-person address rule, once, on that field.
    for (const address of [{ address: '' }, { address: '   ' }, { address: null }, {}]) {
      const refused = await call(doctor, 'PUT', '/api/appointments/availability', {
        timezone: 'Europe/Paris',
        rules: [{ weekday: 2, ...range, ...address }],
        exceptions: [{ kind: 'open', date: '2026-11-05', ...range, ...address }],
      });
      expect(refused.statusCode, JSON.stringify(address)).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
      expect(
        refused
          .json()
          .error.issues.map((i: { path: unknown[]; message: string }) => [
            i.path.join('.'),
            i.message,
          ]),
        JSON.stringify(address),
      ).toEqual([
        ['body.rules.0.address', 'appointmentAddressRequired'],
        ['body.exceptions.0.address', 'appointmentAddressRequired'],
      ]);
    }
    // With another field refused in the same range, the address is named too.
    const both = await call(doctor, 'PUT', '/api/appointments/availability', {
      timezone: 'Europe/Paris',
      rules: [{ weekday: 2, ...range, slotMinutes: 'trente', address: null }],
      exceptions: [],
    });
    expect(both.json().error.issues.map((i: { path: unknown[] }) => i.path.join('.'))).toEqual([
      'body.rules.0.slotMinutes',
      'body.rules.0.address',
    ]);
    expect((await call(doctor, 'GET', '/api/appointments/availability')).body).toBe(before);
  });

  it('keeps 09:00 Paris on both sides of the end of DST (25 October 2026), for a patient in New York too', async () => {
    t.clock.set(new Date('2026-10-22T12:00:00Z'));
    const saved = await call(doctor, 'PUT', '/api/appointments/availability', {
      timezone: 'Europe/Paris',
      rules: [5, 1].map((weekday) => ({
        weekday,
        start: '09:00',
        end: '09:30',
        slotMinutes: 30,
        mode: 'in_person',
        address: '3 rue des Lilas, Paris',
      })),
      exceptions: [],
    });
    expect(saved.statusCode).toBe(200);
    const list = slotListSchema.parse(
      (
        await call(patient, 'GET', `/api/appointments/professionals/${doctor.userId}/slots?weeks=1`)
      ).json(),
    );
    expect(list.slots.map((s) => s.startsAt)).toEqual([
      '2026-10-23T07:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
    ]);
    expect(list.slots.map((s) => localTimeOf(Date.parse(s.startsAt), 'Europe/Paris'))).toEqual([
      '09:00',
      '09:00',
    ]);
    // New York changes its clocks a week later: there the two slots are 03:00 and 04:00.
    expect(list.slots.map((s) => localTimeOf(Date.parse(s.startsAt), 'America/New_York'))).toEqual([
      '03:00',
      '04:00',
    ]);
    const booked = await call(patient, 'POST', '/api/appointments', {
      professionalId: doctor.userId,
      startsAt: '2026-10-26T08:00:00.000Z',
    });
    expect(booked.statusCode).toBe(201);
    // The same instant expressed with an offset is the same slot; 09:00 summer time that Monday is not one.
    const summerNine = await call(patient, 'POST', '/api/appointments', {
      professionalId: doctor.userId,
      startsAt: '2026-10-26T09:00:00+02:00',
    });
    expect(summerNine.json().error.code).toBe('slot_unavailable');
  });

  it('takes a request for another time with a message, then the professional proposes and the patient confirms', async () => {
    const before = await stored();
    const empty = await call(patient, 'POST', '/api/appointments', {
      professionalId: doctor.userId,
      message: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(await stored()).toBe(before);
    const asked = appointmentSchema.parse(
      (
        await call(patient, 'POST', '/api/appointments', {
          professionalId: doctor.userId,
          message: 'Un mardi après 17 h ?',
        })
      ).json(),
    );
    expect(asked).toMatchObject({
      status: 'requested',
      startsAt: null,
      awaiting: 'professional',
      requestMessage: 'Un mardi après 17 h ?',
      can: { confirm: false },
    });
    // The professional cannot confirm a request without a time; they propose one.
    expect(
      (await call(doctor, 'POST', `/api/appointments/${asked.id}/confirm`)).json().error.code,
    ).toBe('conflict');
    // Not on top of the appointment already held on Monday 26 at 09:00 Paris.
    const overlapping = await call(doctor, 'POST', `/api/appointments/${asked.id}/propose`, {
      startsAt: '2026-10-26T08:15:00Z',
      durationMinutes: 30,
    });
    expect(overlapping.json().error.code).toBe('slot_taken');
    const past = await call(doctor, 'POST', `/api/appointments/${asked.id}/propose`, {
      startsAt: '2026-10-21T16:00:00Z',
    });
    expect(past.json().error.code).toBe('slot_unavailable');
    const proposed = appointmentSchema.parse(
      (
        await call(doctor, 'POST', `/api/appointments/${asked.id}/propose`, {
          startsAt: '2026-10-27T16:30:00Z',
          durationMinutes: 20,
          message: 'Mardi 17 h 30 ?',
        })
      ).json(),
    );
    expect(proposed).toMatchObject({
      status: 'requested',
      awaiting: 'patient',
      startsAt: '2026-10-27T16:30:00.000Z',
      endsAt: '2026-10-27T16:50:00.000Z',
      proposalMessage: 'Mardi 17 h 30 ?',
    });
    expect(
      (await call(doctor, 'POST', `/api/appointments/${asked.id}/confirm`)).json().error.code,
    ).toBe('conflict');
    const confirmed = await call(patient, 'POST', `/api/appointments/${asked.id}/confirm`);
    expect(appointmentSchema.parse(confirmed.json())).toMatchObject({
      status: 'confirmed',
      awaiting: null,
    });
    // Recording the outcome waits for the start.
    expect(
      (
        await call(doctor, 'POST', `/api/appointments/${asked.id}/outcome`, { status: 'no_show' })
      ).json().error.code,
    ).toBe('conflict');
    t.clock.set(new Date('2026-10-27T16:40:00Z'));
    expect(
      appointmentSchema.parse(
        (
          await call(doctor, 'POST', `/api/appointments/${asked.id}/outcome`, { status: 'no_show' })
        ).json(),
      ).status,
    ).toBe('no_show');
    // A no-show is not rated.
    expect(
      (await call(patient, 'PUT', `/api/appointments/${asked.id}/rating`, { stars: 3 })).json()
        .error.code,
    ).toBe('rating_closed');
  });

  it('publishes appointment.changed with ids only', async () => {
    const seen: unknown[] = [];
    const stop = t.events.subscribe('appointment.changed', (event) => void seen.push(event));
    t.clock.set(new Date('2026-10-28T12:00:00Z'));
    const booked = appointmentSchema.parse(
      (
        await call(patient, 'POST', '/api/appointments', {
          professionalId: doctor.userId,
          startsAt: '2026-10-30T08:00:00.000Z',
        })
      ).json(),
    );
    await call(doctor, 'POST', `/api/appointments/${booked.id}/cancel`, { reason: 'Congrès' });
    stop();
    expect(seen).toEqual([
      {
        type: 'appointment.changed',
        patientId: patient.userId,
        professionalId: doctor.userId,
        appointmentId: booked.id,
        change: 'requested',
        changedBy: patient.userId,
      },
      {
        type: 'appointment.changed',
        patientId: patient.userId,
        professionalId: doctor.userId,
        appointmentId: booked.id,
        change: 'cancelled',
        changedBy: doctor.userId,
      },
    ]);
  });

  it('closes booking once the patient revokes the link, and keeps the patient’s history', async () => {
    const [link] = (await call(patient, 'GET', '/api/appointments/professionals')).json()
      .professionals as { linkId: string }[];
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/care-team/links/${link!.linkId}`,
      headers: actingAs(patient),
    });
    expect(revoked.statusCode).toBe(200);
    expect(
      (await call(patient, 'GET', `/api/appointments/professionals/${doctor.userId}/slots`))
        .statusCode,
    ).toBe(404);
    const before = await stored();
    const booked = await call(patient, 'POST', '/api/appointments', {
      professionalId: doctor.userId,
      startsAt: '2026-11-02T08:00:00.000Z',
    });
    expect(booked.statusCode).toBe(404);
    expect(await stored()).toBe(before);
    expect(
      (await call(patient, 'GET', '/api/appointments')).json().appointments.length,
    ).toBeGreaterThan(0);
  });
});
