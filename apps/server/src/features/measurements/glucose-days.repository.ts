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
  // One row per day, in day order (the primary key's): joining the days in SQL instead
  // (string_agg … order by day) made PostgreSQL sort every day's bytes for each of the three
  // aggregates, 4x slower than sending the rows (bench/README.md). Base64 text rather than
  // bytea: drivers turn a bytea's hex text into bytes one pair of characters at a time (18 ms for
  // 90 days on PGlite), base64 is decoded natively.
  const result = await tx.execute(sql`
    select encode(${a.timesMs}, 'base64') as t, encode(${a.valuesMgdl}, 'base64') as v, encode(${a.deviceFlags}, 'base64') as d
      from ${a}
     where ${a.patientId} = ${patientId}
       and ${a.day} >= ${isoDay(from.getTime() - DAY_MARGIN * DAY_MS)}
       and ${a.day} <= ${isoDay(to.getTime() + DAY_MARGIN * DAY_MS)}
     order by ${a.day}`);
  const days = rowsOf<{ t: string; v: string; d: string }>(result).map((row) => {
    const day = { times: Buffer.from(row.t, 'base64'), values: Buffer.from(row.v, 'base64'), flags: Buffer.from(row.d, 'base64') };
    const n = day.flags.length;
    if (day.times.length !== 8 * n || day.values.length !== 4 * n) throw new Error('glucose_day_readings: packed columns of unequal lengths');
    return day;
  });
  let total = 0;
  for (const day of days) total += day.flags.length;
  // Every day's big-endian bytes (PostgreSQL's float8send/float4send order) swapped in place by
  // Buffer's native swap and copied into one aligned typed array per column; no per-reading read.
  const times = new Float64Array(total);
  const values = new Float32Array(total);
  const flags = new Uint8Array(total);
  const timeBytes = new Uint8Array(times.buffer);
  const valueBytes = new Uint8Array(values.buffer);
  let offset = 0;
  for (const day of days) {
    if (LITTLE_ENDIAN) {
      day.times.swap64();
      day.values.swap32();
    }
    timeBytes.set(day.times, 8 * offset);
    valueBytes.set(day.values, 4 * offset);
    flags.set(day.flags, offset);
    offset += day.flags.length;
  }
  // The readings of [from, to), compacted in place (a kept reading never moves right).
  const start = from.getTime();
  const end = to.getTime();
  const v = new Float64Array(total);
  let kept = 0;
  for (let i = 0; i < total; i++) {
    const ti = times[i] as number;
    if (ti < start || ti >= end) continue;
    times[kept] = ti;
    v[kept] = r1(values[i] as number);
    flags[kept] = flags[i] === 1 ? 1 : 0;
    kept++;
  }
  return { t: times.subarray(0, kept), v: v.subarray(0, kept), device: flags.subarray(0, kept) };
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
