-- Care team access rules (PRODUCT.md §4), as the second lock behind the service layer.
--
-- The policies call small SECURITY DEFINER functions instead of repeating sub-queries on
-- care_links: each policy stays one readable line, the functions read care_links with the
-- owner's rights (app_user's own view of care_links is itself filtered by RLS), and they are
-- STABLE with a fixed search_path so a caller cannot substitute tables. They look links up
-- through care_links_professional_active_idx.
--
-- `me` below is nullif(current_setting('app.user_id', true), ''): no user, no rows.

-- An active link from the acting professional to this patient whose scopes include the category.
CREATE OR REPLACE FUNCTION care_scope_allows(p_patient_id text, p_category text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT EXISTS (
    SELECT 1 FROM care_links
    WHERE professional_id = nullif(current_setting('app.user_id', true), '')
      AND patient_id = p_patient_id
      AND status = 'active'
      AND p_category = ANY (scopes)
  )
$$;
--> statement-breakpoint
-- Any active link from the acting professional to this patient (identity, settings, targets).
CREATE OR REPLACE FUNCTION care_link_exists(p_patient_id text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT EXISTS (
    SELECT 1 FROM care_links
    WHERE professional_id = nullif(current_setting('app.user_id', true), '')
      AND patient_id = p_patient_id
      AND status = 'active'
  )
$$;
--> statement-breakpoint
-- An active link between the acting user and this person, either way (names on both sides).
CREATE OR REPLACE FUNCTION care_linked_with(p_other text) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT EXISTS (
    SELECT 1 FROM care_links
    WHERE status = 'active'
      AND ((professional_id = nullif(current_setting('app.user_id', true), '') AND patient_id = p_other)
        OR (patient_id = nullif(current_setting('app.user_id', true), '') AND professional_id = p_other))
  )
$$;
--> statement-breakpoint
-- A share link presented in this transaction (its SHA-256 in app.share_token_hash), not revoked,
-- of this patient, including the category (null: identity and settings) and, for dated rows,
-- covering the instant. Expiry is checked by the service with the application clock.
CREATE OR REPLACE FUNCTION care_share_allows(p_patient_id text, p_category text, p_at timestamptz) RETURNS boolean
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT EXISTS (
    SELECT 1 FROM share_links
    WHERE token_hash = nullif(current_setting('app.share_token_hash', true), '')
      AND patient_id = p_patient_id
      AND revoked_at IS NULL
      AND (p_category IS NULL OR p_category = ANY (categories))
      AND (p_at IS NULL OR (p_at >= period_from AND p_at < period_to))
  )
$$;
--> statement-breakpoint
-- Only app_user evaluates these (inside policies); nobody else needs them.
REVOKE ALL ON FUNCTION care_scope_allows(text, text), care_link_exists(text), care_linked_with(text), care_share_allows(text, text, timestamptz) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION care_scope_allows(text, text), care_link_exists(text), care_linked_with(text), care_share_allows(text, text, timestamptz) TO app_user;
--> statement-breakpoint

-- Health data: professionals read the shared categories; share links read theirs within the period.
CREATE POLICY "glucose_readings_care_team" ON "glucose_readings" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (care_scope_allows(patient_id, 'glucose'));
--> statement-breakpoint
CREATE POLICY "glucose_readings_share_link" ON "glucose_readings" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (care_share_allows(patient_id, 'glucose', measured_at));
--> statement-breakpoint
CREATE POLICY "health_measurements_care_team" ON "health_measurements" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (care_scope_allows(patient_id, CASE kind WHEN 'event' THEN 'events' ELSE kind END));
--> statement-breakpoint
CREATE POLICY "health_measurements_share_link" ON "health_measurements" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (care_share_allows(patient_id, CASE kind WHEN 'event' THEN 'events' ELSE kind END, measured_at));
--> statement-breakpoint
CREATE POLICY "alerts_care_team" ON "alerts" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (care_scope_allows(patient_id, 'alerts'));
--> statement-breakpoint
-- Acknowledging is the only change a professional may make to an alert: the row must end up
-- acknowledged by them.
CREATE POLICY "alerts_care_team_acknowledge" ON "alerts" AS PERMISSIVE FOR UPDATE TO "app_user"
  USING (care_scope_allows(patient_id, 'alerts'))
  WITH CHECK (care_scope_allows(patient_id, 'alerts') AND status = 'acknowledged' AND acknowledged_by = nullif(current_setting('app.user_id', true), ''));
--> statement-breakpoint
CREATE POLICY "alerts_share_link" ON "alerts" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (care_share_allows(patient_id, 'alerts', occurred_at));
--> statement-breakpoint
-- Targets are needed by every analytics view, whatever the categories.
CREATE POLICY "patient_profiles_care_team" ON "patient_profiles" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (care_link_exists(patient_id));
--> statement-breakpoint
-- A professional may set the targets, signed with their id (targets_set_by_id).
CREATE POLICY "patient_profiles_care_team_targets" ON "patient_profiles" AS PERMISSIVE FOR UPDATE TO "app_user"
  USING (care_link_exists(patient_id))
  WITH CHECK (care_link_exists(patient_id) AND targets_set_by_id = nullif(current_setting('app.user_id', true), ''));
--> statement-breakpoint
CREATE POLICY "patient_profiles_care_team_create" ON "patient_profiles" AS PERMISSIVE FOR INSERT TO "app_user"
  WITH CHECK (care_link_exists(patient_id) AND targets_set_by_id = nullif(current_setting('app.user_id', true), ''));
--> statement-breakpoint
CREATE POLICY "patient_profiles_share_link" ON "patient_profiles" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (care_share_allows(patient_id, NULL, NULL));
--> statement-breakpoint
-- Names on both sides of a link, and the patient's time zone and unit for the analytics.
CREATE POLICY "profiles_care_team" ON "profiles" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (care_linked_with(id) OR care_share_allows(id, NULL, NULL));
--> statement-breakpoint
CREATE POLICY "doctors_care_team" ON "doctors" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (care_linked_with(user_id));
--> statement-breakpoint
CREATE POLICY "user_settings_care_team" ON "user_settings" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (care_link_exists(user_id) OR care_share_allows(user_id, NULL, NULL));
--> statement-breakpoint

-- Care links: the patient owns them (creating one is the patient's consent); the professional
-- reads theirs and creates one only when accepting a patient's pending invitation presented in
-- this transaction (app.invitation_token_hash), with exactly the categories the patient chose.
CREATE POLICY "care_links_patient" ON "care_links" AS PERMISSIVE FOR ALL TO "app_user"
  USING (patient_id = nullif(current_setting('app.user_id', true), ''))
  WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));
--> statement-breakpoint
CREATE POLICY "care_links_professional_read" ON "care_links" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (professional_id = nullif(current_setting('app.user_id', true), ''));
--> statement-breakpoint
CREATE POLICY "care_links_professional_accept" ON "care_links" AS PERMISSIVE FOR INSERT TO "app_user"
  WITH CHECK (
    professional_id = nullif(current_setting('app.user_id', true), '')
    AND status = 'active'
    AND EXISTS (
      SELECT 1 FROM care_invitations i
      WHERE i.token_hash = nullif(current_setting('app.invitation_token_hash', true), '')
        AND i.direction = 'patient_to_professional'
        AND i.status = 'pending'
        AND i.patient_id = care_links.patient_id
        AND i.scopes = care_links.scopes
    )
  );
--> statement-breakpoint

-- Invitations: both parties and the inviter read them; the inviter creates (only in their own
-- role's direction), resends and revokes; the holder of the token reads and answers.
CREATE POLICY "care_invitations_participant_read" ON "care_invitations" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (nullif(current_setting('app.user_id', true), '') IN (inviter_id, patient_id, professional_id));
--> statement-breakpoint
CREATE POLICY "care_invitations_inviter_create" ON "care_invitations" AS PERMISSIVE FOR INSERT TO "app_user"
  WITH CHECK (
    inviter_id = nullif(current_setting('app.user_id', true), '')
    AND status = 'pending'
    AND ((direction = 'professional_to_patient' AND professional_id = inviter_id AND patient_id IS NULL)
      OR (direction = 'patient_to_professional' AND patient_id = inviter_id))
  );
--> statement-breakpoint
CREATE POLICY "care_invitations_inviter_update" ON "care_invitations" AS PERMISSIVE FOR UPDATE TO "app_user"
  USING (inviter_id = nullif(current_setting('app.user_id', true), ''))
  WITH CHECK (inviter_id = nullif(current_setting('app.user_id', true), '') AND status IN ('pending', 'revoked'));
--> statement-breakpoint
CREATE POLICY "care_invitations_token_read" ON "care_invitations" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (token_hash = nullif(current_setting('app.invitation_token_hash', true), ''));
--> statement-breakpoint
CREATE POLICY "care_invitations_token_answer" ON "care_invitations" AS PERMISSIVE FOR UPDATE TO "app_user"
  USING (token_hash = nullif(current_setting('app.invitation_token_hash', true), ''))
  WITH CHECK (
    token_hash = nullif(current_setting('app.invitation_token_hash', true), '')
    AND status IN ('accepted', 'declined')
    AND ((direction = 'professional_to_patient' AND patient_id = nullif(current_setting('app.user_id', true), ''))
      OR (direction = 'patient_to_professional' AND professional_id = nullif(current_setting('app.user_id', true), '')))
  );
--> statement-breakpoint

-- Consultation notes: the author only, and only while the link is active.
CREATE POLICY "consultation_notes_author" ON "consultation_notes" AS PERMISSIVE FOR ALL TO "app_user"
  USING (professional_id = nullif(current_setting('app.user_id', true), '') AND care_link_exists(patient_id))
  WITH CHECK (professional_id = nullif(current_setting('app.user_id', true), '') AND care_link_exists(patient_id));
--> statement-breakpoint

-- Share links: the patient's; the public view reads the one whose token it presents.
CREATE POLICY "share_links_patient" ON "share_links" AS PERMISSIVE FOR ALL TO "app_user"
  USING (patient_id = nullif(current_setting('app.user_id', true), ''))
  WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));
