-- Daily glucose aggregates are kept per calendar day of the patient's time zone (not per UTC
-- day), so the professional's list counts exactly the readings of "the last 14 days" that the
-- patient's dashboard, the patient page, the share page and the reports count (lastLocalDays in
-- packages/domain/src/glucose/timezone.ts).
--
-- The concurrency design of 0012 stays: statements only note the touched (patient, day) pairs;
-- the deferred settle trigger takes the per-patient advisory locks at commit and recomputes with
-- an upsert. What changes is the day: the patient's local day, and its bounds in their zone.

-- The patient's zone as the app reads it (user_settings.timezone, 'Europe/Paris' without a
-- row). A zone PostgreSQL does not know falls back to Europe/Paris rather than refusing readings.
CREATE OR REPLACE FUNCTION glucose_patient_zone(p_patient text) RETURNS text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  zone text;
BEGIN
  SELECT s.timezone INTO zone FROM user_settings s WHERE s.user_id = p_patient;
  zone := coalesce(zone, 'Europe/Paris');
  PERFORM now() AT TIME ZONE zone;
  RETURN zone;
EXCEPTION WHEN invalid_parameter_value THEN
  RETURN 'Europe/Paris';
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION glucose_patient_zone(text) FROM PUBLIC;
--> statement-breakpoint
-- Recomputes the (patient, local day) pairs from the readings: an upsert, plus removal of days
-- left empty, so it can never hit the primary key. A local day runs from its local midnight to
-- the next one (23 or 25 hours on a DST change).
CREATE OR REPLACE FUNCTION glucose_daily_aggregates_recompute(p_patients text[], p_days date[]) RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  INSERT INTO glucose_daily_aggregates
    (patient_id, day, n, n_device, sum_mgdl, sum_squares, n_very_low, n_low, n_in_range, n_high, n_very_high, last_at)
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
    max(g.measured_at)
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
    n_high = excluded.n_high, n_very_high = excluded.n_very_high, last_at = excluded.last_at;
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
-- Notes the local days touched by a statement; the settle trigger (0012) recomputes them at commit.
CREATE OR REPLACE FUNCTION glucose_daily_aggregates_trigger() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO glucose_daily_aggregates_pending (patient_id, day)
    SELECT DISTINCT r.patient_id, (r.measured_at AT TIME ZONE z.zone)::date
    FROM new_rows r
    JOIN (SELECT p.patient_id, glucose_patient_zone(p.patient_id) AS zone FROM (SELECT DISTINCT patient_id FROM new_rows) p) z
      ON z.patient_id = r.patient_id;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO glucose_daily_aggregates_pending (patient_id, day)
    SELECT DISTINCT r.patient_id, (r.measured_at AT TIME ZONE z.zone)::date
    FROM old_rows r
    JOIN (SELECT p.patient_id, glucose_patient_zone(p.patient_id) AS zone FROM (SELECT DISTINCT patient_id FROM old_rows) p) z
      ON z.patient_id = r.patient_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- All of a patient's days, rebuilt in their current zone (after a change of time zone). It takes
-- the same per-patient lock as the settle trigger, so a concurrent writer's recompute never
-- interleaves with the rebuild.
CREATE OR REPLACE FUNCTION glucose_daily_aggregates_rebuild(p_patient text) RETURNS void
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public AS $$
DECLARE
  zone text := glucose_patient_zone(p_patient);
BEGIN
  PERFORM pg_advisory_xact_lock(712001, hashtext(p_patient));
  DELETE FROM glucose_daily_aggregates WHERE patient_id = p_patient;
  PERFORM glucose_daily_aggregates_recompute(array_agg(k.patient_id), array_agg(k.day))
  FROM (SELECT DISTINCT g.patient_id, (g.measured_at AT TIME ZONE zone)::date AS day
        FROM glucose_readings g WHERE g.patient_id = p_patient) k;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION glucose_daily_aggregates_rebuild(text) FROM PUBLIC;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION glucose_daily_aggregates_zone_trigger() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.timezone IS DISTINCT FROM OLD.timezone THEN
    PERFORM glucose_daily_aggregates_rebuild(NEW.user_id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER glucose_daily_aggregates_on_zone AFTER INSERT OR UPDATE OF timezone ON user_settings
  FOR EACH ROW EXECUTE FUNCTION glucose_daily_aggregates_zone_trigger();
--> statement-breakpoint
-- Readings stored before this migration, regrouped by local day.
DELETE FROM glucose_daily_aggregates;
--> statement-breakpoint
SELECT glucose_daily_aggregates_rebuild(p.patient_id) FROM (SELECT DISTINCT patient_id FROM glucose_readings) p;
