import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { user } from '../auth/auth.tables';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { rowsOf } from '../../platform/db/open-database';
import { PG, pgError } from '../../platform/db/pg-error';
import { adviceFeedback } from './advice.tables';

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return pgError(error);
  }
  throw new Error('expected the query to fail');
}

const at = new Date('2026-11-02T08:00:00Z');
/** SQLSTATE of a failed CHECK constraint. */
const CHECK_VIOLATION = '23514';

// Direct SQL as the request role, on the engine of this run (PGlite, or PostgreSQL with DATABASE_URL).
describe(`row-level security of advice_feedback (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let database: TestDatabase;
  const alice = { userId: 'rls-advice-alice', role: 'patient' as const };
  const bob = { userId: 'rls-advice-bob', role: 'patient' as const };
  const doctor = { userId: 'rls-advice-doctor', role: 'doctor' as const };

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(user).values([
      { id: alice.userId, name: 'Alice', email: 'rls-advice-alice@example.test' },
      { id: bob.userId, name: 'Bob', email: 'rls-advice-bob@example.test' },
      { id: doctor.userId, name: 'Doctor', email: 'rls-advice-doctor@example.test' },
    ]);
    await database.db.insert(adviceFeedback).values({ patientId: bob.userId, kind: 'night_hypo', vote: 'useful', updatedAt: at });
  });
  afterAll(async () => database?.destroy());

  it('lets the patient write, read, change and delete their own votes', async () => {
    await database.asActor(alice, (tx) => tx.insert(adviceFeedback).values({ patientId: alice.userId, kind: 'dawn_rise', vote: 'useful', updatedAt: at }));
    expect(await database.asActor(alice, (tx) => tx.select().from(adviceFeedback))).toEqual([{ patientId: alice.userId, kind: 'dawn_rise', vote: 'useful', updatedAt: at }]);
    const changed = await database.asActor(alice, (tx) => tx.update(adviceFeedback).set({ vote: 'not_useful' }).where(eq(adviceFeedback.patientId, alice.userId)).returning());
    expect(changed).toHaveLength(1);
    expect(await database.asActor(alice, (tx) => tx.delete(adviceFeedback).where(eq(adviceFeedback.patientId, alice.userId)).returning())).toHaveLength(1);
  });

  it("hides another patient's votes from a patient, a professional and a request without user", async () => {
    for (const actor of [alice, doctor, null]) {
      expect(await database.asActor(actor, (tx) => tx.select().from(adviceFeedback))).toEqual([]);
      expect(await database.asActor(actor, (tx) => tx.update(adviceFeedback).set({ vote: 'not_useful' }).where(eq(adviceFeedback.patientId, bob.userId)).returning())).toEqual([]);
      expect(await database.asActor(actor, (tx) => tx.delete(adviceFeedback).where(eq(adviceFeedback.patientId, bob.userId)).returning())).toEqual([]);
    }
    expect(await database.db.select().from(adviceFeedback).where(eq(adviceFeedback.patientId, bob.userId))).toEqual([
      { patientId: bob.userId, kind: 'night_hypo', vote: 'useful', updatedAt: at },
    ]);
    expect(await database.asActor(bob, (tx) => tx.select().from(adviceFeedback))).toHaveLength(1);
  });

  it("refuses a vote written in another patient's name or moved to another patient", async () => {
    const forged = await failure(database.asActor(alice, (tx) => tx.insert(adviceFeedback).values({ patientId: bob.userId, kind: 'dawn_rise', vote: 'useful', updatedAt: at })));
    expect(forged?.code).toBe(PG.insufficientPrivilege);
    await database.asActor(alice, (tx) => tx.insert(adviceFeedback).values({ patientId: alice.userId, kind: 'tir_change', vote: 'useful', updatedAt: at }));
    const moved = await failure(database.asActor(alice, (tx) => tx.update(adviceFeedback).set({ patientId: bob.userId }).where(eq(adviceFeedback.patientId, alice.userId))));
    expect(moved?.code).toBe(PG.insufficientPrivilege);
  });

  it('refuses a kind or a vote the API does not know, whoever writes it', async () => {
    const kind = await failure(database.db.insert(adviceFeedback).values({ patientId: alice.userId, kind: 'insulin_dose', vote: 'useful', updatedAt: at }));
    expect(kind?.code).toBe(CHECK_VIOLATION);
    const vote = await failure(database.db.insert(adviceFeedback).values({ patientId: alice.userId, kind: 'dawn_rise', vote: 'maybe', updatedAt: at }));
    expect(vote?.code).toBe(CHECK_VIOLATION);
  });

  it('keeps RLS enabled on the table', async () => {
    const rows = rowsOf<{ relrowsecurity: boolean }>(await database.db.execute(sql`select relrowsecurity from pg_class where relname = 'advice_feedback'`));
    expect(rows).toEqual([{ relrowsecurity: true }]);
  });
});
