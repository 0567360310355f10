import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { user } from '../auth/auth.tables';
import { careLinks } from '../care-team/care-team.tables';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import type { Actor } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
import { PG, pgError } from '../../platform/db/pg-error';
import { appointmentAvailability, appointmentRatings, appointments } from './appointments.tables';

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return pgError(error);
  }
  throw new Error('expected the query to fail');
}

const at = new Date('2026-11-02T08:00:00Z');
const start = new Date('2026-11-09T08:00:00Z');
const end = new Date('2026-11-09T08:30:00Z');

// Direct SQL as app_user with app.user_id and app.role set: what the policies and the unique
// index allow even if a service check were missing or wrong.
describe(`row-level security and slot constraint of appointments (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let database: TestDatabase;
  const patient: Actor = { userId: 'apt-patient', role: 'patient' };
  const pro: Actor = { userId: 'apt-pro', role: 'doctor' };
  const otherPatient: Actor = { userId: 'apt-other', role: 'patient' };
  const otherPro: Actor = { userId: 'apt-other-pro', role: 'doctor' };
  let linkId: string;
  let appointmentId: string;

  const request = (actor: Actor, values: Partial<typeof appointments.$inferInsert> = {}) =>
    database.asActor(actor, (tx) =>
      tx
        .insert(appointments)
        .values({
          linkId,
          patientId: actor.userId,
          professionalId: pro.userId,
          startsAt: start,
          endsAt: end,
          mode: 'in_person',
          status: 'requested',
          awaiting: 'professional',
          createdAt: at,
          updatedAt: at,
          ...values,
        })
        .returning(),
    );
  const visible = (actor: Actor) => database.asActor(actor, (tx) => tx.select().from(appointments));

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db
      .insert(user)
      .values(
        [patient, pro, otherPatient, otherPro].map((a) => ({
          id: a.userId,
          name: a.userId,
          email: `${a.userId}@example.test`,
        })),
      );
    const [link] = await database.asActor(patient, (tx) =>
      tx
        .insert(careLinks)
        .values({
          patientId: patient.userId,
          professionalId: pro.userId,
          scopes: ['weight'],
          createdAt: at,
          updatedAt: at,
        })
        .returning(),
    );
    linkId = link!.id;
    appointmentId = (await request(patient))[0]!.id;
    await database.asActor(pro, (tx) =>
      tx
        .insert(appointmentAvailability)
        .values({
          professionalId: pro.userId,
          timezone: 'Europe/Paris',
          rules: [],
          exceptions: [],
          updatedAt: at,
        }),
    );
  });
  afterAll(async () => database?.destroy());

  it('shows an appointment to its patient and its professional only', async () => {
    expect(await visible(patient)).toHaveLength(1);
    expect(await visible(pro)).toHaveLength(1);
    expect(await visible(otherPatient)).toHaveLength(0);
    expect(await visible(otherPro)).toHaveLength(0);
  });

  it('lets only a linked patient request, in their own name', async () => {
    // No link with this professional.
    expect(
      (
        await failure(
          request(otherPatient, {
            startsAt: new Date('2026-11-10T08:00:00Z'),
            endsAt: new Date('2026-11-10T08:30:00Z'),
          }),
        )
      )?.code,
    ).toBe(PG.insufficientPrivilege);
    // A professional does not create requests.
    expect(
      (
        await failure(
          request(pro, {
            patientId: patient.userId,
            startsAt: new Date('2026-11-11T08:00:00Z'),
            endsAt: new Date('2026-11-11T08:30:00Z'),
          }),
        )
      )?.code,
    ).toBe(PG.insufficientPrivilege);
  });

  it('holds a professional’s start instant once among requested and confirmed appointments, whoever writes', async () => {
    const duplicate = database.db.insert(appointments).values({
      linkId,
      patientId: patient.userId,
      professionalId: pro.userId,
      startsAt: start,
      endsAt: end,
      mode: 'video',
      status: 'confirmed',
      createdAt: at,
      updatedAt: at,
    });
    expect((await failure(duplicate))?.code).toBe(PG.uniqueViolation);
    // Once cancelled, the slot is free again, and cancelled rows never conflict with each other.
    await database.asActor(patient, (tx) =>
      tx
        .update(appointments)
        .set({ status: 'cancelled', cancelledBy: 'patient' })
        .where(eq(appointments.id, appointmentId)),
    );
    const again = await request(patient);
    expect(again).toHaveLength(1);
    await database.asActor(patient, (tx) =>
      tx
        .update(appointments)
        .set({ status: 'cancelled', cancelledBy: 'patient' })
        .where(eq(appointments.id, again[0]!.id)),
    );
  });

  it('never lets a party change who the appointment is between, nor delete it', async () => {
    const moved = database.asActor(pro, (tx) =>
      tx
        .update(appointments)
        .set({ patientId: otherPatient.userId })
        .where(eq(appointments.id, appointmentId)),
    );
    expect((await failure(moved))?.code).toBe(PG.insufficientPrivilege);
    const deleted = database.asActor(patient, (tx) =>
      tx.delete(appointments).where(eq(appointments.id, appointmentId)),
    );
    expect((await failure(deleted))?.code).toBe(PG.insufficientPrivilege);
  });

  it('tells only the professional and linked patients when the professional is busy, and never who', async () => {
    const held = await request(patient, {
      startsAt: new Date('2026-11-12T08:00:00Z'),
      endsAt: new Date('2026-11-12T08:30:00Z'),
    });
    const busy = (actor: Actor) =>
      database.asActor(actor, async (tx) =>
        rowsOf<Record<string, unknown>>(
          await tx.execute(
            sql`select * from appointment_busy(${pro.userId}, '2026-11-01T00:00:00Z'::timestamptz, '2026-12-01T00:00:00Z'::timestamptz)`,
          ),
        ),
      );
    const seen = await busy(patient);
    expect(seen).toHaveLength(1);
    expect(Object.keys(seen[0]!).sort()).toEqual(['ends_at', 'starts_at']);
    expect(await busy(pro)).toHaveLength(1);
    expect(await busy(otherPatient)).toHaveLength(0);
    expect(await busy(otherPro)).toHaveLength(0);
    // The schedule itself: the professional and a linked patient.
    const schedules = (actor: Actor) =>
      database.asActor(actor, (tx) => tx.select().from(appointmentAvailability));
    expect(await schedules(patient)).toHaveLength(1);
    expect(await schedules(otherPatient)).toHaveLength(0);
    expect(await schedules(otherPro)).toHaveLength(0);
    await database.asActor(patient, (tx) =>
      tx.update(appointments).set({ status: 'cancelled' }).where(eq(appointments.id, held[0]!.id)),
    );
  });

  it('keeps a rating its patient’s: the professional reads only anonymous aggregates input', async () => {
    await database.db
      .update(appointments)
      .set({ status: 'done' })
      .where(eq(appointments.id, appointmentId));
    await database.asActor(patient, (tx) =>
      tx
        .insert(appointmentRatings)
        .values({
          appointmentId,
          patientId: patient.userId,
          professionalId: pro.userId,
          stars: 4,
          comment: null,
          createdAt: at,
          updatedAt: at,
        }),
    );
    expect(await database.asActor(pro, (tx) => tx.select().from(appointmentRatings))).toHaveLength(
      0,
    );
    const received = await database.asActor(pro, async (tx) =>
      rowsOf<Record<string, unknown>>(
        await tx.execute(
          sql`select * from appointment_ratings_received('2026-01-01T00:00:00Z'::timestamptz)`,
        ),
      ),
    );
    expect(received).toHaveLength(1);
    expect(Object.keys(received[0]!).sort()).toEqual(['comment', 'stars', 'updated_at']);
    const asOtherPro = await database.asActor(otherPro, async (tx) =>
      rowsOf(
        await tx.execute(
          sql`select * from appointment_ratings_received('2026-01-01T00:00:00Z'::timestamptz)`,
        ),
      ),
    );
    expect(asOtherPro).toHaveLength(0);
    // A rating outside 1–5 is refused by the table itself.
    const six = database.asActor(patient, (tx) =>
      tx
        .update(appointmentRatings)
        .set({ stars: 6 })
        .where(eq(appointmentRatings.appointmentId, appointmentId)),
    );
    expect((await failure(six))?.code).toBe('23514');
  });
});
