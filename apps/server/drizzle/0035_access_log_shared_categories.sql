-- A professional appends to a patient's access log only the categories that patient shares with
-- them (it was any category of a linked patient). Every professional read is logged inside the
-- transaction that reads, before or with its data, so a read of a category not shared fails at
-- the database even if the service check were missing: the report download logs 'reports'
-- first, and without that category shared the whole request fails (not found).
-- The grants are the uncorrelated set of 0010 (evaluated once per statement, hashed), so the
-- triage list's batch of rows costs one call, not one per row.
DROP POLICY "access_log_professional_append" ON "access_log";
--> statement-breakpoint
CREATE POLICY "access_log_professional_append" ON "access_log" AS PERMISSIVE FOR INSERT TO "app_user"
  WITH CHECK (actor_kind = 'professional' AND actor_id = nullif(current_setting('app.user_id', true), '')
    AND (patient_id, category) IN (SELECT g.patient_id, g.category FROM care_scope_grants() g));
