import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { measurementClientKeys } from './measurements.tables';

/** The entry a create's idempotency key made, if this patient sent that key before. */
export async function findKeyedMeasurementId(tx: Tx, patientId: string, clientKey: string): Promise<string | undefined> {
  const rows = await tx
    .select({ measurementId: measurementClientKeys.measurementId })
    .from(measurementClientKeys)
    .where(and(eq(measurementClientKeys.patientId, patientId), eq(measurementClientKeys.clientKey, clientKey)))
    .limit(1);
  return rows[0]?.measurementId;
}

/**
 * Records that `clientKey` made `measurementId`. False when the key is already there: another
 * request with the same key committed first (this insert waited for it on the primary key), and
 * this transaction's entry must not be kept.
 */
export async function claimClientKey(tx: Tx, patientId: string, clientKey: string, measurementId: string): Promise<boolean> {
  const rows = await tx
    .insert(measurementClientKeys)
    .values({ patientId, clientKey, measurementId })
    .onConflictDoNothing({ target: [measurementClientKeys.patientId, measurementClientKeys.clientKey] })
    .returning({ measurementId: measurementClientKeys.measurementId });
  return rows.length > 0;
}
