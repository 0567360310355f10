import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { careLinks } from '../care-team/care-team.tables';

/** A professional's active care links and what each patient shares (RLS shows them only their own). */
export async function listActiveLinksOfProfessional(tx: Tx, professionalId: string): Promise<{ patientId: string; scopes: string[] }[]> {
  return tx
    .select({ patientId: careLinks.patientId, scopes: careLinks.scopes })
    .from(careLinks)
    .where(and(eq(careLinks.professionalId, professionalId), eq(careLinks.status, 'active')));
}
