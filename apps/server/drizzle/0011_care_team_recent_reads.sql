-- The triage list logs each (patient, category) at most once an hour per professional, so it
-- must know what this professional already logged — but access_log is readable by the patient
-- only. This function hands back just the acting professional's own recent (patient, category)
-- pairs, nothing else of the log. Found by bench/triage.ts: without it every reload appended
-- one row per patient and category.
CREATE OR REPLACE FUNCTION care_recent_reads(p_since timestamptz) RETURNS TABLE (patient_id text, category text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT DISTINCT a.patient_id, a.category FROM access_log a
  WHERE a.actor_kind = 'professional'
    AND a.actor_id = nullif(current_setting('app.user_id', true), '')
    AND a.at >= p_since
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION care_recent_reads(timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION care_recent_reads(timestamptz) TO app_user;
