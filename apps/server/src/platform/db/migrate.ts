import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from './database';
import { rowsOf } from './open-database';

export interface MigrationState {
  applied: number;
  available: number;
  latest: string | null;
  upToDate: boolean;
}

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

function readJournal(migrationsFolder: string): Journal {
  return JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/**
 * Applies the pending migrations of the one migration folder; returns whether the database was
 * new. A database already up to date (the usual restart) is left alone: the migrator would read
 * and hash every migration file and run its own bookkeeping statements for nothing.
 */
export async function migrate(database: Database, migrationsFolder: string): Promise<{ wasNew: boolean }> {
  const before = await migrationState(database, migrationsFolder);
  if (!before.upToDate) await database.applyMigrations(migrationsFolder);
  return { wasNew: before.applied === 0 };
}

/** How many migrations exist in the folder and how many the database has applied. */
export async function migrationState(database: Database, migrationsFolder: string): Promise<MigrationState> {
  const journal = readJournal(migrationsFolder);
  let applied = 0;
  let lastAppliedWhen: number | null = null;
  const exists = rowsOf<{ present: boolean }>(
    await database.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  )[0]?.present;
  if (exists) {
    const row = rowsOf<{ n: string | number; last: string | number | null }>(
      await database.db.execute(sql`select count(*) as n, max(created_at) as last from drizzle.__drizzle_migrations`),
    )[0];
    applied = Number(row?.n ?? 0);
    lastAppliedWhen = row?.last === null || row?.last === undefined ? null : Number(row.last);
  }
  const available = journal.entries.length;
  const latestEntry = applied > 0 ? journal.entries[Math.min(applied, available) - 1] : undefined;
  // As many applied as listed, and the last one applied is the folder's last (the migrator keys
  // each migration by its journal time): a database of another branch with as many is not up to date.
  const upToDate = applied === available && (available === 0 || lastAppliedWhen === journal.entries[available - 1]!.when);
  return { applied, available, latest: latestEntry?.tag ?? null, upToDate };
}
