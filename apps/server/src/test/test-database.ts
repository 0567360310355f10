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
  try {
    const template = await postgresTemplate(admin, url);
    await admin.query(`create database ${name} template ${template}`);
  } finally {
    await admin.end();
  }
  const testUrl = databaseUrl(url, name);
  const database = await openDatabase({ databaseUrl: testUrl, dataDir: 'unused', poolSize: 4,
    // Feature tests send bursts (100 parallel writes) on a machine busy with other test files:
    // they are about correctness, so they wait; the 5 s production bound has its own tests.
    poolWaitMs: 20_000,
  });
  return {
    ...database,
    url: testUrl,
    destroy: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The migrations folder's content, hashed: a template made from other migrations is another template. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(MIGRATIONS_FOLDER).sort()) {
    if (name.endsWith('.sql'))
      hash.update(name).update(readFileSync(join(MIGRATIONS_FOLDER, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Any number, the same in every test worker: who holds it builds the template, the others wait. */
const TEMPLATE_LOCK = 7_100_913;

interface PgClient {
  query(text: string, values?: unknown[]): Promise<{ rowCount: number | null; rows: unknown[] }>;
}

/**
 * The name of a migrated database on this PostgreSQL server to copy for each test file. Running
 * the 33 migrations costs ~0.8 s per file (111 files); `create database … template` copies the
 * migrated one in a fraction of that. Built once per server and migrations content, by one test
 * worker at a time (an advisory lock), under a temporary name renamed once complete, so a run
 * stopped halfway never leaves a half-migrated template. Templates of older migrations are dropped.
 */
async function postgresTemplate(admin: PgClient, serverUrl: string): Promise<string> {
  const template = `glucosuivi_template_${migrationsHash()}`;
  await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
  try {
    const present = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (present.rowCount) return template;
    const stale = await admin.query(
      `select datname from pg_database where datname like 'glucosuivi\\_template\\_%'`,
    );
    for (const { datname } of stale.rows as { datname: string }[])
      await admin.query(`drop database if exists ${datname} with (force)`);
    const building = `${template}_building`;
    await admin.query(`create database ${building}`);
    const database = await openDatabase({
      databaseUrl: databaseUrl(serverUrl, building),
      dataDir: 'unused',
      poolSize: 1,
    });
    await migrate(database, MIGRATIONS_FOLDER);
    await database.close();
    // A closed pool's server processes end a moment later; a database is renamed or copied only
    // once no one is connected to it.
    for (let waited = 0; ; waited += 50) {
      const connected = await admin.query('select 1 from pg_stat_activity where datname = $1', [
        building,
      ]);
      if (!connected.rowCount) break;
      if (waited > 10_000)
        throw new Error(`the template ${building} still has connections after 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await admin.query(`alter database ${building} rename to ${template}`);
    return template;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
  }
}

/**
 * Creating a PGlite cluster costs ~5 s; loading a dump of an already migrated one costs
 * under 1 s. The dump is cached in the temp folder, keyed by the migrations' content.
 */
async function openPgliteFromTemplate(): Promise<TestDatabase> {
  const { PGlite } = await import('@electric-sql/pglite');
  const templatePath = join(tmpdir(), `glucosuivi-pglite-template-${migrationsHash()}.tar`);
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
