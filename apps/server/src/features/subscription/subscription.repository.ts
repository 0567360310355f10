import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database';
import { userSettings } from '../settings/settings.tables';
import { pdfReportDownloads, subscriptions } from './subscription.tables';

/*
 * Reads run as the patient (`tx` of asActor: RLS shows them their own rows) or on the owner
 * connection; writes only on the owner connection (the request role may not write these tables).
 */

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function findSubscription(db: Db | Tx, patientId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.patientId, patientId));
  return row;
}

/** The patient's time zone (their settings; Paris when unset). */
export async function timeZoneOf(db: Db | Tx, patientId: string): Promise<string> {
  const [row] = await db.select({ timeZone: userSettings.timezone }).from(userSettings).where(eq(userSettings.userId, patientId));
  return row?.timeZone ?? 'Europe/Paris';
}

/** PDF reports downloaded in [from, to). */
export async function countPdfDownloads(db: Db | Tx, patientId: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(pdfReportDownloads)
    .where(and(eq(pdfReportDownloads.patientId, patientId), gte(pdfReportDownloads.at, from), lt(pdfReportDownloads.at, to)));
  return Number(row?.n ?? 0);
}

/**
 * One patient's PDF quota at a time, until the transaction ends: two downloads at once (two tabs,
 * two servers) cannot both read "2 used" and both take the third.
 */
export async function lockPdfQuota(tx: Tx, patientId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`glucosuivi.pdf-quota:${patientId}`}))`);
}

export async function insertPdfDownload(tx: Db | Tx, patientId: string, at: Date): Promise<string> {
  const [row] = await tx.insert(pdfReportDownloads).values({ patientId, at }).returning({ id: pdfReportDownloads.id });
  return (row as { id: string }).id;
}

export async function deletePdfDownload(db: Db | Tx, id: string): Promise<void> {
  await db.delete(pdfReportDownloads).where(eq(pdfReportDownloads.id, id));
}

/**
 * Premium granted until `until`: a new row, or the patient's row switched to the grant (not
 * cancelled, no billing interval). The payment provider's ids are kept for when they matter.
 */
export async function upsertGrant(tx: Db | Tx, patientId: string, until: Date, at: Date): Promise<SubscriptionRow> {
  const grant = {
    plan: 'premium' as const,
    status: 'active' as const,
    billingInterval: null,
    currentPeriodEnd: until,
    cancelAtPeriodEnd: false,
    source: 'admin_grant' as const,
    updatedAt: at,
  };
  const [row] = await tx
    .insert(subscriptions)
    .values({ patientId, ...grant, createdAt: at })
    .onConflictDoUpdate({ target: subscriptions.patientId, set: grant })
    .returning();
  return row as SubscriptionRow;
}

/** Sets or clears "stop at the period's end" on a subscription whose period ends after `at`. */
export async function setCancelAtPeriodEnd(db: Db | Tx, patientId: string, cancel: boolean, at: Date): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .update(subscriptions)
    .set({ cancelAtPeriodEnd: cancel, updatedAt: at })
    .where(and(eq(subscriptions.patientId, patientId), eq(subscriptions.plan, 'premium'), sql`${subscriptions.status} <> 'expired'`, sql`${subscriptions.currentPeriodEnd} > ${at.toISOString()}::timestamptz`))
    .returning();
  return row;
}

/** Every PDF report download of the patient, oldest first ("Télécharger mes données"). */
export async function listPdfDownloads(db: Db | Tx, patientId: string): Promise<Date[]> {
  const rows = await db.select({ at: pdfReportDownloads.at }).from(pdfReportDownloads).where(eq(pdfReportDownloads.patientId, patientId)).orderBy(pdfReportDownloads.at);
  return rows.map((row) => row.at);
}
