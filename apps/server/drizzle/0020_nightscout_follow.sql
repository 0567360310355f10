CREATE TABLE "nightscout_followed_sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text NOT NULL,
	"url" text NOT NULL,
	"credential_kind" text NOT NULL,
	"credential_sealed" text NOT NULL,
	"credential_hint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_entry_at" timestamp with time zone,
	"last_treatment_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"imported_entries" integer DEFAULT 0 NOT NULL,
	"imported_treatments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "nightscout_followed_sites_kind" CHECK ("nightscout_followed_sites"."credential_kind" in ('token', 'api_secret')),
	CONSTRAINT "nightscout_followed_sites_failures" CHECK ("nightscout_followed_sites"."consecutive_failures" >= 0)
);
--> statement-breakpoint
ALTER TABLE "nightscout_followed_sites" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "nightscout_followed_sites" ADD CONSTRAINT "nightscout_followed_sites_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nightscout_followed_sites_patient_key" ON "nightscout_followed_sites" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "nightscout_followed_sites_next_attempt_idx" ON "nightscout_followed_sites" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE POLICY "nightscout_followed_sites_patient_own" ON "nightscout_followed_sites" AS PERMISSIVE FOR ALL TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));