--> statement-breakpoint
CREATE POLICY "share_links_token_read" ON "share_links" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (token_hash = nullif(current_setting('app.share_token_hash', true), ''));
--> statement-breakpoint

-- Access log: the patient reads theirs; readers append rows about their own reads only.
CREATE POLICY "access_log_patient_read" ON "access_log" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (patient_id = nullif(current_setting('app.user_id', true), ''));
--> statement-breakpoint
CREATE POLICY "access_log_professional_append" ON "access_log" AS PERMISSIVE FOR INSERT TO "app_user"
  WITH CHECK (actor_kind = 'professional' AND actor_id = nullif(current_setting('app.user_id', true), '') AND care_link_exists(patient_id));
--> statement-breakpoint
CREATE POLICY "access_log_share_link_append" ON "access_log" AS PERMISSIVE FOR INSERT TO "app_user"
  WITH CHECK (actor_kind = 'share_link' AND care_share_allows(patient_id, NULL, NULL)
    AND actor_id = (SELECT s.id::text FROM share_links s WHERE s.token_hash = nullif(current_setting('app.share_token_hash', true), '')));
--> statement-breakpoint
-- The log is append-only for requests; the 12-month purge runs as the owner.
REVOKE UPDATE, DELETE ON "access_log" FROM app_user;
--> statement-breakpoint

