-- Daily glucose aggregates stay exact under concurrent writes (issue 10, item 2).
--
-- Before: the statement trigger deleted the day's row and inserted a recomputed one. Two
-- transactions writing the same patient's day at once (READ COMMITTED) both deleted, then both
-- inserted: the second failed on glucose_daily_aggregates_pkey (a 500). An upsert alone would
-- not be exact either: each recompute reads a snapshot without the other's uncommitted readings.
--
-- Now: the statement trigger only notes the touched (patient, UTC day) pairs in a pending table.
-- At commit, a deferred constraint trigger on that table takes a transaction-level advisory lock
-- per patient (in one order, so two transactions cannot deadlock), then recomputes the noted days
-- with fresh snapshots (the recompute is VOLATILE) and clears the notes. Whoever recomputes a
-- patient last holds the lock until its commit is visible, and sees every earlier commit: the rows
-- always equal a recompute from scratch. The lock is held only for the recompute and the commit,
-- never while a request is still working, so one patient's writers do not queue behind each other.
-- The recompute is an upsert plus removal of emptied days: it can never hit the primary key.

CREATE TABLE "glucose_daily_aggregates_pending" (
  "id" bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  "patient_id" text NOT NULL,
  "day" date NOT NULL
);
--> statement-breakpoint
-- Written and read only by the SECURITY DEFINER trigger functions below.
ALTER TABLE "glucose_daily_aggregates_pending" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
REVOKE ALL ON "glucose_daily_aggregates_pending" FROM app_user;
--> statement-breakpoint
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
  FROM (SELECT DISTINCT * FROM unnest(p_patients, p_days)) AS k(patient_id, day)
  JOIN glucose_readings g
    ON g.patient_id = k.patient_id
   AND g.measured_at >= (k.day::timestamp AT TIME ZONE 'UTC')
   AND g.measured_at < ((k.day + 1)::timestamp AT TIME ZONE 'UTC')
  GROUP BY g.patient_id, k.day
  ON CONFLICT (patient_id, day) DO UPDATE SET
    n = excluded.n, n_device = excluded.n_device, sum_mgdl = excluded.sum_mgdl, sum_squares = excluded.sum_squares,
    n_very_low = excluded.n_very_low, n_low = excluded.n_low, n_in_range = excluded.n_in_range,
    n_high = excluded.n_high, n_very_high = excluded.n_very_high, last_at = excluded.last_at;
  DELETE FROM glucose_daily_aggregates a
  USING unnest(p_patients, p_days) AS k(patient_id, day)
  WHERE a.patient_id = k.patient_id AND a.day = k.day
    AND NOT EXISTS (
      SELECT 1 FROM glucose_readings g
      WHERE g.patient_id = k.patient_id
        AND g.measured_at >= (k.day::timestamp AT TIME ZONE 'UTC')
        AND g.measured_at < ((k.day + 1)::timestamp AT TIME ZONE 'UTC'));
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION glucose_daily_aggregates_recompute(text[], date[]) FROM PUBLIC;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION glucose_daily_aggregates_trigger() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO glucose_daily_aggregates_pending (patient_id, day)
    SELECT DISTINCT patient_id, (measured_at AT TIME ZONE 'UTC')::date FROM new_rows;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO glucose_daily_aggregates_pending (patient_id, day)
    SELECT DISTINCT patient_id, (measured_at AT TIME ZONE 'UTC')::date FROM old_rows;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Fires at commit once per pending note; the first firing settles every note of the transaction
-- (the others find theirs gone). Only this transaction's notes are visible: every transaction
-- deletes its own before committing, and an aborted one's vanish with it.
CREATE OR REPLACE FUNCTION glucose_daily_aggregates_settle() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  patient text;
  touched_patients text[];
  touched_days date[];
BEGIN
  PERFORM 1 FROM glucose_daily_aggregates_pending WHERE id = NEW.id;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  FOR patient IN
    SELECT p FROM (SELECT DISTINCT patient_id AS p FROM glucose_daily_aggregates_pending) x ORDER BY hashtext(p), p
  LOOP
    PERFORM pg_advisory_xact_lock(712001, hashtext(patient));
  END LOOP;
  -- New statements from here on: fresh snapshots, taken after every lock was granted.
  WITH settled AS (DELETE FROM glucose_daily_aggregates_pending RETURNING patient_id, day)
  SELECT array_agg(patient_id), array_agg(day) INTO touched_patients, touched_days
  FROM (SELECT DISTINCT patient_id, day FROM settled) k;
  PERFORM glucose_daily_aggregates_recompute(touched_patients, touched_days);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER glucose_daily_aggregates_settle_at_commit AFTER INSERT ON glucose_daily_aggregates_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION glucose_daily_aggregates_settle();
