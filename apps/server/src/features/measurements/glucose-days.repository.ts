import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database';
import { rowsOf } from '../../platform/db/open-database';
import { glucoseDayReadings } from '../doctor/doctor.tables';

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

export async function glucoseColumnsFromDays(
  tx: Tx,
  patientId: string,
  from: Date,
  to: Date,
): Promise<{ t: number[]; v: number[]; device: boolean[] }> {
  const a = glucoseDayReadings;
  // Base64 text rather than bytea: drivers turn a bytea's hex text into bytes one pair of
  // characters at a time (18 ms for 90 days on PGlite), base64 is decoded natively (~1 ms).
  const result = await tx.execute(sql`
    select encode(${a.timesMs}, 'base64') as t, encode(${a.valuesMgdl}, 'base64') as v, encode(${a.deviceFlags}, 'base64') as d
      from ${a}
     where ${a.patientId} = ${patientId}
       and ${a.day} >= ${isoDay(from.getTime() - DAY_MARGIN * DAY_MS)}
       and ${a.day} <= ${isoDay(to.getTime() + DAY_MARGIN * DAY_MS)}
     order by ${a.day}`);
  const start = from.getTime();
  const end = to.getTime();
  const t: number[] = [];
  const v: number[] = [];
  const device: boolean[] = [];
  for (const row of rowsOf<{ t: string; v: string; d: string }>(result)) {
    const times = Buffer.from(row.t, 'base64');
    const values = Buffer.from(row.v, 'base64');
    const flags = Buffer.from(row.d, 'base64');
    const n = flags.length;
    if (times.length !== 8 * n || values.length !== 4 * n) throw new Error('glucose_day_readings: packed columns of unequal lengths');
    for (let i = 0; i < n; i++) {
      const ti = times.readDoubleBE(8 * i);
      if (ti < start || ti >= end) continue;
      t.push(ti);
      v.push(r1(values.readFloatBE(4 * i)));
      device.push(flags[i] === 1);
    }
  }
  return { t, v, device };
}
