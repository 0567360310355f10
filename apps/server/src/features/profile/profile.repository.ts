import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
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
 * Reads (never writes) what a patient context is made of: the person's settings and name, and the
 * targets of their clinical profile, in one statement (every dashboard and report starts with it;
 * it was three). Each part is undefined when its row is absent or not visible to the actor (the
 * row-level security of each table applies to its join as to its own select). Settings and name
 * belong to the settings and accounts features, which have no service yet; swap this for their
 * service calls when they do.
 */
export async function findContextParts(tx: Tx, userId: string): Promise<ContextParts> {
  const s = userSettings;
  const p = profiles;
  const pp = patientProfiles;
  const result = await tx.execute(sql`
    select ${s.userId} as "settingsOf", ${s.timezone} as "timeZone", ${s.glucoseUnit} as "glucoseUnit",
           ${s.language} as "language", ${s.emailAlerts} as "emailAlerts",
           ${p.id} as "identityOf", ${p.firstName} as "firstName", ${p.lastName} as "lastName",
           ${pp.patientId} as "profileOf", ${pp.targets} as "targets"
      from (select 1) as one
      left join ${s} on ${s.userId} = ${userId}
      left join ${p} on ${p.id} = ${userId}
      left join ${pp} on ${pp.patientId} = ${userId}`);
  const row = rowsOf<ContextRow>(result)[0];
  return {
    settings: row?.settingsOf != null ? { timeZone: row.timeZone, glucoseUnit: row.glucoseUnit, language: row.language, emailAlerts: row.emailAlerts } : undefined,
    identity: row?.identityOf != null ? { firstName: row.firstName, lastName: row.lastName } : undefined,
    profile: row?.profileOf != null ? { targets: row.targets } : undefined,
  };
}

interface ContextRow {
  settingsOf: string | null;
  timeZone: string;
  glucoseUnit: string;
  language: string;
  emailAlerts: boolean;
  identityOf: string | null;
  firstName: string;
  lastName: string | null;
  profileOf: string | null;
  targets: unknown;
}

export interface ContextParts {
  settings: { timeZone: string; glucoseUnit: string; language: string; emailAlerts: boolean } | undefined;
  identity: { firstName: string; lastName: string | null } | undefined;
  /** The clinical profile's stored targets document, as written (the service validates it). */
  profile: { targets: unknown } | undefined;
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
