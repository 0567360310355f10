import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './database';
import { createAsActor } from './database';

// Any fixed number shared by every instance of the app.
const MIGRATION_LOCK_KEY = 7_453_210_981;

export interface DatabaseOptions {
  /** `postgres://…` selects PostgreSQL; absent selects the embedded PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's folder; `memory://` keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /**
   * How long a query may wait for a free pooled connection before it fails with 503
   * `server_busy` (default 5 s, the same bound as the HTTP admission queue, ADR 0019).
   */
  poolWaitMs?: number;
}

export const DEFAULT_POOL_SIZE = 10;

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in `dataDir`. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? DEFAULT_POOL_SIZE, options.poolWaitMs ?? 5000) : openPglite(options.dataDir);
}

async function openPostgres(url: string, max: number, poolWaitMs: number): Promise<Database> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // Requests queue in front of the pool (the admission queue, as many at once as connections);
    // what still waits here (jobs, a burst beside them) is bounded like them: a failed wait is
    // answered 503 `server_busy` (isPoolWaitTimeout), never after more than the bound.
    connectionTimeoutMillis: poolWaitMs,
    idleTimeoutMillis: 30_000,
    // A runaway query must not hold a connection forever.
    statement_timeout: 15_000,
  });
  // An idle client losing its connection emits on the pool; without a listener Node would crash.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { casing: 'snake_case' }) as unknown as Db;
  return {
    engine: 'postgres',
    db,
    asActor: createAsActor(db),
    serverVersion: async () => versionOf(db),
    applyMigrations: async (migrationsFolder) => {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      // One dedicated connection holds a session advisory lock for the whole run, so two
      // servers starting together on one PostgreSQL never apply the same migration twice.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  // The database lives in its own sub-folder: DATA_DIR also holds the lock file and secrets.
  const folder = dataDir.startsWith('memory://') ? dataDir : join(dataDir, 'pglite');
  if (!folder.startsWith('memory://')) mkdirSync(folder, { recursive: true });
  const client = await PGlite.create(folder);
  yieldBeforeEachStatement(client);
  const db = drizzle(client, { casing: 'snake_case' }) as unknown as Db;
  return {
    engine: 'pglite',
    db,
    asActor: createAsActor(db),
    serverVersion: async () => versionOf(db),
    applyMigrations: async (migrationsFolder) => {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder });
    },
    close: () => client.close(),
  };
}

/**
 * PGlite runs a statement synchronously on this thread, and its promise settles without a turn
 * of the event loop: under a burst, one turn of the loop ran request after request (every socket
 * that had data) before the loop came back to the listening socket. Measured with 200 connections
 * on the dashboard summary (bench/pglite-load.ts): the listen queue held 71 connections and
 * drained at about 2.5 a second while 300 requests a second were answered, so some waited 30 s
 * before Node took them. A turn of the loop before each statement (every query, exec and
 * transaction of PGlite goes through execProtocolStream) lets the server accept, read and time
 * requests out between two statements, and the admission queue (ADR 0019) then sees the
 * requests really waiting. The cost is one setImmediate per statement.
 */
function yieldBeforeEachStatement(client: { execProtocolStream: (...args: never[]) => Promise<unknown> }): void {
  const run = client.execProtocolStream.bind(client);
  client.execProtocolStream = async (...args) => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return run(...args);
  };
}

async function versionOf(db: Db): Promise<string> {
  const result = await db.execute(sql`show server_version`);
  return rowsOf<{ server_version: string }>(result)[0]?.server_version ?? 'unknown';
}

/** node-postgres answers `{ rows }`, PGlite too; drizzle types both loosely. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
