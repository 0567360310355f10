-- Measured on the triage list (bench/triage.ts): a policy calling care_scope_allows(patient_id, …)
-- runs the function once per row — a SQL function with SECURITY DEFINER is never inlined — so
-- 500 patients × 15 days of aggregates cost ~1 s on PGlite. The set-returning variants below are
-- uncorrelated: PostgreSQL evaluates them once per query and checks each row against a hashed
-- set. Same rules, same SECURITY DEFINER boundary; care_scope_allows stays for point checks
-- (UPDATE policies, tests). Share-link policies now test the token setting first, so requests
-- without a token never call care_share_allows.

-- (patient, category) pairs the acting professional may read: their active links' scopes.
CREATE OR REPLACE FUNCTION care_scope_grants() RETURNS TABLE (patient_id text, category text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public ROWS 100 AS $$
  SELECT l.patient_id, unnest(l.scopes)
  FROM care_links l
  WHERE l.professional_id = nullif(current_setting('app.user_id', true), '') AND l.status = 'active'
$$;
--> statement-breakpoint
-- People the acting user has an active link with, either way.
CREATE OR REPLACE FUNCTION care_linked_ids() RETURNS SETOF text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public ROWS 100 AS $$
  SELECT l.patient_id FROM care_links l
  WHERE l.professional_id = nullif(current_setting('app.user_id', true), '') AND l.status = 'active'
  UNION
  SELECT l.professional_id FROM care_links l
  WHERE l.patient_id = nullif(current_setting('app.user_id', true), '') AND l.status = 'active'
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION care_scope_grants(), care_linked_ids() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION care_scope_grants(), care_linked_ids() TO app_user;
--> statement-breakpoint
DROP POLICY "glucose_readings_care_team" ON "glucose_readings";
--> statement-breakpoint
CREATE POLICY "glucose_readings_care_team" ON "glucose_readings" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (patient_id IN (SELECT g.patient_id FROM care_scope_grants() g WHERE g.category = 'glucose'));
--> statement-breakpoint
DROP POLICY "glucose_daily_aggregates_care_team" ON "glucose_daily_aggregates";
--> statement-breakpoint
CREATE POLICY "glucose_daily_aggregates_care_team" ON "glucose_daily_aggregates" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (patient_id IN (SELECT g.patient_id FROM care_scope_grants() g WHERE g.category = 'glucose'));
--> statement-breakpoint
DROP POLICY "health_measurements_care_team" ON "health_measurements";
--> statement-breakpoint
CREATE POLICY "health_measurements_care_team" ON "health_measurements" AS PERMISSIVE FOR SELECT TO "app_user"
  USING ((patient_id, CASE kind WHEN 'event' THEN 'events' ELSE kind END) IN (SELECT g.patient_id, g.category FROM care_scope_grants() g));
--> statement-breakpoint
DROP POLICY "alerts_care_team" ON "alerts";
--> statement-breakpoint
CREATE POLICY "alerts_care_team" ON "alerts" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (patient_id IN (SELECT g.patient_id FROM care_scope_grants() g WHERE g.category = 'alerts'));
--> statement-breakpoint
DROP POLICY "patient_profiles_care_team" ON "patient_profiles";
--> statement-breakpoint
CREATE POLICY "patient_profiles_care_team" ON "patient_profiles" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (patient_id IN (SELECT g.patient_id FROM care_scope_grants() g));
--> statement-breakpoint
DROP POLICY "profiles_care_team" ON "profiles";
--> statement-breakpoint
CREATE POLICY "profiles_care_team" ON "profiles" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (id IN (SELECT care_linked_ids())
    OR (nullif(current_setting('app.share_token_hash', true), '') IS NOT NULL AND care_share_allows(id, NULL, NULL)));
--> statement-breakpoint
DROP POLICY "doctors_care_team" ON "doctors";
--> statement-breakpoint
CREATE POLICY "doctors_care_team" ON "doctors" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (user_id IN (SELECT care_linked_ids()));
--> statement-breakpoint
DROP POLICY "user_settings_care_team" ON "user_settings";
--> statement-breakpoint
CREATE POLICY "user_settings_care_team" ON "user_settings" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (user_id IN (SELECT g.patient_id FROM care_scope_grants() g)
    OR (nullif(current_setting('app.share_token_hash', true), '') IS NOT NULL AND care_share_allows(user_id, NULL, NULL)));
--> statement-breakpoint
DROP POLICY "glucose_readings_share_link" ON "glucose_readings";
--> statement-breakpoint
CREATE POLICY "glucose_readings_share_link" ON "glucose_readings" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (nullif(current_setting('app.share_token_hash', true), '') IS NOT NULL AND care_share_allows(patient_id, 'glucose', measured_at));
--> statement-breakpoint
DROP POLICY "health_measurements_share_link" ON "health_measurements";
--> statement-breakpoint
CREATE POLICY "health_measurements_share_link" ON "health_measurements" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (nullif(current_setting('app.share_token_hash', true), '') IS NOT NULL
    AND care_share_allows(patient_id, CASE kind WHEN 'event' THEN 'events' ELSE kind END, measured_at));
--> statement-breakpoint
DROP POLICY "alerts_share_link" ON "alerts";
--> statement-breakpoint
CREATE POLICY "alerts_share_link" ON "alerts" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (nullif(current_setting('app.share_token_hash', true), '') IS NOT NULL AND care_share_allows(patient_id, 'alerts', occurred_at));
--> statement-breakpoint
DROP POLICY "patient_profiles_share_link" ON "patient_profiles";
--> statement-breakpoint
CREATE POLICY "patient_profiles_share_link" ON "patient_profiles" AS PERMISSIVE FOR SELECT TO "app_user"
  USING (nullif(current_setting('app.share_token_hash', true), '') IS NOT NULL AND care_share_allows(patient_id, NULL, NULL));
