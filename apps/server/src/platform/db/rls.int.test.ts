import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { user } from '../../features/auth/auth.tables';
import { userSettings } from '../../features/settings/settings.tables';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { rowsOf } from './open-database';
import { PG, pgError } from './pg-error';

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return pgError(error);
  }
  throw new Error('expected the query to fail');
}

// Proves the per-request role switch + app.user_id on the engine this run uses (PGlite, or
// PostgreSQL when DATABASE_URL is set): user_settings rows are visible to their owner only.
describe(`row-level security through asActor (${process.env.DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let database: TestDatabase;
  const alice = { userId: 'user-alice', role: 'patient' as const };
  const bob = { userId: 'user-bob', role: 'patient' as const };

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(user).values([
      { id: alice.userId, name: 'Alice', email: 'alice@example.test' },
      { id: bob.userId, name: 'Bob', email: 'bob@example.test' },
    ]);
    await database.db.insert(userSettings).values([{ userId: alice.userId }, { userId: bob.userId, glucoseUnit: 'mmol/l' }]);
  });
  afterAll(async () => database?.destroy());

  it('runs as the non-login app_user role with the actor id set', async () => {
    const [row] = await database.asActor(alice, async (tx) =>
      rowsOf<{ role: string; uid: string }>(
        await tx.execute(sql`select current_user as role, current_setting('app.user_id', true) as uid`),
      ),
    );
    expect(row).toEqual({ role: 'app_user', uid: alice.userId });
  });

  it('shows a user only their own row', async () => {
    const rows = await database.asActor(alice, (tx) => tx.select().from(userSettings));
    expect(rows.map((r) => r.userId)).toEqual([alice.userId]);
    const bobs = await database.asActor(bob, (tx) => tx.select().from(userSettings));
    expect(bobs.map((r) => [r.userId, r.glucoseUnit])).toEqual([[bob.userId, 'mmol/l']]);
  });

  it('shows nothing to a request without a user', async () => {
    const rows = await database.asActor(null, (tx) => tx.select().from(userSettings));
    expect(rows).toHaveLength(0);
  });

  it("cannot update or delete another user's row", async () => {
    const updated = await database.asActor(alice, (tx) =>
      tx.update(userSettings).set({ glucoseUnit: 'mg/dl' }).where(eq(userSettings.userId, bob.userId)).returning(),
    );
    expect(updated).toHaveLength(0);
    const deleted = await database.asActor(alice, (tx) =>
      tx.delete(userSettings).where(eq(userSettings.userId, bob.userId)).returning(),
    );
    expect(deleted).toHaveLength(0);
    const [bobRow] = await database.db.select().from(userSettings).where(eq(userSettings.userId, bob.userId));
    expect(bobRow?.glucoseUnit).toBe('mmol/l');
  });

  it("cannot write a row in another user's name", async () => {
    await database.db.insert(user).values({ id: 'user-carol', name: 'Carol', email: 'carol@example.test' });
    const error = await failure(database.asActor(alice, (tx) => tx.insert(userSettings).values({ userId: 'user-carol' })));
    expect(error?.code).toBe(PG.insufficientPrivilege);
    expect(error?.message).toMatch(/row-level security/);
    const rows = await database.db.select().from(userSettings).where(eq(userSettings.userId, 'user-carol'));
    expect(rows).toHaveLength(0);
  });

  it('can change its own row', async () => {
    const updated = await database.asActor(alice, (tx) =>
      tx.update(userSettings).set({ language: 'es' }).where(eq(userSettings.userId, alice.userId)).returning(),
    );
    expect(updated.map((r) => r.language)).toEqual(['es']);
  });

  it('cannot read credentials or session tokens as the request role', async () => {
    const error = await failure(database.asActor(alice, (tx) => tx.execute(sql`select * from "session"`)));
    expect(error?.code).toBe(PG.insufficientPrivilege);
    expect(error?.message).toMatch(/permission denied/);
  });

  it('leaves the owner connection unaffected after the transaction', async () => {
    const [row] = rowsOf<{ role: string }>(await database.db.execute(sql`select current_user as role`));
    expect(row?.role).not.toBe('app_user');
  });
});
