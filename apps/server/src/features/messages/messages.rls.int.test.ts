import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { user } from '../auth/auth.tables';
import { careLinks } from '../care-team/care-team.tables';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import type { Actor } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
import { PG, pgError } from '../../platform/db/pg-error';
import { messages } from './messages.tables';

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return pgError(error);
  }
  throw new Error('expected the query to fail');
}

const at = new Date('2026-11-02T08:00:00Z');

// Direct SQL as app_user with app.user_id and app.role set: what the policies allow even if a
// service check were missing or wrong.
describe(`row-level security of messages (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let database: TestDatabase;
  const patient: Actor = { userId: 'msg-patient', role: 'patient' };
  const pro: Actor = { userId: 'msg-pro', role: 'doctor' };
  const stranger: Actor = { userId: 'msg-stranger', role: 'doctor' };
  const otherPatient: Actor = { userId: 'msg-other', role: 'patient' };
  const admin: Actor = { userId: 'msg-admin', role: 'admin' };
  let linkId: string;
  let fromPatient: string;
  let fromPro: string;

  const visible = (actor: Actor | null) =>
    database.asActor(actor, (tx) => tx.select().from(messages));
  const write = (actor: Actor, values: Partial<typeof messages.$inferInsert>) =>
    database.asActor(actor, (tx) =>
      tx
        .insert(messages)
        .values({
          linkId,
          patientId: patient.userId,
          professionalId: pro.userId,
          senderId: actor.userId,
          body: 'x',
          createdAt: at,
          ...values,
        })
        .returning(),
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db
      .insert(user)
      .values(
        [patient, pro, stranger, otherPatient, admin].map((a) => ({
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
    fromPatient = (await write(patient, { body: 'du patient' }))[0]!.id;
    fromPro = (
      await write(pro, { body: 'du professionnel', createdAt: new Date(at.getTime() + 1000) })
    )[0]!.id;
  });
  afterAll(async () => database?.destroy());

  it('shows the rows to the two people of the link only', async () => {
    expect(await visible(patient)).toHaveLength(2);
    expect(await visible(pro)).toHaveLength(2);
    for (const actor of [stranger, otherPatient, admin, null])
      expect(await visible(actor)).toHaveLength(0);
    // The role decides the side: the patient's own id acting as an administrator sees nothing.
    expect(await visible({ userId: patient.userId, role: 'admin' })).toHaveLength(0);
    expect(await visible({ userId: pro.userId, role: 'patient' })).toHaveLength(0);
  });

  it('refuses a message from outside the link, in someone else’s name, or with forged parties', async () => {
    for (const [actor, values] of [
      [stranger, {}],
      [otherPatient, {}],
      [admin, {}],
      [pro, { senderId: patient.userId }],
      [patient, { professionalId: stranger.userId }],
      [{ userId: patient.userId, role: 'admin' as const }, {}],
    ] as [Actor, Partial<typeof messages.$inferInsert>][]) {
      expect(
        (await failure(write(actor, values)))?.code,
        `${actor.userId}:${actor.role} ${JSON.stringify(values)}`,
      ).toBe(PG.insufficientPrivilege);
    }
  });

  it('lets only the recipient move receipts, and nobody edit or delete a message', async () => {
    // The sender's own message is not theirs to receipt; the recipient's is.
    expect(
      await database.asActor(patient, (tx) =>
        tx.update(messages).set({ readAt: at }).where(eq(messages.id, fromPatient)).returning(),
      ),
    ).toHaveLength(0);
    expect(
      await database.asActor(pro, (tx) =>
        tx
          .update(messages)
          .set({ readAt: at, deliveredAt: at })
          .where(eq(messages.id, fromPatient))
          .returning(),
      ),
    ).toHaveLength(1);
    expect(
      await database.asActor(stranger, (tx) => tx.update(messages).set({ readAt: at }).returning()),
    ).toHaveLength(0);
    for (const actor of [patient, pro]) {
      expect(
        (
          await failure(
            database.asActor(actor, (tx) => tx.update(messages).set({ body: 'réécrit' })),
          )
        )?.code,
      ).toBe(PG.insufficientPrivilege);
      expect(
        (
          await failure(
            database.asActor(actor, (tx) => tx.update(messages).set({ senderId: patient.userId })),
          )
        )?.code,
      ).toBe(PG.insufficientPrivilege);
      expect((await failure(database.asActor(actor, (tx) => tx.delete(messages))))?.code).toBe(
        PG.insufficientPrivilege,
      );
    }
  });

  it('names the other person to the parties only', async () => {
    const names = (actor: Actor) =>
      database.asActor(actor, async (tx) =>
        rowsOf<{ link_id: string; user_id: string }>(
          await tx.execute(sql`select link_id, user_id from message_counterparts()`),
        ),
      );
    expect(await names(patient)).toEqual([{ link_id: linkId, user_id: pro.userId }]);
    expect(await names(pro)).toEqual([{ link_id: linkId, user_id: patient.userId }]);
    for (const actor of [stranger, otherPatient, admin]) expect(await names(actor)).toEqual([]);
  });

  it('after revocation: nothing for the professional, read-only history for the patient', async () => {
    await database.asActor(patient, (tx) =>
      tx
        .update(careLinks)
        .set({ status: 'revoked', revokedAt: at })
        .where(eq(careLinks.id, linkId)),
    );
    expect(await visible(pro)).toHaveLength(0);
    expect(
      await database.asActor(pro, (tx) => tx.update(messages).set({ readAt: at }).returning()),
    ).toHaveLength(0);
    expect((await failure(write(pro, {})))?.code).toBe(PG.insufficientPrivilege);

    expect(await visible(patient)).toHaveLength(2);
    expect((await failure(write(patient, {})))?.code).toBe(PG.insufficientPrivilege);
    expect(
      await database.asActor(patient, (tx) =>
        tx.update(messages).set({ readAt: at }).where(eq(messages.id, fromPro)).returning(),
      ),
    ).toHaveLength(1);
    // The patient still sees with whom; the professional no longer does.
    const names = (actor: Actor) =>
      database.asActor(actor, async (tx) =>
        rowsOf<{ user_id: string }>(
          await tx.execute(sql`select user_id from message_counterparts()`),
        ),
      );
    expect(await names(patient)).toEqual([{ user_id: pro.userId }]);
    expect(await names(pro)).toEqual([]);
  });
});
