CREATE TABLE "glucose_day_readings" (
	"patient_id" text NOT NULL,
	"day" date NOT NULL,
	"times_ms" "bytea" NOT NULL,
	"values_mgdl" "bytea" NOT NULL,
	"device_flags" "bytea" NOT NULL,
	CONSTRAINT "glucose_day_readings_pkey" PRIMARY KEY("patient_id","day")
);
--> statement-breakpoint
ALTER TABLE "glucose_day_readings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "glucose_day_readings" ADD CONSTRAINT "glucose_day_readings_day_row_fk" FOREIGN KEY ("patient_id","day") REFERENCES "public"."glucose_daily_aggregates"("patient_id","day") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written below (reviewed with the generated part above). ADR 0014: a patient-day's packed
-- readings move out of glucose_daily_aggregates' TOAST into a table of their own, stored in the
-- table's own pages: below 8,160 bytes (a day of 5-minute CGM is ~3.7 KB) a row is neither
-- compressed nor moved out of line, so a cold 90-day read is one page per day instead of two to
-- three (row, TOAST index, TOAST chunks). Larger days (1-minute sensors) are compressed, then moved
-- out of line, as before.
ALTER TABLE "glucose_day_readings" SET (toast_tuple_target = 8160);
--> statement-breakpoint
-- Like the day rows: readable like the readings, written only by the recompute function below.
REVOKE INSERT, UPDATE, DELETE ON "glucose_day_readings" FROM app_user;
--> statement-breakpoint
CREATE POLICY "glucose_day_readings_patient_own" ON "glucose_day_readings" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (patient_id = nullif(current_setting('app.user_id', true), ''));
--> statement-breakpoint
CREATE POLICY "glucose_day_readings_care_team" ON "glucose_day_readings" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (patient_id IN (SELECT g.patient_id FROM care_scope_grants() g WHERE g.category = 'glucose'));
--> statement-breakpoint
INSERT INTO "glucose_day_readings" (patient_id, day, times_ms, values_mgdl, device_flags)
  SELECT patient_id, day, times_ms, values_mgdl, device_flags FROM "glucose_daily_aggregates";
--> statement-breakpoint
-- 0029's recompute, writing the sums and the packed readings of each day from one pass over its
-- readings. A day left without readings loses its row, and its packed readings with it (cascade).
CREATE OR REPLACE FUNCTION glucose_daily_aggregates_recompute(p_patients text[], p_days date[]) RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  WITH days AS (
    SELECT g.patient_id, k.day,
      count(*) AS n,
      count(*) FILTER (WHERE g.source IN ('cgm', 'import', 'nightscout')) AS n_device,
      sum(g.value_mgdl::float8) AS sum_mgdl,
      sum(g.value_mgdl::float8 * g.value_mgdl::float8) AS sum_squares,
      count(*) FILTER (WHERE floor(g.value_mgdl + 0.5) < 54) AS n_very_low,
      count(*) FILTER (WHERE floor(g.value_mgdl + 0.5) >= 54 AND floor(g.value_mgdl + 0.5) < 70) AS n_low,
      count(*) FILTER (WHERE floor(g.value_mgdl + 0.5) >= 70 AND floor(g.value_mgdl + 0.5) <= 180) AS n_in_range,
      count(*) FILTER (WHERE floor(g.value_mgdl + 0.5) > 180 AND floor(g.value_mgdl + 0.5) <= 250) AS n_high,
      count(*) FILTER (WHERE floor(g.value_mgdl + 0.5) > 250) AS n_very_high,
      max(g.measured_at) AS last_at,
      -- The same instant and value expressions as the readings query (glucoseColumns).
      string_agg(float8send((extract(epoch FROM g.measured_at) * 1000)::float8), ''::bytea ORDER BY g.measured_at, g.id) AS times_ms,
      string_agg(float4send(g.value_mgdl), ''::bytea ORDER BY g.measured_at, g.id) AS values_mgdl,
      string_agg(CASE WHEN g.source IN ('cgm', 'import', 'nightscout') THEN '\x01'::bytea ELSE '\x00'::bytea END, ''::bytea ORDER BY g.measured_at, g.id) AS device_flags
    FROM (SELECT DISTINCT u.patient_id, u.day, glucose_patient_zone(u.patient_id) AS zone
          FROM unnest(p_patients, p_days) AS u(patient_id, day)) k
    JOIN glucose_readings g
      ON g.patient_id = k.patient_id
     AND g.measured_at >= (k.day::timestamp AT TIME ZONE k.zone)
     AND g.measured_at < ((k.day + 1)::timestamp AT TIME ZONE k.zone)
    GROUP BY g.patient_id, k.day
  ), sums AS (
    INSERT INTO glucose_daily_aggregates
      (patient_id, day, n, n_device, sum_mgdl, sum_squares, n_very_low, n_low, n_in_range, n_high, n_very_high, last_at)
    SELECT patient_id, day, n, n_device, sum_mgdl, sum_squares, n_very_low, n_low, n_in_range, n_high, n_very_high, last_at
      FROM days
    ON CONFLICT (patient_id, day) DO UPDATE SET
      n = excluded.n, n_device = excluded.n_device, sum_mgdl = excluded.sum_mgdl, sum_squares = excluded.sum_squares,
      n_very_low = excluded.n_very_low, n_low = excluded.n_low, n_in_range = excluded.n_in_range,
      n_high = excluded.n_high, n_very_high = excluded.n_very_high, last_at = excluded.last_at
  )
  INSERT INTO glucose_day_readings (patient_id, day, times_ms, values_mgdl, device_flags)
  SELECT patient_id, day, times_ms, values_mgdl, device_flags FROM days
  ON CONFLICT (patient_id, day) DO UPDATE SET
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
