import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { profiles } from '../accounts/accounts.tables';
import { userSettings } from '../settings/settings.tables';
import { supportTickets } from './support.tables';

export type NewTicket = typeof supportTickets.$inferInsert;

/** Stores a ticket. No RETURNING: an anonymous sender may insert but not read rows back (RLS). */
export async function insertTicket(
  tx: Tx,
  ticket: NewTicket & { id: string; createdAt: Date },
): Promise<void> {
  await tx.insert(supportTickets).values(ticket);
}

/** The signed-in requester's address and language, read under their own RLS. */
export async function requesterContact(
  tx: Tx,
  userId: string,
): Promise<{ email: string | null; language: string | null }> {
  const [profile] = await tx
    .select({ email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, userId));
  const [settings] = await tx
    .select({ language: userSettings.language })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return { email: profile?.email ?? null, language: settings?.language ?? null };
}
