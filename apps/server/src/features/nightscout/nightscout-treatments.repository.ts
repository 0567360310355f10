import { and, desc, eq, gt, gte, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { glucoseReadings, healthMeasurements } from '../measurements/measurements.tables';

/*
 * Nightscout treatments are the patient's events (`health_measurements`, kind `event`) and
 * finger-stick readings: written here under row-level security (`tx` from asActor as the
 * patient), de-duplicated by the events' external key; read back as treatments.
 */

export interface TreatmentEventWrite {
  measuredAt: Date;
  createdAt: Date;
  note: string | null;
  eventType: 'insulin' | 'carbs' | 'activity' | 'note';
  insulinUnits: number | null;
  insulinType: 'rapid' | null;
  carbsGrams: number | null;
  activityMinutes: number | null;
  externalId: string;
  externalType: string;
}

// Fourteen parameters a row: 2,000 rows stay far below PostgreSQL's 65,535 per statement.
const CHUNK = 2_000;

/** Inserts the events; one already stored (same external key and event type) is skipped. Returns how many are new. */
export async function insertTreatmentEvents(tx: Tx, patientId: string, rows: TreatmentEventWrite[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += CHUNK) {
    const result = await tx
      .insert(healthMeasurements)
      .values(rows.slice(i, i + CHUNK).map((row) => ({ ...row, patientId, kind: 'event' })))
      .onConflictDoNothing({ target: [healthMeasurements.patientId, healthMeasurements.externalId, healthMeasurements.eventType] })
      .returning({ id: healthMeasurements.id });
    inserted += result.length;
  }
  return inserted;
}

/** A period as Nightscout filters it: each bound inclusive or not, either may be absent. */
export interface Window {
  from?: { at: Date; inclusive: boolean } | undefined;
  to?: { at: Date; inclusive: boolean } | undefined;
}

function within(column: typeof healthMeasurements.measuredAt | typeof glucoseReadings.measuredAt, window: Window): SQL[] {
  const bounds: SQL[] = [];
  if (window.from) bounds.push(window.from.inclusive ? gte(column, window.from.at) : gt(column, window.from.at));
  if (window.to) bounds.push(window.to.inclusive ? lte(column, window.to.at) : lt(column, window.to.at));
  return bounds;
}

/**
 * The eventType an event answers as: its own when it came from Nightscout, else the nearest
 * Nightscout type (rapid insulin 'Correction Bolus', carbs 'Carb Correction', activity 'Exercise',
 * a basal injection 'Basal Injection' — not a Nightscout type, so no client counts it as a bolus).
 */
export const answeredEventType = sql<string>`coalesce(${healthMeasurements.externalType}, case ${healthMeasurements.eventType}
  when 'insulin' then case when ${healthMeasurements.insulinType} = 'basal' then 'Basal Injection' else 'Correction Bolus' end
  when 'carbs' then 'Carb Correction'
  when 'activity' then 'Exercise'
  else 'Note' end)`;

export interface TreatmentEventRow {
  id: string;
  measuredAt: Date;
  note: string | null;
  eventType: string | null;
  answeredType: string;
  insulinUnits: number | null;
  insulinType: string | null;
  carbsGrams: number | null;
  activityMinutes: number | null;
  medicationName: string | null;
  externalId: string | null;
}

/** The patient's events in the window, newest first, of one answered eventType when given. */
export async function listTreatmentEvents(tx: Tx, patientId: string, window: Window, eventType: string | undefined, limit: number): Promise<TreatmentEventRow[]> {
  const rows = await tx
    .select({
      id: healthMeasurements.id,
      measuredAt: healthMeasurements.measuredAt,
      note: healthMeasurements.note,
      eventType: healthMeasurements.eventType,
      answeredType: answeredEventType,
      insulinUnits: healthMeasurements.insulinUnits,
      insulinType: healthMeasurements.insulinType,
      carbsGrams: healthMeasurements.carbsGrams,
      activityMinutes: healthMeasurements.activityMinutes,
      medicationName: healthMeasurements.medicationName,
      externalId: healthMeasurements.externalId,
    })
    .from(healthMeasurements)
    .where(
      and(
        eq(healthMeasurements.patientId, patientId),
        eq(healthMeasurements.kind, 'event'),
        isNotNull(healthMeasurements.eventType),
        ...within(healthMeasurements.measuredAt, window),
        eventType === undefined ? undefined : sql`${answeredEventType} = ${eventType}`,
      ),
    )
    .orderBy(desc(healthMeasurements.measuredAt), desc(healthMeasurements.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, answeredType: String(row.answeredType) }));
}

export interface FingerStickRow {
  id: string;
  measuredAt: Date;
  valueMgdl: number;
  source: string;
  note: string | null;
}

/** The patient's finger-stick readings (meter and typed) in the window, newest first. */
export async function listFingerSticks(tx: Tx, patientId: string, window: Window, limit: number): Promise<FingerStickRow[]> {
  return tx
    .select({ id: glucoseReadings.id, measuredAt: glucoseReadings.measuredAt, valueMgdl: glucoseReadings.valueMgdl, source: glucoseReadings.source, note: glucoseReadings.note })
    .from(glucoseReadings)
    .where(and(eq(glucoseReadings.patientId, patientId), inArray(glucoseReadings.source, ['meter', 'manual']), ...within(glucoseReadings.measuredAt, window)))
    .orderBy(desc(glucoseReadings.measuredAt))
    .limit(limit);
}