-- Daily glucose aggregates (triage): readable like the readings, written only by the trigger.
REVOKE INSERT, UPDATE, DELETE ON "glucose_daily_aggregates" FROM app_user;
--> statement-breakpoint
CREATE POLICY "glucose_daily_aggregates_patient_own" ON "glucose_daily_aggregates" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (patient_id = nullif(current_setting('app.user_id', true), ''));
--> statement-breakpoint
CREATE POLICY "glucose_daily_aggregates_care_team" ON "glucose_daily_aggregates" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (care_scope_allows(patient_id, 'glucose'));
--> statement-breakpoint
-- Recomputes the (patient, UTC day) pairs from the readings: exact whatever the write was
-- (insert, ON CONFLICT DO NOTHING, edit, delete). Bands as glucose/bands.ts: value rounded half
-- up, then < 54, 54–69, 70–180, 181–250, > 250.
CREATE OR REPLACE FUNCTION glucose_daily_aggregates_recompute(p_patients text[], p_days date[]) RETURNS void
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  DELETE FROM glucose_daily_aggregates a
  USING unnest(p_patients, p_days) AS k(patient_id, day)
  WHERE a.patient_id = k.patient_id AND a.day = k.day;
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
  FROM unnest(p_patients, p_days) AS k(patient_id, day)
  JOIN glucose_readings g
    ON g.patient_id = k.patient_id
   AND g.measured_at >= (k.day::timestamp AT TIME ZONE 'UTC')
   AND g.measured_at < ((k.day + 1)::timestamp AT TIME ZONE 'UTC')
  GROUP BY g.patient_id, k.day;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION glucose_daily_aggregates_recompute(text[], date[]) FROM PUBLIC;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION glucose_daily_aggregates_trigger() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM glucose_daily_aggregates_recompute(array_agg(k.patient_id), array_agg(k.day))
    FROM (SELECT DISTINCT patient_id, (measured_at AT TIME ZONE 'UTC')::date AS day FROM new_rows) k;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM glucose_daily_aggregates_recompute(array_agg(k.patient_id), array_agg(k.day))
    FROM (SELECT DISTINCT patient_id, (measured_at AT TIME ZONE 'UTC')::date AS day FROM old_rows) k;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER glucose_daily_aggregates_on_insert AFTER INSERT ON glucose_readings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION glucose_daily_aggregates_trigger();
--> statement-breakpoint
CREATE TRIGGER glucose_daily_aggregates_on_update AFTER UPDATE ON glucose_readings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION glucose_daily_aggregates_trigger();
--> statement-breakpoint
CREATE TRIGGER glucose_daily_aggregates_on_delete AFTER DELETE ON glucose_readings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION glucose_daily_aggregates_trigger();
--> statement-breakpoint
-- Readings stored before this migration.
SELECT glucose_daily_aggregates_recompute(array_agg(k.patient_id), array_agg(k.day))
FROM (SELECT DISTINCT patient_id, (measured_at AT TIME ZONE 'UTC')::date AS day FROM glucose_readings) k;
--> statement-breakpoint
-- A patient inviting a professional by personal code or e-mail needs their user id before any
-- link exists (doctors rows are private to their owner): only the id comes back.
CREATE OR REPLACE FUNCTION care_find_professional(p_code text, p_email text) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public AS $$
  SELECT user_id FROM doctors
  WHERE (p_code IS NOT NULL AND invite_code = upper(p_code))
     OR (p_email IS NOT NULL AND lower(email) = lower(p_email))
  LIMIT 1
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION care_find_professional(text, text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION care_find_professional(text, text) TO app_user;
