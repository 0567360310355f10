import { and, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, sql, type SQL } from 'drizzle-orm';
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

/** Which rows a listing reads: a period, or named rows (a client's lookup by identity). */
export type TreatmentScope = { window: Window } | { ids: readonly string[] };

function scoped(scope: TreatmentScope, columns: { id: typeof healthMeasurements.id | typeof glucoseReadings.id; measuredAt: typeof healthMeasurements.measuredAt | typeof glucoseReadings.measuredAt }): SQL[] {
  if ('ids' in scope) return [scope.ids.length > 0 ? inArray(columns.id, [...scope.ids]) : sql`false`];
  return within(columns.measuredAt, scope.window);
}

/** The patient's events in the scope, newest first, of one answered eventType when given. */
export async function listTreatmentEvents(tx: Tx, patientId: string, scope: TreatmentScope, eventType: string | undefined, limit: number): Promise<TreatmentEventRow[]> {
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
        ...scoped(scope, healthMeasurements),
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

/** The patient's finger-stick readings (meter and typed) in the scope, newest first. */
export async function listFingerSticks(tx: Tx, patientId: string, scope: TreatmentScope, limit: number): Promise<FingerStickRow[]> {
  return tx
    .select({ id: glucoseReadings.id, measuredAt: glucoseReadings.measuredAt, valueMgdl: glucoseReadings.valueMgdl, source: glucoseReadings.source, note: glucoseReadings.note })
    .from(glucoseReadings)
    .where(and(eq(glucoseReadings.patientId, patientId), inArray(glucoseReadings.source, ['meter', 'manual']), ...scoped(scope, glucoseReadings)))
    .orderBy(desc(glucoseReadings.measuredAt))
    .limit(limit);
}

/**
 * The `_id` a treatment is answered with, computed by the database as the service computes it
 * (`treatmentId`: the first 24 hex digits of SHA-256 over "patient|treatment|…"), so that a
 * client's edit or deletion by `_id` finds its treatment without a stored copy of every id.
 */
const answeredId = (patientId: string, ...parts: SQL[]) =>
  sql`left(encode(sha256(convert_to(${sql.join([sql`${patientId}::text`, sql`'treatment'`, ...parts], sql` || '|' || `)}, 'UTF8')), 'hex'), 24)`;

/** The stored external key answered as this `_id` (a client's ObjectId kept as `_id:…`, or the hash of its key), if any. */
export async function externalKeyOfAnsweredId(tx: Tx, patientId: string, id: string): Promise<string | null> {
  const rows = await tx
    .select({ externalId: healthMeasurements.externalId })
    .from(healthMeasurements)
    .where(
      and(
        eq(healthMeasurements.patientId, patientId),
        eq(healthMeasurements.kind, 'event'),
        isNotNull(healthMeasurements.externalId),
        sql`(${healthMeasurements.externalId} = ${`_id:${id}`} or ${answeredId(patientId, sql`${healthMeasurements.externalId}`)} = ${id})`,
      ),
    )
    .limit(1);
  return rows[0]?.externalId ?? null;
}

/** Ids of the events stored under these external keys. */
export async function eventIdsOfKeys(tx: Tx, patientId: string, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = await tx
    .select({ id: healthMeasurements.id })
    .from(healthMeasurements)
    .where(and(eq(healthMeasurements.patientId, patientId), eq(healthMeasurements.kind, 'event'), inArray(healthMeasurements.externalId, [...keys])));
  return rows.map((row) => row.id);
}

/** What a DELETE by `_id` names: the events of one sent document, one typed event, or one finger-stick reading. */
export async function idsOfAnsweredId(tx: Tx, patientId: string, id: string): Promise<string[]> {
  const key = await externalKeyOfAnsweredId(tx, patientId, id);
  if (key) return eventIdsOfKeys(tx, patientId, [key]);
  const typed = await tx
    .select({ id: healthMeasurements.id })
    .from(healthMeasurements)
    .where(
      and(
        eq(healthMeasurements.patientId, patientId),
        eq(healthMeasurements.kind, 'event'),
        isNull(healthMeasurements.externalId),
        sql`${answeredId(patientId, sql`'event'`, sql`${healthMeasurements.id}::text`)} = ${id}`,
      ),
    )
    .limit(1);
  if (typed.length > 0) return typed.map((row) => row.id);
  const stick = await tx
    .select({ id: glucoseReadings.id })
    .from(glucoseReadings)
    .where(
      and(
        eq(glucoseReadings.patientId, patientId),
        inArray(glucoseReadings.source, ['meter', 'manual']),
        sql`${answeredId(patientId, sql`'reading'`, sql`${glucoseReadings.id}::text`)} = ${id}`,
      ),
    )
    .limit(1);
  return stick.map((row) => row.id);
}
