import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
import { glucoseDayReadings } from '../doctor/doctor.tables';
import type { GlucoseColumns } from '@glucosuivi/domain/measurements/glucose-period';

/**
 * A patient's glucose of a period read from the packed readings of their days (ADR 0013, 0014):
 * 90 rows for a 90-day dashboard instead of ~26,000 readings. The columns hold exactly the
 * committed readings of each day in the readings table's order, so this returns what
 * measurements.repository's `glucoseColumns` returns for the same window, value for value — but
 * only as of the last commit: a transaction that has just written readings must read the readings
 * table (the daily rows are settled at commit).
 *
 * Row-level security: the patient and the care team with the glucose category read these rows;
 * a share link does not (its period is checked per reading on the readings table), so share
 * views keep `glucoseColumns`.
 */

const DAY_MS = 86_400_000;
// A local day starts at most 14 hours from its UTC date (UTC+14 … UTC−12): one day on each side
// covers every zone; readings outside [from, to) are dropped below.
const DAY_MARGIN = 1;

// Same rounding as the readings query: float4 holds the one-decimal value the service stored.
const r1 = (x: number): number => Math.round(x * 10) / 10;

const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export async function glucoseColumnsFromDays(tx: Tx, patientId: string, from: Date, to: Date): Promise<GlucoseColumns> {
  const a = glucoseDayReadings;
  // The days' packed columns joined into one value each, in day order (the readings' order): one
  // row to parse and one native decode per column instead of three per day. Base64 text rather
  // than bytea: drivers turn a bytea's hex text into bytes one pair of characters at a time (18 ms
  // for 90 days on PGlite), base64 is decoded natively. `aligned` checks every day's three
  // columns describe the same readings, which the joined lengths alone could not tell.
  const result = await tx.execute(sql`
    select encode(string_agg(${a.timesMs}, ''::bytea order by ${a.day}), 'base64') as t,
           encode(string_agg(${a.valuesMgdl}, ''::bytea order by ${a.day}), 'base64') as v,
           encode(string_agg(${a.deviceFlags}, ''::bytea order by ${a.day}), 'base64') as d,
           coalesce(bool_and(length(${a.timesMs}) = 8 * length(${a.deviceFlags}) and length(${a.valuesMgdl}) = 4 * length(${a.deviceFlags})), true) as aligned
      from ${a}
     where ${a.patientId} = ${patientId}
       and ${a.day} >= ${isoDay(from.getTime() - DAY_MARGIN * DAY_MS)}
       and ${a.day} <= ${isoDay(to.getTime() + DAY_MARGIN * DAY_MS)}`);
  const row = rowsOf<{ t: string | null; v: string | null; d: string | null; aligned: boolean }>(result)[0];
  if (!row || row.t === null || row.v === null || row.d === null) return { t: new Float64Array(0), v: new Float64Array(0), device: new Uint8Array(0) };
  if (!row.aligned) throw new Error('glucose_day_readings: packed columns of unequal lengths');
  const times = bigEndianFloat64s(Buffer.from(row.t, 'base64'));
  const values = bigEndianFloat32s(Buffer.from(row.v, 'base64'));
  const flags = Buffer.from(row.d, 'base64');
  const start = from.getTime();
  const end = to.getTime();
  const n = flags.length;
  const t = new Float64Array(n);
  const v = new Float64Array(n);
  const device = new Uint8Array(n);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    const ti = times[i] as number;
    if (ti < start || ti >= end) continue;
    t[kept] = ti;
    v[kept] = r1(values[i] as number);
    device[kept] = flags[i] === 1 ? 1 : 0;
    kept++;
  }
  return { t: t.subarray(0, kept), v: v.subarray(0, kept), device: device.subarray(0, kept) };
}

// The packed columns are big-endian (PostgreSQL's float8send/float4send order). Swapped in place
// by Buffer's native swap, then copied into a fresh, aligned typed array (a decoded Buffer may sit
// at any offset of a shared pool).
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function bigEndianFloat64s(bytes: Buffer): Float64Array {
  const out = new Float64Array(bytes.length / 8);
  if (LITTLE_ENDIAN) bytes.swap64();
  new Uint8Array(out.buffer).set(bytes);
  return out;
}

function bigEndianFloat32s(bytes: Buffer): Float32Array {
  const out = new Float32Array(bytes.length / 4);
  if (LITTLE_ENDIAN) bytes.swap32();
  new Uint8Array(out.buffer).set(bytes);
  return out;
}
