import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { profiles } from '../accounts/accounts.tables';
import { userSettings } from '../settings/settings.tables';
import { patientProfiles } from './profile.tables';

export type PatientProfileRow = typeof patientProfiles.$inferSelect;
export type PatientProfileWrite = typeof patientProfiles.$inferInsert;

export async function findPatientProfile(tx: Tx, patientId: string): Promise<PatientProfileRow | undefined> {
  const [row] = await tx.select().from(patientProfiles).where(eq(patientProfiles.patientId, patientId));
  return row;
}

export async function upsertPatientProfile(tx: Tx, values: PatientProfileWrite): Promise<PatientProfileRow> {
  const { patientId: _patientId, ...changes } = values;
  const [row] = await tx
    .insert(patientProfiles)
    .values(values)
    .onConflictDoUpdate({ target: patientProfiles.patientId, set: changes })
    .returning();
  return row as PatientProfileRow;
}

/**
 * Reads (never writes) the person's settings and name. They belong to the settings and accounts
 * features, which have no service yet; swap this for their service calls when they do.
 */
export async function findSettingsAndName(tx: Tx, userId: string) {
  const [settings] = await tx
    .select({
      timeZone: userSettings.timezone,
      glucoseUnit: userSettings.glucoseUnit,
      language: userSettings.language,
      emailAlerts: userSettings.emailAlerts,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  const [identity] = await tx
    .select({ firstName: profiles.firstName, lastName: profiles.lastName })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return { settings, identity };
}

/** Writes only the targets and their author (a professional never touches the rest of the profile). */
export async function upsertTargets(
  tx: Tx,
  values: Pick<PatientProfileWrite, 'patientId' | 'targets' | 'targetsSetById' | 'targetsSetByName' | 'updatedAt'>,
): Promise<PatientProfileRow> {
  const { patientId: _patientId, ...changes } = values;
  const [row] = await tx
    .insert(patientProfiles)
    .values(values)
    .onConflictDoUpdate({ target: patientProfiles.patientId, set: changes })
    .returning();
  return row as PatientProfileRow;
}
