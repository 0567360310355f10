CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "jobs_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "jobs_status_known" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "jobs_attempts_bounds" CHECK ("jobs"."attempts" >= 0 and "jobs"."max_attempts" between 1 and 100),
	CONSTRAINT "jobs_last_error_short" CHECK (char_length("jobs"."last_error") <= 200)
);
--> statement-breakpoint
ALTER TABLE "jobs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "jobs_status_run_at_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
-- Hand-written below (reviewed with the generated part above). The job queue is the server's own
-- table, like rate_limit_counters (RLS on, read and written by the owner connection), with one
-- opening: a service may enqueue a job inside its own transaction, which runs as app_user
-- (`asActor`), so that a write and the job that follows it commit or roll back together. The
-- request role may therefore INSERT a fresh queued job and do nothing else: no SELECT (so no
-- RETURNING either: enqueue reads the row count), no UPDATE, no DELETE. `on conflict do nothing`
-- without a conflict target needs only INSERT.
REVOKE ALL ON "jobs" FROM app_user;
--> statement-breakpoint
GRANT INSERT ON "jobs" TO app_user;
--> statement-breakpoint
CREATE POLICY "jobs_enqueue_only" ON "jobs" AS PERMISSIVE FOR INSERT TO "app_user"
  WITH CHECK (status = 'queued' AND attempts = 0 AND locked_until IS NULL AND last_error IS NULL AND finished_at IS NULL);
