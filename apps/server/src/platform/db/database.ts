import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { DatabaseEngine } from '@glucosuivi/domain/health/health.schemas';

/** The drizzle database both engines give us; queries are written once against it. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction handle, same query API as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Who is acting in a request: the row-level security policies read these settings. */
export interface Actor {
  userId: string;
  role: 'patient' | 'doctor' | 'admin';
  /**
   * The account has two-factor sign-in on (its sign-ins then needed the code). Administrators'
   * endpoints require it; set by the request's actor lookup, absent where no request is behind
   * the actor (jobs, the seed).
   */
  secondFactor?: boolean;
  /**
   * The session of the request's cookie (an id, never the token), set by the request's actor
   * lookup: the realtime channel closes a socket when its session ends.
   */
  sessionId?: string;
}

export interface Database {
  engine: DatabaseEngine;
  /** Owner-level access: migrations, auth tables, jobs. Never for a user's personal data. */
  db: Db;
  /**
   * Runs `fn` in a transaction as the non-login `app_user` role with `app.user_id` and
   * `app.role` set for the transaction only, so row-level security decides what is visible.
   * Without an actor every policy sees no user and returns nothing.
   */
  asActor<T>(actor: Actor | null, fn: (tx: Tx) => Promise<T>): Promise<T>;
  serverVersion(): Promise<string>;
  /** Applies pending migrations of the folder; on PostgreSQL under an advisory lock. */
  applyMigrations(migrationsFolder: string): Promise<void>;
  close(): Promise<void>;
}

export function createAsActor(db: Db) {
  return function asActor<T>(actor: Actor | null, fn: (tx: Tx) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      // `set_config('role', …, true)` is `set local role` (the same setting, for the transaction
      // only), so the actor and the role switch are one statement, not two: every request that
      // reads personal data pays this round trip.
      await tx.execute(
        sql`select set_config('app.user_id', ${actor?.userId ?? ''}, true), set_config('app.role', ${actor?.role ?? ''}, true), set_config('role', 'app_user', true)`,
      );
      return fn(tx);
    });
  };
}
