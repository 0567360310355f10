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

  /** How many turns the event loop took while `work` ran (a check-phase callback counts each). */
  async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns++;
      setImmediate(count);
    };
    setImmediate(count);
    await work();
    counting = false;
    return turns;
  }

  it('lets the loop turn between two statements of one request', async () => {
    const turns = await turnsDuring(async () => {
      for (let i = 0; i < 20; i++) await database.db.execute(sql`select 1`);
    });
    expect(turns).toBeGreaterThanOrEqual(20);
  });

  it('lets the loop turn inside a transaction too', async () => {
    const turns = await turnsDuring(() =>
      database.db.transaction(async (tx) => {
        for (let i = 0; i < 10; i++) await tx.execute(sql`select 1`);
      }),
    );
    expect(turns).toBeGreaterThanOrEqual(10);
  });
});
