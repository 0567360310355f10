import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../platform/db/open-database';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actingAs, createTestUser, headerActor, type TestUser } from '../../test/fixtures';

/*
 * Two patients request the same slot at the same instant, on PostgreSQL, where the two requests
 * run on two pool connections in parallel (PGlite has one connection: it runs them one after the
 * other and proves nothing about a race). The database's unique index must let exactly one win.
 */
describe.skipIf(!process.env.DATABASE_URL)(
  'appointments: concurrent bookings of one slot (PostgreSQL)',
  () => {
    let t: TestApp;
    let doctor: TestUser;
    let first: TestUser;
    let second: TestUser;

    const link = async (p: TestUser) => {
      const linked = await t.app.inject({
        method: 'POST',
        url: '/api/care-team/invitations/professional',
        headers: actingAs(p),
        payload: { code: doctor.userId.slice(0, 8).toUpperCase(), categories: ['glucose'] },
      });
      expect(linked.statusCode).toBe(201);
    };

    beforeAll(async () => {
      t = await createTestApp({ resolveActor: headerActor });
      doctor = await createTestUser(t.database, {
        role: 'doctor',
        firstName: 'Claire',
        lastName: 'Bernard',
      });
      first = await createTestUser(t.database, { firstName: 'Ana' });
      second = await createTestUser(t.database, { firstName: 'Bruno' });
      await link(first);
      await link(second);
      const saved = await t.app.inject({
        method: 'PUT',
        url: '/api/appointments/availability',
        headers: actingAs(doctor),
        payload: {
          timezone: 'Europe/Paris',
          rules: [1, 2, 3, 4, 5].map((weekday) => ({
            weekday,
            start: '08:00',
            end: '20:00',
            slotMinutes: 10,
            mode: 'in_person',
            address: '1 place du Marché, Lyon',
          })),
          exceptions: [],
        },
      });
      expect(saved.statusCode).toBe(200);
    });
    afterAll(async () => t?.close());

    it('100 times: exactly one of two simultaneous requests holds the slot, the other is told slot_taken', async () => {
      const slots = (
        await t.app.inject({
          method: 'GET',
          url: `/api/appointments/professionals/${doctor.userId}/slots?weeks=1`,
          headers: actingAs(first),
        })
      ).json() as {
        slots: { startsAt: string }[];
      };
      expect(slots.slots.length).toBeGreaterThanOrEqual(100);
      for (const { startsAt } of slots.slots.slice(0, 100)) {
        const [a, b] = await Promise.all(
          [first, second].map((who) =>
            t.app.inject({
              method: 'POST',
              url: '/api/appointments',
              headers: actingAs(who),
              payload: { professionalId: doctor.userId, startsAt },
            }),
          ),
        );
        const codes = [a!, b!].map((r) => r.statusCode).sort();
        expect(codes).toEqual([201, 409]);
        const loser = [a!, b!].find((r) => r.statusCode === 409)!;
        expect(loser.json().error.code).toBe('slot_taken');
      }
      const [counts] = rowsOf<{ held: string; distinct_starts: string }>(
        await t.database.db.execute(
          sql`select count(*) as held, count(distinct starts_at) as distinct_starts from appointments where status in ('requested', 'confirmed')`,
        ),
      );
      expect(Number(counts!.held)).toBe(100);
      expect(Number(counts!.distinct_starts)).toBe(100);
    });
  },
);
