ALTER TABLE "glucose_daily_aggregates" ADD COLUMN "times_ms" "bytea" DEFAULT ''::bytea NOT NULL;--> statement-breakpoint
ALTER TABLE "glucose_daily_aggregates" ADD COLUMN "values_mgdl" "bytea" DEFAULT ''::bytea NOT NULL;--> statement-breakpoint
ALTER TABLE "glucose_daily_aggregates" ADD COLUMN "device_flags" "bytea" DEFAULT ''::bytea NOT NULL;--> statement-breakpoint
-- Hand-written below (reviewed with the generated part above). ADR 0013: each patient-day row
-- also holds that day's readings as packed columns, in the readings table's order (measured_at,
-- id), so a 90-day dashboard reads 90 rows instead of ~26,000. The columns are written by the
-- same recompute as the sums, at commit under the per-patient lock (0012), so they are exactly the
-- committed readings of the day, whatever the write path (reading, batch, edit, delete, import,
-- uploader, change of time zone).
--
-- Kept out of line and uncompressed (epoch milliseconds barely compress): with a tuple target of
-- 128 bytes every packed column leaves the main row, which stays as narrow as before for the
-- triage list's scans of the sums.
ALTER TABLE "glucose_daily_aggregates" ALTER COLUMN "times_ms" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "glucose_daily_aggregates" ALTER COLUMN "values_mgdl" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "glucose_daily_aggregates" ALTER COLUMN "device_flags" SET STORAGE EXTERNAL;
--> statement-breakpoint
ALTER TABLE "glucose_daily_aggregates" SET (toast_tuple_target = 128);
--> statement-breakpoint
-- 0015's recompute, plus the packed columns (same join, same groups).
CREATE OR REPLACE FUNCTION glucose_daily_aggregates_recompute(p_patients text[], p_days date[]) RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  INSERT INTO glucose_daily_aggregates
    (patient_id, day, n, n_device, sum_mgdl, sum_squares, n_very_low, n_low, n_in_range, n_high, n_very_high, last_at,
     times_ms, values_mgdl, device_flags)
  SELECT g.patient_id, k.day,
    count(*),
    count(*) FILTER (WHERE g.source IN ('cgm', 'import', 'nightscout')),
    sum(g.value_mgdl::float8),
    sum(g.value_mgdl::float8 * g.value_mgdl::float8),
    count(*) FILTER (WHERE floor(g.value_mgdl + 0.5) < 54),
    count(*) FILTER (WHERE floor(g.value_mgdl + 0.5) >= 54 AND floor(g.value_mgdl + 0.5) < 70),
    count(*) FILTER (WHERE floor(g.value_mgdl + 0.5) >= 70 AND floor(g.value_mgdl + 0.5) <= 180),
    count(*) FILTER (WHERE floor(g.value_mgdl + 0.5) > 180 AND floor(g.value_mgdl + 0.5) <= 250),
    count(*) FILTER (WHERE floor(g.value_mgdl + 0.5) > 250),
    max(g.measured_at),
    -- The same instant and value expressions as the readings query (glucoseColumns).
    string_agg(float8send((extract(epoch FROM g.measured_at) * 1000)::float8), ''::bytea ORDER BY g.measured_at, g.id),
    string_agg(float4send(g.value_mgdl), ''::bytea ORDER BY g.measured_at, g.id),
    string_agg(CASE WHEN g.source IN ('cgm', 'import', 'nightscout') THEN '\x01'::bytea ELSE '\x00'::bytea END, ''::bytea ORDER BY g.measured_at, g.id)
  FROM (SELECT DISTINCT u.patient_id, u.day, glucose_patient_zone(u.patient_id) AS zone
        FROM unnest(p_patients, p_days) AS u(patient_id, day)) k
  JOIN glucose_readings g
    ON g.patient_id = k.patient_id
   AND g.measured_at >= (k.day::timestamp AT TIME ZONE k.zone)
   AND g.measured_at < ((k.day + 1)::timestamp AT TIME ZONE k.zone)
  GROUP BY g.patient_id, k.day
  ON CONFLICT (patient_id, day) DO UPDATE SET
    n = excluded.n, n_device = excluded.n_device, sum_mgdl = excluded.sum_mgdl, sum_squares = excluded.sum_squares,
    n_very_low = excluded.n_very_low, n_low = excluded.n_low, n_in_range = excluded.n_in_range,
    n_high = excluded.n_high, n_very_high = excluded.n_very_high, last_at = excluded.last_at,
    times_ms = excluded.times_ms, values_mgdl = excluded.values_mgdl, device_flags = excluded.device_flags;
  DELETE FROM glucose_daily_aggregates a
  USING (SELECT DISTINCT u.patient_id, u.day, glucose_patient_zone(u.patient_id) AS zone
         FROM unnest(p_patients, p_days) AS u(patient_id, day)) k
  WHERE a.patient_id = k.patient_id AND a.day = k.day
    AND NOT EXISTS (
      SELECT 1 FROM glucose_readings g
      WHERE g.patient_id = k.patient_id
        AND g.measured_at >= (k.day::timestamp AT TIME ZONE k.zone)
        AND g.measured_at < ((k.day + 1)::timestamp AT TIME ZONE k.zone));
$$;
--> statement-breakpoint
-- Readings stored before this migration: every patient's days rebuilt with their columns.
SELECT glucose_daily_aggregates_rebuild(p.patient_id) FROM (SELECT DISTINCT patient_id FROM glucose_readings) p;
