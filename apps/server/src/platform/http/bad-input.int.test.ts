import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';

// Issue 10 item 4: inputs that reached PostgreSQL and came back as 500 (year 0, NUL characters,
// `%00` in path ids), Fastify's own errors in its own format, and year 1 read back as 2001.
describe('bad input is a 400 in the app format, never a 500', () => {
  let t: TestApp;
  let patient: TestUser;
  let doctor: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ resolveActor: headerActor });
    patient = await createTestUser(t.database);
    doctor = await createTestUser(t.database, { role: 'doctor' });
  });
  afterAll(async () => t?.close());

  const expectAppError = (
    res: { statusCode: number; body: string; json(): unknown },
    status = 400,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({
      error: {
        code: expect.any(String),
        message: expect.any(String),
        requestId: expect.any(String),
      },
    });
  };
  const post = (url: string, actor: TestUser, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: actingAs(actor), payload });

  it.each([
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '1899-12-31T23:59:59Z',
    '9999-12-31T23:59:59Z',
    '2200-01-01T00:00:00Z',
  ])('refuses the reading date %s with dateOutOfRange', async (measuredAt) => {
    const res = await post('/api/measurements', patient, {
      kind: 'glucose',
      measuredAt,
      value: 120,
      unit: 'mg/dL',
    });
    expectAppError(res);
    expect(JSON.stringify(res.json())).toContain('dateOutOfRange');
  });

  it('refuses year 0 and year 1 in share-link periods and in glucose batches', async () => {
    expectAppError(
      await post('/api/care-team/share-links', patient, {
        categories: ['glucose'],
        from: '0000-01-01T00:00:00Z',
        to: '2026-11-01T00:00:00Z',
      }),
    );
    expectAppError(
      await post('/api/care-team/share-links', patient, {
        categories: ['glucose'],
        from: '0001-01-01T00:00:00Z',
        to: '0001-01-02T00:00:00Z',
      }),
    );
    expectAppError(
      await post('/api/measurements/glucose/batch', patient, {
        source: 'cgm',
        deviceId: 'g7',
        unit: 'mg/dL',
        readings: [{ measuredAt: '0000-06-01T00:00:00Z', value: 100 }],
      }),
    );
  });

  it('refuses NUL and control characters in every kind of free text', async () => {
    const nul = 'Dr\u0000Durand';
    expectAppError(
      await post('/api/care-team/share-links', patient, {
        categories: ['glucose'],
        from: '2026-10-01T00:00:00Z',
        to: '2026-11-01T00:00:00Z',
        label: nul,
      }),
    );
    expectAppError(
      await post('/api/care-team/share-links', patient, {
        categories: ['glucose'],
        from: '2026-10-01T00:00:00Z',
        to: '2026-11-01T00:00:00Z',
        label: 'a\u0007b',
      }),
    );
    expectAppError(
      await post('/api/support/tickets', patient, {
        subject: nul,
        message: 'Bonjour',
        type: 'question',
      }),
    );
    expectAppError(
      await post('/api/measurements', patient, {
        kind: 'glucose',
        measuredAt: '2026-11-02T08:00:00Z',
        value: 120,
        unit: 'mg/dL',
        note: 'avant\u0000repas',
      }),
    );
    expectAppError(
      await t.app.inject({
        method: 'PATCH',
        url: '/api/doctor/profile',
        headers: actingAs(doctor),
        payload: { speciality: 'cardio\u0000logie' },
      }),
    );
    expectAppError(
      await post(`/api/doctor/patients/${patient.userId}/notes`, doctor, { body: 'note\u0000' }),
    );
    // A multi-line field keeps its lines.
    const note = await post('/api/measurements', patient, {
      kind: 'glucose',
      measuredAt: '2026-11-02T08:00:00Z',
      value: 120,
      unit: 'mg/dL',
      note: 'ligne 1\nligne 2\tfin',
    });
    expect(note.statusCode, note.body).toBe(201);
  });

  it('refuses %00 and control characters in path ids and queries', async () => {
    expectAppError(
      await t.app.inject({ url: '/api/doctor/patients/%00/notes', headers: actingAs(doctor) }),
    );
    expectAppError(
      await t.app.inject({
        url: '/api/doctor/patients/ab%00cd/summary?days=14',
        headers: actingAs(doctor),
      }),
    );
    expectAppError(
      await t.app.inject({
        method: 'DELETE',
        url: '/api/measurements/%00',
        headers: actingAs(patient),
      }),
    );
    expectAppError(await t.app.inject({ url: '/api/share/%00' }));
    expectAppError(
      await t.app.inject({ url: '/api/doctor/patients?q=%00', headers: actingAs(doctor) }),
    );
  });

  it("answers Fastify's own errors in the app format", async () => {
    expectAppError(await t.app.inject({ url: '/api/measurements/%', headers: actingAs(patient) }));
    expectAppError(await t.app.inject({ url: `/api/share/${'a'.repeat(500)}` }));
    expectAppError(
      await t.app.inject({
        url: `/api/doctor/patients/${'p'.repeat(5000)}/notes`,
        headers: actingAs(doctor),
      }),
    );
    expectAppError(
      await t.app.inject({
        method: 'POST',
        url: '/api/measurements',
        headers: { ...actingAs(patient), 'content-type': 'application/json' },
        payload: '{"kind":',
      }),
    );
    expectAppError(
      await t.app.inject({
        method: 'POST',
        url: '/api/measurements',
        headers: { ...actingAs(patient), 'content-type': 'application/json' },
        payload: '',
      }),
    );
  });
});
