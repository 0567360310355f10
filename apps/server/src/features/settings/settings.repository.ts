import { eq, sql } from 'drizzle-orm';
import type { SettingsPatch } from '@glucosuivi/domain/settings/settings.schemas';
import type { Tx } from '../../platform/db/database';
import { userSettings } from './settings.tables';

export type SettingsRow = typeof userSettings.$inferSelect;

/** The user's row, created with the spec's defaults on first read. Runs under RLS as the user. */
export async function getOrCreate(tx: Tx, userId: string): Promise<SettingsRow> {
  await tx.insert(userSettings).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(userSettings).where(eq(userSettings.userId, userId));
  if (!row) throw new Error('settings row missing after upsert');
  return row;
}

/** UPSERT on user_id with only the changed fields (SPEC §7). */
export async function upsert(tx: Tx, userId: string, patch: SettingsPatch, at: Date): Promise<SettingsRow> {
  const [row] = await tx
    .insert(userSettings)
    .values({ userId, ...patch, updatedAt: at })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...patch, updatedAt: sql`excluded.updated_at` } })
    .returning();
  if (!row) throw new Error('settings upsert returned nothing');
  return row;
}
