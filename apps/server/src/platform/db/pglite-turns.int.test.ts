import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { openDatabase } from './open-database';

/*
 * The embedded engine runs a statement on the server's own thread. Were its promises to settle
 * without a turn of the event loop, a burst of requests would run statement after statement
 * while connections wait in the listen queue (30 s under 200 connections, bench/pglite-load.ts).
 * Opened in memory here whatever DATABASE_URL says: this is about PGlite only.
 */
describe('PGlite statements and the event loop', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('lets the loop turn between two statements of one request', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns++;
      setImmediate(count);
    };
    setImmediate(count);
    const statements = 20;
    for (let i = 0; i < statements; i++) await database.db.execute(sql`select 1`);
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(statements);
  });

  it('lets the loop turn inside a transaction too', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns++;
      setImmediate(count);
    };
    setImmediate(count);
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < 10; i++) await tx.execute(sql`select 1`);
    });
    counting = false;
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});
