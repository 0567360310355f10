CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"patient_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind" CHECK ("notifications"."kind" in ('reminder', 'patient_alert'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device_label" text,
	"created_at" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "reminder_occurrences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reminder_id" uuid NOT NULL,
	"patient_id" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"snoozed_until" timestamp with time zone,
	"snooze_count" smallint DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_occurrences_status" CHECK ("reminder_occurrences"."status" in ('pending', 'done', 'snoozed', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "reminder_occurrences" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" text NOT NULL,
	"kind" text NOT NULL,
	"label" text NOT NULL,
	"medication_name" text,
	"instructions" text,
	"appointment_id" uuid,
	"schedule" jsonb NOT NULL,
	"time_zone" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"send_push" boolean DEFAULT false NOT NULL,
	"send_email" boolean DEFAULT false NOT NULL,
	"paused_at" timestamp with time zone,
	"next_due_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminders_kind" CHECK ("reminders"."kind" in ('measurement', 'medication', 'appointment'))
);
--> statement-breakpoint
ALTER TABLE "reminders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "care_links" ADD COLUMN "alert_notifications" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "quiet_hours_start" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "quiet_hours_end" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_occurrences" ADD CONSTRAINT "reminder_occurrences_reminder_id_reminders_id_fk" FOREIGN KEY ("reminder_id") REFERENCES "public"."reminders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_occurrences" ADD CONSTRAINT "reminder_occurrences_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminders" ADD CONSTRAINT "reminders_patient_id_user_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_kind_subject_key" ON "notifications" USING btree ("user_id","kind","subject_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_occurrences_reminder_due_key" ON "reminder_occurrences" USING btree ("reminder_id","due_at");--> statement-breakpoint
CREATE INDEX "reminder_occurrences_patient_due_idx" ON "reminder_occurrences" USING btree ("patient_id","due_at");--> statement-breakpoint
CREATE INDEX "reminder_occurrences_snoozed_idx" ON "reminder_occurrences" USING btree ("snoozed_until") WHERE status = 'snoozed';--> statement-breakpoint
CREATE INDEX "reminders_patient_idx" ON "reminders" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "reminders_next_due_idx" ON "reminders" USING btree ("next_due_at") WHERE next_due_at is not null;--> statement-breakpoint
CREATE POLICY "notifications_own" ON "notifications" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (user_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "push_subscriptions_own" ON "push_subscriptions" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (user_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "reminder_occurrences_patient_own" ON "reminder_occurrences" AS PERMISSIVE FOR ALL TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
CREATE POLICY "reminders_patient_own" ON "reminders" AS PERMISSIVE FOR ALL TO "app_user" USING (patient_id = nullif(current_setting('app.user_id', true), '')) WITH CHECK (patient_id = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
-- Hand-written below (reviewed with the generated part above).
--
-- A professional may change one thing on a care link: whether they want to be told of the
-- patient's alerts. Row policies cannot limit an UPDATE to one column, and column grants would
-- apply to the patient's side too (same role), so the change goes through this function: it
-- acts only on an ACTIVE link whose professional is the acting user, as a doctor account, and
-- returns whether a row changed (false = not found for the caller).
CREATE OR REPLACE FUNCTION set_link_alert_notifications(target_link uuid, wanted boolean) RETURNS boolean
LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public AS $$
  WITH changed AS (
    UPDATE care_links SET alert_notifications = wanted
    WHERE id = target_link
      AND status = 'active'
      AND current_setting('app.role', true) = 'doctor'
      AND professional_id = nullif(current_setting('app.user_id', true), '')
    RETURNING 1
  )
  SELECT count(*) > 0 FROM changed
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION set_link_alert_notifications(uuid, boolean) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION set_link_alert_notifications(uuid, boolean) TO app_user;
