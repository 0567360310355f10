import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, MIGRATIONS_FOLDER, type TestDatabase } from '../../test/test-database';
import { migrate, migrationState } from './migrate';

describe('migrate on a database already up to date', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(async () => {
    await database?.destroy();
  });

  it('runs no migrator at all, and says the database is not new', async () => {
    let applied = 0;
    const counting = { ...database, applyMigrations: async () => void applied++ };
    expect(await migrate(counting, MIGRATIONS_FOLDER)).toEqual({ wasNew: false });
    expect(applied).toBe(0);
  });

  it('does not count a database as up to date when its last migration is not the folder’s last', async () => {
    expect((await migrationState(database, MIGRATIONS_FOLDER)).upToDate).toBe(true);
    // As many migrations applied, the last one another (another branch's, of another date).
    await database.db.execute(sql`update drizzle.__drizzle_migrations set created_at = created_at - 1 where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
    const state = await migrationState(database, MIGRATIONS_FOLDER);
    expect(state.applied).toBe(state.available);
    expect(state.upToDate).toBe(false);
  });
});
