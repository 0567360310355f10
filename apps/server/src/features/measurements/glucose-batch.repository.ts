import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
import { arrayLiteral } from '../../platform/db/sql-arrays';
import { glucoseReadings } from './measurements.tables';

/** A reading to write (measurements.repository's GlucoseWrite: the table's row without its keys). */
type GlucoseWrite = Omit<typeof glucoseReadings.$inferInsert, 'patientId' | 'id'>;

// Device batches of glucose readings: one set-based statement per few thousand readings.

// One array parameter per column whatever the rows: chunks only keep each statement's text and
// its RETURNING set a few hundred kilobytes.
const BATCH_CHUNK = 5_000;

/** Inserts device readings, skipping those already stored (dedup key); returns how many were new. */
export function insertGlucoseIgnoringDuplicates(tx: Tx, patientId: string, rows: GlucoseWrite[]): Promise<number> {
  return insertGlucoseRows(tx, patientId, rows, true);
}

/**
 * Inserts device readings the caller knows are not stored yet (a patient's history loaded once:
 * the demo seed). Without the duplicate check, the larger part of an insert's cost on PGlite; a
 * duplicate still fails on the unique index, and the statement with it. Returns how many.
 */
export function insertNewGlucose(tx: Tx, patientId: string, rows: GlucoseWrite[]): Promise<number> {
  return insertGlucoseRows(tx, patientId, rows, false);
}

async function insertGlucoseRows(tx: Tx, patientId: string, rows: GlucoseWrite[], skipDuplicates: boolean): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += BATCH_CHUNK) {
    const chunk = rows.slice(i, i + BATCH_CHUNK);
    // One statement over unnest(): the batch is a few array parameters whatever its size (a
    // multi-row VALUES built per request cost more CPU than the insert itself at upload rates).
    // A column with one value for the whole batch (a device's source, id and unit, the upload's
    // time) goes as one parameter rather than an array of copies to build and parse.
    const arrays: SQL[] = [];
    const names: string[] = [];
    const column = <T>(name: string, type: string, pick: (row: GlucoseWrite) => T, text: (value: NonNullable<T>) => string, perRow = false): SQL => {
      const picked = chunk.map(pick);
      const key = (value: T) => (value instanceof Date ? value.getTime() : value);
      const toText = (value: T) => (value === null || value === undefined ? null : text(value as NonNullable<T>));
      if (!perRow && picked.every((value) => key(value) === key(picked[0]!))) return sql`${toText(picked[0]!)}::${sql.raw(type)}`;
      // Ids, instants and numbers never need quoting in an array literal; text does.
      const texts = picked.map(toText);
      const literal = type === 'text' ? arrayLiteral(texts) : `{${texts.map((t) => t ?? 'NULL').join(',')}}`;
      arrays.push(sql`${literal}::${sql.raw(type)}[]`);
      names.push(name);
      return sql.raw(`r.${name}`);
    };
    // The ids are made here (PGlite's gen_random_uuid() opens /dev/urandom once per row), and
    // always as an array: unnest() then has one, and gives the batch its rows.
    const id = column('id', 'uuid', () => randomUUID(), String, true);
    const values = sql.join(
      [
        id,
        sql`${patientId}`,
        column('measured_at', 'timestamptz', (row) => row.measuredAt, (at) => at.toISOString()),
        column('value_mgdl', 'real', (row) => row.valueMgdl, String),
        column('context', 'text', (row) => row.context, String),
        column('source', 'text', (row) => row.source, String),
        column('device_id', 'text', (row) => row.deviceId, String),
        sql`coalesce(${column('entry_unit', 'text', (row) => row.entryUnit, String)}, 'mg/dL')`,
        column('note', 'text', (row) => row.note, String),
        sql`coalesce(${column('created_at', 'timestamptz', (row) => row.createdAt, (at) => at.toISOString())}, now())`,
      ],
      sql`, `,
    );
    const result = await tx.execute(sql`
      insert into ${glucoseReadings} (id, patient_id, measured_at, value_mgdl, context, source, device_id, entry_unit, note, created_at)
      select ${values}
        from unnest(${sql.join(arrays, sql`, `)}) as r(${sql.raw(names.join(', '))})
      ${skipDuplicates ? sql`on conflict (patient_id, source, device_id, measured_at) do nothing returning 1 as inserted` : sql``}`);
    inserted += skipDuplicates ? rowsOf(result).length : chunk.length;
  }
  return inserted;
}
