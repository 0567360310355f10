import { and, desc, eq, ne, notInArray } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database';
import { pushSubscriptions } from '../notifications/notifications.tables';
import { userSettings } from '../settings/settings.tables';

/*
 * push_subscriptions: the signed-in user's own rows under row-level security (`tx` from
 * asActor). The two owner-level queries (`db`) are the ones no user can do under their own
 * policy: taking an endpoint over from another account, and the delivery job's lookup by id.
 */

export interface SubscriptionRow {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const subscriptionColumns = {
  id: pushSubscriptions.id,
  userId: pushSubscriptions.userId,
  endpoint: pushSubscriptions.endpoint,
  p256dh: pushSubscriptions.p256dh,
  auth: pushSubscriptions.auth,
};

/**
 * Owner level: removes the endpoint from any other account. The browser that holds it now
 * registers it for the signed-in user; pushes for the previous account must stop reaching it.
 */
export async function releaseEndpointFromOthers(db: Db, endpoint: string, userId: string): Promise<number> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), ne(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return removed.length;
}

/** The user's subscription for this endpoint, created or with its keys replaced (a browser may renew them). */
export async function upsertOwnSubscription(
  tx: Tx,
  row: { userId: string; endpoint: string; p256dh: string; auth: string; deviceLabel: string | null; createdAt: Date },
): Promise<void> {
  await tx
    .insert(pushSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: row.p256dh, auth: row.auth, deviceLabel: row.deviceLabel },
    });
}

/** Keeps the user's `keep` most recent subscriptions and deletes the others. */
export async function keepNewestSubscriptions(tx: Tx, userId: string, keep: number): Promise<void> {
  const newest = await tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  if (newest.length < keep) return;
  await tx.delete(pushSubscriptions).where(
    and(
      eq(pushSubscriptions.userId, userId),
      notInArray(
        pushSubscriptions.id,
        newest.map((r) => r.id),
      ),
    ),
  );
}

export async function deleteOwnByEndpoint(tx: Tx, userId: string, endpoint: string): Promise<void> {
  await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

export async function listOwnSubscriptions(tx: Tx, userId: string): Promise<SubscriptionRow[]> {
  return tx.select(subscriptionColumns).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** The user's language for the texts a push carries (null when they have no settings row). */
export async function languageOf(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx.select({ language: userSettings.language }).from(userSettings).where(eq(userSettings.userId, userId));
  return row?.language ?? null;
}

/** After the push service's answer: a gone subscription is deleted, a delivered one dated. */
export async function recordOutcome(db: Db | Tx, id: string, outcome: 'sent' | 'gone', at: Date): Promise<void> {
  if (outcome === 'gone') await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  else await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, id));
}
