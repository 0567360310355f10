CREATE TABLE "alert_settings" (
	"patient_id" text PRIMARY KEY NOT NULL,
	"urgent_low_soon_mgdl" smallint NOT NULL,
	"rate_alerts" boolean NOT NULL,
	"rate_mgdl_per_min" real NOT NULL,
	"signal_loss" boolean NOT NULL,
	"signal_loss_minutes" smallint NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "alert_settings_urgent_low_soon_bounds" CHECK ("alert_settings"."urgent_low_soon_mgdl" between 54 and 80),
	CONSTRAINT "alert_settings_rate_bounds" CHECK ("alert_settings"."rate_mgdl_per_min" between 1 and 5),
	CONSTRAINT "alert_settings_signal_loss_bounds" CHECK ("alert_settings"."signal_loss_minutes" between 10 and 60)
);
--> statement-breakpoint
ALTER TABLE "alert_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "alert_settings" ADD CONSTRAINT "alert_settings_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "alert_settings_patient_own" ON "alert_settings" AS PERMISSIVE FOR ALL TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));