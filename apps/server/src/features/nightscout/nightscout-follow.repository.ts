import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database';
import { user } from '../auth/auth.tables';
import { nightscoutFollowedSites } from './nightscout-follow.tables';

/*
 * The followed sites: the patient's own row under row-level security (`tx` from asActor), except
 * the job's search for due sites (`db`, owner level), which runs before any patient is known.
 */

export type FollowedSiteRow = typeof nightscoutFollowedSites.$inferSelect;

export async function findSite(tx: Tx, patientId: string): Promise<FollowedSiteRow | undefined> {
  const [row] = await tx.select().from(nightscoutFollowedSites).where(eq(nightscoutFollowedSites.patientId, patientId));
  return row;
}

/**
 * A new followed site, replacing the patient's previous one if any. The replacement is a new row
 * (a new id): a poll of the previous address still running records its outcome on a row that is
 * gone, never on this one.
 */
export async function replaceSite(
  tx: Tx,
  row: Pick<FollowedSiteRow, 'patientId' | 'url' | 'credentialKind' | 'credentialSealed' | 'credentialHint' | 'createdAt' | 'nextAttemptAt'>,
): Promise<FollowedSiteRow> {
  await tx.delete(nightscoutFollowedSites).where(eq(nightscoutFollowedSites.patientId, row.patientId));
  const [saved] = await tx.insert(nightscoutFollowedSites).values(row).returning();
  return saved as FollowedSiteRow;
}

/** Same credential, same address: only the credential changes, the cursors are kept. */
export async function replaceCredential(
  tx: Tx,
  patientId: string,
  change: Pick<FollowedSiteRow, 'credentialKind' | 'credentialSealed' | 'credentialHint' | 'nextAttemptAt'>,
): Promise<FollowedSiteRow | undefined> {
  const [saved] = await tx
    .update(nightscoutFollowedSites)
    .set({ ...change, consecutiveFailures: 0 })
    .where(eq(nightscoutFollowedSites.patientId, patientId))
    .returning();
  return saved;
}

export async function deleteSite(tx: Tx, patientId: string): Promise<void> {
  await tx.delete(nightscoutFollowedSites).where(eq(nightscoutFollowedSites.patientId, patientId));
}

/** Owner level: sites whose next attempt is due, oldest first, of accounts not waiting for deletion. */
export async function dueSites(db: Db, now: Date, limit: number): Promise<{ id: string; patientId: string; nextAttemptAt: Date }[]> {
  return db
    .select({ id: nightscoutFollowedSites.id, patientId: nightscoutFollowedSites.patientId, nextAttemptAt: nightscoutFollowedSites.nextAttemptAt })
    .from(nightscoutFollowedSites)
    .innerJoin(user, eq(user.id, nightscoutFollowedSites.patientId))
    .where(and(lte(nightscoutFollowedSites.nextAttemptAt, now), isNull(user.deletionRequestedAt)))
    .orderBy(asc(nightscoutFollowedSites.nextAttemptAt))
    .limit(limit);
}

/** Owner level: whose site this is (the job's payload carries only the id). */
export async function siteOwner(db: Db, id: string): Promise<string | undefined> {
  const [row] = await db.select({ patientId: nightscoutFollowedSites.patientId }).from(nightscoutFollowedSites).where(eq(nightscoutFollowedSites.id, id));
  return row?.patientId;
}

/** Moves the site's next attempt without an attempt made (its patient's plan does not include following a site). */
export async function postponeSite(tx: Tx, id: string, nextAttemptAt: Date): Promise<void> {
  await tx.update(nightscoutFollowedSites).set({ nextAttemptAt }).where(eq(nightscoutFollowedSites.id, id));
}

export interface SyncOutcome {
  at: Date;
  nextAttemptAt: Date;
  /** Null: the attempt succeeded. */
  error: string | null;
  lastEntryAt?: Date | undefined;
  lastTreatmentAt?: Date | undefined;
  importedEntries: number;
  importedTreatments: number;
}

/**
 * Records an attempt on the site it was made for (`id`: a site replaced meanwhile is another row
 * and keeps its own state). Cursors only move forward.
 */
export async function recordAttempt(tx: Tx, id: string, outcome: SyncOutcome): Promise<FollowedSiteRow | undefined> {
  const t = nightscoutFollowedSites;
  const later = (column: typeof t.lastEntryAt | typeof t.lastTreatmentAt, value: Date | undefined) =>
    value ? sql`greatest(${column}, ${value.toISOString()}::timestamptz)` : sql`${column}`;
  const [row] = await tx
    .update(t)
    .set({
      lastAttemptAt: outcome.at,
      nextAttemptAt: outcome.nextAttemptAt,
      lastEntryAt: later(t.lastEntryAt, outcome.lastEntryAt),
      lastTreatmentAt: later(t.lastTreatmentAt, outcome.lastTreatmentAt),
      importedEntries: sql`${t.importedEntries} + ${outcome.importedEntries}`,
      importedTreatments: sql`${t.importedTreatments} + ${outcome.importedTreatments}`,
      ...(outcome.error === null
        ? { lastSyncAt: outcome.at, lastError: null, consecutiveFailures: 0 }
        : { lastError: outcome.error, lastErrorAt: outcome.at, consecutiveFailures: sql`${t.consecutiveFailures} + 1` }),
    })
    .where(eq(t.id, id))
    .returning();
  return row;
}
