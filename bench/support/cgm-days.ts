import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/platform/db/database';

/**
 * The dashboard benchmarks' patient: `days` of 5-minute CGM up to ten minutes before `now`, a
 * day's rhythm plus faster swings, rounded to a tenth of mg/dL, with one sensor day missing (40
 * to 39 days ago). Written in one statement, so the day rows are settled as an upload's would be.
 */
export async function insertCgmDays(database: Database, patientId: string, now: Date, days: number): Promise<void> {
  const at = (msBefore: number) => new Date(now.getTime() - msBefore);
  await database.db.execute(sql`
    insert into glucose_readings (patient_id, measured_at, value_mgdl, source, device_id)
    select ${patientId}, ts,
           round(greatest(40, least(400, 140 + 60 * sin(extract(epoch from ts) / 86400 * 2 * pi()) + 35 * sin(extract(epoch from ts) / 2400)))::numeric, 1),
           'cgm', 'bench'
      from generate_series(${at(days * 86_400_000)}::timestamptz, ${at(600_000)}::timestamptz, interval '5 minutes') ts
     where ts not between ${at(40 * 86_400_000)}::timestamptz and ${at(39 * 86_400_000)}::timestamptz`);
}
