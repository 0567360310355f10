import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/pglite';
import { sql } from 'drizzle-orm';
import type { Db } from '../platform/db/database';
import { createAsActor } from '../platform/db/database';
import type { Database } from '../platform/db/database';
import { openDatabase } from '../platform/db/open-database';
import { migrate } from '../platform/db/migrate';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface TestDatabase extends Database {
  /** Drops what the test created (the whole database on PostgreSQL). */
  destroy(): Promise<void>;
  /** The connection URL of this fresh database on PostgreSQL (absent on PGlite): other server processes can open it. */
  url?: string;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a brand-new
 * database on the PostgreSQL server of DATABASE_URL (dropped afterwards). Tests never share data.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) return openPgliteFromTemplate();
  const { default: pg } = await import('pg');
  const name = `glucosuivi_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: testUrl.toString(),
    dataDir: 'unused',
    poolSize: 4,
  });
  await migrate(database, MIGRATIONS_FOLDER);
  return {
    ...database,
    url: testUrl.toString(),
    destroy: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * Creating a PGlite cluster costs ~5 s; loading a dump of an already migrated one costs
 * under 1 s. The dump is cached in the temp folder, keyed by the migrations' content.
 */
async function openPgliteFromTemplate(): Promise<TestDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_FOLDER).sort()) {
    if (name.endsWith('.sql'))
      hash.update(name).update(readFileSync(join(MIGRATIONS_FOLDER, name)));
  }
  const templatePath = join(
    tmpdir(),
    `glucosuivi-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`,
  );
  if (!existsSync(templatePath)) {
    const fresh = await openDatabase({ dataDir: 'memory://' });
    await migrate(fresh, MIGRATIONS_FOLDER);
    const client = (fresh.db as unknown as { $client: InstanceType<typeof PGlite> }).$client;
    const dump = await client.dumpDataDir('none');
    await fresh.close();
    const partial = `${templatePath}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, templatePath);
  }
  const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(templatePath)]) });
  const db = drizzle(client, { casing: 'snake_case' }) as unknown as Db;
  return {
    engine: 'pglite',
    db,
    asActor: createAsActor(db),
    serverVersion: async () => {
      const result = await db.execute(sql`show server_version`);
      return (
        (result as unknown as { rows: { server_version: string }[] }).rows[0]?.server_version ??
        'unknown'
      );
    },
    applyMigrations: async () => undefined,
    close: () => client.close(),
    destroy: () => client.close(),
  };
}
