import { and, asc, count, desc, eq, gt, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type {
  EventDetail,
  GlucoseRecord,
  MeasurementKind,
  MeasurementRecord,
} from '@glucosuivi/domain/measurements/measurements.schemas';
import type { Tx } from '../../platform/db/database';
import { rowAsJson, rowFromJson } from '../../platform/db/json-rows';
import { rowsOf } from '../../platform/db/open-database';
import { arrayLiteral } from '../../platform/db/sql-arrays';
import type { GlucoseColumns } from '@glucosuivi/domain/measurements/glucose-period';
import { DEVICE_GLUCOSE_SOURCES } from '@glucosuivi/domain/measurements/measurements.schemas';
import { glucoseReadings, healthMeasurements } from './measurements.tables';

export type GlucoseWrite = Omit<typeof glucoseReadings.$inferInsert, 'patientId' | 'id'>;
export type HealthWrite = Omit<typeof healthMeasurements.$inferInsert, 'patientId' | 'id'>;
type GlucoseRow = typeof glucoseReadings.$inferSelect;
type HealthRow = typeof healthMeasurements.$inferSelect;
export type HealthKind = Exclude<MeasurementKind, 'glucose'>;

/** Keyset position of a record in "newest first" order. */
export interface Position {
  measuredAt: Date;
  id: string;
}

// Values are rounded to 1 decimal before storage; `real` may hand back 64.9000015 through
// drivers that read float4 as float8, so reads round again to the stored precision.
const r1 = (x: number): number => Math.round(x * 10) / 10;
const r1OrNull = (x: number | null): number | null => (x === null ? null : r1(x));

function glucoseRecord(row: GlucoseRow): GlucoseRecord {
  return {
    kind: 'glucose',
    id: row.id,
    measuredAt: row.measuredAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    note: row.note,
    valueMgdl: r1(row.valueMgdl),
    context: row.context as GlucoseRecord['context'],
    source: row.source as GlucoseRecord['source'],
    deviceId: row.deviceId,
    entryUnit: row.entryUnit as GlucoseRecord['entryUnit'],
    ...(row.symptomatic ? { symptomatic: true as const } : {}),
  };
}

function eventDetail(row: HealthRow): EventDetail {
  switch (row.eventType) {
    case 'insulin':
      return { type: 'insulin', units: r1(row.insulinUnits ?? 0), insulinType: row.insulinType as 'rapid' | 'basal' };
    case 'carbs':
      return { type: 'carbs', grams: r1(row.carbsGrams ?? 0) };
    case 'activity':
      return { type: 'activity', minutes: row.activityMinutes ?? 0 };
    case 'medication':
      return { type: 'medication', name: row.medicationName ?? '' };
    default:
      return { type: 'note' };
  }
}

function healthRecord(row: HealthRow): MeasurementRecord {
  const base = {
    id: row.id,
    measuredAt: row.measuredAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    note: row.note,
  };
  switch (row.kind as HealthKind) {
    case 'hba1c':
      return {
        kind: 'hba1c',
        ...base,
        percent: r1(row.hba1cPercent ?? 0),
        method: row.hba1cMethod as 'lab' | 'point_of_care' | null,
        entryUnit: (row.entryUnit ?? '%') as '%' | 'mmol/mol',
      };
    case 'lipids':
      return {
        kind: 'lipids',
        ...base,
        totalMgdl: r1OrNull(row.totalCholesterolMgdl),
        hdlMgdl: r1OrNull(row.hdlMgdl),
        ldlMgdl: r1OrNull(row.ldlMgdl),
        triglyceridesMgdl: r1OrNull(row.triglyceridesMgdl),
        entryUnit: (row.entryUnit ?? 'mg/dL') as 'mg/dL' | 'mmol/L' | 'g/L',
      };
    case 'blood_pressure':
      return {
        kind: 'blood_pressure',
        ...base,
        systolic: row.systolic ?? 0,
        diastolic: row.diastolic ?? 0,
        pulse: row.pulse,
        arm: row.arm as 'left' | 'right' | null,
        position: row.position as 'sitting' | 'standing' | 'lying' | null,
      };
    case 'weight':
      return { kind: 'weight', ...base, kg: r1(row.weightKg ?? 0) };
    case 'event':
      return { kind: 'event', ...base, event: eventDetail(row) };
  }
}

export async function insertGlucose(tx: Tx, patientId: string, values: GlucoseWrite): Promise<GlucoseRecord> {
  const [row] = await tx.insert(glucoseReadings).values({ ...values, patientId }).returning();
  return glucoseRecord(row as GlucoseRow);
}

export async function insertHealth(tx: Tx, patientId: string, values: HealthWrite): Promise<MeasurementRecord> {
  const [row] = await tx.insert(healthMeasurements).values({ ...values, patientId }).returning();
  return healthRecord(row as HealthRow);
}

export async function findGlucose(tx: Tx, patientId: string, id: string): Promise<GlucoseRecord | undefined> {
  const [row] = await tx
    .select()
    .from(glucoseReadings)
    .where(and(eq(glucoseReadings.patientId, patientId), eq(glucoseReadings.id, id)));
  return row ? glucoseRecord(row) : undefined;
}

export async function findHealth(tx: Tx, patientId: string, id: string): Promise<MeasurementRecord | undefined> {
  const [row] = await tx
    .select()
    .from(healthMeasurements)
    .where(and(eq(healthMeasurements.patientId, patientId), eq(healthMeasurements.id, id)));
  return row ? healthRecord(row) : undefined;
}

export async function updateGlucose(tx: Tx, patientId: string, id: string, values: GlucoseWrite): Promise<GlucoseRecord | undefined> {
  const [row] = await tx
    .update(glucoseReadings)
    .set(values)
    .where(and(eq(glucoseReadings.patientId, patientId), eq(glucoseReadings.id, id)))
    .returning();
  return row ? glucoseRecord(row) : undefined;
}

export async function updateHealth(tx: Tx, patientId: string, id: string, values: HealthWrite): Promise<MeasurementRecord | undefined> {
  const [row] = await tx
    .update(healthMeasurements)
    .set(values)
    .where(and(eq(healthMeasurements.patientId, patientId), eq(healthMeasurements.id, id)))
    .returning();
  return row ? healthRecord(row) : undefined;
}

/** Deletes a measurement of either table; false when the patient has none with this id. */
/** Deletes one of the patient's records; returns its kind, or null when there was none. */
export async function deleteMeasurementById(tx: Tx, patientId: string, id: string): Promise<MeasurementKind | null> {
  const glucose = await tx
    .delete(glucoseReadings)
    .where(and(eq(glucoseReadings.patientId, patientId), eq(glucoseReadings.id, id)))
    .returning({ id: glucoseReadings.id });
  if (glucose.length > 0) return 'glucose';
  const health = await tx
    .delete(healthMeasurements)
    .where(and(eq(healthMeasurements.patientId, patientId), eq(healthMeasurements.id, id)))
    .returning({ kind: healthMeasurements.kind });
  return (health[0]?.kind as MeasurementKind | undefined) ?? null;
}

export interface ListOptions {
  from?: Date;
  to?: Date;
  before?: Position;
  limit: number;
}

function periodConditions(
  columns: { measuredAt: typeof glucoseReadings.measuredAt | typeof healthMeasurements.measuredAt; id: typeof glucoseReadings.id | typeof healthMeasurements.id },
  options: ListOptions,
): SQL[] {
  const out: SQL[] = [];
  if (options.from) out.push(gte(columns.measuredAt, options.from));
  if (options.to) out.push(lt(columns.measuredAt, options.to));
  if (options.before) {
    const { measuredAt, id } = options.before;
    out.push(
      or(lt(columns.measuredAt, measuredAt), and(eq(columns.measuredAt, measuredAt), lt(columns.id, id))) ?? sql`false`,
    );
  }
  return out;
}

/** Newest first, keyset paging on (measured_at, id). */
export async function listGlucose(tx: Tx, patientId: string, options: ListOptions): Promise<GlucoseRecord[]> {
  const rows = await tx
    .select()
    .from(glucoseReadings)
    .where(and(eq(glucoseReadings.patientId, patientId), ...periodConditions(glucoseReadings, options)))
    .orderBy(desc(glucoseReadings.measuredAt), desc(glucoseReadings.id))
    .limit(options.limit);
  return rows.map(glucoseRecord);
}

export async function listHealth(
  tx: Tx,
  patientId: string,
  options: ListOptions & { kind?: HealthKind; kinds?: readonly HealthKind[] },
): Promise<MeasurementRecord[]> {
  const rows = await tx
    .select()
    .from(healthMeasurements)
    .where(
      and(
        eq(healthMeasurements.patientId, patientId),
        ...(options.kind ? [eq(healthMeasurements.kind, options.kind)] : []),
        ...(options.kinds ? [inArray(healthMeasurements.kind, [...options.kinds])] : []),
        ...periodConditions(healthMeasurements, options),
      ),
    )
    .orderBy(desc(healthMeasurements.measuredAt), desc(healthMeasurements.id))
    .limit(options.limit);
  return rows.map(healthRecord);
}

/** Every record of the patient, oldest first (exports). */
export async function listAllAscending(tx: Tx, patientId: string): Promise<MeasurementRecord[]> {
  const glucose = await tx
    .select()
    .from(glucoseReadings)
    .where(eq(glucoseReadings.patientId, patientId))
    .orderBy(asc(glucoseReadings.measuredAt), asc(glucoseReadings.id));
  const health = await tx
    .select()
    .from(healthMeasurements)
    .where(eq(healthMeasurements.patientId, patientId))
    .orderBy(asc(healthMeasurements.measuredAt), asc(healthMeasurements.id));
  const all: MeasurementRecord[] = [...glucose.map(glucoseRecord), ...health.map(healthRecord)];
  return all.sort((a, b) => (a.measuredAt < b.measuredAt ? -1 : a.measuredAt > b.measuredAt ? 1 : 0));
}

/** One page of glucose readings oldest first, strictly after `after` (keyset on (measured_at, id)). */
export async function glucosePageAscending(tx: Tx, patientId: string, after: Position | null, limit: number): Promise<GlucoseRecord[]> {
  const rows = await tx
    .select()
    .from(glucoseReadings)
    .where(
      and(
        eq(glucoseReadings.patientId, patientId),
        after
          ? or(gt(glucoseReadings.measuredAt, after.measuredAt), and(eq(glucoseReadings.measuredAt, after.measuredAt), gt(glucoseReadings.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(asc(glucoseReadings.measuredAt), asc(glucoseReadings.id))
    .limit(limit);
  return rows.map(glucoseRecord);
}

/** Every health measurement (not glucose) of the patient, oldest first (exports: a few per day at most). */
export async function listHealthAscending(tx: Tx, patientId: string): Promise<MeasurementRecord[]> {
  const rows = await tx
    .select()
    .from(healthMeasurements)
    .where(eq(healthMeasurements.patientId, patientId))
    .orderBy(asc(healthMeasurements.measuredAt), asc(healthMeasurements.id));
  return rows.map(healthRecord);
}

/**
 * Glucose of [from, to) as columns, ascending. Only three scalars per row and no Date objects:
 * 90 days of CGM is 26,000 rows read in one range scan of the primary key.
 */
export async function glucoseColumns(
  tx: Tx,
  patientId: string,
  from: Date,
  to: Date,
  sources?: readonly string[],
): Promise<GlucoseColumns> {
  const result = await tx.execute(sql`
    select (extract(epoch from ${glucoseReadings.measuredAt}) * 1000)::float8 as t,
           ${glucoseReadings.valueMgdl}::float8 as v,
           ${glucoseReadings.source} in ('cgm', 'import', 'nightscout') as device
      from ${glucoseReadings}
     where ${glucoseReadings.patientId} = ${patientId}
       and ${glucoseReadings.measuredAt} >= ${from.toISOString()}
       and ${glucoseReadings.measuredAt} < ${to.toISOString()}
       ${sources ? sql`and ${inArray(glucoseReadings.source, [...sources])}` : sql``}
     order by ${glucoseReadings.measuredAt}, ${glucoseReadings.id}`);
  const rows = rowsOf<{ t: number | string; v: number | string; device: boolean }>(result);
  const t = new Float64Array(rows.length);
  const v = new Float64Array(rows.length);
  const device = new Uint8Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as { t: number | string; v: number | string; device: boolean };
    t[i] = Number(row.t);
    // float4 → float8 widens 64.9 to 64.90000152587891: back to the stored decimal.
    v[i] = r1(Number(row.v));
    device[i] = row.device ? 1 : 0;
  }
  return { t, v, device };
}

/** The meal tags of the manual and meter readings of [from, to), ascending (the meter logbook). */
export async function taggedMeterReadings(tx: Tx, patientId: string, from: Date, to: Date): Promise<{ v: number; context: string | null }[]> {
  const rows = await tx
    .select({ v: glucoseReadings.valueMgdl, context: glucoseReadings.context })
    .from(glucoseReadings)
    .where(
      and(
        eq(glucoseReadings.patientId, patientId),
        gte(glucoseReadings.measuredAt, from),
        lt(glucoseReadings.measuredAt, to),
        sql`${glucoseReadings.source} not in ('cgm', 'import', 'nightscout')`,
      ),
    )
    .orderBy(asc(glucoseReadings.measuredAt), asc(glucoseReadings.id));
  return rows.map((row) => ({ v: r1(Number(row.v)), context: row.context }));
}

/**
 * What glucoseColumns would read once `rows` are inserted, from what it read before (the same
 * window and sources) and the rows themselves, so a large batch need not be read back. Undefined
 * when an instant repeats: the order among equal instants is the ids', which only a read gives.
 */
export function withInsertedGlucose(before: GlucoseColumns, rows: readonly GlucoseWrite[], sources: readonly string[]): GlucoseColumns | undefined {
  const added = rows
    .filter((row) => sources.includes(row.source))
    .map((row) => ({ t: row.measuredAt.getTime(), v: r1(Math.fround(row.valueMgdl)), device: (DEVICE_GLUCOSE_SOURCES as readonly string[]).includes(row.source) }))
    .sort((a, b) => a.t - b.t);
  const instants = new Set(before.t);
  for (const reading of added) {
    if (instants.has(reading.t)) return undefined;
    instants.add(reading.t);
  }
  const length = before.t.length + added.length;
  const out: GlucoseColumns = { t: new Float64Array(length), v: new Float64Array(length), device: new Uint8Array(length) };
  let i = 0;
  let j = 0;
  for (let k = 0; k < length; k++) {
    if (j >= added.length || (i < before.t.length && before.t[i]! < added[j]!.t)) {
      out.t[k] = before.t[i]!;
      out.v[k] = before.v[i]!;
      out.device[k] = before.device[i]!;
      i++;
    } else {
      out.t[k] = added[j]!.t;
      out.v[k] = added[j]!.v;
      out.device[k] = added[j]!.device ? 1 : 0;
      j++;
    }
  }
  return out;
}

/** Health records per kind in [from, to); glucose is counted from the period's readings (summaryInTx). */
export async function countHealthByKind(tx: Tx, patientId: string, from: Date, to: Date): Promise<Record<MeasurementKind, number>> {
  const health = await tx
    .select({ kind: healthMeasurements.kind, n: count() })
    .from(healthMeasurements)
    .where(and(eq(healthMeasurements.patientId, patientId), gte(healthMeasurements.measuredAt, from), lt(healthMeasurements.measuredAt, to)))
    .groupBy(healthMeasurements.kind);
  const out: Record<MeasurementKind, number> = { glucose: 0, hba1c: 0, lipids: 0, blood_pressure: 0, weight: 0, event: 0 };
  for (const row of health) if (row.kind in out) out[row.kind as MeasurementKind] = Number(row.n);
  return out;
}

const GLUCOSE_ROW_JSON = rowAsJson(glucoseReadings);
const HEALTH_ROW_JSON = rowAsJson(healthMeasurements);
const HEALTH_KINDS: readonly HealthKind[] = ['hba1c', 'lipids', 'blood_pressure', 'weight', 'event'];

/**
 * The most recent record of each kind, whatever its age, in one statement: the latest glucose
 * reading and, for each health kind, one indexed probe on (patient_id, kind, measured_at) —
 * cheaper than DISTINCT ON over a patient's whole history. The rows come back as JSON and are
 * mapped as drizzle maps them (json-rows.ts): the same records as two query-builder statements
 * (a union of five probes), for one round trip and no per-request query building (the dashboard's
 * summary after a change: 2.4-4.1 ms for those two, bench/README.md).
 */
export async function latestOfEachKind(tx: Tx, patientId: string): Promise<MeasurementRecord[]> {
  const g = glucoseReadings;
  const h = healthMeasurements;
  const result = await tx.execute(sql`
    select (select ${GLUCOSE_ROW_JSON} from ${g} where ${g.patientId} = ${patientId} order by ${g.measuredAt} desc limit 1) as glucose,
           (select coalesce(json_agg(latest.row), '[]'::json)
              from unnest(${arrayLiteral(HEALTH_KINDS)}::text[]) as wanted(kind)
             cross join lateral (
                   select ${HEALTH_ROW_JSON} as row from ${h}
                    where ${h.patientId} = ${patientId} and ${h.kind} = wanted.kind
                    order by ${h.measuredAt} desc limit 1) as latest) as health`);
  const row = rowsOf<{ glucose: Record<string, unknown> | null; health: Record<string, unknown>[] }>(result)[0];
  const glucose = row?.glucose ? [glucoseRecord(rowFromJson(g, row.glucose))] : [];
  return [...glucose, ...(row?.health ?? []).map((object) => healthRecord(rowFromJson(h, object)))];
}
