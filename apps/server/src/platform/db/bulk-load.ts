import { sql } from 'drizzle-orm';
import { createAsActor, type Actor, type Database, type Db, type Tx } from './database';

/**
 * Brings up to date, at the end of a bulk load, what the triggers it turned off would have kept
 * (e.g. the daily aggregates of the patients written), as the owner, before the commit.
 */
export type Settle = (tx: Tx, actors: readonly Actor[]) => Promise<void>;

/**
 * Runs `fn` with the same database, but every `asActor` of it runs inside one transaction, with
 * the same role and settings as `asActor` (row-level security checks every row) and no savepoint:
 * an error fails the whole transaction. Many small writes then make one commit, whose work
 * (deferred triggers) is done once. For writes through `asActor` only: once one has run, the
 * transaction is the app's role until the end.
 *
 * With `settle`, on PGlite, it is also a bulk load: PostgreSQL's per-row trigger work is turned
 * off for the transaction (`session_replication_role = replica`: foreign-key checks and the app's
 * own triggers) and `settle` redoes what those triggers keep, once, for the actors seen. On
 * PGlite every row's trigger work runs in WebAssembly: about half the cost of a reading. A
 * replica role needs a superuser, which the app is on PGlite only; on PostgreSQL the triggers
 * stay on (and `settle` is not needed).
 */
export function inOneTransaction<T>(database: Database, fn: (inTransaction: Database) => Promise<T>, settle?: Settle): Promise<T> {
  const bulk = settle !== undefined && database.engine === 'pglite';
  return database.db.transaction(async (tx) => {
    if (bulk) await tx.execute(sql`set local session_replication_role = replica`);
    // asActor's own session set-up, run in this transaction rather than in a nested one.
    const asActor = createAsActor({ transaction: (work: (inner: Tx) => Promise<unknown>) => work(tx) } as unknown as Db);
    const actors = new Map<string, Actor>();
    // The settings and role last set stay until the end: the same actor again needs no set-up.
    let current: Actor | null | undefined;
    const result = await fn({
      ...database,
      db: tx as unknown as Db,
      asActor: (actor, work) => {
        if (actor) actors.set(actor.userId, actor);
        if (current !== undefined && current?.userId === actor?.userId && current?.role === actor?.role) return work(tx);
        current = actor;
        return asActor(actor, work);
      },
    });
    await tx.execute(sql`reset role`);
    if (bulk) {
      await tx.execute(sql`set local session_replication_role = origin`);
      await settle(tx, [...actors.values()]);
    }
    return result;
  });
}

/**
 * The same database, each `asActor` transaction of which is a bulk load of its own
 * (`inOneTransaction` with `settle`): for large writes one at a time, each committed apart.
 * PostgreSQL: the database itself.
 */
export function bulkLoadingDatabase(database: Database, settle: Settle): Database {
  if (database.engine !== 'pglite') return database;
  return {
    ...database,
    asActor: (actor, fn) => inOneTransaction(database, (inTransaction) => inTransaction.asActor(actor, fn), settle),
  };
}
