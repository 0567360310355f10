import { and, eq, notInArray } from 'drizzle-orm';
import type { AdviceSignalFinding } from '@glucosuivi/domain/advice/advice.schemas';
import type { ShareCategory } from '@glucosuivi/domain/care-team/care-team.schemas';
import type { Db, Tx } from '../../platform/db/database';
import { careLinks } from '../care-team/care-team.tables';
import { adviceSignals } from './advice.tables';

export interface ActiveLink {
  id: string;
  professionalId: string;
  scopes: ShareCategory[];
}

/** The patient's active care links, locked until the end of the transaction: two refreshes of one patient take turns. */
export async function lockActiveLinksOf(tx: Tx, patientId: string): Promise<ActiveLink[]> {
  const rows = await tx
    .select({ id: careLinks.id, professionalId: careLinks.professionalId, scopes: careLinks.scopes })
    .from(careLinks)
    .where(and(eq(careLinks.patientId, patientId), eq(careLinks.status, 'active')))
    .for('update');
  return rows.map((row) => ({ ...row, scopes: row.scopes as ShareCategory[] }));
}

/** Forgets the signals of the patient's links that are no longer active. */
export async function deleteSignalsExcept(tx: Tx, patientId: string, keptLinkIds: readonly string[]): Promise<void> {
  const ofPatient = eq(adviceSignals.patientId, patientId);
  await tx.delete(adviceSignals).where(keptLinkIds.length > 0 ? and(ofPatient, notInArray(adviceSignals.linkId, [...keptLinkIds])) : ofPatient);
}

export async function upsertSignal(
  tx: Tx,
  signal: { linkId: string; patientId: string; professionalId: string; scopes: ShareCategory[]; findings: AdviceSignalFinding[]; computedAt: Date },
): Promise<void> {
  await tx
    .insert(adviceSignals)
    .values(signal)
    .onConflictDoUpdate({ target: adviceSignals.linkId, set: { scopes: signal.scopes, findings: signal.findings, computedAt: signal.computedAt } });
}

/** Every patient with at least one active care link: the daily refresh's list. */
export async function patientsWithActiveLinks(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ patientId: careLinks.patientId }).from(careLinks).where(eq(careLinks.status, 'active'));
  return rows.map((row) => row.patientId);
}
