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

/** Applies the pending migrations of the one migration folder; returns whether the database was new. */
export async function migrate(database: Database, migrationsFolder: string): Promise<{ wasNew: boolean }> {
  const before = await migrationState(database, migrationsFolder);
  await database.applyMigrations(migrationsFolder);
  return { wasNew: before.applied === 0 };
}

/** How many migrations exist in the folder and how many the database has applied. */
export async function migrationState(database: Database, migrationsFolder: string): Promise<MigrationState> {
  const journal = readJournal(migrationsFolder);
  let applied = 0;
  const exists = rowsOf<{ present: boolean }>(
    await database.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  )[0]?.present;
  if (exists) {
    applied = Number(
      rowsOf<{ n: string | number }>(await database.db.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`))[0]
        ?.n ?? 0,
    );
  }
  const available = journal.entries.length;
  const latestEntry = applied > 0 ? journal.entries[Math.min(applied, available) - 1] : undefined;
  return { applied, available, latest: latestEntry?.tag ?? null, upToDate: applied === available };
}
