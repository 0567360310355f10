-- Rebuilding a patient's daily rows (after a change of time zone) joins each of their days to
-- its readings. Planned as a hash join, that join reads the patient's whole history once per
-- batch and, on the embedded database, took 1.7–2.4 s for 90 days of CGM on every change of time
-- zone (measured through PATCH /api/settings); read day by day through the primary key it takes
-- ~0.1 s, on PostgreSQL too. The demo seed already turned hash and merge joins off around its
-- rebuilds; the function now does so itself, for its own duration (nested calls included).
ALTER FUNCTION glucose_daily_aggregates_rebuild(text) SET enable_hashjoin = off;
--> statement-breakpoint
ALTER FUNCTION glucose_daily_aggregates_rebuild(text) SET enable_mergejoin = off;
