import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Database } from '../platform/db/database';
import { openDatabase } from '../platform/db/open-database';
import { migrate } from '../platform/db/migrate';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface TestDatabase extends Database {
  /** Drops what the test created (the whole database on PostgreSQL). */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new
 * database on the PostgreSQL server of DATABASE_URL (dropped afterwards). Tests never share data.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database, MIGRATIONS_FOLDER);
    return { ...database, destroy: () => database.close() };
  }
  const { default: pg } = await import('pg');
  const name = `glucosuivi_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: testUrl.toString(), dataDir: 'unused', poolSize: 4 });
  await migrate(database, MIGRATIONS_FOLDER);
  return {
    ...database,
    destroy: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
